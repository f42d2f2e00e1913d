// Traces inside a real VS Code, on the demo's data (shop-traces and http-logs): Open Trace from a
// result cell (the results panel's message, as its menu sends it), Slowest Traces from a Datasets
// view row (the service picked as a person would), and the agents' two trace tools through
// vscode.lm.invokeTool.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { TraceView } from '../../src/core/traces/traceProtocol';
import { loadDemo } from '../support/demo';
import { DEMO_SHOP_PLACES } from '../support/demoShop';
import { DEMO_TRACES_DATASET, demoFailingTraceId, demoTraceSpans } from '../support/demoTraces';
import type { FakeAxiom } from '../support/fakeAxiom';
import { activateExtension, closeAllEditors, connectedFake, sentQueryBodies, setSetting, waitFor } from './helpers';
import { invokeToolTextWhenAllowed } from './languageModelTools';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The trace a trace view shows, once it has read it. */
async function shownTrace(): Promise<TraceView> {
  const { traces } = await activateExtension();
  return waitFor('a trace view showing a trace', () => {
    for (const panel of traces.panels.values()) {
      const shown = panel.shown;
      if (shown?.type === 'trace' && panel.received.includes('ready')) return shown.trace;
    }
    return undefined;
  });
}

describe('Traces', () => {
  let fake: FakeAxiom;

  before(async () => {
    fake = await connectedFake();
    loadDemo(fake);
  });

  afterEach(async () => {
    const { traces, run } = await activateExtension();
    for (const panel of [...traces.panels.values()]) panel.dispose();
    for (const panel of [...run.panels]) panel.dispose();
    await closeAllEditors();
    fake.requests.length = 0;
  });

  after(async () => {
    await (await activateExtension()).run.timeRange().set({ kind: 'preset', preset: '1h' });
    await setSetting('url', undefined);
    await fake.stop();
  });

  it('a trace view VS Code brings back after a reload reads nothing until Load again, then the same trace over the same range', async () => {
    const { traces } = await activateExtension();
    const traceId = demoFailingTraceId(demoTraceSpans(Date.now()));
    const state = {
      dataset: DEMO_TRACES_DATASET,
      traceId,
      startTime: new Date(Date.now() - 2 * 86_400_000).toISOString(),
      endTime: new Date(Date.now() + 3_600_000).toISOString(),
    };
    const webviewPanel = vscode.window.createWebviewPanel('axiom.trace', 'Trace', vscode.ViewColumn.Beside);
    traces.restore(webviewPanel, state);
    const [restored] = [...traces.panels.values()];
    assert.ok(restored);
    assert.equal(restored.shown?.type, 'restored');
    await waitFor('the page ready', () => restored.received.includes('ready'));
    await pause(1500);
    assert.equal(sentQueryBodies(fake).length, 0, 'nothing read by itself');

    // Load again, as the page's button posts it: one query, over the range the view was read over.
    restored.receive({ type: 'loadAgain' });
    const trace = await shownTrace();
    assert.equal(trace.traceId, traceId);
    const bodies = sentQueryBodies(fake);
    assert.equal(bodies.length, 1);
    assert.ok(bodies[0].apl.includes('trace_id =='));
    assert.equal(bodies[0].startTime, state.startTime);
    assert.equal(bodies[0].endTime, state.endTime);
    restored.receive({ type: 'loadAgain' });
    await pause(500);
    assert.equal(sentQueryBodies(fake).length, 1, 'a second click reads nothing more');

    // What is not a trace view's state closes the panel, reading nothing.
    const stray = vscode.window.createWebviewPanel('axiom.trace', 'Trace', vscode.ViewColumn.Beside);
    let closed = false;
    stray.onDidDispose(() => (closed = true));
    traces.restore(stray, { spans: [] });
    assert.ok(closed);
    assert.equal(sentQueryBodies(fake).length, 1);
  });

  it('opens a failing trace from a server error’s trace id cell, read around the row’s time', async () => {
    const document = await vscode.workspace.openTextDocument({
      content: "['http-logs']\n| where status >= 500\n| take 20",
      language: 'axiom-apl',
    });
    await vscode.window.showTextDocument(document);
    const { run } = await activateExtension();
    await run.timeRange().set({ kind: 'preset', preset: '15m' });
    assert.ok(await vscode.commands.executeCommand('axiom.runQuery'));
    const panel = run.panels.at(-1)!;
    const table = panel.result!.tables[0];
    const column = (name: string) => table.columns[table.fields.findIndex((f) => f.name === name)];
    const traceId = String(column('trace_id')[0]);
    const seenAt = String(column('_time')[0]);
    fake.requests.length = 0;
    // What the cell's Open Trace sends (webview/shared/panel.ts), as the page would.
    panel.receive({ type: 'openTrace', traceId, seenAt });
    const trace = await shownTrace();
    assert.equal(trace.traceId, traceId);
    assert.equal(trace.dataset, DEMO_TRACES_DATASET, 'the one traces dataset, asked nothing');
    assert.deepEqual(trace.notes, [], 'found around the row’s time: no widening said');
    assert.ok(trace.errors > 0);
    const [query] = sentQueryBodies(fake).filter((b) => b.apl.includes('trace_id =='));
    assert.ok(Date.parse(query.startTime) < Date.parse(seenAt) && Date.parse(seenAt) < Date.parse(query.endTime));
    const thrower = trace.rows.find((r) => r.span?.error && r.span.events.length)?.span;
    assert.ok(
      [DEMO_SHOP_PLACES.paymentDeclined.deployedPath, DEMO_SHOP_PLACES.connectionReset.deployedPath].includes(
        String(thrower?.attributes['code.filepath']),
      ),
    );
    assert.equal(trace.rows.length, trace.rowCount, 'the view holds the whole trace');
  });

  it('reads an id from another extension as data: a bad one asks as the palette does', async () => {
    const asked: string[] = [];
    const original = vscode.window.showInputBox;
    vscode.window.showInputBox = (options) => {
      asked.push(options?.title ?? '');
      return Promise.resolve(undefined);
    };
    try {
      await vscode.commands.executeCommand('axiom.openTrace', { traceId: 'a\nb', dataset: 42 });
    } finally {
      vscode.window.showInputBox = original;
    }
    assert.deepEqual(asked, ['Open Trace']);
    assert.equal(sentQueryBodies(fake).length, 0, 'nothing was read');
  });

  it('Slowest Traces from a Datasets view row: a service picked, then the slowest trace opens', async () => {
    const picks: string[][] = [];
    const original = vscode.window.showQuickPick;
    const pick = (items: readonly vscode.QuickPickItem[]) => {
      picks.push(items.map((i) => i.label));
      return Promise.resolve(items.find((i) => i.label === 'checkout') ?? items[0]);
    };
    vscode.window.showQuickPick = pick as unknown as typeof vscode.window.showQuickPick;
    try {
      await (await activateExtension()).run.timeRange().set({ kind: 'preset', preset: '24h' });
      await vscode.commands.executeCommand('axiom.slowestTraces', {
        kind: 'dataset',
        dataset: { name: DEMO_TRACES_DATASET },
      });
    } finally {
      vscode.window.showQuickPick = original;
    }
    assert.deepEqual([...picks[0]].sort(), ['cart', 'checkout', 'payments']);
    assert.equal(picks[1][0], 'POST /checkout');
    const trace = await shownTrace();
    assert.ok(trace.durationMs >= 4000, `the slow checkout: ${trace.durationMs} ms`);
    assert.ok(trace.rows.some((r) => r.critical));
  });

  it('the agents’ tools: failing traces of a service, then one of them read whole as data', async function () {
    // The tools may wait for their share of the rate limit the whole suite has used (invokeToolTextWhenAllowed).
    this.timeout(120_000);
    const found = await invokeToolTextWhenAllowed('axiom_findTraces', {
      service: 'payments',
      search: 'failing',
      startTime: 'now-24h',
    });
    assert.match(found, /traces with a failing span of service "payments" in dataset "shop-traces"/);
    assert.match(found, /<axiom-data /);
    const first = /"trace_id":"([0-9a-f]+)".*"seenAt":"([^"]+)"/.exec(found);
    assert.ok(first, found);
    const trace = await invokeToolTextWhenAllowed('axiom_getTrace', { traceId: first[1], seenAt: first[2] });
    assert.match(trace, new RegExp(`Trace "${first[1]}" in dataset "shop-traces"`));
    assert.match(trace, /the spans in error, with their exceptions/);
    assert.match(trace, /\/app\/src\/(payments|cart)\.ts:\d+/);
  });
});
