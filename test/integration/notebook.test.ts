// APL notebooks inside a real VS Code: open a .axiom-notebook, run cells against the fake service,
// a new notebook's starter cell runs as it is, Run All in order, cancel at the service, a compile error in its cell, outputs saved cut to N
// rows and read back, completion with the dataset's fields, the Markdown export, and an output's link
// to a place in code.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as vscode from 'vscode';
import type { FakeAxiom } from '../support/fakeAxiom';
import { compileErrorBody, rateLimitedAnswer, TIME_SERIES, TYPED_TABULAR } from '../support/tabularFixtures';
import { activateExtension, closeAllEditors, connectedFake, waitFor, sentQueryBodies } from './helpers';

const RESULT_MIME = 'application/vnd.axiom.apl-result+json';
const PROBLEM_MIME = 'application/vnd.axiom.apl-problem+json';
const ERROR_MIME = 'application/vnd.code.notebook.error';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'axiom-notebooks-'));
let files = 0;

/** A notebook file with these cells (and range), opened in an editor. */
async function openNotebook(
  cells: { kind: 'markdown' | 'apl'; source: string }[],
  timeRange?: unknown,
): Promise<vscode.NotebookDocument> {
  const file = path.join(dir, `investigation-${++files}.axiom-notebook`);
  fs.writeFileSync(file, JSON.stringify({ axiomNotebook: 1, ...(timeRange ? { timeRange } : {}), cells }));
  const notebook = await vscode.workspace.openNotebookDocument(vscode.Uri.file(file));
  await vscode.window.showNotebookDocument(notebook);
  return notebook;
}

function runCells(notebook: vscode.NotebookDocument, start: number, end = start + 1): Thenable<unknown> {
  return vscode.commands.executeCommand('notebook.cell.execute', { ranges: [{ start, end }], document: notebook.uri });
}

function item(cell: vscode.NotebookCell, mime: string): vscode.NotebookCellOutputItem | undefined {
  return cell.outputs.flatMap((o) => o.items).find((i) => i.mime === mime);
}

function json<T>(i: vscode.NotebookCellOutputItem | undefined): T {
  assert.ok(i, 'the output item is there');
  return JSON.parse(new TextDecoder().decode(i.data)) as T;
}

interface SavedResult {
  query: string;
  tables: { name: string; rowCount: number; columns: unknown[][] }[];
  totalRows?: (number | null)[];
}

