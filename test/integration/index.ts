// The module VS Code loads as extensionTestsPath: runs every *.test.js beside it with mocha.
import fs from 'node:fs';
import path from 'node:path';
import Mocha from 'mocha';
import * as vscode from 'vscode';

export function run(): Promise<void> {
  console.log(`Integration suite inside VS Code ${vscode.version} (${vscode.env.appName}, ui kind ${vscode.UIKind[vscode.env.uiKind]}, remote ${vscode.env.remoteName ?? 'none'})`);
  const mocha = new Mocha({ ui: 'bdd', color: false, timeout: 20_000, reporter: 'spec' });
  // AXIOM_TEST_FILES=2-monitors,7-status runs only the files whose names hold one of those words
  // (while working on them; the token scan after the run still applies).
  const only = process.env.AXIOM_TEST_FILES?.split(',').filter(Boolean);
  for (const file of fs.readdirSync(__dirname).filter((f) => f.endsWith('.test.js')).sort()) {
    if (!only || only.some((word) => file.includes(word))) mocha.addFile(path.join(__dirname, file));
  }
  return new Promise((resolve, reject) => {
    const runner = mocha.run((failures) => {
      const { passes, failures: failed, pending } = runner.stats ?? { passes: 0, failures, pending: 0 };
      console.log(`${passes} passed, ${failed} failed, ${pending} skipped`);
      if (failures > 0) reject(new Error(`${failures} tests failed.`));
      else if (passes === 0) reject(new Error('No test ran.'));
      else resolve();
    });
  });
}
