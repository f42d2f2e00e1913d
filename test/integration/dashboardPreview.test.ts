// Preview Dashboard inside a real VS Code: a dashboard file's charts run through the query runner
// over the dashboard's window; an edit to one chart's query, unsaved, runs that chart alone again;
// closing the preview stops following the document. The ways in: Add to Dashboard (one write) and
// New Dashboard from Notebook (an unsaved file, nothing sent).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as vscode from 'vscode';
import type { DashboardPreview } from '../../src/dashboards/previewPanel';
import type { ChartQueryLink } from '../../src/dashboards/chartQueryEditor';
import { sampleDashboard } from '../support/dashboardFixtures';
import { dashboardOf } from '../support/previewQueries';
import { TIME_SERIES } from '../support/tabularFixtures';
import { activateExtension, sentQueryBodies, useRunningFake, waitFor } from './helpers';

describe('Preview Dashboard', () => {
  const suite = useRunningFake(() => TIME_SERIES);
  const file = path.join(os.tmpdir(), `shop ${process.pid}.axiom-dashboard.json`);
  afterEach(() => fs.rmSync(file, { force: true }));

  it('draws each chart beside the document, and an unsaved edit runs only the chart it changed', async () => {
    fs.writeFileSync(file, JSON.stringify(JSON.parse(dashboardOf([0, 1, 2])), null, 2));
    const editor = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(vscode.Uri.file(file)));
    const { dashboardPreview } = await activateExtension();
    const preview = await vscode.commands.executeCommand<DashboardPreview | undefined>('axiom.previewDashboard');
    assert.ok(preview, 'a preview opened');
    assert.equal(dashboardPreview.previews.get(editor.document.uri.toString()), preview);
    await waitFor('the three charts drawn', () => preview.sent.filter((kind) => kind === 'result').length === 3);
    const sent = sentQueryBodies(suite.fake);
    assert.equal(sent.length, 3);
    assert.deepEqual(
      sent.map((body) => [body.startTime, body.endTime]),
      [
        ['now-1h', 'now'],
        ['now-1h', 'now'],
        ['now-1h', 'now'],
      ],
      'over the dashboard’s window (qr-now-1h … qr-now)',
    );

    const text = editor.document.getText();
    const at = text.indexOf(' // latency 1');
    await editor.edit((edit) => edit.insert(editor.document.positionAt(at), ' | where status >= 500'));
    await waitFor('the edited chart to run again', () => sentQueryBodies(suite.fake).length === 4);
    // At least a fourth: a page rebuilt meanwhile (hidden, then shown again) is sent every result again.
    await waitFor('its result sent to the page', () => preview.sent.filter((kind) => kind === 'result').length >= 4);
    assert.match(sentQueryBodies(suite.fake)[3].apl, /where status >= 500 \/\/ latency 1$/);
    assert.ok(editor.document.isDirty, 'drawn before any save');
    // Nothing else ran meanwhile.
    await new Promise((r) => setTimeout(r, 400));
    assert.equal(sentQueryBodies(suite.fake).length, 4);

    preview.panel.dispose();
    assert.equal(dashboardPreview.previews.size, 0);
    await editor.edit((edit) => edit.insert(editor.document.positionAt(at), ' | take 1'));
    await new Promise((r) => setTimeout(r, 400));
    assert.equal(sentQueryBodies(suite.fake).length, 4, 'a closed preview runs nothing');
    await vscode.commands.executeCommand('workbench.action.files.revert');
  });

  it('Edit Chart Query: the chart’s APL in an Axiom APL editor of its own, each change written into the JSON as its string, and the preview redraws it (issue 52, item 5)', async () => {
    // A file of its own: the first test's document, reverted, may still be open.
    const chartFile = path.join(os.tmpdir(), `charts ${process.pid}.axiom-dashboard.json`);
    fs.writeFileSync(chartFile, JSON.stringify(JSON.parse(dashboardOf([0, 1, 2])), null, 2));
    const dashboard = await vscode.window.showTextDocument(
      await vscode.workspace.openTextDocument(vscode.Uri.file(chartFile)),
    );
    const { dashboardPreview } = await activateExtension();
    const preview = await vscode.commands.executeCommand<DashboardPreview | undefined>('axiom.previewDashboard');
    assert.ok(preview, 'a preview opened');
    await waitFor('the three charts drawn', () => preview.sent.filter((kind) => kind === 'result').length === 3);
    await vscode.window.showTextDocument(dashboard.document, dashboard.viewColumn);
    const at = dashboard.document.positionAt(dashboard.document.getText().indexOf(' // latency 1'));
    vscode.window.activeTextEditor!.selection = new vscode.Selection(at, at);

    const link = await vscode.commands.executeCommand<ChartQueryLink | undefined>('axiom.editChartQuery');
    assert.ok(link, 'an editor opened');
    assert.equal(link.chart, 1, 'the chart under the cursor');
    assert.equal(link.editor.languageId, 'axiom-apl');
    assert.equal(vscode.window.activeTextEditor?.document, link.editor, 'in front');
    assert.equal(link.editor.getText(), "['http-logs'] | summarize count() by bin_auto(_time) // latency 1");

    const apl = vscode.window.activeTextEditor;
    await apl.edit((edit) =>
      edit.insert(link.editor.positionAt(link.editor.getText().length), '\n| where uri has "/cart"'),
    );
    await dashboardPreview.chartEditors.settled();
    const written = JSON.parse(dashboard.document.getText()) as { charts: { query: { apl: string } }[] };
    assert.equal(written.charts[1].query.apl, link.editor.getText(), 'the JSON holds the editor’s text');
    assert.ok(
      dashboard.document.getText().includes(String.raw`// latency 1\n| where uri has \"/cart\""`),
      'written as the JSON string it is',
    );
    assert.equal(written.charts[0].query.apl, "['http-logs'] | summarize count() by bin_auto(_time) // latency 0");
    assert.ok(dashboard.document.isDirty, 'a draft of the document: nothing sent');
    assert.equal(suite.fake.requestsTo('PUT /v2/dashboards/uid/{uid}').length, 0);
    await waitFor('the edited chart to run again', () => sentQueryBodies(suite.fake).length === 4);
    assert.match(sentQueryBodies(suite.fake)[3].apl, /\/\/ latency 1\n\| where uri has "\/cart"$/);

    const again = await vscode.commands.executeCommand<ChartQueryLink | undefined>(
      'axiom.editChartQuery',
      dashboard.document.uri,
      {
        chart: 1,
      },
    );
    assert.equal(again?.editor, link.editor, 'the chart’s editor again, not a second one');
    preview.panel.dispose();
    await vscode.window.showTextDocument(dashboard.document);
    await vscode.commands.executeCommand('workbench.action.files.revert');
    fs.rmSync(chartFile, { force: true });
  });

  it('says what to open when the editor holds no dashboard', async () => {
    await vscode.window.showTextDocument(
      await vscode.workspace.openTextDocument({ content: '{"name": "x"}', language: 'json' }),
    );
    assert.equal(await vscode.commands.executeCommand('axiom.previewDashboard'), undefined);
    assert.equal(sentQueryBodies(suite.fake).length, 0);
  });

  it('Add to Dashboard puts the shown query at the end of the dashboard chosen with one PUT of the version read, or makes a new one with one POST', async () => {
    const fake = suite.fake;
    const stored = fake.dashboards.add(sampleDashboard('Checkout'), 'checkout');
    const editor = await vscode.window.showTextDocument(
      await vscode.workspace.openTextDocument({
        content: "['http-logs'] | summarize count() by bin_auto(_time)",
        language: 'axiom-apl',
      }),
    );
    const api = await activateExtension();
    assert.ok(await vscode.commands.executeCommand('axiom.runQuery'));
    const from = fake.requests.length;
    const added = await api.dashboardPreview.addToDashboard({ uid: 'checkout' });
    assert.ok(added);
    const writes = fake.requests.slice(from).filter((r) => r.method !== 'GET');
    assert.deepEqual(
      writes.map((r) => `${r.method} ${r.path}`),
      ['PUT /v2/dashboards/uid/checkout'],
    );
    const body = JSON.parse(writes[0].body) as {
      version: number;
      dashboard: { charts: { id: string; type: string }[] };
    };
    assert.equal(body.version, 1, 'the version read');
    assert.equal(fake.dashboards.byUid('checkout')?.version, 2);
    const charts = stored.dashboard.charts as { id: string; type: string; query: { apl: string } }[];
    assert.equal(charts.length, 4);
    assert.deepEqual(
      [charts[3].id, charts[3].query.apl, charts[3].type],
      [added.chartId, editor.document.getText(), 'TimeSeries'],
    );

    const before = fake.requests.length;
    const made = await api.dashboardPreview.addToDashboard({ newName: 'From a run' });
    assert.ok(made);
    assert.deepEqual(
      fake.requests.slice(before).map((r) => `${r.method} ${r.path}`),
      ['POST /v2/dashboards'],
    );
    assert.equal(fake.dashboards.byUid(made.uid)?.dashboard.name, 'From a run');
  });

  it('New Dashboard from Notebook opens an unsaved dashboard file of a chart per APL cell, and sends nothing', async () => {
    const cells = [
      new vscode.NotebookCellData(vscode.NotebookCellKind.Markup, '# Checkout', 'markdown'),
      new vscode.NotebookCellData(
        vscode.NotebookCellKind.Code,
        "['http-logs'] | summarize count() by bin_auto(_time)",
        'axiom-apl',
      ),
      new vscode.NotebookCellData(vscode.NotebookCellKind.Code, "['http-logs'] | count", 'axiom-apl'),
    ];
    const notebook = await vscode.workspace.openNotebookDocument('axiom-notebook', new vscode.NotebookData(cells));
    await vscode.window.showNotebookDocument(notebook);
    const from = suite.fake.requests.length;
    const editor = await vscode.commands.executeCommand<vscode.TextEditor | undefined>(
      'axiom.newDashboardFromNotebook',
    );
    assert.ok(editor);
    assert.equal(editor.document.uri.scheme, 'untitled');
    assert.match(editor.document.uri.path, /\.axiom-dashboard\.json$/);
    assert.ok(editor.document.isDirty);
    const document = JSON.parse(editor.document.getText()) as { charts: { type: string; query: { apl: string } }[] };
    assert.deepEqual(
      document.charts.map((c) => [c.type, c.query.apl]),
      [
        ['TimeSeries', "['http-logs'] | summarize count() by bin_auto(_time)"],
        ['Statistic', "['http-logs'] | count"],
      ],
    );
    assert.equal(suite.fake.requests.length, from, 'nothing sent');
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });
});
