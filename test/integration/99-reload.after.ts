import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activateExtension, readReloadRequest, waitFor } from './helpers';

/** Run by index.ts in the extension host after the reload that 99-reload.test.ts asked for. */
describe('after the reload', () => {
  const { data } = readReloadRequest();
  const { serverPid, starredUri, starredText, query, panelTitle } = data as { serverPid: number; starredUri: string; starredText: string; query: string; panelTitle: string };
  after(() => {
    try {
      process.kill(serverPid, 'SIGTERM');
    } catch {
      // gone already
    }
  });

  it('the starred query\'s editor open at the reload opens again with its text', async function () {
    this.timeout(60_000);
    // A text editor, not the "could not be opened" placeholder: VS Code waited for the extension
    // (activation on the file system) before it read the document.
    const editor = await waitFor('the starred query\'s editor', () => vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === starredUri), 30_000);
    assert.equal(editor.document.getText(), starredText);
    assert.equal(editor.document.isDirty, false);
  });

  it('the query run before the reload is in the Query History after it, read again from this machine\'s disk', async () => {
    const api = await activateExtension();
    const runs = await api.history.entries();
    const run = runs.find((r) => r.apl === query);
    assert.ok(run, 'the run is in the history');
    assert.equal(run.outcome, 'ok');
    assert.ok((run.rows ?? 0) > 0);
    await api.historyView.refresh();
    assert.ok(api.historyView.currentEntries.some((e) => e.id === run.id), 'and in its view');
  });

  it('the results panel open at the reload comes back, and its Re-run runs its query again', async function () {
    this.timeout(60_000);
    const api = await activateExtension();
    const panel = await waitFor('the results panel back, its page ready', () => api.runner.panels.find((p) => p.panel.title === panelTitle && p.received.includes('ready')), 30_000);
    assert.equal(panel.result, undefined, 'results are not kept across a reload');
    api.runner.rerun(panel);
    const result = await waitFor('the re-run\'s result', () => panel.result, 30_000);
    assert.equal(result.query, query);
    assert.ok(result.tables[0].rowCount > 0);
  });
});
