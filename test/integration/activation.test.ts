// Activation puts off whatever a window asks of the extension because a view is visible or a
// document is open: no tree data, no language provider, no request before activate() returns
// (the person's windows of test/harness/personWindow.ts measure it in npm run bench). The first
// file of the run (RUN_FIRST in index.ts): the extension must not be active yet. It shows the Axiom
// side bar before activating, and opens no Axiom APL document (that would load the language
// bundle, which commands.test.js finds unloaded); an open document's providers are checked through
// onFirstDocument itself.
import assert from 'node:assert/strict';
import path from 'node:path';
import * as vscode from 'vscode';
import { watchActivation } from '../harness/activationProbe.cjs';
import { onFirstDocument, onFirstWebviewPanel } from '../../src/platform/lazyEntries';
import { EXTENSION_ID, waitFor } from './helpers';

describe('activation in a window that shows the extension', () => {
  it('gives no tree data and sends no request before activate() returns; the views get their items after', async function () {
    this.timeout(60_000);
    const extension = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(extension, `${EXTENSION_ID} is installed`);
    assert.ok(!extension.isActive, 'the extension is not active before the first file (RUN_FIRST)');
    const main = path.resolve(extension.extensionPath, (extension.packageJSON as { main: string }).main);
    const probe = watchActivation(main);
    try {
      // The side bar opens as it does in a returning person's window: it activates the extension.
      await vscode.commands.executeCommand('workbench.view.extension.axiom');
      await extension.activate();
      assert.ok(probe.activateMs !== undefined, 'the watch saw activate() called');
      assert.deepEqual(
        {
          treeData: probe.early.treeData,
          languageProviders: probe.early.languageProviders,
          requests: probe.early.requests,
        },
        { treeData: 0, languageProviders: 0, requests: 0 },
      );
      await waitFor('the visible views asked for their items', () => probe.treeData > 0);
    } finally {
      probe.restore();
      await vscode.commands.executeCommand('workbench.view.explorer');
    }
  });

  it('registers the providers of a document already open just after, not inside, the call', async () => {
    const document = await vscode.workspace.openTextDocument({ language: 'plaintext', content: 'open already' });
    let started = 0;
    const first = onFirstDocument(document.languageId, () => {
      started++;
      return [];
    });
    try {
      assert.equal(started, 0, 'nothing started inside the call');
      await waitFor('started just after', () => started === 1);
      first.ensure();
      assert.equal(started, 1, 'started once');
    } finally {
      first.dispose();
    }
  });

  it('starts each wait for a first document with its own language, once, however many wait (one watch for all)', async () => {
    const started = { ini: 0, markdown: 0 };
    const waits = (['ini', 'markdown'] as const).map((language) =>
      onFirstDocument(language, () => {
        started[language]++;
        return [];
      }),
    );
    try {
      await vscode.workspace.openTextDocument({ language: 'ini', content: '[first]' });
      await waitFor('the ini wait started', () => started.ini === 1);
      assert.equal(started.markdown, 0, 'an ini document starts no other wait');
      await vscode.workspace.openTextDocument({ language: 'markdown', content: '# second' });
      await waitFor('the markdown wait started', () => started.markdown === 1);
      await vscode.workspace.openTextDocument({ language: 'ini', content: '[third]' });
      await new Promise((resolve) => setTimeout(resolve, 300));
      assert.deepEqual(started, { ini: 1, markdown: 1 }, 'each started once');
    } finally {
      for (const wait of waits) wait.dispose();
    }
  });

  it("registers a panel's serializer when the first panel of its view type opens, not before, once", async () => {
    const viewType = 'axiom.activationTestPanel';
    let registered = 0;
    const first = onFirstWebviewPanel(viewType, () => {
      registered++;
      return new vscode.Disposable(() => undefined);
    });
    const other = vscode.window.createWebviewPanel('axiom.activationTestOther', 'Another panel', vscode.ViewColumn.One);
    const panels = [other];
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      assert.equal(registered, 0, 'a panel of another view type registers nothing');
      panels.push(vscode.window.createWebviewPanel(viewType, 'Ours', vscode.ViewColumn.One));
      await waitFor('registered as its tab opens', () => registered === 1);
      panels.push(vscode.window.createWebviewPanel(viewType, 'Ours again', vscode.ViewColumn.One));
      await new Promise((resolve) => setTimeout(resolve, 300));
      assert.equal(registered, 1, 'registered once');
    } finally {
      first.dispose();
      for (const panel of panels) panel.dispose();
    }
  });
});