describe('APL notebooks', () => {
  let fake: FakeAxiom;
  before(async () => {
    fake = await connectedFake();
    await activateExtension();
  });
  after(async () => {
    await closeAllEditors();
    await vscode.workspace
      .getConfiguration('axiom')
      .update('notebook.saveOutputs', undefined, vscode.ConfigurationTarget.Global);
    await fake.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(() => {
    fake.reset();
    fake.aplAnswer = () => ({ body: TYPED_TABULAR });
  });
  afterEach(closeAllEditors);

  it('runs a cell against the service over the notebook’s range; its output carries the rows', async () => {
    const notebook = await openNotebook(
      [
        { kind: 'markdown', source: '# Checkout errors' },
        { kind: 'apl', source: "['http-logs']\n| where status >= 500" },
      ],
      { preset: '6h' },
    );
    assert.equal(notebook.notebookType, 'axiom-notebook');
    assert.equal(notebook.cellAt(1).document.languageId, 'axiom-apl');
    await runCells(notebook, 1);
    const cell = notebook.cellAt(1);
    await waitFor('the cell’s output', () => item(cell, RESULT_MIME));
    const [body] = sentQueryBodies(fake);
    assert.equal(body.apl, "['http-logs']\n| where status >= 500");
    assert.equal(body.startTime, 'now-6h', 'the notebook’s own range');
    const result = json<SavedResult>(item(cell, RESULT_MIME));
    assert.equal(result.tables[0].rowCount, 3);
    assert.deepEqual(result.tables[0].columns[1], [200, null, 503]);
    assert.equal(cell.executionSummary?.success, true);
    assert.ok(
      (cell.executionSummary?.timing?.endTime ?? 0) >= (cell.executionSummary?.timing?.startTime ?? Infinity),
      'a duration',
    );
    const { notebooks } = await activateExtension();
    assert.ok(notebooks.kernel.made, 'the controller was made when the notebook opened');
  });

  it('a new notebook’s starter cell reads a dataset the token sees (the first listed, with nothing run) and runs as it is, its rows under it', async () => {
    const { history } = await activateExtension();
    await history.clear();
    fake.datasets = ['sample-app', 'http-logs'];
    await vscode.commands.executeCommand('axiom.refreshDatasets');
    const editor = await vscode.commands.executeCommand<vscode.NotebookEditor>('axiom.newNotebook');
    const { notebook } = editor;
    assert.equal(notebook.notebookType, 'axiom-notebook');
    const starter = notebook.cellAt(1);
    assert.equal(starter.document.languageId, 'axiom-apl');
    assert.equal(starter.document.getText(), "['http-logs']\n| sort by _time desc\n| take 10");
    await runCells(notebook, 1);
    await waitFor('the starter cell’s output', () => item(starter, RESULT_MIME));
    assert.deepEqual(
      sentQueryBodies(fake).map((b) => b.apl),
      [starter.document.getText()],
    );
    assert.equal(json<SavedResult>(item(starter, RESULT_MIME)).tables[0].rowCount, 3, 'the rows, under the cell');
    assert.equal(item(starter, PROBLEM_MIME), undefined);
    assert.equal(starter.executionSummary?.success, true);
    // Untitled and changed: reverted, so that closing it asks nothing.
    await vscode.window.showNotebookDocument(notebook);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  it('Run All runs the APL cells in order, one after the other, each with its execution order', async () => {
    fake.aplAnswer = (body) => ({ body: String(body.apl).includes('second') ? TIME_SERIES : TYPED_TABULAR });
    const notebook = await openNotebook([
      { kind: 'markdown', source: 'Notes' },
      { kind: 'apl', source: "// first\n['a'] | count" },
      { kind: 'markdown', source: 'More notes' },
      { kind: 'apl', source: "// second\n['b'] | count" },
    ]);
    fake.fail('POST /v1/datasets/_apl', { delayMs: 300, times: 1 });
    await vscode.commands.executeCommand('notebook.execute');
    await waitFor('both outputs', () => item(notebook.cellAt(1), RESULT_MIME) && item(notebook.cellAt(3), RESULT_MIME));
    assert.deepEqual(
      sentQueryBodies(fake).map((b) => b.apl.split('\n')[0]),
      ['// first', '// second'],
    );
    const first = notebook.cellAt(1).executionSummary;
    const second = notebook.cellAt(3).executionSummary;
    assert.ok(
      first?.executionOrder !== undefined &&
        second?.executionOrder !== undefined &&
        first.executionOrder < second.executionOrder,
    );
    assert.ok(
      (first?.timing?.endTime ?? Infinity) <= (second?.timing?.startTime ?? 0),
      'the second started after the first ended (the first was slow)',
    );
    assert.equal(json<SavedResult>(item(notebook.cellAt(3), RESULT_MIME)).query, "// second\n['b'] | count");
  });

  it('cancelling a running cell aborts the request at the service', async () => {
    fake.fail('POST /v1/datasets/_apl', { delayMs: 5000, times: 1 });
    const notebook = await openNotebook([{ kind: 'apl', source: "['logs'] | count" }]);
    const running = runCells(notebook, 0);
    await waitFor('the request to reach the service', () => fake.requestsTo('POST /v1/datasets/_apl').length === 1);
    await vscode.commands.executeCommand('notebook.cell.cancelExecution', {
      ranges: [{ start: 0, end: 1 }],
      document: notebook.uri,
    });
    await running;
    await waitFor('the service to see the request abandoned', () =>
      fake.abandoned.some((r) => r.path.startsWith('/v1/datasets/_apl')),
    );
    await waitFor('the stopped output', () => item(notebook.cellAt(0), PROBLEM_MIME));
    assert.equal(notebook.cellAt(0).executionSummary?.success, false);
  });

  it('a compile error lands in the cell at its line and column, and as an error output', async () => {
    fake.aplAnswer = () => ({ status: 400, body: compileErrorBody(2, 3, 'unknown operator "wher"') });
    const notebook = await openNotebook([{ kind: 'apl', source: "['logs']\n| wher status >= 500" }]);
    await runCells(notebook, 0);
    const cell = notebook.cellAt(0);
    const diagnostics = await waitFor('the compile error', () => {
      const found = vscode.languages.getDiagnostics(cell.document.uri).filter((d) => d.source === 'Axiom');
      return found.length ? found : undefined;
    });
    assert.equal(cell.document.getText(diagnostics[0].range), 'wher');
    assert.equal(diagnostics[0].range.start.line, 1);
    const error = json<{ name: string; message: string }>(item(cell, ERROR_MIME));
    assert.match(error.message, /Line 2, column 3: unknown operator "wher"/);
    assert.equal(cell.executionSummary?.success, false);
  });

  it('a rate limit is an output with the action that helps', async () => {
    fake.aplAnswer = () => rateLimitedAnswer(Math.floor(Date.now() / 1000) + 60);
    const notebook = await openNotebook([{ kind: 'apl', source: "['logs'] | count" }]);
    await runCells(notebook, 0);
    const problem = json<{ message: string; actions: string[] }>(
      await waitFor('the problem output', () => item(notebook.cellAt(0), PROBLEM_MIME)),
    );
    assert.match(problem.message, /rate limited until/);
    assert.ok(problem.actions.includes('retry'));
  });

  it('saves its outputs cut to N rows (axiom.notebook.saveOutputs), and opens them again with the cut said', async () => {
    await vscode.workspace
      .getConfiguration('axiom')
      .update('notebook.saveOutputs', 2, vscode.ConfigurationTarget.Global);
    const notebook = await openNotebook([
      { kind: 'markdown', source: 'Why' },
      { kind: 'apl', source: "['http-logs'] | take 3" },
    ]);
    await runCells(notebook, 1);
    await waitFor('the output', () => item(notebook.cellAt(1), RESULT_MIME));
    assert.ok(await notebook.save(), 'saved');
    const file = JSON.parse(fs.readFileSync(notebook.uri.fsPath, 'utf8')) as {
      cells: {
        kind: string;
        source: string;
        outputs?: { result: { tables: { rows: unknown[][]; totalRows?: number }[] } }[];
      }[];
    };
    assert.deepEqual(
      file.cells.map((c) => c.kind),
      ['markdown', 'apl'],
    );
    const saved = file.cells[1].outputs?.[0].result.tables[0];
    assert.equal(saved?.rows.length, 2);
    assert.equal(saved?.totalRows, 3);
    await closeAllEditors();
    // A colleague opens it (a copy of the file: VS Code keeps the document it had open in memory):
    // the same story, with the rows that were kept.
    const copy = path.join(dir, 'colleague.axiom-notebook');
    fs.copyFileSync(notebook.uri.fsPath, copy);
    const reopened = await vscode.workspace.openNotebookDocument(vscode.Uri.file(copy));
    await vscode.window.showNotebookDocument(reopened);
    const result = json<SavedResult>(item(reopened.cellAt(1), RESULT_MIME));
    assert.equal(result.tables[0].rowCount, 2);
    assert.deepEqual(result.totalRows, [3]);
    assert.deepEqual(result.tables[0].columns[1], [200, null]);
  });

  it('exports to Markdown: the query as an axiom-apl fence, the result as a table', async () => {
    const notebook = await openNotebook([
      { kind: 'markdown', source: '# Incident' },
      { kind: 'apl', source: "['http-logs'] | take 3" },
    ]);
    await runCells(notebook, 1);
    await waitFor('the output', () => item(notebook.cellAt(1), RESULT_MIME));
    const target = vscode.Uri.file(path.join(dir, 'incident.md'));
    const { notebooks } = await activateExtension();
    assert.equal((await notebooks.exportMarkdown(notebook.uri, target))?.toString(), target.toString());
    const markdown = fs.readFileSync(target.fsPath, 'utf8');
    assert.match(markdown, /^# Incident\n\n```axiom-apl\n\['http-logs'\] \| take 3\n```\n\n\| \\_time \| status \|/);
    assert.match(markdown, /^\| 2026\\-01\\-01T00\\:00\\:03Z \| 200 \| 1\\\.5 \| true \| GET \|/m);
  });

  it('Export CSV from an output writes the output’s table', async () => {
    const notebook = await openNotebook([{ kind: 'apl', source: "['http-logs'] | take 3" }]);
    await runCells(notebook, 0);
    await waitFor('the output', () => item(notebook.cellAt(0), RESULT_MIME));
    const output = notebook.cellAt(0).outputs[0];
    const id = (output.metadata as { axiomOutputId?: string }).axiomOutputId;
    assert.ok(id, 'the output has an id the renderer names it by');
    const target = vscode.Uri.file(path.join(dir, 'out.csv'));
    const { notebooks } = await activateExtension();
    await notebooks
      .kernel()
      .controller.receive(notebook, { type: 'export', output: id, format: 'csv', table: 0 }, target);
    const csv = fs.readFileSync(target.fsPath, 'utf8').split('\r\n');
    assert.equal(csv[0], '_time,status,duration,ok,method,attrs,tags');
    assert.equal(csv.length, 5, 'header, three rows, and the last line break');
  });

  it('an output’s link to a place in code opens the workspace file there; a place outside the folders opens nothing', async function () {
    const folder = vscode.workspace.workspaceFolders?.[0];
    // The desktop runner opens no folder: nothing to open code in.
    if (!folder) this.skip();
    const root = path.join(folder.uri.fsPath, 'axiom-notebook-places');
    fs.mkdirSync(path.join(root, 'src'), { recursive: true });
    fs.writeFileSync(path.join(root, 'src', 'notebookPlace.ts'), 'line one\nline two\n');
    try {
      const notebook = await openNotebook([{ kind: 'apl', source: "['http-logs'] | take 3" }]);
      const { controller } = (await activateExtension()).notebooks.kernel();
      // What the renderer posts, as another process sends it: read as data on receipt.
      await controller.receive(notebook, {
        type: 'openCodePlace',
        place: { path: '/srv/app/src/notebookPlace.ts', line: 2, column: 3, extra: 'ignored' },
      });
      const editor = await waitFor('the file to open', () =>
        vscode.window.activeTextEditor?.document.uri.fsPath.endsWith(path.join('src', 'notebookPlace.ts'))
          ? vscode.window.activeTextEditor
          : undefined,
      );
      assert.deepEqual([editor.selection.active.line, editor.selection.active.character], [1, 2]);
      await closeAllEditors();
      for (const place of [{ path: '/app/../../etc/passwd', line: 1 }, { path: '/etc/passwd', line: 1 }, 'x.ts:1'])
        assert.equal(await controller.receive(notebook, { type: 'openCodePlace', place }), undefined);
      assert.ok(vscode.workspace.textDocuments.every((d) => d.uri.fsPath !== '/etc/passwd'));
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it('completion in a notebook cell offers the dataset’s fields', async () => {
    const notebook = await openNotebook([{ kind: 'apl', source: "['http-logs']\n| where " }]);
    const cell = notebook.cellAt(0);
    const items = await waitFor('the dataset’s fields', async () => {
      const list = await vscode.commands.executeCommand<vscode.CompletionList>(
        'vscode.executeCompletionItemProvider',
        cell.document.uri,
        new vscode.Position(1, 8),
      );
      return list.items.some((i) => (typeof i.label === 'string' ? i.label : i.label.label) === 'geo.city')
        ? list.items
        : undefined;
    });
    assert.ok(items.length > 1);
  });
});
