// Every contributed command, run once from a cold start: the extension is active, no feature's
// bundle has been asked for yet, and each command's body must load from its bundle and run. The
// questions a command would ask (pickers, input boxes, messages, dialogs) are answered as a person
// who cancels, so every command takes its cancellable path. First of the files (RUN_FIRST in index.ts), so that no
// other test has loaded a bundle before.
import assert from 'node:assert/strict';
import path from 'node:path';
import * as vscode from 'vscode';
import type { FakeAxiom } from '../support/fakeAxiom';
import { REALISTIC_MONITORS } from '../support/fixtures';
import { connectedFake, EXTENSION_ID, signOut } from './helpers';

/** The bundles of dist/ that Node has loaded in this extension host. */
function loadedBundles(extensionPath: string): string[] {
  const dist = path.join(extensionPath, 'dist') + path.sep;
  return Object.keys(require.cache)
    .filter((file) => file.startsWith(dist) && file.endsWith('.js'))
    .map((file) => path.basename(file, '.js'))
    .sort();
}

/** Answers every question as a person who cancels it; gives back what was asked, and the undo. */
function cancelEveryQuestion(): { asked: string[]; restore(): void } {
  const asked: string[] = [];
  const window = vscode.window;
  const replaced = [
    'showQuickPick',
    'showInputBox',
    'showWarningMessage',
    'showInformationMessage',
    'showErrorMessage',
    'showSaveDialog',
    'showOpenDialog',
    'createQuickPick',
  ] as const;
  const saved = Object.fromEntries(replaced.map((name) => [name, window[name]]));
  const { createQuickPick } = window;
  const cancel =
    (what: string) =>
    (...args: unknown[]) => {
      asked.push(`${what}: ${typeof args[0] === 'string' ? args[0] : ''}`);
      return Promise.resolve(undefined);
    };
  Object.assign(window, {
    showQuickPick: cancel('pick'),
    showInputBox: cancel('input'),
    showWarningMessage: cancel('warning'),
    showInformationMessage: cancel('information'),
    showErrorMessage: cancel('error'),
    showSaveDialog: cancel('save dialog'),
    showOpenDialog: cancel('open dialog'),
    createQuickPick: () => {
      const pick = createQuickPick<vscode.QuickPickItem>();
      const show = pick.show.bind(pick);
      pick.show = () => {
        asked.push(`quick pick: ${pick.title ?? ''}`);
        show();
        setTimeout(() => pick.hide(), 0);
      };
      return pick;
    },
  });
  return { asked, restore: () => Object.assign(window, saved) };
}

describe('every contributed command from a cold start', () => {
  let fake: FakeAxiom;

  after(async () => {
    await signOut();
    await fake?.stop();
    // Show Log opened the panel: the files after this one find the editors as they left them.
    await vscode.commands.executeCommand('workbench.action.closePanel');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('loads its body from its bundle and runs it, none missing (questions cancelled)', async function () {
    this.timeout(180_000);
    const extension = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(extension, `${EXTENSION_ID} is installed`);
    await extension.activate();
    // Activation loaded none of the features that nothing on screen needs yet.
    const atActivation = loadedBundles(extension.extensionPath);
    for (const late of ['language', 'run', 'client', 'notebook'])
      assert.ok(
        !atActivation.includes(late),
        `${late}.js is not loaded at activation (loaded: ${atActivation.join(', ')})`,
      );

    fake = await connectedFake(REALISTIC_MONITORS);
    const contributed = (
      extension.packageJSON as { contributes: { commands: { command: string }[] } }
    ).contributes.commands.map((c) => c.command);
    const registered = new Set(await vscode.commands.getCommands(true));
    assert.deepEqual(
      contributed.filter((id) => !registered.has(id)),
      [],
      'every contributed command is registered',
    );

    // Sign Out last, so that the others run signed in; the view options end as they began.
    const order = [
      ...contributed.filter((id) => id !== 'axiom.signOut'),
      'axiom.showMyStarredQueries',
      'axiom.signOut',
    ];
    const questions = cancelEveryQuestion();
    const failed: string[] = [];
    try {
      for (const id of order) {
        const ran = Promise.resolve(vscode.commands.executeCommand(id)).then(
          () => undefined,
          (error: unknown) => `${id}: ${error instanceof Error ? error.message : String(error)}`,
        );
        const late = new Promise<string>((resolve) =>
          setTimeout(() => resolve(`${id}: did not finish in 20 s`), 20_000),
        );
        const problem = await Promise.race([ran, late]);
        if (problem) failed.push(problem);
      }
    } finally {
      questions.restore();
    }
    assert.deepEqual(failed, [], `commands that failed:\n${failed.join('\n')}`);
    assert.ok(questions.asked.length > 0, 'the commands asked their questions (and were answered by cancelling)');
    // Each feature's bundle was loaded by its commands.
    const after = loadedBundles(extension.extensionPath);
    for (const bundle of ['accounts', 'monitors', 'starred', 'run'])
      assert.ok(after.includes(bundle), `${bundle}.js was loaded by its commands (loaded: ${after.join(', ')})`);
  });
});
