// The trace view's speed (issue 50), on the production bundles, beside a baseline measured in the
// same run: a trace of 10,000 spans, from the answer's last byte to the waterfall drawn (the
// extension's side here — JSON.parse, readTabular, the spans read and the tree built, the page's
// first message made (the trace and its first rows; the rest follow, as the results panel's do) —
// then the page's reading and first frame of rows in headless chromium), beside the
// results panel drawing the same rows from the same answer (readTabular, its first message,
// firstPart, and its first frame of rows). Prints one AXIOM_BENCH line of figures for bench.ts.
// Not a test: it asserts nothing. Run through AXIOM_BENCH_ONLY=trace npm run bench.
import fs from 'node:fs';
import { readTabular } from '../../src/core/api/tabular';
import { firstPart } from '../../src/core/run/resultsDelivery';
import { FIRST_TRACE_ROWS, traceView } from '../../src/core/traces/traceProtocol';
import { readTrace } from '../../src/core/traces/traceQuery';
import { openPanel } from '../webview/panelPage';
import { buildProductionBundle, log, RUNS } from './paintBenchSetup';

export const TRACE_SPANS = 10_000;

/** A tabular answer of `count` spans of one trace, as Axiom stores OTel spans (flattened fields). */
function traceAnswer(count: number): string {
  const start = Date.parse('2026-03-01T12:00:00Z');
  const services = ['checkout', 'cart', 'payments', 'search', 'catalog'];
  const fields = [
    ['_time', 'datetime'],
    ['trace_id', 'string'],
    ['span_id', 'string'],
    ['parent_span_id', 'string'],
    ['name', 'string'],
    ['kind', 'string'],
    ['duration', 'timespan'],
    ['error', 'boolean'],
    ['status.code', 'string'],
    ['service.name', 'string'],
    ['attributes.http.route', 'string'],
    ['attributes.code.filepath', 'string'],
  ];
  // Each span's parent: one of the 50 before it (a bushy tree some 10 levels deep).
  const parent = (i: number) => (i === 0 ? '' : `s${Math.max(0, i - 1 - ((i * 7919) % 50))}`);
  const columns = [
    Array.from({ length: count }, (_, i) => new Date(start + i / 10).toISOString()),
    Array.from({ length: count }, () => '4bf92f3577b34da6a3ce929d0e0e4736'),
    Array.from({ length: count }, (_, i) => `s${i}`),
    Array.from({ length: count }, (_, i) => parent(i)),
    Array.from({ length: count }, (_, i) => `operation ${i % 300}`),
    Array.from({ length: count }, (_, i) => (i % 3 ? 'internal' : 'server')),
    Array.from({ length: count }, (_, i) => `${((i * 37) % 1000) / 10 + 0.5}ms`),
    Array.from({ length: count }, (_, i) => i % 97 === 0),
    Array.from({ length: count }, (_, i) => (i % 97 === 0 ? 'ERROR' : 'OK')),
    Array.from({ length: count }, (_, i) => services[i % services.length]),
    Array.from({ length: count }, (_, i) => `/route/${i % 40}`),
    Array.from({ length: count }, (_, i) => `/app/src/module${i % 30}.ts`),
  ];
  return JSON.stringify({
    status: { elapsedTime: 1234, rowsExamined: count, rowsMatched: count },
    tables: [{ name: '0', fields: fields.map(([name, type]) => ({ name, type })), columns }],
  });
}

/** In a page: hands it a message as VS Code does, and resolves after the frame that draws it, with what it shows. */
const DELIVER = `
window.__deliver = (json, selector) => new Promise((resolve) => {
  window.dispatchEvent(new MessageEvent('message', { data: JSON.parse(json) }));
  requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve(document.querySelectorAll(selector).length);
    channel.port2.postMessage(0);
  });
});`;

const dist = buildProductionBundle('trace');
const body = traceAnswer(TRACE_SPANS);
const trace = await openPanel({ dist, entry: 'trace' });
const results = await openPanel({ dist });
/** Each run's whole time for both, and the extension's side of it (before the page has the message). */
const figures = {
  trace: [] as number[],
  panel: [] as number[],
  traceHost: [] as number[],
  panelHost: [] as number[],
  drawn: 0,
};
type Deliver = (json: string, selector: string) => Promise<number>;
const deliver = (page: typeof trace.page, json: string, selector: string) =>
  page.evaluate(([j, s]) => (window as unknown as { __deliver: Deliver }).__deliver(j, s), [json, selector] as const);
try {
  for (const page of [trace.page, results.page]) await page.evaluate(DELIVER);
  log(`a trace of ${TRACE_SPANS} spans in the trace view and its rows in the results panel,`, RUNS, 'runs each');
  for (let i = 0; i < RUNS + 1; i++) {
    const keep = i > 0;
    // Alternate which goes first, so that drift hits both alike.
    const order = i % 2 ? ['panel', 'trace'] : ['trace', 'panel'];
    for (const which of order) {
      const t0 = performance.now();
      const answer = readTabular(JSON.parse(body));
      if (which === 'trace') {
        const read = readTrace(answer.tables[0]);
        const message = JSON.stringify({
          type: 'trace',
          trace: traceView(read.tree, { traceId: 'bench', dataset: 'shop-traces', notes: [] }, FIRST_TRACE_ROWS),
        });
        const host = performance.now() - t0;
        const drawn = await deliver(trace.page, message, '.span-row');
        if (drawn === 0) throw new Error('the trace view drew no row');
        figures.drawn = drawn;
        if (keep) {
          figures.trace.push(performance.now() - t0);
          figures.traceHost.push(host);
        }
      } else {
        const message = JSON.stringify({
          type: 'results',
          result: firstPart({
            runId: i + 1,
            query: 'trace',
            rangeLabel: 'Last hour',
            tables: answer.tables,
            status: answer.status,
          }),
        });
        const host = performance.now() - t0;
        const drawn = await deliver(results.page, message, '.grid-row[aria-rowindex="2"]:not([hidden])');
        if (drawn === 0) throw new Error('the results panel drew no row');
        if (keep) {
          figures.panel.push(performance.now() - t0);
          figures.panelHost.push(host);
        }
      }
    }
  }
} finally {
  await trace.close();
  await results.close();
  fs.rmSync(dist, { recursive: true, force: true });
}
console.log(`AXIOM_BENCH ${JSON.stringify(figures)}`);
