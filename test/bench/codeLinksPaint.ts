// The cost of code links in the results panel (bench.ts, part "code-links"): 100,000 rows × 12
// whose stack traces and code.* attributes name places in code, shown by the panel as it ships
// (links found for the cells drawn, and only those) beside the same panel built without links (the
// same source, `codeLinks: false`), alternated in the same run, in headless chromium: the first
// paint from the result's message (and when its links, found when the page is idle, were drawn),
// then the table's own work per frame while paging through the rows. Target: ≤ 1.1× the table
// without links. Run by bench.ts as its own process (it drives a
// browser): node out/test/bench/codeLinksPaint.mjs <runs> prints AXIOM_BENCH {figures}.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as esbuild from 'esbuild';
import type { Page } from 'playwright-core';
import { projectRoot } from '../harness/codeServer.mjs';
import { openPanel, type PanelPage } from '../webview/panelPage';
import type { CodeLinksFigures } from './codeLinksFigures';

const ROWS = 100_000;
const FRAMES = 120;

/** The results panel's script built from its source, with or without code links, into a new folder. */
async function buildPanel(links: boolean): Promise<string> {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), `axiom-code-links-${links ? 'on' : 'off'}-`));
  const main = path.join(projectRoot, 'src/webview/results/main.ts');
  await esbuild.build({
    absWorkingDir: projectRoot,
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: ['es2022'],
    minify: true,
    entryPoints: { results: main },
    outdir: path.join(dist, 'webview'),
    logLevel: 'warning',
    plugins: [
      {
        name: 'code-links',
        setup(build) {
          build.onLoad({ filter: /results[/\\]main\.ts$/ }, (args) => {
            const source = fs.readFileSync(args.path, 'utf8');
            if (!source.includes('{ codeLinks: true }'))
              throw new Error('main.ts no longer sets codeLinks as expected');
            return {
              contents: links ? source : source.replace('{ codeLinks: true }', '{ codeLinks: false }'),
              loader: 'ts',
            };
          });
        },
      },
    ],
  });
  return dist;
}

/** Inside the page: the result's message, made there (100,000 rows never cross the wire). */
const RESULT_SOURCE = `(() => {
  const rows = ${ROWS};
  const col = (f) => { const a = new Array(rows); for (let i = 0; i < rows; i++) a[i] = f(i); return a; };
  const base = Date.parse('2026-03-04T00:00:00Z');
  const stack = (i) => 'TypeError: Cannot read properties of undefined (reading \\'id\\')\\n' +
    '    at loadOrder (/app/src/orders/load' + (i % 40) + '.ts:' + (10 + (i % 90)) + ':7)\\n' +
    '    at handle (/app/src/http/router.ts:' + (i % 300) + ':3)\\n    at process (node:internal/process:1:1)';
  const fields = [
    { name: '_time', type: 'string' }, { name: 'level', type: 'string' }, { name: 'service', type: 'string' },
    { name: 'message', type: 'string' }, { name: 'exception.stacktrace', type: 'string' },
    { name: 'code.filepath', type: 'string' }, { name: 'code.lineno', type: 'integer' }, { name: 'host', type: 'string' },
    { name: 'status', type: 'integer' }, { name: 'ms', type: 'float' }, { name: 'user', type: 'string' }, { name: 'trace_id', type: 'string' },
  ];
  const columns = [
    col((i) => new Date(base + i * 1000).toISOString()), col((i) => (i % 7 ? 'info' : 'error')), col((i) => 'svc-' + (i % 5)),
    col((i) => 'order ' + i + ' failed'), col((i) => (i % 2 ? stack(i) : null)),
    col((i) => '/app/src/orders/load' + (i % 40) + '.ts'), col((i) => 10 + (i % 90)), col((i) => 'web-' + (i % 6)),
    col((i) => (i % 9 ? 200 : 500)), col((i) => (i * 37) % 1000 / 10), col((i) => 'user_' + (i % 800)), col((i) => (i * 7919).toString(16)),
  ];
  return { type: 'results', result: { runId: 1, query: 'errors', rangeLabel: 'Last hour',
    tables: [{ name: '0', fields, columns, rowCount: rows }],
    status: { elapsedMs: 1, rowsExamined: rows, rowsMatched: rows, isPartial: false, messages: [] } } };
})()`;

