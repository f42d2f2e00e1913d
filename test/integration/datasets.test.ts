// The Datasets view inside a real VS Code: expanding a dataset, inserting a field, one cache for
// the view and completion, an org of 300 datasets, Query this Dataset (and its run in the history),
// Show Recent Events, Summarize by this Field, and the filter that Monitors, Datasets and Query
// History share.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { DatasetRow } from '../../src/datasets/datasetRow';
import type { DatasetNode } from '../../src/datasets/datasetsView';
import type { ListElement } from '../../src/platform/listView';
import { BIG_DATASET, BROKEN_DATASET, serveBigOrg } from '../support/bigOrg';
import type { FakeAxiom } from '../support/fakeAxiom';
import { TYPED_TABULAR } from '../support/tabularFixtures';
import { recordedRun } from '../support/recordedRuns';
import { activateExtension, useRunningFake, waitFor, sentQueryBodies, shownRuns } from './helpers';

async function datasetsView() {
  const { datasetsView: view } = await activateExtension();
  await view.refresh();
  return view;
}

async function children(
  view: Awaited<ReturnType<typeof datasetsView>>,
  row: DatasetNode,
): Promise<ListElement<DatasetNode>[]> {
  return view.getChildren(row);
}

function label(item: vscode.TreeItem): string {
  return typeof item.label === 'string' ? item.label : (item.label?.label ?? '');
}

