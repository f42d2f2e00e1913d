// APL notebooks' speed, on the production bundles, each beside a baseline measured in the same run:
//   a 100,000 × 12 result, from the answer's last byte to its first rows painted in a notebook
//   output (headless chromium: the extension's side here — JSON.parse, readTabular, the first
//   output's JSON as NotebookCellOutputItem.json makes it: the first rows, as the controller writes
//   them before the whole — handed to the page as text, which the renderer reads with item.json()
//   and draws; the whole output's JSON, made after, is timed apart), beside the same answer's first rows in the results panel
//   (its first message, firstPart) and JSON.parse of the body alone;
//   opening a notebook of 50 APL cells with saved outputs (50 rows × 12 each, as
//   axiom.notebook.saveOutputs keeps them): the file read (readNotebook) and each output's JSON
//   made, beside JSON.parse of the same file.
// Not a test: it asserts nothing and prints a table. Run: npm run bench:notebook
// (AXIOM_BENCH_QUICK=1 runs fewer repetitions).
import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { projectRoot } from '../harness/codeServer.mjs';
import {
  cutResult,
  readNotebook,
  writeNotebook,
  type NotebookDoc,
  type NotebookResult,
} from '../../src/core/notebook/notebookFile';
import { FIRST_ROWS } from '../../src/core/firstRows';
import { firstPart } from '../../src/core/run/resultsDelivery';
import { readTabular } from '../../src/core/api/tabular';
import { hugeTabular } from '../support/tabularFixtures';
import { openNotebookPage } from '../webview/notebookPage';
import { answerBody, makeResultsSource, openPanel } from '../webview/panelPage';
import { buildProductionBundle, log, median, ms, ROWS, RUNS } from './paintBenchSetup';

const dist = buildProductionBundle('notebook');

// Each timed part starts with a collected heap: the garbage of the part before it (three parses of
// a 100,000-row answer each round) must not be collected inside the next one's time. Without this,
// whichever part came after the baseline's JSON.parse paid for its garbage (samples 268–1,048 ms).
v8.setFlagsFromString('--expose-gc');
const collect = vm.runInNewContext('gc') as () => void;

// The rows are JavaScript source, made by the webview test's own maker.
// eslint-disable-next-line @typescript-eslint/no-implied-eval -- running that source is the point
const made = new Function(`return ${makeResultsSource(ROWS)}`) as () => Parameters<typeof answerBody>[0];
const body = answerBody(made());
const notebook = await openNotebookPage(dist);
const panel = await openPanel({ dist });
const paint = {
  parse: [] as number[],
  notebook: [] as number[],
  notebookHost: [] as number[],
  notebookPage: [] as number[],
  notebookWhole: [] as number[],
  panel: [] as number[],
  panelHost: [] as number[],
  panelPage: [] as number[],
  bytes: 0,
};
try {
  await notebook.page.evaluate(() => {
    const w = window as unknown as Record<string, unknown>;
    w.__paintOutput = (text: string) =>
      new Promise<{ shown: boolean; page: number; seen: string }>((resolve) => {
        const started = performance.now();
        const element = window.__renderText('application/vnd.axiom.apl-result+json', text, {
          axiomOutputId: 'bench',
          axiomRowsFollow: true,
        });
        requestAnimationFrame(() => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => {
            const seen =
              element.firstElementChild?.shadowRoot?.querySelector('.grid-row[aria-rowindex="2"]:not([hidden])')
                ?.textContent ?? '';
            const shown = /2024-05-01[T ]00:00:00/.test(seen);
            element.remove();
            resolve({ shown, page: performance.now() - started, seen });
          };
          channel.port2.postMessage(0);
        });
      });
  });
  await panel.page.evaluate(() => {
    const w = window as unknown as Record<string, unknown>;
    w.__deliver = (json: string) =>
      new Promise<{ painted: boolean; page: number }>((resolve) => {
        const started = performance.now();
        window.dispatchEvent(new MessageEvent('message', { data: JSON.parse(json) as unknown }));
        requestAnimationFrame(() => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () =>
            resolve({
              painted: !!document.querySelector('.grid-row[aria-rowindex="2"]:not([hidden])'),
              page: performance.now() - started,
            });
          channel.port2.postMessage(0);
        });
      });
  });
  log('paint of 100,000 × 12 in a notebook output and in the results panel,', RUNS, 'runs each');
  let runId = 1;
  for (let i = 0; i < RUNS + 1; i++) {
    const keep = i > 0;
    collect();
    const t0 = performance.now();
    JSON.parse(body);
    if (keep) paint.parse.push(performance.now() - t0);

    // The two in turns, each first in every other round.
    const notebookPart = async () => {
      // A notebook cell: the controller reads the answer and makes the output's JSON; the renderer reads it and draws.
      collect();
      const t0 = performance.now();
      const answer = readTabular(JSON.parse(body));
      const result: NotebookResult = {
        query: 'big',
        rangeLabel: 'Last hour',
        ranAt: new Date().toISOString(),
        tables: answer.tables,
        status: answer.status,
      };
      const text = JSON.stringify(cutResult(result, FIRST_ROWS));
      const host = performance.now() - t0;
      const { shown, page, seen } = await notebook.page.evaluate(
        (t) =>
          (
            window as unknown as {
              __paintOutput: (t: string) => Promise<{ shown: boolean; page: number; seen: string }>;
            }
          ).__paintOutput(t),
        text,
      );
      if (!shown)
        throw new Error(`the notebook output did not paint its first rows (its second row: ${JSON.stringify(seen)})`);
      if (keep) {
        paint.notebookPage.push(page);
        paint.notebook.push(performance.now() - t0);
        paint.notebookHost.push(host);
        const whole = performance.now();
        paint.bytes = JSON.stringify(result).length;
        paint.notebookWhole.push(performance.now() - whole);
      }
    };
    const panelPart = async () => {
      // The results panel: its first message (the first rows; the rest follow).
      collect();
      const t0 = performance.now();
      const again = readTabular(JSON.parse(body));
      const first = JSON.stringify({
        type: 'results',
        result: firstPart({
          runId: ++runId,
          query: 'big',
          rangeLabel: 'Last hour',
          tables: again.tables,
          status: again.status,
        }),
      });
      const host = performance.now() - t0;
      const { painted, page } = await panel.page.evaluate(
        (j) =>
          (window as unknown as { __deliver: (j: string) => Promise<{ painted: boolean; page: number }> }).__deliver(j),
        first,
      );
      if (!painted) throw new Error('the results panel did not paint its first rows');
      if (keep) {
        paint.panel.push(performance.now() - t0);
        paint.panelHost.push(host);
        paint.panelPage.push(page);
      }
    };
    if (i % 2) {
      await panelPart();
      await notebookPart();
    } else {
      await notebookPart();
      await panelPart();
    }
  }
} finally {
  await notebook.close();
  await panel.close();
  fs.rmSync(dist, { recursive: true, force: true });
}

