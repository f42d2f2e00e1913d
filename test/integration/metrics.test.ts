// Metrics inside a real VS Code (issue 53): an MPL document runs through the edge's `_mpl` to a
// chart-first result (its parse error lands at its place; the run is in the history, and runs
// again from there as MPL); a metrics
// dataset in the Datasets view expands to its metrics, tags and tag values, paged, and Query this
// Metric opens and runs MPL; an MPL monitor opens as Axiom MPL, is edited as a draft and sent in
// one PUT, and its Dry Run runs its MPL.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as vscode from 'vscode';
import type { DatasetRow } from '../../src/datasets/datasetRow';
import type { DatasetNode } from '../../src/datasets/datasetsView';
import type { MetricRow, MoreMetricsRow, TagRow } from '../../src/datasets/metricsBrowser';
import type { ResultsView } from '../../src/core/run/resultsProtocol';
import type { FakeAxiom } from '../support/fakeAxiom';
import { DEMO_METRICS, DEMO_MPL_MONITOR_QUERY } from '../support/demoMetrics';
import {
  activateExtension,
  draftThenSend,
  refreshedView,
  replaceText,
  shownRuns,
  useRunningFake,
  waitFor,
} from './helpers';

const MPL_MONITOR = {
  id: 'mon_mpl_checkout',
  name: 'Checkout duration (metrics)',
  type: 'Threshold',
  mplQuery: DEMO_MPL_MONITOR_QUERY,
  operator: 'Above',
  threshold: 0.4,
  intervalMinutes: 5,
  rangeMinutes: 5,
  notifierIds: [],
};

function label(item: vscode.TreeItem): string {
  return typeof item.label === 'string' ? item.label : (item.label?.label ?? '');
}

let files = 0;

/** An `.mpl` file of its own on disk, open in an editor (Axiom MPL by its extension). */
async function mplEditor(text: string): Promise<vscode.TextEditor> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'axiom-mpl-'));
  const file = path.join(folder, `query-${++files}.mpl`);
  fs.writeFileSync(file, text);
  const document = await vscode.workspace.openTextDocument(vscode.Uri.file(file));
  assert.equal(document.languageId, 'axiom-mpl', '.mpl files are Axiom MPL');
  return vscode.window.showTextDocument(document);
}

