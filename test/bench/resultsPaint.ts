// The results panel's speed, in headless chromium, on the minified bundle the .vsix ships:
//   a 100,000 × 12 result: message body → JSON.parse → first rows painted  vs JSON.parse alone
//   the bundle's size, plain and gzipped
//   scrolling: frame intervals and the table's own work per frame
//   sorting and finding in 100,000 × 12
// Not a test: it asserts nothing and prints a table. Run: npm run bench:results
// (AXIOM_BENCH_QUICK=1 runs fewer repetitions).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
// @ts-expect-error: a plain JavaScript module shared with the test runner
import { projectRoot } from '../harness/codeServer.mjs';
import { makeResultsSource, openPanel } from '../webview/panelPage';

const ROWS = 100_000;
const quick = process.env.AXIOM_BENCH_QUICK === '1';
const RUNS = quick ? 3 : 9;
const log = (...a: unknown[]) => console.error('[bench]', ...a);

const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];
const pct = (v: number[], p: number) => [...v].sort((a, b) => a - b)[Math.min(v.length - 1, Math.floor(v.length * p))];
const ms = (v: number) => (v < 10 ? `${v.toFixed(2)} ms` : `${v.toFixed(1)} ms`);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'axiom-results-bench-'));
log('building the production bundle');
execFileSync(process.execPath, ['esbuild.mjs', '--production'], { cwd: projectRoot as string, env: { ...process.env, AXIOM_DIST: dist }, stdio: 'inherit' });
const size = (file: string) => {
  const bytes = fs.readFileSync(path.join(dist, 'webview', file));
  return { plain: bytes.length, gz: zlib.gzipSync(bytes, { level: 9 }).length };
};
const js = size('results.js');
const css = size('results.css');

