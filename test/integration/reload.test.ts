import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as vscode from 'vscode';
import { monitorDocumentPath } from '../../src/core/monitors/monitorDocuments';
import { MONITOR_SCHEME } from '../../src/core/monitors/monitorScheme';
import { deploymentUriQuery } from '../../src/core/recordUri';
import { STARRED_SCHEME, starredPath } from '../../src/core/starred/starredUri';
import { DEMO_TOKEN, demoStarred } from '../support/demo';
import {
  activateExtension,
  closeAllEditors,
  formState,
  RELOAD_REQUEST,
  setSetting,
  waitFor,
  withAutoSave,
  type ReloadRequest,
  switchDeployment,
} from './helpers';

/**
 * Editors that survive a reload. Here: a starred query's editor (edited with auto save on, so
 * unsent), a results panel, an APL notebook, a monitor's settings form and an unsaved New APL
 * Query are opened,
 * over the demo service in a process of its own (it must outlive this extension host); after the
 * suite the window reloads, and reload.after.ts checks what came back.
 */
describe('a reload keeps the open Axiom editors (checked after the reload by reload.after)', () => {
  it("opens a starred query's editor, a results panel, a notebook, a settings form and a New APL Query, and asks for the reload", async function () {
    this.timeout(60_000);
    const api = await activateExtension();
    await closeAllEditors();
    const urlFile = path.join(os.tmpdir(), `axiom-apl-demo-${process.pid}.json`);
    const server = spawn(process.execPath, [path.join(__dirname, '../support/serveDemo.mjs'), urlFile], {
      detached: true,
      stdio: 'ignore',
      env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' },
    });
    server.unref();
    const { url } = await waitFor(
      'the demo service',
      () => fs.existsSync(urlFile) && (JSON.parse(fs.readFileSync(urlFile, 'utf8')) as { url: string }),
      30_000,
    );
    // The settings deployment, whatever the tests before chose.
    await switchDeployment('');
    await setSetting('url', url);
    await setSetting('orgId', undefined);
    await (await activateExtension()).own.setToken({ token: DEMO_TOKEN });

    // A results panel beside a query of the workspace.
    const folder = vscode.workspace.workspaceFolders![0].uri;
    const query = "['http-logs']\n| summarize count() by service";
    const file = vscode.Uri.joinPath(folder, 'reload.apl');
    await vscode.workspace.fs.writeFile(file, Buffer.from(query));
    const document = await vscode.workspace.openTextDocument(file);
    await vscode.window.showTextDocument(document, vscode.ViewColumn.One);
    const result = await api.runner.run({
      apl: query,
      documentUri: document.uri,
      version: document.version,
      startOffset: 0,
    });
    assert.ok(result && result.tables[0].rowCount > 0, 'the demo answered');

    // An unsaved New APL Query (untitled, Axiom APL), in the first column behind the starred query.
    await vscode.window.showTextDocument(document, { viewColumn: vscode.ViewColumn.One, preview: false });
    const untitled = await vscode.commands.executeCommand<vscode.TextEditor>('axiom.newAplQuery');
    assert.equal(untitled.document.uri.scheme, 'untitled');
    assert.equal(untitled.document.languageId, 'axiom-apl');

    // The starred query's editor in front of the first column.
    const starred = demoStarred(Date.now())[0] as { id: string; name: string; query: { apl: string } };
    const uri = vscode.Uri.from({
      scheme: STARRED_SCHEME,
      path: starredPath(starred.id, starred.name),
      query: deploymentUriQuery(''),
    });
    const editor = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri), {
      viewColumn: vscode.ViewColumn.One,
      preview: false,
    });
    assert.equal(editor.document.getText(), starred.query.apl);
    const panel = api.run.panels.find((p) => p.documentUri === document.uri.toString())!;
    assert.ok(panel.panel.visible, 'the panel shows beside it');
    // Its page has loaded (and been told what to keep across the reload).
    await waitFor("the panel's page", () => api.run.traffic(panel).received.includes('ready'), 30_000);

    // An APL notebook with a saved output, in a third column.
    const notebookUri = vscode.Uri.joinPath(folder, 'reload.axiom-notebook');
    const saved = {
      query,
      rangeLabel: 'Last hour',
      tables: [{ name: '0', fields: [{ name: 'service', type: 'string' }], rows: [['checkout']] }],
      status: { isPartial: false, messages: [] },
    };
    await vscode.workspace.fs.writeFile(
      notebookUri,
      Buffer.from(
        JSON.stringify({
          axiomNotebook: 1,
          cells: [
            { kind: 'markdown', source: '# Before the reload' },
            { kind: 'apl', source: query, outputs: [{ result: saved }] },
          ],
        }),
      ),
    );
    await vscode.window.showNotebookDocument(await vscode.workspace.openNotebookDocument(notebookUri), {
      viewColumn: vscode.ViewColumn.Three,
      preview: false,
    });

    // A monitor's settings form, in a fourth column (a file of this name opens in the form).
    await api.monitorsView.refresh();
    const { monitor } = api.monitorsView.currentRows[0];
    // A monitor's read-only query: its text is this window's, so after the reload its tab closes.
    const readOnly = await vscode.commands.executeCommand<vscode.TextEditor>('axiom.openMonitorQuery', monitor);
    assert.equal(readOnly.document.uri.scheme, 'axiom-monitor-query');
    const settingsUri = vscode.Uri.from({
      scheme: MONITOR_SCHEME,
      path: monitorDocumentPath(monitor.id, monitor.name, 'settings'),
      query: deploymentUriQuery(''),
    });
    await vscode.commands.executeCommand('vscode.open', settingsUri, {
      viewColumn: vscode.ViewColumn.Four,
      preview: false,
    });
    await formState(settingsUri, (state) => state.notifiers !== undefined, 30_000);
    await vscode.window.showTextDocument(editor.document, { viewColumn: vscode.ViewColumn.One, preview: false });

    // The starred query edited with auto save on: kept as a draft, not sent; the draft is there after the reload.
    const edited = `${starred.query.apl}\n| take 10`;
    await withAutoSave(100, async (autoSaved) => {
      await editor.edit((edit) =>
        edit.insert(editor.document.positionAt(editor.document.getText().length), '\n| take 10'),
      );
      await waitFor('VS Code’s auto save', () => autoSaved(editor.document));
      await waitFor('the auto save kept as a draft', () => !editor.document.isDirty);
    });
    assert.equal(editor.document.getText(), edited);
    // The New APL Query is also the editor in front when the window reloads (restored first, in a fifth column).
    await vscode.window.showTextDocument(untitled.document, { viewColumn: vscode.ViewColumn.Five, preview: false });

    const request: ReloadRequest = {
      then: ['reload.after.js'],
      data: {
        serverPid: server.pid,
        starredUri: uri.toString(),
        starredText: edited,
        starredDrafted: true,
        query,
        panelTitle: panel.panel.title,
        notebookUri: notebookUri.toString(),
        settingsUri: settingsUri.toString(),
        untitledUri: untitled.document.uri.toString(),
        untitledText: untitled.document.getText(),
      },
    };
    fs.writeFileSync(RELOAD_REQUEST, JSON.stringify(request));
  });
});
