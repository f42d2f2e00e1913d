// The results panel's speed, in headless chromium, on the minified bundle the .vsix ships:
//   a 100,000 × 12 result, from the answer's last byte: the extension's side in this Node process
//   (the first rows read from the body's text by readTabularHead, their message as JSON), handed
//   to the page through the driver (another process, as VS Code hands it to a webview), first rows
//   painted                                           vs JSON.parse of the same body alone;
//   then every other row arriving, and the whole result in one message as it was sent before
//   the bundle's size, plain and gzipped
//   scrolling: frame intervals and the table's own work per frame
//   sorting and finding in 100,000 × 12
// Not a test: it asserts nothing and prints a table. Run: npm run bench:results
// (AXIOM_BENCH_QUICK=1 runs fewer repetitions).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import zlib from 'node:zlib';
import { FIRST_ROWS } from '../../src/core/firstRows';
import { firstPart, remainingRows } from '../../src/core/run/resultsDelivery';
import { readTabular } from '../../src/core/api/tabular';
import { readTabularHead } from '../../src/core/api/tabularHead';
import { answerBody, makeResultsSource, openPanel } from '../webview/panelPage';
import { buildProductionBundle, log, median, ms, ROWS, RUNS, QUICK } from './paintBenchSetup';

const pct = (v: number[], p: number) => [...v].sort((a, b) => a - b)[Math.min(v.length - 1, Math.floor(v.length * p))];
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

// Each timed run starts from a collected heap, so that none pays for the garbage of the one before.
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