describe('Datasets', () => {
  const suite = useRunningFake(() => TYPED_TABULAR);
  let fake: FakeAxiom;
  const original: Partial<FakeAxiom> = {};
  before(async () => {
    fake = suite.fake;
    Object.assign(original, {
      datasets: fake.datasets,
      datasetDetails: fake.datasetDetails,
      fields: fake.fields,
      virtualFields: fake.virtualFields,
    });
    const { history, datasetsView: view } = await activateExtension();
    await history.clear();
    await view.reload();
  });

  it('lists the datasets with their kind, expands one into its fields (virtual marked, hidden apart) and inserts a field into the editor', async () => {
    const view = await datasetsView();
    const rows = view.getChildren() as DatasetRow[];
    assert.deepEqual(
      rows.map((r) => r.dataset.name),
      ['http-logs', 'sample-app'],
    );
    assert.equal(view.getTreeItem(rows[0]).description, 'events · Requests to the web servers');
    const fields = await children(view, rows[0]);
    const items = fields.map((f) => view.getTreeItem(f));
    assert.deepEqual(items.map(label), [
      '_time',
      'geo.city',
      'is_error',
      'method',
      'req_duration_ms',
      'status',
      'Hidden fields',
    ]);
    const virtual = items.find((i) => label(i) === 'is_error')!;
    assert.equal(virtual.contextValue, 'field.virtual');
    assert.match(String(virtual.description), /^virtual · boolean/);
    // Each row's id is its dataset's, where it is shown (under the dataset, or its hidden fields) and its name.
    assert.equal(items[0].id, 'field/http-logs/dataset/_time');
    // Each row's words: virtual, type and unit, those it has, joined.
    assert.deepEqual(
      items.slice(0, -1).map((i) => i.description),
      ['datetime', 'string', 'virtual · boolean', 'string', 'float · ms', 'integer'],
    );
    const hiddenRow = fields.at(-1) as DatasetNode;
    assert.deepEqual(
      (await children(view, hiddenRow)).map((f) => label(view.getTreeItem(f))),
      ['internal_id'],
    );
    assert.equal(view.getTreeItem((await children(view, hiddenRow))[0]).id, 'field/http-logs/hidden/internal_id');
    // The hover is built when asked, from untrusted markdown.
    const hover = view.resolveTreeItem(view.getTreeItem(fields[4]), fields[4]).tooltip as vscode.MarkdownString;
    assert.equal(hover.isTrusted, false);
    assert.match(hover.value, /Unit\\: ms/);

    const document = await vscode.workspace.openTextDocument({
      content: "['http-logs']\n| project ",
      language: 'axiom-apl',
    });
    const editor = await vscode.window.showTextDocument(document);
    editor.selection = new vscode.Selection(1, 10, 1, 10);
    const geo = fields.find((f) => label(view.getTreeItem(f)) === 'geo.city');
    assert.equal(await vscode.commands.executeCommand('axiom.insertField', geo), true);
    assert.equal(document.getText(), "['http-logs']\n| project ['geo.city']");
    await vscode.commands.executeCommand(
      'axiom.insertField',
      fields.find((f) => label(view.getTreeItem(f)) === 'status'),
    );
    assert.equal(document.getText(), "['http-logs']\n| project ['geo.city']status", 'a plain name goes in bare');
  });

  it('completion uses the fields the view loaded: no second request', async () => {
    const view = await datasetsView();
    const [httpLogs] = view.getChildren() as DatasetRow[];
    await children(view, httpLogs);
    fake.reset();
    const document = await vscode.workspace.openTextDocument({
      content: "['http-logs']\n| where ",
      language: 'axiom-apl',
    });
    await vscode.window.showTextDocument(document);
    const list = await vscode.commands.executeCommand<vscode.CompletionList>(
      'vscode.executeCompletionItemProvider',
      document.uri,
      new vscode.Position(1, 8),
    );
    const labels = list.items.map((i) => (typeof i.label === 'string' ? i.label : i.label.label));
    assert.ok(labels.includes('geo.city') && labels.includes('is_error'), 'the fields, virtual ones too');
    assert.equal(labels.includes('internal_id'), false, 'hidden fields are not offered');
    assert.equal(fake.requestsTo('GET /v2/datasets/http-logs/fields').length, 0);
    assert.equal(fake.requestsTo('GET /v2/datasets').length, 0);
  });

  it('in an org of 300 datasets, filters by name and by loaded fields, and a dataset whose fields fail shows why with Retry', async () => {
    serveBigOrg(fake);
    const view = await datasetsView();
    try {
      await view.reload();
      assert.equal(view.currentDatasets.length, 300);
      assert.equal(view.treeView.description, '300 datasets');
      const broken = view.datasetRow(BROKEN_DATASET)!;
      const failed = await children(view, broken);
      const note = view.getTreeItem(failed[0]);
      assert.match(label(note), /^Loading the fields of broken-fields failed: .*internal error reading the fields/);
      const actions = failed.slice(1).map((row) => view.getTreeItem(row));
      const retry = actions.find((a) => label(a) === 'Retry')!;
      assert.equal(retry.command?.command, 'axiom.retryDatasetFields');
      fake.failingFields.delete(BROKEN_DATASET);
      await vscode.commands.executeCommand(retry.command.command, ...((retry.command.arguments ?? []) as unknown[]));
      assert.equal((await children(view, broken)).length, 12, 'the fields, after Retry');

      const big = view.datasetRow(BIG_DATASET)!;
      const fields = await children(view, big);
      assert.equal(fields.length, 4_801 + 2 + 1, 'visible and virtual fields, then the hidden row');
      await view.setFilterText('k8s-');
      const shown = view.getChildren() as DatasetRow[];
      assert.ok(shown.length > 0 && shown.every((r) => r.dataset.name.startsWith('k8s-')));
      assert.match(String(view.treeView.description), /^30 of 300 datasets · “k8s-”$/);
      // A field name found only among the loaded fields of big-events: the dataset shows, with only those fields.
      await view.setFilterText('.4999');
      assert.deepEqual(
        (view.getChildren() as DatasetRow[]).map((r) => r.dataset.name),
        [BIG_DATASET],
      );
      assert.deepEqual(
        (await children(view, big)).map((f) => label(view.getTreeItem(f))),
        ['container.service.name.4999'],
      );
    } finally {
      await view.setFilterText('');
      Object.assign(fake, original);
      fake.failingFields.clear();
      await view.reload();
    }
  });

  it('Query this Dataset opens the query with the cursor after it and runs it; the run is in the history with its range and outcome', async () => {
    const view = await datasetsView();
    const { run: results } = await activateExtension();
    const editor = await vscode.commands.executeCommand<vscode.TextEditor>(
      'axiom.queryDataset',
      view.datasetRow('http-logs'),
    );
    assert.equal(editor.document.getText(), "['http-logs'] | take 100");
    assert.equal(editor.document.languageId, 'axiom-apl');
    assert.deepEqual(editor.selection.active, editor.document.positionAt(editor.document.getText().length));
    const panel = await waitFor('the results', () => results.panels.find((p) => p.result));
    assert.equal(panel.result?.tables[0].rowCount, TYPED_TABULAR.tables[0].columns[0].length);
    assert.equal(sentQueryBodies(fake)[0].apl, "['http-logs'] | take 100");

    const [run] = await shownRuns("['http-logs'] | take 100");
    assert.equal(run.entry.apl, "['http-logs'] | take 100");
    assert.deepEqual(run.entry.range, { version: 1, preset: '1h' });
    assert.equal(run.entry.outcome, 'ok');
    assert.equal(run.entry.rows, TYPED_TABULAR.tables[0].columns[0].length);
    assert.equal(run.entry.source, 'query');
    const { historyView } = await activateExtension();
    assert.equal(label(historyView.getTreeItem(run.parent)), 'Today');
    assert.match(String(historyView.getTreeItem(run).description), /Last hour · \d+ rows · /);
  });

  it('Show Recent Events shows the newest events in a results panel named by the dataset', async () => {
    const { run: results } = await activateExtension();
    await vscode.commands.executeCommand('axiom.showRecentEvents', { dataset: 'http-logs' });
    assert.equal(sentQueryBodies(fake)[0].apl, "['http-logs']\n| sort by _time desc\n| take 100");
    const panel = results.panels.at(-1)!;
    assert.equal(panel.panel.title, 'Results: http-logs');
    assert.ok(panel.result);
  });

  it('Summarize by this Field counts by the field, quoted as APL needs', async () => {
    const expected = "['http-logs']\n| summarize count() by ['geo.city']\n| sort by count_ desc";
    // The documents the command opens, as they open: not looked for among the open ones after, where
    // it was seen gone in runs after agents.test.ts (also before this check), with its results panel: the
    // tabs of the tests before were still being closed (a dirty untitled document's close asks a
    // dialog, which the test window refuses) and took the new ones with them.
    const opened: vscode.TextDocument[] = [];
    const listener = vscode.workspace.onDidOpenTextDocument((document) => opened.push(document));
    try {
      await vscode.commands.executeCommand('axiom.summarizeByField', {
        dataset: 'http-logs',
        field: { name: 'geo.city' },
      });
    } finally {
      listener.dispose();
    }
    const document = opened.find((d) => d.getText() === expected);
    assert.ok(
      document,
      `the query in a document of its own (opened: ${JSON.stringify(opened.map((d) => d.getText()))})`,
    );
    assert.equal(document.languageId, 'axiom-apl');
    const [sent] = await waitFor('the run', () => sentQueryBodies(fake).length === 1 && sentQueryBodies(fake));
    assert.equal(sent.apl, expected);
  });

  it('Monitors, Datasets and Query History filter the same way: Filter with a text, “n of m” in the description, Clear Filter', async () => {
    const api = await activateExtension();
    const { monitorsView, datasetsView: datasets, historyView, history } = api;
    fake.monitors = [
      { id: 'm1', name: 'Checkout errors', type: 'Threshold', aplQuery: "['http-logs'] | where status >= 500 | count" },
      { id: 'm2', name: 'Slow pages', type: 'Threshold', aplQuery: "['http-logs'] | where duration > 2 | count" },
      { id: 'm3', name: 'Sign-ups', type: 'Threshold', aplQuery: "['sample-app'] | count" },
    ];
    await monitorsView.refresh({ restart: true });
    await datasets.refresh({ restart: true });
    await history.clear();
    for (const apl of [
      "['http-logs'] | count",
      "['sample-app'] | take 5",
      "['http-logs'] | summarize count() by status",
    ]) {
      await history.record(recordedRun(apl));
    }
    await historyView.refresh({ restart: true });
    const cases = [
      {
        view: monitorsView,
        filter: 'axiom.filterMonitors',
        clear: 'axiom.clearMonitorsFilter',
        text: 'http-logs',
        all: /^3 monitors$/,
        filtered: /^2 of 3 monitors · “http-logs”$/,
      },
      {
        view: datasets,
        filter: 'axiom.filterDatasets',
        clear: 'axiom.clearDatasetsFilter',
        text: 'sample',
        all: /^2 datasets$/,
        filtered: /^1 of 2 datasets · “sample”$/,
      },
      {
        view: historyView,
        filter: 'axiom.filterQueryHistory',
        clear: 'axiom.clearQueryHistoryFilter',
        text: 'http-logs',
        all: /^3 runs$/,
        filtered: /^2 of 3 runs · “http-logs”$/,
      },
    ];
    try {
      for (const { view, filter, clear, text, all, filtered } of cases) {
        assert.match(String(view.treeView.description), all, filter);
        fake.reset();
        assert.equal(await vscode.commands.executeCommand(filter, { text: ` ${text} ` }), ` ${text} `);
        assert.equal(view.currentFilterText, text);
        assert.match(String(view.treeView.description), filtered, filter);
        // (The monitors' status checks may read histories meanwhile: not a request of the filter's.)
        assert.deepEqual(
          fake.requests.filter((r) => !r.path.split('?')[0].endsWith('/history')).map((r) => r.path),
          [],
          `${filter}: the list in hand is filtered, with no request`,
        );
        await vscode.commands.executeCommand(clear);
        assert.equal(view.currentFilterText, '');
        assert.match(String(view.treeView.description), all, clear);
      }
      assert.deepEqual(
        (monitorsView.getChildren() as { monitor: { id: string } }[]).map((r) => r.monitor.id),
        ['m1', 'm3', 'm2'],
      );
      // Only Triggered is the Monitors view's filter besides the text: Clear Filter clears it too.
      await vscode.commands.executeCommand('axiom.monitorsOnlyTriggered');
      assert.equal(monitorsView.getChildren().length, 0, 'no monitor is triggered');
      await vscode.commands.executeCommand('axiom.clearMonitorsFilter');
      assert.equal(monitorsView.getChildren().length, 3);
    } finally {
      fake.monitors = [];
      await monitorsView.refresh({ restart: true });
      await history.clear();
    }
  });
});
