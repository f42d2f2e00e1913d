import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activateExtension, formState, readReloadRequest, waitFor } from './helpers';

/** Run by index.ts in the extension host after the reload that reload.test.ts asked for. */
describe('after the reload', () => {
  const { data } = readReloadRequest();
  const {
    serverPid,
    starredUri,
    starredText,
    starredDrafted,
    query,
    panelTitle,
    notebookUri,
    settingsUri,
    untitledUri,
    untitledText,
  } = data as {
    serverPid: number;
    starredUri: string;
    starredText: string;
    /** Its text was edited and auto saved, not sent: it comes back as the record's draft, still not sent. */
    starredDrafted?: boolean;
    query: string;
    panelTitle: string;
    notebookUri: string;
    settingsUri: string;
    untitledUri: string;
    untitledText: string;
  };
  after(() => {
    try {
      process.kill(serverPid, 'SIGTERM');
    } catch {
      // gone already
    }
  });

  it("a monitor's read-only query open at the reload is closed, not left empty or unreadable", async function () {
    this.timeout(30_000);
    await activateExtension();
    const readOnlyTabs = () =>
      vscode.window.tabGroups.all
        .flatMap((group) => group.tabs)
        .filter((tab) => tab.input instanceof vscode.TabInputText && tab.input.uri.scheme === 'axiom-monitor-query');
    await waitFor('the restored read-only query closed', () => readOnlyTabs().length === 0, 20_000);
    assert.ok(
      !vscode.workspace.textDocuments.some((d) => d.uri.scheme === 'axiom-monitor-query' && d.getText() !== ''),
      'no document of it is left either',
    );
  });

  it("the starred query's editor open at the reload opens again with its text, an unsent edit kept", async function () {
    this.timeout(60_000);
    // A text editor, not the "could not be opened" placeholder: VS Code waited for the extension
    // (activation on the file system) before it read the document.
    const editor = await waitFor(
      "the starred query's editor",
      () => vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === starredUri),
      30_000,
    );
    assert.equal(editor.document.getText(), starredText);
    assert.equal(editor.document.isDirty, false);
    const api = await activateExtension();
    assert.equal(api.hasDraft(editor.document.uri), starredDrafted === true, 'marked as a draft');
  });

  it("the query run before the reload is in the Query History after it, read again from this machine's disk", async () => {
    const api = await activateExtension();
    const runs = await api.history.entries();
    const run = runs.find((r) => r.apl === query);
    assert.ok(run, 'the run is in the history');
    assert.equal(run.outcome, 'ok');
    assert.ok((run.rows ?? 0) > 0);
    await api.historyView.refresh();
    assert.ok(
      api.historyView.currentEntries.some((e) => e.id === run.id),
      'and in its view',
    );
  });

  it('the results panel open at the reload comes back, and its Re-run runs its query again', async function () {
    this.timeout(60_000);
    const api = await activateExtension();
    const panel = await waitFor(
      'the results panel back, its page ready',
      () => api.run.panels.find((p) => p.panel.title === panelTitle && api.run.traffic(p).received.includes('ready')),
      30_000,
    );
    assert.equal(panel.result, undefined, 'results are not kept across a reload');
    api.runner.rerun(panel);
    const result = await waitFor("the re-run's result", () => panel.result, 30_000);
    assert.equal(result.query, query);
    assert.ok(result.tables[0].rowCount > 0);
  });

  it("the monitor settings form open at the reload comes back as the form, its page told the monitor's notifiers", async function () {
    this.timeout(60_000);
    // VS Code waited for the form's provider, registered when its tab came back.
    const tab = await waitFor(
      "the form's tab",
      () =>
        vscode.window.tabGroups.all
          .flatMap((g) => g.tabs)
          .find((t) => t.input instanceof vscode.TabInputCustom && t.input.uri.toString() === settingsUri),
      30_000,
    );
    assert.equal((tab.input as vscode.TabInputCustom).viewType, 'axiom.monitorSettings');
    const state = await formState(vscode.Uri.parse(settingsUri), (s) => s.notifiers !== undefined, 30_000);
    assert.ok(Array.isArray(state.notifiers));
  });

  it('an unsaved New APL Query open at the reload comes back with its text, as Axiom APL (not plain text)', async function () {
    this.timeout(60_000);
    await activateExtension();
    const tab = await waitFor(
      "the untitled query's tab",
      () =>
        vscode.window.tabGroups.all
          .flatMap((g) => g.tabs)
          .find((t) => t.input instanceof vscode.TabInputText && t.input.uri.toString() === untitledUri),
      30_000,
    );
    // Shown as a person clicks its tab: VS Code reads it again from its backup.
    const editor = await vscode.window.showTextDocument((tab.input as vscode.TabInputText).uri, {
      viewColumn: tab.group.viewColumn,
      preview: false,
    });
    assert.equal(editor.document.getText(), untitledText);
    await waitFor(
      'its language Axiom APL',
      () =>
        vscode.workspace.textDocuments.some((d) => d.uri.toString() === untitledUri && d.languageId === 'axiom-apl'),
      10_000,
    );
  });

  it('the APL notebook open at the reload comes back with its saved output, and its cells run', async function () {
    this.timeout(60_000);
    // Its editor, not the "could not be opened" placeholder: VS Code activated the extension for
    // the notebook type and waited for its serializer.
    const editor = await waitFor(
      "the notebook's editor",
      () => vscode.window.visibleNotebookEditors.find((e) => e.notebook.uri.toString() === notebookUri),
      30_000,
    );
    const cell = editor.notebook.cellAt(1);
    assert.equal(cell.document.getText(), query);
    const before = cell.outputs[0]?.items.find((i) => i.mime === 'application/vnd.axiom.apl-result+json');
    assert.ok(before, 'the saved output is back');
    // Its controller was made when VS Code read it again; run from its editor, the cell runs.
    const api = await activateExtension();
    assert.ok(api.notebooks.kernel.made, 'the controller is there');
    await vscode.window.showNotebookDocument(editor.notebook, { viewColumn: editor.viewColumn });
    await vscode.commands.executeCommand('notebook.cell.execute', {
      ranges: [{ start: 1, end: 2 }],
      document: editor.notebook.uri,
    });
    const after = await waitFor(
      "the cell's new output",
      () => {
        const item = editor.notebook
          .cellAt(1)
          .outputs[0]?.items.find((i) => i.mime === 'application/vnd.axiom.apl-result+json');
        const result =
          item &&
          (JSON.parse(new TextDecoder().decode(item.data)) as { ranAt?: string; tables: { rowCount: number }[] });
        return result?.ranAt ? result : undefined;
      },
      30_000,
    );
    assert.ok(after.tables[0].rowCount > 0, 'the demo answered the cell');
  });
});