const dist = buildProductionBundle('results');
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
  // The answer as the service would send it, made here from the data the webview test uses.
  // The rows are JavaScript source, made by the webview test's own maker.
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- running that source is the point
  const made = new Function(`return ${makeResultsSource(ROWS)}`) as () => Parameters<typeof answerBody>[0];
  const body = answerBody(made());
  // The page's side: a message (JSON, as VS Code carries it) read and dispatched to the panel, and
  // back when the next frame is painted. Returns the panel's own time on it and what is on screen.
  await page.evaluate(() => {
    const w = window as unknown as Record<string, unknown>;
    const afterPaint = () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => resolve();
          channel.port2.postMessage(0);
        }),
      );
    w.__deliver = async (json: string, paint: boolean) => {
      const data: unknown = JSON.parse(json);
      const s = performance.now();
      window.dispatchEvent(new MessageEvent('message', { data }));
      const script = performance.now() - s;
      if (paint) await afterPaint();
      return {
        script,
        firstRow:
          document
            .querySelector('.grid-row[aria-rowindex="2"]:not([hidden])')
            ?.textContent?.includes('2024-05-01T00:00:00') ?? false,
        receiving: !!document.querySelector('.status-receiving'),
      };
    };
  });
  const deliver = (json: string, paint = true) =>
    page.evaluate(
      ([j, p]) =>
        (
          window as unknown as {
            __deliver: (j: string, p: boolean) => Promise<{ script: number; firstRow: boolean; receiving: boolean }>;
          }
        ).__deliver(j, p),
      [json, paint] as const,
    );
  const quiet = () =>
    page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  let runId = 1;
  const paint = {
    parse: [] as number[],
    ours: [] as number[],
    oursHead: [] as number[],
    oursParse: [] as number[],
    oursDispatch: [] as number[],
    allIn: [] as number[],
    sliceWork: [] as number[],
    slices: [] as number[],
    oneMessage: [] as number[],
    painted: [] as boolean[],
    whole: [] as boolean[],
    bodyBytes: body.length,
  };
  for (let i = 0; i < RUNS + 1; i++) {
    const keep = i > 0; // the first round warms up
    gc();
    let t0 = performance.now();
    JSON.parse(body);
    if (keep) paint.parse.push(performance.now() - t0);
    await quiet();

    // Ours: the host reads the first rows from the answer's text and sends them; the page paints
    // them. Then the host parses the whole answer and sends the rest (client.runApl, QueryRunner).
    gc();
    t0 = performance.now();
    const head = readTabularHead(body, FIRST_ROWS);
    if (!head) throw new Error('the first rows were not read from the body');
    const first = JSON.stringify({
      type: 'results',
      result: firstPart({
        runId: ++runId,
        query: 'big',
        rangeLabel: 'Last hour',
        tables: head.tables,
        status: head.status,
      }),
    });
    const t1 = performance.now();
    const shown = await deliver(first);
    const painted = performance.now();
    const answer = readTabular(JSON.parse(body));
    const t2 = performance.now();
    const result = { runId, query: 'big', rangeLabel: 'Last hour', tables: answer.tables, status: answer.status };
    // The rest, a message at a time, each sent when the one before was taken (as the panel does).
    let count = 0;
    let last = shown;
    for (const rows of remainingRows(result)) {
      last = await deliver(JSON.stringify(rows), false);
      if (keep) paint.sliceWork.push(last.script);
      count++;
    }
    const allIn = performance.now();
    if (keep) {
      paint.oursHead.push(t1 - t0);
      paint.oursParse.push(t2 - painted);
      paint.oursDispatch.push(shown.script);
      paint.ours.push(painted - t0);
      paint.painted.push(shown.firstRow && shown.receiving);
      paint.allIn.push(allIn - t0);
      paint.slices.push(count);
      paint.whole.push(!last.receiving);
    }
    await quiet();

    // Before: the whole result as one message.
    gc();
    t0 = performance.now();
    const all = readTabular(JSON.parse(body));
    await deliver(
      JSON.stringify({
        type: 'results',
        result: { runId: ++runId, query: 'big', rangeLabel: 'Last hour', tables: all.tables, status: all.status },
      }),
    );
    if (keep) paint.oneMessage.push(performance.now() - t0);
    await quiet();
  }
  if (paint.painted.some((p) => !p)) throw new Error('the first rows were not painted before the rest arrived');
  if (paint.whole.some((p) => !p)) throw new Error('the rows after the first did not all arrive');
  // The tables the rest of the benchmark works on: the last result, whole.

  log('scrolling');
  const scroll = await page.evaluate(
    async (frames) => {
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
    },
    QUICK ? 60 : 240,
  );

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
    [
      "answer's last byte → first rows painted, 100,000 × 12",
      ms(median(paint.ours)),
      `JSON.parse of the same body: ${ms(median(paint.parse))} (${(median(paint.ours) / median(paint.parse)).toFixed(2)}×; target ≤ 1.2×: ${median(paint.ours) / median(paint.parse) <= 1.2 ? 'met' : 'not met'})`,
    ],
    [
      '… of which the host reading the first 200 rows from the body (readTabularHead) and their message',
      ms(median(paint.oursHead)),
      `body ${kb(paint.bodyBytes)}`,
    ],
    [
      "… of which the panel's script (check, model, first rows into the DOM)",
      ms(median(paint.oursDispatch)),
      'the rest: the hand-over between processes, style, layout, paint',
    ],
    [
      '… then the host parsing the whole answer (JSON.parse, readTabular)',
      ms(median(paint.oursParse)),
      'while the first rows are on screen',
    ],
    [
      '… every row in (the rest in messages of 100,000 values), from the last byte',
      ms(median(paint.allIn)),
      `${median(paint.slices)} messages; the panel's work per message: median ${ms(median(paint.sliceWork))}, p95 ${ms(pct(paint.sliceWork, 0.95))}`,
    ],
    [
      'the whole result in one message, as before: first rows painted',
      ms(median(paint.oneMessage)),
      `${(median(paint.oneMessage) / median(paint.parse)).toFixed(2)}× JSON.parse (12 MB of JSON handed over, read again by the page)`,
    ],
    [
      'webview bundle (minified)',
      `${kb(js.plain)} (${kb(js.gz)} gz)`,
      `results.css ${kb(css.plain)} (${kb(css.gz)} gz)`,
    ],
    [
      'scrolling 3 rows a frame: frame interval',
      `median ${ms(median(scroll.smooth.intervals))}, p95 ${ms(pct(scroll.smooth.intervals, 0.95))}`,
      `table's work per frame: median ${ms(median(scroll.smooth.work))}, p95 ${ms(pct(scroll.smooth.work, 0.95))}`,
    ],
    [
      'scrolling a page a frame: frame interval',
      `median ${ms(median(scroll.jumps.intervals))}, p95 ${ms(pct(scroll.jumps.intervals, 0.95))}`,
      `table's work per frame: median ${ms(median(scroll.jumps.work))}, p95 ${ms(pct(scroll.jumps.work, 0.95))}; ${scroll.jumps.rows} row elements`,
    ],
    ['sort 100,000 rows by a float column', ms(median(ops.sort)), ''],
    [
      'find in 100,000 × 12, first term (makes the text)',
      ms(ops.first),
      `later terms: ${ms(median(ops.again))} (${ops.count})`,
    ],
  ];
  const violations = await page.evaluate(() => window.__violations);
  if (violations.length) throw new Error(`CSP violations: ${violations.join(', ')}`);
  const cpu = os.cpus();
  console.log(
    `Results panel, ${new Date().toISOString().slice(0, 10)}, ${cpu[0]?.model ?? 'cpu'} × ${cpu.length}, chromium ${page.context().browser()?.version() ?? ''}, medians of ${RUNS}\n`,
  );
  console.log('| what | ours | beside |\n| --- | --- | --- |');
  for (const [what, ours, beside] of rows) console.log(`| ${what} | ${ours} | ${beside} |`);
} finally {
  await panel.close();
  fs.rmSync(dist, { recursive: true, force: true });
}
