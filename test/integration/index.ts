// The module VS Code loads as extensionTestsPath: runs every *.test.js beside it with mocha.
//
// A test that must see the window reload (99-reload: named to run last, so that no later file changes
// what the reload finds) writes RELOAD_REQUEST naming the files that check what came back
// (*.after.js). After the run, the suite reloads the window; VS Code then loads this module again
// in the new extension host, which runs those files and reports the counts of both parts together.
import fs from 'node:fs';
import path from 'node:path';
import Mocha from 'mocha';
import * as vscode from 'vscode';
import { RELOAD_REQUEST, type ReloadRequest } from './helpers';

interface Counts {
  passes: number;
  failures: number;
  pending: number;
}

function readRequest(): ReloadRequest | undefined {
  try {
    return JSON.parse(fs.readFileSync(RELOAD_REQUEST, 'utf8')) as ReloadRequest;
  } catch {
    return undefined;
  }
}

export function run(): Promise<void> {
  console.log(
    `Integration suite inside VS Code ${vscode.version} (${vscode.env.appName}, ui kind ${vscode.UIKind[vscode.env.uiKind]}, remote ${vscode.env.remoteName ?? 'none'})`,
  );
  const mocha = new Mocha({ ui: 'bdd', color: false, timeout: 20_000, reporter: 'spec' });
  const before = readRequest();
  const carried = before?.carried;
  if (before && carried) {
    console.log('(the window reloaded: the suite goes on)');
    for (const file of before.then) mocha.addFile(path.join(__dirname, file));
  } else {
    fs.rmSync(RELOAD_REQUEST, { force: true });
    // AXIOM_TEST_FILES=2-monitors,7-status runs only the files whose names hold one of those words
    // (while working on them; the token scan after the run still applies).
    const only = process.env.AXIOM_TEST_FILES?.split(',').filter(Boolean);
    for (const file of fs
      .readdirSync(__dirname)
      .filter((f) => f.endsWith('.test.js'))
      .sort()) {
      if (!only || only.some((word) => file.includes(word))) mocha.addFile(path.join(__dirname, file));
    }
  }
  return new Promise((resolve, reject) => {
    const runner = mocha.run((failures) => {
      const stats = runner.stats ?? { passes: 0, failures, pending: 0 };
      const counts: Counts = {
        passes: stats.passes + (carried?.passes ?? 0),
        failures: stats.failures + (carried?.failures ?? 0),
        pending: stats.pending + (carried?.pending ?? 0),
      };
      const request = carried ? undefined : readRequest();
      if (request) {
        fs.writeFileSync(RELOAD_REQUEST, JSON.stringify({ ...request, carried: counts }));
        console.log(`${counts.passes} passed, ${counts.failures} failed so far; reloading the window`);
        void vscode.commands.executeCommand('workbench.action.reloadWindow');
        return; // this extension host ends with the reload
      }
      fs.rmSync(RELOAD_REQUEST, { force: true });
      console.log(`${counts.passes} passed, ${counts.failures} failed, ${counts.pending} skipped`);
      if (counts.failures > 0) reject(new Error(`${counts.failures} tests failed.`));
      else if (counts.passes === 0) reject(new Error('No test ran.'));
      else resolve();
    });
  });
}
