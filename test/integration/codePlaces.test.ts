// Open Code Location (axiom.openCodePlace) in a real VS Code: a place written in logs opens the
// workspace's file at its line and column, found by the end of its path or through
// axiom.sourcePaths; a place outside the workspace folders (a path that climbs, a file elsewhere, a
// symbolic link out of the folder) opens nothing.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as vscode from 'vscode';
import { describePlace } from '../../src/platform/codeLocations';
import type { FakeAxiom } from '../support/fakeAxiom';
import { closeAllEditors, connectedFake, setSetting, waitFor } from './helpers';

/** The folder the tests write their files into, inside the workspace folder. */
const ROOT = 'axiom-code-places';
const TEXT = ['export function handler() {', '  const a = 1;', '  throw new Error(String(a));', '}', ''].join('\n');

async function openPlace(place: unknown): Promise<void> {
  await vscode.commands.executeCommand('axiom.openCodePlace', place);
}

function activePath(): string | undefined {
  return vscode.window.activeTextEditor?.document.uri.fsPath;
}

describe('Open Code Location', () => {
  let folder: vscode.WorkspaceFolder | undefined;
  let outside: string | undefined;
  let fake: FakeAxiom | undefined;

  before(async function () {
    folder = vscode.workspace.workspaceFolders?.[0];
    // The desktop runner (test/harness/runDesktop.mjs) opens no folder: nothing to open code in.
    if (!folder) this.skip();
    // Signed in, as a person reading results is (the suite's token scan then reads a log).
    fake = await connectedFake();
    const root = path.join(folder.uri.fsPath, ROOT);
    for (const relative of ['src/codePlaceHandler.ts', 'alt/src/twin.ts', 'other/src/twin.ts'])
      fs.mkdirSync(path.dirname(path.join(root, relative)), { recursive: true });
    fs.writeFileSync(path.join(root, 'src/codePlaceHandler.ts'), TEXT);
    fs.writeFileSync(path.join(root, 'alt/src/twin.ts'), TEXT);
    fs.writeFileSync(path.join(root, 'other/src/twin.ts'), TEXT);
    // A file outside the workspace, and a link to it from inside.
    outside = fs.mkdtempSync(path.join(os.tmpdir(), 'axiom-outside-'));
    fs.writeFileSync(path.join(outside, 'codePlaceSecret.ts'), 'secret\n');
    fs.symlinkSync(path.join(outside, 'codePlaceSecret.ts'), path.join(root, 'src', 'codePlaceSecret.ts'));
  });

  afterEach(async () => {
    await closeAllEditors();
  });

  after(async () => {
    await setSetting('url', undefined);
    await fake?.stop();
    if (!folder) return;
    await vscode.workspace
      .getConfiguration('axiom', folder.uri)
      .update('sourcePaths', undefined, vscode.ConfigurationTarget.Workspace);
    fs.rmSync(path.join(folder.uri.fsPath, ROOT), { recursive: true, force: true });
    if (outside) fs.rmSync(outside, { recursive: true, force: true });
  });

  it('opens the workspace file whose path ends like the place, at its line and column', async () => {
    await openPlace({ path: '/srv/app/src/codePlaceHandler.ts', line: 3, column: 9 });
    const editor = await waitFor('the file to open', () =>
      activePath()?.endsWith(path.join(ROOT, 'src', 'codePlaceHandler.ts'))
        ? vscode.window.activeTextEditor
        : undefined,
    );
    assert.deepEqual([editor.selection.active.line, editor.selection.active.character], [2, 8]);
    assert.ok(editor.selection.isEmpty);
  });

  it('names the workspace file a link opens for its hover, or says it maps to nothing, asking nothing', async () => {
    // The folder's name is said only where there are several.
    const named = vscode.workspace.workspaceFolders!.length > 1 ? `${folder!.name}/` : '';
    assert.equal(
      await describePlace({ path: '/srv/app/src/codePlaceHandler.ts', line: 3 }),
      `In the workspace: ${named}${ROOT}/src/codePlaceHandler.ts`,
    );
    assert.equal(
      await describePlace({ path: '/srv/app/src/nowhere.ts' }),
      'No file of the workspace matches "/srv/app/src/nowhere.ts".',
    );
    assert.equal(vscode.window.activeTextEditor, undefined, 'nothing opened');
  });

  it('opens a Windows path from a frame, and an absolute path inside the folder', async () => {
    await openPlace({ path: 'C:\\build\\src\\codePlaceHandler.ts', line: 2 });
    const editor = await waitFor('the file to open', () =>
      activePath()?.endsWith('codePlaceHandler.ts') ? vscode.window.activeTextEditor : undefined,
    );
    assert.equal(editor.selection.active.line, 1);
    await closeAllEditors();
    await openPlace({ path: path.join(folder!.uri.fsPath, ROOT, 'src', 'codePlaceHandler.ts'), line: 4, column: 1 });
    const direct = await waitFor('the file to open', () =>
      activePath()?.endsWith('codePlaceHandler.ts') ? vscode.window.activeTextEditor : undefined,
    );
    assert.equal(direct.selection.active.line, 3);
  });

  it('refuses places outside the workspace folders: a path that climbs, a file elsewhere, a link out', async () => {
    const refused = [
      { path: `${ROOT}/../../${path.basename(outside!)}/codePlaceSecret.ts`, line: 1 },
      { path: path.join(outside!, 'codePlaceSecret.ts'), line: 1 },
      { path: '/etc/passwd', line: 1 },
      { path: '/srv/app/src/codePlaceSecret.ts', line: 1 },
      'not a place',
    ];
    for (const place of refused) {
      await openPlace(place);
      assert.equal(vscode.window.activeTextEditor, undefined, JSON.stringify(place));
      assert.ok(
        vscode.workspace.textDocuments.every(
          (d) => !d.uri.fsPath.includes('codePlaceSecret') && d.uri.fsPath !== '/etc/passwd',
        ),
        JSON.stringify(place),
      );
    }
  });

  it('honours axiom.sourcePaths before the search (two files end alike: no question asked)', async () => {
    await vscode.workspace
      .getConfiguration('axiom', folder!.uri)
      .update('sourcePaths', { '/deploy/svc': `${folder!.name}/${ROOT}/other` }, vscode.ConfigurationTarget.Workspace);
    await waitFor('VS Code to read the setting', () =>
      JSON.stringify(vscode.workspace.getConfiguration('axiom').get('sourcePaths')).includes('/deploy/svc'),
    );
    await openPlace({ path: '/deploy/svc/src/twin.ts', line: 2, column: 3 });
    const editor = await waitFor('the file to open', () =>
      activePath()?.endsWith('twin.ts') ? vscode.window.activeTextEditor : undefined,
    );
    assert.ok(
      editor.document.uri.fsPath.endsWith(path.join(ROOT, 'other', 'src', 'twin.ts')),
      editor.document.uri.fsPath,
    );
    assert.deepEqual([editor.selection.active.line, editor.selection.active.character], [1, 2]);
  });

  it('asks which file when two end alike, and remembers the answer in axiom.sourcePaths when told to', async () => {
    const window = vscode.window as unknown as Record<'showQuickPick' | 'showInformationMessage', unknown>;
    const originals = { pick: window.showQuickPick, info: window.showInformationMessage };
    const asked: string[] = [];
    window.showQuickPick = (items: readonly { label: string }[]) => {
      asked.push(...items.map((item) => item.label));
      return Promise.resolve(items.find((item) => item.label.includes('/alt/')));
    };
    window.showInformationMessage = (_message: string, ...actions: string[]) => Promise.resolve(actions[0]);
    try {
      await openPlace({ path: '/build/out/src/twin.ts', line: 1 });
      await waitFor('the file to open', () => activePath()?.endsWith(path.join(ROOT, 'alt', 'src', 'twin.ts')));
      assert.equal(asked.length, 2, asked.join(', '));
      await waitFor('the choice to be remembered', () => {
        const mapping = vscode.workspace.getConfiguration('axiom').inspect<Record<string, string>>('sourcePaths');
        return mapping?.workspaceValue?.['/build/out'] === `${folder!.name}/${ROOT}/alt`;
      });
      await closeAllEditors();
      await openPlace({ path: '/build/out/src/twin.ts', line: 2 });
      await waitFor('the file to open', () => activePath()?.endsWith(path.join(ROOT, 'alt', 'src', 'twin.ts')));
      assert.equal(asked.length, 2, 'remembered: not asked again');
    } finally {
      window.showQuickPick = originals.pick;
      window.showInformationMessage = originals.info;
    }
  });
});