describe('Metrics', () => {
  const suite = useRunningFake(() => ({ tables: [] }));
  let fake: FakeAxiom;
  before(() => {
    fake = suite.fake;
    fake.datasets = ['http-logs', 'shop-metrics'];
    fake.datasetDetails = {
      'http-logs': { kind: 'axiom:events:v1', description: null },
      'shop-metrics': { kind: 'otel:metrics:v1', description: 'The shop’s metrics' },
    };
  });
  beforeEach(() => {
    fake.metrics.datasets.set('shop-metrics', structuredClone(DEMO_METRICS));
  });

  it('Run Query on an MPL document runs it through _mpl: the series as a chart-first table, in the history', async () => {
    const mpl = '`shop-metrics`:`system.cpu.utilization`\n| align to 5m using avg';
    await mplEditor(mpl);
    const result = await vscode.commands.executeCommand<ResultsView | undefined>('axiom.runQuery');
    assert.ok(result, 'a result');
    const sent = fake.requestsTo('POST /v1/query/_mpl').map((r) => JSON.parse(r.body) as Record<string, unknown>);
    assert.equal(sent.length, 1);
    assert.equal(sent[0].mpl, mpl);
    assert.equal(fake.requestsTo('POST /v1/datasets/_apl').length, 0, 'no APL sent');
    const [table] = result.tables;
    // A `_time` column, the tag as a group, the values made by the query's aggregation: the panel's chart.
    assert.deepEqual(
      table.fields.map((f) => [f.name, f.agg]),
      [
        ['_time', undefined],
        ['host', undefined],
        ['system.cpu.utilization', 'avg'],
      ],
    );
    assert.ok(table.rowCount > 0);
    const { run } = await activateExtension();
    assert.equal(run.panels.length, 1, 'one results panel');
    const runs = await shownRuns(mpl);
    assert.equal(runs[0].entry.source, 'mpl');
    assert.deepEqual(runs[0].entry.datasets, ['shop-metrics']);
    // Run again from the history: as MPL, in an MPL editor.
    await vscode.commands.executeCommand('axiom.rerunHistoryQuery', runs[0]);
    assert.equal(fake.requestsTo('POST /v1/query/_mpl').length, 2);
    assert.equal(vscode.window.activeTextEditor?.document.languageId, 'axiom-mpl');
  });

  it('an MPL cell of a notebook runs as MPL, its series in the output; saved, the file keeps it an MPL cell', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'axiom-mpl-notebook-'));
    const file = path.join(folder, 'metrics.axiom-notebook');
    const mpl = '`shop-metrics`:`system.cpu.utilization`\n| align to 5m using max';
    fs.writeFileSync(file, JSON.stringify({ axiomNotebook: 1, cells: [{ kind: 'mpl', source: mpl }] }));
    const notebook = await vscode.workspace.openNotebookDocument(vscode.Uri.file(file));
    await vscode.window.showNotebookDocument(notebook);
    const cell = notebook.cellAt(0);
    assert.equal(cell.document.languageId, 'axiom-mpl');
    await vscode.commands.executeCommand('notebook.cell.execute', {
      ranges: [{ start: 0, end: 1 }],
      document: notebook.uri,
    });
    const output = await waitFor('the cell’s output', () =>
      cell.outputs.flatMap((o) => o.items).find((i) => i.mime === 'application/vnd.axiom.apl-result+json'),
    );
    const result = JSON.parse(new TextDecoder().decode(output.data)) as ResultsView;
    assert.deepEqual(
      result.tables[0].fields.map((f) => f.name),
      ['_time', 'host', 'system.cpu.utilization'],
    );
    assert.equal(fake.requestsTo('POST /v1/query/_mpl').length, 1);
    assert.ok(await notebook.save());
    const saved = JSON.parse(fs.readFileSync(file, 'utf8')) as { cells: { kind: string }[] };
    assert.equal(saved.cells[0].kind, 'mpl');
  });

  it('an MPL query the service cannot parse puts its error where it is', async () => {
    const editor = await mplEditor('`shop-metrics`:`system.cpu.utilization`\n| aline to 5m using avg');
    assert.equal(await vscode.commands.executeCommand('axiom.runQuery'), undefined);
    const [diagnostic] = await waitFor('the service’s error in the document', () => {
      const found = vscode.languages.getDiagnostics(editor.document.uri).filter((d) => d.source === 'Axiom');
      return found.length ? found : undefined;
    });
    assert.equal(diagnostic.range.start.line, 1);
    assert.match(diagnostic.message, /unknown operator 'aline'/);
  });

  it('a metrics dataset expands to its metrics, a metric to its tags, a tag to its values; Query this Metric runs MPL', async () => {
    const { datasetsView: view } = await activateExtension();
    await view.reload();
    const dataset = (view.getChildren() as DatasetRow[]).find((r) => r.dataset.name === 'shop-metrics');
    assert.ok(dataset);
    // APL does not read metrics: Query this Dataset says how to query it, and sends nothing.
    assert.equal(await vscode.commands.executeCommand('axiom.queryDataset', dataset), undefined);
    assert.equal(fake.requestsTo('POST /v1/datasets/_apl').length, 0);
    const metrics = (await view.getChildren(dataset)) as MetricRow[];
    assert.deepEqual(
      metrics.map((m) => label(view.getTreeItem(m))),
      Object.keys(DEMO_METRICS).sort(),
    );
    const duration = metrics.find((m) => m.metric.name === 'http.server.request.duration');
    assert.ok(duration);
    assert.equal(view.getTreeItem(duration).description, 'histogram · s');
    assert.equal(view.getTreeItem(duration).contextValue, 'metric');
    const tags = (await view.getChildren(duration)) as TagRow[];
    assert.deepEqual(
      tags.map((t) => t.tag),
      ['service', 'route', 'host'],
    );
    const values = (await view.getChildren(tags[0])) as DatasetNode[];
    assert.deepEqual(
      values.map((v) => label(view.getTreeItem(v))),
      ['checkout', 'search', 'catalog', 'payments'],
    );
    // Each level was read once, on expand; expanding again reads nothing more.
    const infoReads = () => fake.requests.filter((r) => r.path.startsWith('/v1/query/metrics/info/')).length;
    assert.equal(infoReads(), 3);
    await view.getChildren(tags[0]);
    assert.equal(infoReads(), 3);

    const editor = await vscode.commands.executeCommand<vscode.TextEditor>('axiom.queryMetric', values[0]);
    assert.equal(editor.document.languageId, 'axiom-mpl');
    assert.equal(
      editor.document.getText(),
      '`shop-metrics`:`http.server.request.duration`\n| where service == "checkout"\n| align to 5m using avg\n',
    );
    const sent = await waitFor('the metric’s query sent', () => fake.requestsTo('POST /v1/query/_mpl')[0]);
    assert.equal((JSON.parse(sent.body) as { mpl: string }).mpl, editor.document.getText());
  });

  it('a long list shows a page, then more on Show More', async () => {
    const many = Object.fromEntries(
      Array.from({ length: 250 }, (_, i) => [
        `m${String(i).padStart(3, '0')}`,
        structuredClone(DEMO_METRICS['system.cpu.utilization']),
      ]),
    );
    fake.metrics.datasets.set('shop-metrics', many);
    const { datasetsView: view } = await activateExtension();
    await view.reload();
    const dataset = (view.getChildren() as DatasetRow[]).find((r) => r.dataset.name === 'shop-metrics');
    assert.ok(dataset);
    const first = await view.getChildren(dataset);
    assert.equal(first.length, 101);
    const more = first[100] as MoreMetricsRow;
    assert.equal(more.kind, 'moreMetrics');
    assert.equal(label(view.getTreeItem(more)), 'Show more (100 of 250 shown)');
    await vscode.commands.executeCommand('axiom.showMoreMetrics', more);
    const second = await view.getChildren(dataset);
    assert.equal(second.length, 201);
    await vscode.commands.executeCommand('axiom.showMoreMetrics', more);
    assert.equal((await view.getChildren(dataset)).length, 201, 'the same row twice adds one page');
    assert.equal(
      fake.requests.filter((r) => r.path.startsWith('/v1/query/metrics/info/')).length,
      1,
      'the list was read once',
    );
  });

  it('an MPL monitor: its hover shows the MPL, Edit opens it as Axiom MPL, an edit is a draft and the send is one PUT of mplQuery; its Dry Run runs its MPL', async () => {
    fake.monitors = [structuredClone(MPL_MONITOR)];
    const view = await refreshedView();
    const row = view.currentRows.find((r) => r.monitor.id === MPL_MONITOR.id);
    assert.ok(row);
    const hover = view.resolveTreeItem(view.getTreeItem(row), row).tooltip as vscode.MarkdownString;
    assert.match(hover.value, /```axiom-mpl\n`shop-metrics`:`http\.server\.request\.duration`/);

    const editor = await vscode.commands.executeCommand<vscode.TextEditor>('axiom.editMonitor', row);
    assert.equal(editor.document.languageId, 'axiom-mpl');
    assert.ok(editor.document.uri.path.endsWith('.mpl'));
    assert.equal(editor.document.getText(), DEMO_MPL_MONITOR_QUERY);
    const edited = DEMO_MPL_MONITOR_QUERY.replace('group using avg', 'group using max');
    const sent = await draftThenSend(fake, editor, () => replaceText(editor.document, edited));
    assert.deepEqual(sent, [`PUT /v2/monitors/${MPL_MONITOR.id}`]);
    const [put] = fake.requestsTo('PUT /v2/monitors/{id}');
    const body = JSON.parse(put.body) as Record<string, unknown>;
    assert.equal(body.mplQuery, edited);
    assert.equal('aplQuery' in body, false);

    const report = await vscode.commands.executeCommand<{ queries: number; runs: number; noQuery?: string }>(
      'axiom.dryRunMonitor',
      row,
    );
    assert.equal(report.noQuery, undefined);
    assert.equal(report.queries, 1);
    assert.equal(report.runs, 288);
    assert.equal(fake.requestsTo('POST /v1/query/_mpl').length, 1);
  });
});