log('opening a notebook of 50 cells with saved outputs');
const saved = hugeTabular(1000, 12);
const read = readTabular(saved);
const doc: NotebookDoc = {
  cells: Array.from({ length: 50 }, (_, i) => ({
    kind: 'apl' as const,
    source: `['http-logs']\n| where status >= 500\n| take ${1000 + i}`,
    outputs: [
      {
        kind: 'result' as const,
        result: { query: 'q', rangeLabel: 'Last hour', tables: read.tables, status: read.status },
      },
    ],
  })),
};
const file = writeNotebook(doc, 50);
const open = { ours: [] as number[], parse: [] as number[] };
for (let i = 0; i < RUNS * 3 + 1; i++) {
  let t0 = performance.now();
  JSON.parse(file);
  const parse = performance.now() - t0;
  t0 = performance.now();
  const opened = readNotebook(file);
  for (const cell of opened.cells)
    for (const output of cell.outputs)
      if (output.kind === 'result') new TextEncoder().encode(JSON.stringify(output.result));
  const ours = performance.now() - t0;
  if (i > 0) {
    open.ours.push(ours);
    open.parse.push(parse);
  }
}

const rows: [string, string, string][] = [
  [
    "answer's last byte → first rows painted in a notebook output, 100,000 × 12",
    ms(median(paint.notebook)),
    `the results panel, same answer: ${ms(median(paint.panel))} (${(median(paint.notebook) / median(paint.panel)).toFixed(2)}×); JSON.parse of the body: ${ms(median(paint.parse))} (${(median(paint.notebook) / median(paint.parse)).toFixed(2)}×)`,
  ],
  [
    "… of which the extension's side (JSON.parse, readTabular, the first rows' output JSON)",
    ms(median(paint.notebookHost)),
    `then the whole output's JSON (${(paint.bytes / 1024 / 1024).toFixed(1)} MB), which replaces the first rows' output: ${ms(median(paint.notebookWhole))}`,
  ],
  [
    '… of which the renderer (item.json(), the table, the first rows painted)',
    ms(median(paint.notebookPage)),
    `the results panel's page, its first message to the first rows painted: ${ms(median(paint.panelPage))}; the rest is handing the text to the page (here through the browser driver; VS Code posts the output's bytes)`,
  ],
  [
    "… the results panel's extension side (JSON.parse, readTabular, the first message's JSON)",
    ms(median(paint.panelHost)),
    "beside the notebook's extension side above: the same work but for the output's shape",
  ],
  [
    'opening a notebook of 50 cells with saved outputs (50 rows × 12 each): the file read and the outputs made',
    ms(median(open.ours)),
    `JSON.parse of the same ${(file.length / 1024).toFixed(0)} KB file: ${ms(median(open.parse))} (${(median(open.ours) / median(open.parse)).toFixed(2)}×)`,
  ],
];
const table = ['| what | ours | beside |', '| --- | --- | --- |', ...rows.map((r) => `| ${r.join(' | ')} |`)].join(
  '\n',
);
console.log(table);
// For npm run bench, which prints the notebook's row in its own table (part "notebook").
console.log(`AXIOM_BENCH ${JSON.stringify({ notebook: paint.notebook, panel: paint.panel })}`);
fs.mkdirSync(path.join(projectRoot, 'bench-results'), { recursive: true });
fs.writeFileSync(path.join(projectRoot, 'bench-results', 'notebook.md'), `${table}\n`);