/** One run in a panel: the first paint of a fresh result (its runId), then paging through rows. */
async function runOnce(
  page: Page,
  runId: number,
): Promise<{ paint: number; linked: number; page: number; idle: number; links: number; rows: number }> {
  return page.evaluate(
    async ({ source, runId, frames }) => {
      // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the result is made in the page, from source
      const make = new Function(`return ${source}`) as () => { result: { runId: number } };
      const message = make();
      message.result.runId = runId;
      const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
      await frame();
      const started = performance.now();
      window.dispatchEvent(new MessageEvent('message', { data: message }));
      await frame();
      const paint = performance.now() - started;
      // The first paint's links follow it when the page is idle: the grid is aria-busy until then.
      const grid = document.querySelector('.grid') as HTMLElement;
      // Watched, not polled: a loop of timers would keep the page from ever being idle.
      if (grid.hasAttribute('aria-busy'))
        await new Promise<void>((resolve) => {
          const watch = new MutationObserver(() => {
            if (grid.hasAttribute('aria-busy')) return;
            watch.disconnect();
            resolve();
          });
          watch.observe(grid, { attributes: true, attributeFilter: ['aria-busy'] });
        });
      const linked = performance.now() - started;
      const links = document.querySelectorAll('.code-place-link').length;
      const request = window.requestAnimationFrame.bind(window);
      const work: number[] = [];
      window.requestAnimationFrame = (callback) =>
        request((time) => {
          const s = performance.now();
          callback(time);
          work.push(performance.now() - s);
        });
      // The links of the rows drawn are found when the browser is idle: that work is counted too.
      const whenIdle = window.requestIdleCallback.bind(window);
      let idle = 0;
      window.requestIdleCallback = (callback) =>
        whenIdle((deadline) => {
          const s = performance.now();
          callback(deadline);
          idle += performance.now() - s;
        });
      for (let i = 0; i < frames; i++) {
        grid.scrollTop += grid.clientHeight;
        await new Promise((resolve) => request(resolve));
      }
      // What was left to link once the paging stopped.
      await new Promise((resolve) => setTimeout(resolve, 200));
      window.requestAnimationFrame = request;
      window.requestIdleCallback = whenIdle;
      const sorted = work.sort((a, b) => a - b);
      return {
        paint,
        linked,
        page: sorted[Math.floor(sorted.length / 2)] ?? 0,
        idle: idle / frames,
        links,
        rows: document.querySelectorAll('.grid-row').length,
      };
    },
    { source: RESULT_SOURCE, runId, frames: FRAMES },
  );
}

async function codeLinksFigures(runs: number): Promise<CodeLinksFigures> {
  const [linkedDist, plainDist] = await Promise.all([buildPanel(true), buildPanel(false)]);
  const opened: PanelPage[] = [];
  try {
    const linked = await openPanel({ dist: linkedDist });
    opened.push(linked);
    const plain = await openPanel({ dist: plainDist });
    opened.push(plain);
    const figures: CodeLinksFigures = {
      paintLinked: [],
      paintPlain: [],
      linkedAfter: [],
      pageLinked: [],
      pagePlain: [],
      idleLinked: [],
      links: 0,
      rowElements: 0,
    };
    for (let i = 0; i <= runs; i++) {
      // Alternated, the first pair a warm-up.
      const order = i % 2 ? [plain, linked] : [linked, plain];
      for (const panel of order) {
        const run = await runOnce(panel.page, i + 2);
        if (i === 0) continue;
        if (panel === linked) {
          figures.paintLinked.push(run.paint);
          figures.linkedAfter.push(run.linked);
          figures.pageLinked.push(run.page);
          figures.idleLinked.push(run.idle);
          figures.links = run.links;
          figures.rowElements = run.rows;
        } else {
          figures.paintPlain.push(run.paint);
          figures.pagePlain.push(run.page);
        }
      }
    }
    return figures;
  } finally {
    // A page that crashed is closed already: its closing must not hide why.
    for (const panel of opened) await panel.close().catch(() => undefined);
    for (const dist of [linkedDist, plainDist]) fs.rmSync(dist, { recursive: true, force: true });
  }
}

const [runs] = process.argv.slice(2);
console.log(`AXIOM_BENCH ${JSON.stringify(await codeLinksFigures(Number(runs) || 9))}`);