const panel = await openPanel({ dist });
const { page } = panel;
try {
  log('paint of 100,000 × 12,', RUNS, 'runs each');
  // The result is made inside the page, as the test does: an expression evaluated by the driver.
  await page.evaluate(`window.__benchResult = ${makeResultsSource(ROWS)}`);
  const paint = await page.evaluate(
    async (runs) => {
      const body = JSON.stringify((window as unknown as { __benchResult: unknown }).__benchResult);
      const afterPaint = () =>
        new Promise<number>((resolve) =>
          requestAnimationFrame(() => {
            const channel = new MessageChannel();
            channel.port1.onmessage = () => resolve(performance.now());
            channel.port2.postMessage(0);
          }),
        );
      const parse: number[] = [];
      const ours: number[] = [];
      const oursParse: number[] = [];
      const oursDispatch: number[] = [];
      const painted: boolean[] = [];
      await afterPaint();
      for (let i = 0; i < runs; i++) {
        let t0 = performance.now();
        JSON.parse(body);
        parse.push(performance.now() - t0);
        await afterPaint();
        t0 = performance.now();
        const message = JSON.parse(body);
        oursParse.push(performance.now() - t0);
        const t1 = performance.now();
        window.dispatchEvent(new MessageEvent('message', { data: message }));
        oursDispatch.push(performance.now() - t1);
        ours.push((await afterPaint()) - t0);
        painted.push(document.querySelector('.grid-row[aria-rowindex="2"]:not([hidden])')?.textContent?.includes('2024-05-01T00:00:00') ?? false);
        await afterPaint();
      }
      return { parse, ours, oursParse, oursDispatch, painted, bodyBytes: body.length };
    },
    RUNS,
  );
  if (paint.painted.some((p) => !p)) throw new Error('the first rows were not painted');

  log('scrolling');
  const scroll = await page.evaluate(async (frames) => {
    const grid = document.querySelector('.grid') as HTMLElement;
    const work: number[] = [];
    const raf = window.requestAnimationFrame.bind(window);
    // Times every frame callback the panel asks for (the table paints its rows in one).
    window.requestAnimationFrame = (cb) =>
      raf((t) => {
        const s = performance.now();
        cb(t);
        work.push(performance.now() - s);
      });
    const run = async (step: number) => {
      work.length = 0;
      const intervals: number[] = [];
      grid.scrollTop = 0;
      await new Promise((r) => raf(() => raf(r)));
      let last = performance.now();
      for (let i = 0; i < frames; i++) {
        await new Promise<void>((resolve) =>
          raf(() => {
            grid.scrollTop += step;
            resolve();
          }),
        );
        const now = performance.now();
        intervals.push(now - last);
        last = now;
      }
      await new Promise((r) => raf(() => raf(r)));
      return { intervals, work: [...work], rows: document.querySelectorAll('.grid-row').length };
    };
    const page = grid.clientHeight;
    const smooth = await run(66);
    const jumps = await run(page);
    window.requestAnimationFrame = raf;
    return { smooth, jumps };
  }, quick ? 60 : 240);

  log('sort and find');
  const ops = await page.evaluate(async (runs) => {
    const header = document.querySelector('.grid-columnheader[aria-colindex="3"]') as HTMLElement;
    const sort: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      header.click(); // ascending
      sort.push(performance.now() - t0);
      header.click(); // descending
      header.click(); // none
    }
    const filter = document.querySelector('.filter') as HTMLInputElement;
    const find = (term: string) => {
      filter.value = term;
      const t0 = performance.now();
      filter.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter' }));
      return performance.now() - t0;
    };
    const first = find('needle');
    const again: number[] = [];
    for (let i = 0; i < runs; i++) again.push(find(i % 2 ? 'host-3' : 'needle'));
    const count = document.querySelector('.filter-count')?.textContent;
    find('');
    return { sort, first, again, count };
  }, RUNS);

  const rows: [string, string, string][] = [
    ['message → first rows painted, 100,000 × 12', ms(median(paint.ours)), `JSON.parse of the same body: ${ms(median(paint.parse))} (${(median(paint.ours) / median(paint.parse)).toFixed(2)}×)`],
    ['… of which JSON.parse', ms(median(paint.oursParse)), `body ${kb(paint.bodyBytes)}`],
    ['… of which the panel\'s script (check, model, first rows into the DOM)', ms(median(paint.oursDispatch)), 'the rest: style, layout, paint (and any GC)'],
    ['webview bundle (minified)', `${kb(js.plain)} (${kb(js.gz)} gz)`, `results.css ${kb(css.plain)} (${kb(css.gz)} gz)`],
    ['scrolling 3 rows a frame: frame interval', `median ${ms(median(scroll.smooth.intervals))}, p95 ${ms(pct(scroll.smooth.intervals, 0.95))}`, `table's work per frame: median ${ms(median(scroll.smooth.work))}, p95 ${ms(pct(scroll.smooth.work, 0.95))}`],
    ['scrolling a page a frame: frame interval', `median ${ms(median(scroll.jumps.intervals))}, p95 ${ms(pct(scroll.jumps.intervals, 0.95))}`, `table's work per frame: median ${ms(median(scroll.jumps.work))}, p95 ${ms(pct(scroll.jumps.work, 0.95))}; ${scroll.jumps.rows} row elements`],
    ['sort 100,000 rows by a float column', ms(median(ops.sort)), ''],
    ['find in 100,000 × 12, first term (makes the text)', ms(ops.first), `later terms: ${ms(median(ops.again))} (${ops.count})`],
  ];
  const violations = await page.evaluate(() => window.__violations);
  if (violations.length) throw new Error(`CSP violations: ${violations.join(', ')}`);
  const cpu = os.cpus();
  console.log(`Results panel, ${new Date().toISOString().slice(0, 10)}, ${cpu[0]?.model ?? 'cpu'} × ${cpu.length}, chromium ${page.context().browser()?.version() ?? ''}, medians of ${RUNS}\n`);
  console.log('| what | ours | beside |\n| --- | --- | --- |');
  for (const [what, ours, beside] of rows) console.log(`| ${what} | ${ours} | ${beside} |`);
} finally {
  await panel.close();
  fs.rmSync(dist, { recursive: true, force: true });
}
