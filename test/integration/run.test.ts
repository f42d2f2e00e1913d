// Running APL from the editor inside a real VS Code: what is sent, what the panel gets, where a
// compile error lands, cancelling, the time range and export.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as vscode from 'vscode';
import type { FakeAxiom } from '../support/fakeAxiom';
import { compileErrorBody, hugeTabular, TIME_SERIES, TYPED_TABULAR } from '../support/tabularFixtures';
import { activateExtension, useRunningFake, waitFor, sentQueryBodies } from './helpers';

async function aplEditor(text: string): Promise<vscode.TextEditor> {
  const document = await vscode.workspace.openTextDocument({ content: text, language: 'axiom-apl' });
  return vscode.window.showTextDocument(document);
}

const TWO_QUERIES = "['logs']\n| count\n\n// errors\n['logs']\n| where status >= 500\n| take 10\n";

describe('Run Query', () => {
  const suite = useRunningFake(() => TYPED_TABULAR);
  let fake: FakeAxiom;
  beforeEach(() => (fake = suite.fake));

  it('runs the query under the cursor over the last hour, and the panel gets the rows', async () => {
    const editor = await aplEditor(TWO_QUERIES);
    editor.selection = new vscode.Selection(5, 3, 5, 3);
    const { run: results } = await activateExtension();
    const result = await vscode.commands.executeCommand<unknown>('axiom.runQuery');
    assert.ok(result, 'the run has a result');
    const [body] = sentQueryBodies(fake);
    assert.equal(body.apl, "// errors\n['logs']\n| where status >= 500\n| take 10");
    assert.equal(body.startTime, 'now-1h');
    assert.equal(body.endTime, 'now');
    const panel = results.panels.at(-1)!;
    assert.equal(panel.panel.title, `Results: ${editor.document.uri.path.split('/').pop()}`, 'named by its document');
    // The page's script ran under its Content-Security-Policy and asked for what to show.
    await waitFor('the page to say it is ready', () => results.traffic(panel).received.includes('ready'));
    assert.equal(panel.result?.tables[0].rowCount, TYPED_TABULAR.tables[0].columns[0].length);
  });

  it('one sign of progress per run: the panel’s (its range and Stop), no notification beside it', async () => {
    const editor = await aplEditor("['logs']\n| count");
    const { run: results } = await activateExtension();
    const shown: string[] = [];
    const original = vscode.window.withProgress;
    vscode.window.withProgress = (options, task) => {
      if (options.location === vscode.ProgressLocation.Notification) shown.push(String(options.title));
      return original(options, task);
    };
    try {
      // The watch sees the extension's notifications (Test Connection shows one as it goes)…
      void vscode.commands.executeCommand('axiom.testConnection');
      await waitFor('Test Connection’s progress notification', () => shown.length > 0);
      shown.length = 0;
      // …and a run shows none.
      const result = await vscode.commands.executeCommand<unknown>('axiom.runQuery');
      assert.ok(result, 'the run has a result');
    } finally {
      vscode.window.withProgress = original;
      await vscode.commands.executeCommand('notifications.clearAll');
    }
    assert.deepEqual(shown, [], 'no progress notification');
    const panel = results.panels.find((p) => p.documentUri === editor.document.uri.toString())!;
    assert.ok(panel.result, 'the panel, the one place the run showed, has its result');
  });

  it('a file whose name holds % runs, its panel named after it', async () => {
    const file = path.join(os.tmpdir(), `errors over 5% ${process.pid}.apl`);
    fs.writeFileSync(file, "['logs'] | count");
    try {
      await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(vscode.Uri.file(file)));
      const { run: results } = await activateExtension();
      assert.ok(await vscode.commands.executeCommand('axiom.runQuery'));
      assert.equal(results.panels.at(-1)!.panel.title, `Results: ${path.basename(file)}`);
    } finally {
      fs.rmSync(file, { force: true });
    }
  });

  it('runs the selection when there is one, and reuses the document’s panel', async () => {
    const editor = await aplEditor(TWO_QUERIES);
    const { run: results } = await activateExtension();
    await vscode.commands.executeCommand('axiom.runQuery');
    editor.selection = new vscode.Selection(0, 0, 1, 7);
    await vscode.commands.executeCommand('axiom.runQuery');
    assert.equal(sentQueryBodies(fake).at(-1)!.apl, "['logs']\n| count");
    assert.equal(results.panels.length, 1, 'one panel for the document');
  });

  it('a compile error of a query in the middle of a file is underlined where it is, and clears on an edit', async () => {
    // The service counts from 1: line 2, column 3 of the query sent is "wher".
    fake.aplAnswer = () => ({ status: 400, body: compileErrorBody(2, 3, 'unknown operator "wher"') });
    const editor = await aplEditor("['a'] | count\n\n['logs']\n| wher status >= 500\n\n['b'] | count");
    editor.selection = new vscode.Selection(3, 4, 3, 4);
    await vscode.commands.executeCommand('axiom.runQuery');
    const diagnostics = await waitFor('the compile error', () => {
      const found = vscode.languages.getDiagnostics(editor.document.uri).filter((d) => d.source === 'Axiom');
      return found.length ? found : undefined;
    });
    assert.equal(diagnostics[0].range.start.line, 3);
    assert.equal(diagnostics[0].range.start.character, 2);
    assert.equal(editor.document.getText(diagnostics[0].range), 'wher');
    assert.match(diagnostics[0].message, /unknown operator/);
    await editor.edit((edit) => edit.insert(new vscode.Position(3, 6), 'e'));
    await waitFor('the compile error to clear', () =>
      vscode.languages.getDiagnostics(editor.document.uri).every((d) => d.source !== 'Axiom'),
    );
  });

  it('a compile error where the local checks also found one is listed once, in the service’s words; an edit brings the local one back', async () => {
    fake.aplAnswer = () => ({ status: 400, body: compileErrorBody(2, 15, 'expected an expression after ==') });
    const editor = await aplEditor("['logs']\n| where status ==");
    const errorsOnLine = () =>
      vscode.languages
        .getDiagnostics(editor.document.uri)
        .filter((d) => d.severity === vscode.DiagnosticSeverity.Error && d.range.start.line === 1);
    await waitFor('the local check’s error', () => errorsOnLine().some((d) => d.source === 'Axiom APL'));
    editor.selection = new vscode.Selection(1, 4, 1, 4);
    await vscode.commands.executeCommand('axiom.runQuery');
    await waitFor('one error, the service’s', () => {
      const errors = errorsOnLine();
      return errors.length === 1 && errors[0].source === 'Axiom';
    });
    await editor.edit((edit) => edit.insert(new vscode.Position(1, 16), ' '));
    await waitFor('the service’s error cleared by the edit', () => errorsOnLine().every((d) => d.source !== 'Axiom'));
    await waitFor('the local checks’ errors back', () => {
      const errors = errorsOnLine();
      return errors.length > 0 && errors.every((d) => d.source === 'Axiom APL');
    });
  });

  it('an untitled query closed and a new one given its name: the new one gets a panel of its own, beside it', async () => {
    const { run: results } = await activateExtension();
    const before = results.panels.length;
    const first = await vscode.workspace.openTextDocument({ language: 'axiom-apl', content: "['logs'] | count" });
    await vscode.window.showTextDocument(first);
    await vscode.commands.executeCommand('axiom.runQuery');
    await waitFor('the first panel', () => results.panels.length === before + 1);
    const name = first.uri.toString();
    await vscode.window.showTextDocument(first);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    await waitFor('the untitled query closed', () => first.isClosed);
    const second = await vscode.workspace.openTextDocument({ language: 'axiom-apl', content: "['logs'] | take 1" });
    const editor = await vscode.window.showTextDocument(second);
    await vscode.commands.executeCommand('axiom.runQuery');
    await waitFor('a second panel', () => results.panels.length === before + 2);
    assert.equal(second.uri.toString(), name, 'VS Code gave the new query the closed one’s name');
    assert.ok(vscode.window.visibleTextEditors.includes(editor), 'the query stays in sight beside its results');
  });

  it('with the cursor between two queries nothing is sent (the whole file would not compile)', async () => {
    const editor = await aplEditor(TWO_QUERIES);
    editor.selection = new vscode.Selection(2, 0, 2, 0);
    assert.equal(await vscode.commands.executeCommand('axiom.runQuery'), undefined);
    assert.equal(fake.requestsTo('POST /v1/datasets/_apl').length, 0);
  });

  it('a monitor’s query runs from its row, in a tab of its own beside the results', async () => {
    const monitor = {
      id: 'mon_run',
      name: 'Checkout errors',
      type: 'Threshold',
      aplQuery: "['http-logs'] | where status >= 500 | count",
    };
    const { run: results } = await activateExtension();
    const result = await vscode.commands.executeCommand<unknown>('axiom.runMonitorQuery', monitor);
    assert.ok(result);
    assert.equal(sentQueryBodies(fake).at(-1)!.apl, monitor.aplQuery);
    assert.equal(results.panels.length, 1);
    // Asked of the editors shown, not of the active one: which editor holds the focus after the panel
    // opened beside it depends on what the files before this one left open.
    const shown = vscode.window.visibleTextEditors.find(
      (editor) => editor.document.uri.toString() === results.panels[0].documentUri,
    );
    assert.equal(shown?.document.getText(), monitor.aplQuery, 'the query is open in an editor');
  });

  it('the CodeLens above each query runs that query, also after an edit above it moved it', async () => {
    const editor = await aplEditor(TWO_QUERIES);
    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>(
      'vscode.executeCodeLensProvider',
      editor.document.uri,
    );
    const ours = lenses.filter((lens) => lens.command?.command === 'axiom.runQuery');
    assert.equal(ours.length, 2, 'one lens per query');
    await editor.edit((edit) => edit.insert(new vscode.Position(0, 0), '// a note\n'));
    await vscode.commands.executeCommand('axiom.runQuery', ...((ours[1].command!.arguments ?? []) as unknown[]));
    assert.equal(sentQueryBodies(fake).at(-1)!.apl, "// errors\n['logs']\n| where status >= 500\n| take 10");
  });

  it('a failed run keeps the results shown before it', async () => {
    await aplEditor("['logs'] | count");
    const { run: results } = await activateExtension();
    await vscode.commands.executeCommand('axiom.runQuery');
    const panel = results.panels.at(-1)!;
    const before = panel.result;
    fake.aplAnswer = () => ({ status: 400, body: compileErrorBody(1, 1, 'broken') });
    await vscode.commands.executeCommand('axiom.runQuery');
    assert.equal(panel.result, before);
  });

  it('cancelling aborts the request at the service', async () => {
    fake.fail('POST /v1/datasets/_apl', { delayMs: 5000, times: 1 });
    await aplEditor("['logs'] | count");
    const { runner, run: results } = await activateExtension();
    const running = vscode.commands.executeCommand<unknown>('axiom.runQuery');
    await waitFor('the request to reach the service', () => fake.requestsTo('POST /v1/datasets/_apl').length === 1);
    runner.cancel(results.panels.at(-1)!);
    assert.equal(await running, undefined);
    await waitFor('the service to see the request abandoned', () =>
      fake.abandoned.some((r) => r.path.startsWith('/v1/datasets/_apl')),
    );
  });

  it('a run replaced by a newer one in the same panel changes nothing when it ends', async () => {
    fake.fail('POST /v1/datasets/_apl', { delayMs: 3000, times: 1 });
    await aplEditor("['logs'] | count");
    const { run: results } = await activateExtension();
    const first = vscode.commands.executeCommand<unknown>('axiom.runQuery');
    await waitFor('the first request at the service', () => fake.requestsTo('POST /v1/datasets/_apl').length === 1);
    const second = await vscode.commands.executeCommand<{ runId: number } | undefined>('axiom.runQuery');
    assert.ok(second);
    assert.equal(await first, undefined);
    assert.equal(results.panels.length, 1);
    assert.equal(results.panels[0].result?.runId, second.runId, 'the panel shows the newer run');
  });

  it('closing the panel while its query runs stops the request and fails nothing', async () => {
    fake.fail('POST /v1/datasets/_apl', { delayMs: 5000, times: 1 });
    await aplEditor("['logs'] | count");
    const { run: results } = await activateExtension();
    const running = vscode.commands.executeCommand<unknown>('axiom.runQuery');
    await waitFor('the request at the service', () => fake.requestsTo('POST /v1/datasets/_apl').length === 1);
    results.panels[0].dispose();
    assert.equal(await running, undefined);
    await waitFor('the service to see the request abandoned', () => fake.abandoned.length === 1);
  });

  it('Re-run in a pinned panel runs there, and the next run from the editor opens another', async () => {
    await aplEditor("['logs'] | count");
    const { runner, run: results } = await activateExtension();
    await vscode.commands.executeCommand('axiom.runQuery');
    const pinned = results.panels[0];
    pinned.setPinned(true);
    runner.rerun(pinned);
    await waitFor(
      'the re-run',
      () => fake.requestsTo('POST /v1/datasets/_apl').length === 2 && pinned.result?.runId !== undefined,
    );
    assert.equal(results.panels.length, 1, 're-run stayed in the pinned panel');
    await vscode.window.showTextDocument(vscode.window.visibleTextEditors[0].document);
    await vscode.commands.executeCommand('axiom.runQuery');
    assert.equal(results.panels.length, 2, 'a new panel for the next run');
  });

  it('the time range chosen is what is sent', async () => {
    await aplEditor("['logs'] | count");
    const { runner } = await activateExtension();
    await runner.timeRange.set({ kind: 'preset', preset: '7d' });
    try {
      await vscode.commands.executeCommand('axiom.runQuery');
      assert.equal(sentQueryBodies(fake).at(-1)!.startTime, 'now-7d');
    } finally {
      await runner.timeRange.set({ kind: 'preset', preset: '1h' });
    }
  });

  it('exports a table as CSV', async () => {
    fake.aplAnswer = () => ({ body: TIME_SERIES });
    await aplEditor("['logs'] | summarize count() by bin(_time, 1m)");
    const { runner, run: results } = await activateExtension();
    await vscode.commands.executeCommand('axiom.runQuery');
    const target = vscode.Uri.file(path.join(os.tmpdir(), `axiom-export-${process.pid}.csv`));
    const written = await runner.export(results.panels.at(-1)!, 'csv', 0, target);
    assert.ok(written);
    const lines = fs.readFileSync(target.fsPath, 'utf8').trim().split(/\r?\n/);
    assert.equal(lines.length, TIME_SERIES.tables[0].columns[0].length + 1, 'a header and every row');
    fs.rmSync(target.fsPath);
  });

  it('a large answer: its first rows go to the panel before the whole is read, then the rest, and the panel holds all of it', async () => {
    await aplEditor("['big'] | take 20000");
    const { run: results } = await activateExtension();
    // A first run makes the document's panel and its page.
    await vscode.commands.executeCommand('axiom.runQuery');
    const panel = results.panels.at(-1)!;
    await waitFor('the page to say it is ready', () => results.traffic(panel).received.includes('ready'));
    fake.aplAnswer = () => ({ body: hugeTabular(20_000, 12) });
    const before = results.traffic(panel).sent.length;
    await vscode.commands.executeCommand('axiom.runQuery');
    assert.equal(results.panels.at(-1), panel, 'the same panel');
    assert.equal(panel.result?.tables[0].rowCount, 20_000);
    assert.equal(panel.result?.tables[0].columns[11].length, 20_000);
    // 19,800 rows after the first 200, at most 100,000 values (8,333 rows of 12) a message.
    await waitFor(
      'every row sent',
      () =>
        results
          .traffic(panel)
          .sent.slice(before)
          .filter((t) => t === 'rows').length === 3,
    );
    // One first message (the rows read ahead), never a second for the whole result, then the rest
    // (the chart's annotations come in a message of their own, whenever they are read).
    assert.deepEqual(
      results
        .traffic(panel)
        .sent.slice(before)
        .filter((t) => t !== 'remember' && t !== 'annotations'),
      ['running', 'results:ahead', 'rows', 'rows', 'rows'],
    );
  });

  it('keeps at most a set amount of results: older unpinned panels let their rows go, and Re-run brings them back', async () => {
    fake.aplAnswer = () => ({ body: hugeTabular(1000, 4) });
    const { runner, run: results } = await activateExtension();
    const kept = results.budget.keptCells;
    results.budget.keptCells = 13_000; // three results of 1,000 × 4 fit, four do not
    try {
      const panels: (typeof results.panels)[number][] = [];
      for (const name of ['a', 'b', 'c']) {
        await aplEditor(`['${name}'] | take 1000`);
        await vscode.commands.executeCommand('axiom.runQuery');
        panels.push(results.panels.at(-1)!);
        if (name === 'a') panels[0].setPinned(true);
      }
      assert.deepEqual(
        panels.map((p) => p.result?.tables[0].rowCount),
        [1000, 1000, 1000],
        'a pinned panel keeps its rows',
      );
      await aplEditor("['d'] | take 1000");
      await vscode.commands.executeCommand('axiom.runQuery');
      panels.push(results.panels.at(-1)!);
      assert.deepEqual(
        panels.map((p) => p.result?.tables[0].rowCount),
        [1000, undefined, 1000, 1000],
        'the oldest unpinned panel let its rows go',
      );
      // Re-run (the page's button sends this) runs its query again in the same panel; the next oldest goes.
      runner.rerun(panels[1]);
      await waitFor('the re-run', () => panels[1].result !== undefined);
      assert.equal(sentQueryBodies(fake).at(-1)!.apl, "['b'] | take 1000");
      assert.deepEqual(
        panels.map((p) => p.result?.tables[0].rowCount),
        [1000, 1000, undefined, 1000],
      );
      // A closed panel holds nothing.
      panels[3].dispose();
      assert.equal(panels[3].result, undefined);
    } finally {
      results.budget.keptCells = kept;
    }
  });
});
