// npm run bench: every figure beside its baseline, measured in the same run; medians of several
// runs. Not a test: it asserts nothing and prints one table (and writes it to bench-results/).
//   the bundle activation loads          vs the same code as one bundle (before the split)
//   activation inside code-server, alone vs the one-bundle build, same harness (activation-builds)
//   activation in a person's windows (bare, first start, returning: test/harness/personWindow.ts)
//                                        vs its floor in the same window, warmed, both orders (activation)
//   the monitors pipeline, 100 to 50,000 vs a bare undici GET + JSON.parse of the same bytes
//   time to first items in the real view vs the same for 100 monitors
//   100 small requests over the shipped transport vs the same client over undici (before)
//   the star round trip                  vs a bare undici POST of the same body
//   2,000 starred queries, every page    vs the same bare GETs + JSON.parse
//   opening a starred query as a document vs opening an untitled document with its text
//   heap held per 10,000 monitors        vs the JSON.parse result of the same list
//   the APL grammar over the docs' queries vs the Kusto grammar that Axiom's docs colour APL with
//   a status sweep of 1,000 monitors      vs the limit the service announces, and 1,000 bare GETs
//   statuses from 1,000 histories         vs JSON.parse of the same histories
//   the local APL checks, 2,000 lines     vs the lexing alone
//   the APL parser and checks (apl)      vs Axiom's engine: false alarms, mutants caught, speed; and
//                                           a keystroke's check of 2,000 lines vs the Kusto grammar
//   check-apl on generated files (check-apl) vs half the lines, the same lines valid, and read + split of 6 MB
//   completion with 10,000 fields         vs a provider that hands out the same items prepared
//   expanding a dataset of 5,000 fields   vs a bare fetch + JSON parse of its fields (in VS Code)
//   Show Query History with 1,000 runs    vs a quick pick of the same 1,000 items prepared (in VS Code); and reading them alone
//   the dry run's first verdict and whole, 50 ms a query vs one query after another; binned vs one query
//   the extension host's memory after 20 results of 100,000 rows were opened and closed vs before
//   a chart with 1,000 annotations in range  vs the same chart without them (in chromium)
//   the live tail's poll with 10,000 events kept vs parsing its answer alone; its heap over 30 minutes
//   the first open of the Dashboards and Annotations views, the extension's part (views-open)
//                                        vs the same GET + JSON.parse in that window
// AXIOM_BENCH_QUICK=1 runs fewer repetitions (for trying the script, not for figures);
// AXIOM_BENCH_ONLY=apl (or check-apl, mpl-grammar) runs the APL parser's (or the checker's, the MPL grammar's) rows alone, without building the bundles;
// AXIOM_BENCH_ONLY=views-open,code-activity,code-links,pipeline,star,starred,heap,grammar,activation,activation-builds,person,starred-open,dashboard-open,view,sweep,statuses,checks,completion,memory,explore,dryrun,dryrun-speed,transport,annotations,dashboard,notebook,trace,metrics,tail
// runs only those parts (the bundle always). Each part runs within a bound (section()), prints its
// rows as it ends and writes the table so far to bench-results/latest.md.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import zlib from 'node:zlib';
import { Agent, request } from 'undici';
import { PROJECT_QUERIES, VALID_QUERIES } from '../support/aplCorpus';
import type { Bundle } from '../../src/platform/lazy';
import { listDateFormatter } from '../../src/core/format';
import { RequestBudget } from '../../src/core/api/requestBudget';
import { parseHistory } from '../../src/core/api/parse';
import type { Monitor } from '../../src/core/api/schemas';
import { checkApl } from '../../src/core/apl/checks';
import { lex } from '../../src/core/apl/lexer';
import { aplParserRows, loadGrammars } from './aplParser';
import { mixedAplFile } from './mixedAplFile';
import { mplGrammarRows } from './mplGrammar';
import { checkAplRows } from './checkApl';
import { dryRunSpeedRows } from './dryRunSpeed';
import { codeActivityRows } from './codeActivity';
import { metricsBrowserRows } from './metricsBrowser';
import { tailRows } from './tailPoll';
import type { CodeLinksFigures } from './codeLinksFigures';
import { foldChanges, statusOf } from '../../src/core/monitors/monitorStatus';
import { StatusTracker } from '../../src/core/monitors/statusTracker';
import {
  firstMonitorRows,
  MONITOR_ROWS_PER_PAGE,
  monitorRows,
  monitorRowWords,
} from '../../src/core/monitors/monitorRows';
import { evaluate, normalRule, runWindows, samplesByTime, type Point } from '../../src/core/monitors/dryRun';
import { planDryRun, runPlan, samplesFromAnswers } from '../../src/core/monitors/dryRunPlan';
import { loadStarredPages, PAGE_SIZE } from '../../src/core/starred/starredPages';
import { starredTree } from '../../src/core/starred/starredTree';
import type { Transport } from '../../src/core/api/transport';
import { createDispatcher, undiciTransport } from '../../src/core/api/undiciTransport';
import {
  DEV_EXTENSION_ARGS,
  makeSandbox,
  openBrowser,
  projectRoot,
  runInExtensionHost,
  startCodeServer,
  workbenchUrl,
} from '../harness/codeServer.mjs';
import { FAKE_API_TOKEN, FakeAxiom, type HistoryEntry } from '../support/fakeAxiom';
import { manyMonitors } from '../support/manyMonitors';
import {
  seriesAplAnswer,
  spikySeries,
  COUNT_ABOVE_FIFTY,
  AVERAGE_OVER_FIFTEEN_MINUTES,
} from '../support/seriesFixtures';
import { makeTestCerts } from '../support/testCerts';
import { loadPersonWindow, personSandbox, prepareReturning } from '../harness/personWindow';
import {
  PERSON_WINDOWS,
  type PersonWindow,
  type ProbedActivation,
  type TimedActivation,
} from '../harness/personWindowNames';
import { extensionId, floorManifest, type ExtensionManifest } from './activationFloorManifest';
import {
  ACTIVATION_ORDERS,
  emptyExtension,
  readManifest,
  sameWindowChains,
  sameWindowRows,
  type SameWindowSample,
} from './activationWindows';
import { LATENCIES, type PreviewFigures } from '../support/previewQueries';

const quick = process.env.AXIOM_BENCH_QUICK === '1';
const only = process.env.AXIOM_BENCH_ONLY?.split(',');
const want = (part: string) => !only || only.includes(part);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc (npm run bench does)');

type Row = { what: string; ours: string; baseline: string; ratio?: string; target?: string };
const rows: Row[] = [];
const notes: string[] = [];
const log = (...a: unknown[]) => console.error('[bench]', ...a);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}
const ms = (v: number) => (v < 10 ? `${v.toFixed(2)} ms` : `${v.toFixed(1)} ms`);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ratio = (ours: number, base: number) => `${(ours / base).toFixed(2)}×`;
/** The target, and whether this run met it. */
const target = (words: string, met: boolean) => `${words}: ${met ? 'met' : 'not met'}`;

/** The ratio of the medians, and the middle half of the ratios run by run: how far one run of the
 *  pair can stray on this machine. */
function ratioAndSpread(ours: number, base: number, pairs: number[]): string {
  const sorted = [...pairs].sort((x, y) => x - y);
  const quartile = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))].toFixed(2);
  return `${ratio(ours, base)} (pairs ${quartile(0.25)}–${quartile(0.75)}×)`;
}

/** Alternates the two measurements run by run, so that drift in the machine hits both alike.
 *  Gives both medians and each run's ratio. */
async function paired(
  runs: number,
  warmup: number,
  ours: () => Promise<number>,
  base: () => Promise<number>,
): Promise<[number, number, number[]]> {
  for (let i = 0; i < warmup; i++) {
    await ours();
    await base();
  }
  const a: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < runs; i++) {
    if (i % 2) {
      b.push(await base());
      a.push(await ours());
    } else {
      a.push(await ours());
      b.push(await base());
    }
  }
  return [median(a), median(b), a.map((x, i) => x / b[i])];
}

/**
 * One part of the table, run when any of its names is wanted (AXIOM_BENCH_ONLY), within a bound:
 * a part that fails or does not finish in time gets a row saying so, and the run goes on. Each
 * part's rows are printed as it ends, and the table so far is written to bench-results/latest.md.
 * (A part past its bound is no longer waited for; work of its own still under way may go on
 * beside the next part, and its late rows are left out.)
 */
async function section(names: string[], boundSeconds: number, part: () => Promise<void>): Promise<void> {
  if (!names.some(want)) return;
  const name = names.join('/');
  const first = rows.length;
  const started = performance.now();
  log(`${name}: started (bound ${boundSeconds} s)`);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const bound = new Promise<'timeout'>(
    (resolve) => (timer = setTimeout(() => resolve('timeout'), boundSeconds * 1000)),
  );
  try {
    const ended = await Promise.race([part().then(() => 'done' as const), bound]);
    if (ended === 'timeout')
      rows.splice(first, rows.length - first, {
        what: name,
        ours: `did not finish within ${boundSeconds} s`,
        baseline: '',
      });
  } catch (error) {
    rows.push({
      what: name,
      ours: `failed: ${String(error instanceof Error ? error.message : error).split('\n')[0]}`,
      baseline: '',
    });
    log(`${name}: failed`, error);
  } finally {
    clearTimeout(timer);
  }
  for (const row of rows.slice(first))
    log(`${row.what} | ${row.ours} | ${row.baseline} | ${row.ratio ?? ''} | ${row.target ?? ''}`);
  log(`${name}: ${((performance.now() - started) / 1000).toFixed(0)} s`);
  writeReport();
}

/** The table so far, with its header: written after each part, printed at the end. */
function writeReport(): string {
  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
  const header = `Axiom APL benchmark, ${new Date().toISOString().slice(0, 10)}: ${cpu}, ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}; VS Code 1.139.1 (code-server 4.139.1); medians${quick ? ' (quick run: few repetitions)' : ''}`;
  const columns: (keyof Row)[] = ['what', 'ours', 'baseline', 'ratio', 'target'];
  const table = [
    `| ${columns.join(' | ')} |`,
    `| ${columns.map(() => '---').join(' | ')} |`,
    ...rows.map((row) => `| ${columns.map((c) => row[c] ?? '').join(' | ')} |`),
  ].join('\n');
  const report = `${header}\n\n${table}\n\n${notes.join('\n')}\n`;
  fs.mkdirSync(path.join(projectRoot, 'bench-results'), { recursive: true });
  fs.writeFileSync(path.join(projectRoot, 'bench-results', 'latest.md'), report);
  return report;
}

// ---------------------------------------------------------------------------------------------
// The APL parser and checks beside Axiom's engine (test/bench/aplParser.ts); alone, they need no build.
await section(['apl'], 1200, async () => {
  const apl = await aplParserRows({ paired, ms, ratioAndSpread, target, quick, log }, aplFile);
  rows.push(...apl.rows);
  notes.push(...apl.notes);
});
// The command-line checker on generated files (test/bench/checkApl.ts); it needs no build either.
await section(['check-apl'], 600, async () => {
  const checker = await checkAplRows({ paired, ms, ratioAndSpread, target, quick }, aplFile);
  rows.push(...checker.rows);
  notes.push(...checker.notes);
});
// The MPL grammar on the reference's examples beside the APL grammar on APL (test/bench/mplGrammar.ts); no build.
await section(['mpl-grammar'], 300, async () => {
  const grammar = await mplGrammarRows({ paired, ms, ratioAndSpread, target, quick });
  rows.push(...grammar.rows);
  notes.push(...grammar.notes);
});
if (only?.every((part) => part === 'apl' || part === 'check-apl' || part === 'mpl-grammar')) {
  console.log(writeReport());
  process.exit(0);
}

// ---------------------------------------------------------------------------------------------
// Builds: the shipped split (dist/extension.js + the lazily loaded bundles) and the one-bundle baseline,
// each as an extension folder of its own.
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'axiom-bench-'));
/** The extension built as it ships (`split`), as one bundle (`single`) or as the activation floor
 *  (`floor`, test/bench/activationFloor.ts), each with the extension's manifest. */
function buildExtension(name: string, build: 'split' | 'single' | 'floor', buildArgs: string[] = []): string {
  const dir = path.join(work, name);
  fs.mkdirSync(dir, { recursive: true });
  execFileSync(
    process.execPath,
    ['esbuild.mjs', '--production', ...(build === 'split' ? [] : [`--${build}`]), ...buildArgs],
    {
      cwd: projectRoot,
      env: { ...process.env, AXIOM_DIST: path.join(dir, 'dist') },
      stdio: 'inherit',
    },
  );
  for (const file of ['package.json', 'package.nls.json'])
    fs.copyFileSync(path.join(projectRoot, file), path.join(dir, file));
  for (const folder of ['media', 'syntaxes'])
    fs.cpSync(path.join(projectRoot, folder), path.join(dir, folder), { recursive: true });
  return dir;
}
// The shipped build, with the test API beside it (esbuild.mjs --with-test-api): the rows inside VS
// Code read the extension through it; activation never loads it.
const split = buildExtension('split', 'split', ['--with-test-api']);
const single = buildExtension('single', 'single');
const activationFloor = buildExtension('floor', 'floor');

function bundleFigures(dir: string, files: string[]): { bytes: number; gzip: number } {
  let bytes = 0;
  let gzip = 0;
  for (const file of files) {
    const data = fs.readFileSync(path.join(dir, 'dist', file));
    bytes += data.length;
    gzip += zlib.gzipSync(data, { level: 9 }).length;
  }
  return { bytes, gzip };
}
{
  const activation = bundleFigures(split, ['extension.js']);
  // The extension's own bundles; the results panel's (dist/webview/) is measured by bench:results.
  const whole = bundleFigures(
    split,
    fs.readdirSync(path.join(split, 'dist')).filter((file) => file.endsWith('.js')),
  );
  const one = bundleFigures(single, ['extension.js']);
  rows.push({
    what: 'bundle loaded at activation',
    ours: `${kb(activation.bytes)} (${kb(activation.gzip)} gz)`,
    baseline: `one bundle: ${kb(one.bytes)} (${kb(one.gzip)} gz)`,
    ratio: ratio(activation.bytes, one.bytes),
  });
  rows.push({
    what: 'whole dist/ (+ the lazily loaded bundles, on first use)',
    ours: `${kb(whole.bytes)} (${kb(whole.gzip)} gz)`,
    baseline: `one bundle: ${kb(one.bytes)} (${kb(one.gzip)} gz)`,
    ratio: ratio(whole.bytes, one.bytes),
  });
}

// ---------------------------------------------------------------------------------------------
// The fake service in a child process, one server per list size.
/** Starts test/bench/serveMonitors.ts (a size, or `starred:N`, per server); `stop()` ends it. */
async function serveMonitors(sizes: (number | string)[]): Promise<{ urls: Record<string, string>; stop(): void }> {
  const child = spawn(
    process.execPath,
    [path.join(projectRoot, 'out/test/bench/serveMonitors.mjs'), ...sizes.map(String)],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const line = await new Promise<string>((resolve) =>
    readline.createInterface({ input: child.stdout }).once('line', resolve),
  );
  return { urls: JSON.parse(line) as Record<string, string>, stop: () => child.stdin.end() };
}

const SIZES = [100, 1_000, 10_000, 50_000];
// The lists are made only for the parts that read them (50,000 monitors take a while to make).
const server = ['pipeline', 'star', 'heap'].some(want)
  ? await serveMonitors(SIZES)
  : { urls: {} as Record<string, string>, stop: () => undefined };
const { urls } = server;

const api = createRequire(import.meta.url)(path.join(split, 'dist/client.js')) as Bundle<'client'>;
// The shipped transport: Node's https and http (which VS Code patches with its proxies and
// certificates inside the editor; plain here).
const ourTransport = api.nodeTransport();
const floorDispatcher = new Agent({ keepAliveTimeout: 30_000, connections: 8 });
/** A client of the service at `url`; with a budget, the rate limits it reads go to the budget, as the extension's do. */
const clientFor = (url: string, transport: Transport = ourTransport, budget?: RequestBudget) =>
  new api.AxiomClient({
    url,
    token: FAKE_API_TOKEN,
    timeoutMs: 60_000,
    userAgent: 'axiom-apl-bench',
    transport,
    logger: { request: () => undefined, warn: () => undefined },
    onRateLimit: budget && ((limit) => budget.observe(limit)),
  });
const headers = {
  authorization: `Bearer ${FAKE_API_TOKEN}`,
  'user-agent': 'axiom-apl-bench',
  accept: 'application/json',
};

/** The physical floor: the same bytes over the same loopback, parsed, and nothing else. */
async function floorGet(url: string): Promise<unknown> {
  const response = await request(`${url}/v2/monitors`, { headers, dispatcher: floorDispatcher });
  return JSON.parse(await response.body.text());
}

/** One side's last result, kept until that side runs again. */
type Held = { last?: unknown };

/** Starts from a collected heap, so that no run pays for the garbage of the one before. The turn
 *  of the event loop first lets go of whatever the last run left on the stack (measured: the heap
 *  after gc() alternated between 10 and 18 MB without it). A result is kept only in `held`. */
async function timed(work: () => Promise<unknown>, held?: Held): Promise<number> {
  await new Promise((resolve) => setImmediate(resolve));
  gc!();
  const started = performance.now();
  const result = await work();
  const elapsed = performance.now() - started;
  if (held) held.last = result;
  return elapsed;
}

/** Where the pipeline's time goes, per phase, for the note under the table. */
const phases: Record<'read' | 'rows' | 'rest', number[]> = { read: [], rows: [], rest: [] };

/** What the view does with a list before its first rows show: request, parse, validate, the rows
 *  of its first page in name order, and their words. The rest of the list is put in order after
 *  (on the next turn of the event loop, in the view): that is timed apart, outside the figure. */
async function ourPipeline(url: string): Promise<unknown> {
  let started = performance.now();
  const { monitors } = await clientFor(url).listMonitors();
  phases.read.push(performance.now() - started);
  started = performance.now();
  const { first, all } = firstMonitorRows(monitors, MONITOR_ROWS_PER_PAGE);
  const dates = listDateFormatter();
  const words = first.map((row) => monitorRowWords(row, dates));
  phases.rows.push(performance.now() - started);
  return { monitors, first, words, all };
}

// Each side keeps its last list while it loads the next, as the view keeps the list it shows
// until the next one replaces it. That matters to the engine: once nothing holds a list, the next
// collection lets the object shapes JSON.parse made for it die, and with them the code V8 compiled
// for those shapes (the shape check, the rows, the sort), which every run then compiled again.
// The row after the 10,000 one measures that too, with nothing kept between runs.
const perMonitor: Record<number, number> = {};
await section(['pipeline'], 900, async () => {
  for (const size of SIZES) {
    const runs = quick ? 3 : size >= 50_000 ? 9 : 41;
    // Steady state: five rounds first, so that the engine has compiled both paths.
    for (const list of Object.values(phases)) list.length = 0;
    const ourHeld: Held = {};
    const floorHeld: Held = {};
    const [ours, floor, pairs] = await paired(
      runs,
      quick ? 1 : 5,
      () => timed(() => ourPipeline(urls[size]), ourHeld),
      () => timed(() => floorGet(urls[size]), floorHeld),
    );
    if (size === 10_000) {
      // The rest of the order, as the view makes it just after the first page: on the list last held.
      for (let i = 0; i < 11; i++) {
        const { all } = firstMonitorRows((ourHeld.last as { monitors: Monitor[] }).monitors, MONITOR_ROWS_PER_PAGE);
        const started = performance.now();
        all?.();
        phases.rest.push(performance.now() - started);
      }
      notes.push(
        `At 10,000 the pipeline's phases take (medians): reading (request, JSON.parse, shape check) ${ms(median(phases.read))}, the first page's rows (chosen, in name order, with their words) ${ms(median(phases.rows))}. After the first page, the view puts the whole list in order: ${ms(median(phases.rest))}, not in the figure.`,
      );
    }
    perMonitor[size] = (ours / size) * 1000;
    rows.push({
      what: `monitors pipeline, ${size.toLocaleString('en')}`,
      ours: ms(ours),
      baseline: `GET + JSON.parse: ${ms(floor)}`,
      ratio: ratioAndSpread(ours, floor, pairs),
      target: size === 10_000 ? target('≤ 1.3×', ours <= 1.3 * floor) : undefined,
    });
    log(`pipeline ${size}: ${ms(ours)} vs ${ms(floor)}`);
    if (size === 10_000) {
      ourHeld.last = floorHeld.last = undefined;
      const [cold, coldFloor, coldPairs] = await paired(
        runs,
        quick ? 1 : 5,
        () => timed(() => ourPipeline(urls[size])),
        () => timed(() => floorGet(urls[size])),
      );
      rows.push({
        what: '… 10,000, nothing kept between runs',
        ours: ms(cold),
        baseline: `GET + JSON.parse: ${ms(coldFloor)}`,
        ratio: ratioAndSpread(cold, coldFloor, coldPairs),
      });
      log(`pipeline ${size}, nothing kept: ${ms(cold)} vs ${ms(coldFloor)}`);
    }
  }
  // A quadratic step would make the cost per monitor 50 times larger at 50,000 than at 1,000.
  const flat = perMonitor[50_000] <= 2 * perMonitor[1_000];
  notes.push(
    `Per monitor, the pipeline costs ${perMonitor[1_000].toFixed(2)} µs at 1,000, ${perMonitor[10_000].toFixed(2)} µs at 10,000 and ${perMonitor[50_000].toFixed(2)} µs at 50,000 (${target('linear, at most twice the cost per monitor at 50,000 as at 1,000', flat)}).`,
  );
});

// ---------------------------------------------------------------------------------------------
// Request overhead of the transport: 100 small requests (the user record, one after another) with
// the client over Node's https/http, as shipped, against the same client over undici with an
// explicit agent, as it was before VS Code's network support.
await section(['transport'], 300, async () => {
  const certs = makeTestCerts();
  for (const tls of [undefined, { key: certs.key, cert: certs.cert }]) {
    const fake = new FakeAxiom({ tls });
    // Thousands of requests in a minute: the fake's rate limit (the service's) is not what is measured.
    fake.rateLimit = { limit: Number.MAX_SAFE_INTEGER, windowMs: 60_000 };
    await fake.start();
    // Over TLS the test authority is trusted by neither side: both skip the check alike (as with
    // http.proxyStrictSSL off), and keep their connections alive.
    const node = tls ? api.nodeTransport({ strictSSL: false }) : ourTransport;
    const undici = undiciTransport(createDispatcher({ strictSSL: !tls }));
    const hundred = (transport: Transport) => async () => {
      const client = clientFor(fake.url, transport);
      for (let i = 0; i < 100; i++) await client.getCurrentUser();
    };
    const [ours, floor, pairs] = await paired(
      quick ? 5 : 41,
      5,
      () => timed(hundred(node)),
      () => timed(hundred(undici)),
    );
    rows.push({
      what: `100 small requests, one after another, ${tls ? 'https' : 'http'}`,
      ours: ms(ours),
      baseline: `the same client over undici: ${ms(floor)}`,
      ratio: ratioAndSpread(ours, floor, pairs),
    });
    await undici.close();
    await fake.stop();
  }
  fs.rmSync(certs.dir, { recursive: true, force: true });
});

// ---------------------------------------------------------------------------------------------
// The star round trip: the client's create against a bare POST of the same body.
await section(['star'], 300, async () => {
  const input = {
    kind: 'apl' as const,
    name: 'Checkout 5xx',
    dataset: 'http-logs',
    who: '',
    query: { apl: "['http-logs'] | where status >= 500 | summarize count() by bin_auto(_time)" },
    metadata: {},
  };
  const client = clientFor(urls[100]);
  const body = JSON.stringify(input);
  const bare = async () => {
    const response = await request(`${urls[100]}/v2/apl-starred-queries`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body,
      dispatcher: floorDispatcher,
    });
    return JSON.parse(await response.body.text()) as unknown;
  };
  const [ours, floor, pairs] = await paired(
    quick ? 50 : 400,
    50,
    () => timed(() => client.createStarredQuery(input)),
    () => timed(bare),
  );
  rows.push({
    what: 'star round trip',
    ours: ms(ours),
    baseline: `bare undici POST: ${ms(floor)}`,
    ratio: ratioAndSpread(ours, floor, pairs),
    target: target('≤ 1.2×', ours <= 1.2 * floor),
  });
});

// ---------------------------------------------------------------------------------------------
// 2,000 starred queries, as the view lists them (every page, then the rows in name order), against
// the same bare GETs, one after the other, each parsed.
const STARRED = 2000;
await section(['starred'], 300, async () => {
  const served = await serveMonitors([`starred:${STARRED}`]);
  const url = served.urls[`starred:${STARRED}`];
  const client = clientFor(url);
  const pages = Array.from(
    { length: Math.floor(STARRED / PAGE_SIZE) + 1 },
    (_, i) => `${url}/v2/apl-starred-queries?limit=${PAGE_SIZE}&offset=${i * PAGE_SIZE}`,
  );
  const bare = async () => {
    const lists: unknown[] = [];
    for (const page of pages)
      lists.push(JSON.parse(await (await request(page, { headers, dispatcher: floorDispatcher })).body.text()));
    return lists;
  };
  const ours = async () =>
    starredTree((await loadStarredPages(client, { owner: 'mine' })).queries, {
      me: undefined,
      filter: {},
      grouped: false,
    });
  const [held, floorHeld]: Held[] = [{}, {}];
  const [mine, floor, pairs] = await paired(
    quick ? 5 : 41,
    5,
    () => timed(ours, held),
    () => timed(bare, floorHeld),
  );
  rows.push({
    what: `list ${STARRED.toLocaleString('en')} starred queries (${pages.length} pages)`,
    ours: ms(mine),
    baseline: `the same ${pages.length} bare GETs + JSON.parse: ${ms(floor)}`,
    ratio: ratioAndSpread(mine, floor, pairs),
  });
  served.stop();
});

// ---------------------------------------------------------------------------------------------
// Heap held: what the view keeps for 10,000 monitors, against the plain parsed JSON.
await section(['heap'], 300, async () => {
  // The growth from holding one list to holding five, over four: whatever else lingers in the
  // heap (a value of the run before, still on a stack) is there at both readings and cancels.
  const held = async (load: () => Promise<unknown>) => {
    const lists: unknown[] = [await load()];
    gc();
    const one = process.memoryUsage().heapUsed;
    for (let i = 0; i < 4; i++) lists.push(await load());
    gc();
    const five = process.memoryUsage().heapUsed;
    if (lists.some((list) => !list)) throw new Error('nothing held');
    return (five - one) / 4;
  };
  const [ours, base] = await paired(
    quick ? 2 : 5,
    0,
    () => held(async () => monitorRows((await clientFor(urls[10_000]).listMonitors()).monitors)),
    () => held(() => floorGet(urls[10_000])),
  );
  rows.push({
    what: 'heap held per 10,000 monitors',
    ours: `${(ours / 1048576).toFixed(1)} MB`,
    baseline: `JSON.parse result: ${(base / 1048576).toFixed(1)} MB`,
    ratio: ratio(ours, base),
  });
});

// ---------------------------------------------------------------------------------------------
// Monitor statuses: a full sweep of 1,000 monitors through the extension's own budget and tracker
// (src/core: the VS Code side only decides when to sweep), against the fake service in this
// process, which announces its rate limit in headers and counts what reaches it.
const SWEPT = 1000;
/** Histories as monitors have them over a month: most quiet, some flapping, a tenth grouped. */
function monthOfHistory(i: number, now: number): HistoryEntry[] {
  const ago = (minutes: number) => new Date(now - minutes * 60_000).toISOString();
  const entries: HistoryEntry[] = [];
  const kind = i % 10;
  if (kind < 6) return entries;
  const groups = kind === 9 ? 3 + (i % 6) : 1;
  const changes = kind === 9 ? 6 : 2 + (i % 9);
  for (let g = 0; g < groups; g++) {
    const checkId = groups === 1 ? '' : `region-${g}`;
    for (let c = 0; c < changes; c++)
      entries.push({
        name: `Monitor ${i}`,
        checkId,
        timestamp: ago(40_000 - c * 3000 - g * 7 - (i % 50)),
        state: c % 2 ? 'closed' : 'open',
      });
  }
  // Every third noisy monitor is open now.
  if (i % 3 === 0)
    entries.push({
      name: `Monitor ${i}`,
      checkId: groups === 1 ? '' : 'region-0',
      timestamp: ago(5 + (i % 60)),
      state: 'open',
    });
  return entries;
}
const sweepIds = Array.from({ length: SWEPT }, (_, i) => `mon_${i}`);
await section(['sweep', 'statuses'], 600, async () => {
  const fake = new FakeAxiom();
  await fake.start();
  const now = Date.now();
  sweepIds.forEach((id, i) => fake.histories.set(id, monthOfHistory(i, now)));
  const changes = [...fake.histories.values()].reduce((n, h) => n + h.length, 0);
  /** The extension's budget (see statusPoller.ts: 4 in flight, half of the announced limit, 60 a window assumed until announced). */
  const extensionBudget = (windowMs: number) =>
    new RequestBudget({ maxInFlight: 4, share: 0.5, assumedLimit: 60, windowMs });
  const sweepOnce = async (budget: RequestBudget) => {
    const client = clientFor(fake.url, ourTransport, budget);
    const tracker = new StatusTracker();
    const result = await tracker.sweep(client, sweepIds, budget, new AbortController().signal, () => undefined);
    if (result.read !== SWEPT) throw new Error(`the sweep read ${result.read} of ${SWEPT} (${JSON.stringify(result)})`);
    return tracker;
  };

  if (want('sweep')) {
    // Under an announced limit that a sweep of 1,000 must wait for, with the service's minute
    // shortened to 5 s so that the sweep takes seconds, not minutes: the wall time counts windows.
    // (X-RateLimit-Reset is in whole seconds, so a pause for it may last up to a second longer than
    // the window: a fifth of a 5 s window, a sixtieth of the real one.)
    const WINDOW = 5000;
    const LIMIT = 500;
    fake.reset();
    fake.rateLimit = { limit: LIMIT, windowMs: WINDOW };
    const budget = extensionBudget(WINDOW);
    const started = performance.now();
    await sweepOnce(budget);
    const wall = performance.now() - started;
    const asked = fake.requestsTo('GET /v2/monitors/*/history').length;
    const refused = fake.requests.length - asked;
    rows.push({
      what: `status sweep, ${SWEPT.toLocaleString('en')} monitors, limit ${LIMIT} a window (a minute made 5 s)`,
      ours: `${asked.toLocaleString('en')} requests in ${(wall / 1000).toFixed(1)} s (${(wall / WINDOW).toFixed(1)} windows), ≤ ${fake.maxPerWindow} in any window, peak ${budget.peakInFlight} in flight (${fake.maxConcurrent} at the service)`,
      baseline: `announced ${LIMIT} a window; our budget ${budget.allowance} a window, ${budget.concurrency} in flight`,
      ratio: `${(fake.maxPerWindow / LIMIT).toFixed(2)}× of the limit`,
      target: target(
        '≤ half the limit, ≤ 4 in flight, no 429',
        fake.maxPerWindow <= LIMIT / 2 && budget.peakInFlight <= 4 && refused === 0,
      ),
    });
    notes.push(
      `The limited sweep: ${asked} history requests for ${SWEPT} monitors (one each), at most ${fake.maxPerWindow} in any ${WINDOW / 1000} s at the service against a budget of ${budget.allowance} (30 until the first answer announced ${LIMIT}); it waits for the window to move on, so with a real limit of ${LIMIT} a minute the same sweep would take about ${Math.ceil(SWEPT / budget.allowance) - 1}–${Math.ceil(SWEPT / budget.allowance)} minutes. Later sweeps ask each monitor only for what is new: as many requests, smaller answers.`,
    );
    log(
      `sweep limited: ${asked} requests, ${ms(wall)}, per window ${fake.maxPerWindow}, in flight ${fake.maxConcurrent}`,
    );

    // With a limit far away: how long a sweep takes when only its 4 in flight hold it back, beside
    // the same 1,000 GETs sent bare, 4 at a time, each parsed.
    fake.rateLimit = { limit: 1_000_000, windowMs: 60_000 };
    const end = new Date(now).toISOString();
    const start = new Date(now - 30 * 24 * 3600_000).toISOString();
    const bare = async () => {
      let next = 0;
      const worker = async () => {
        while (next < SWEPT) {
          const id = sweepIds[next++];
          const response = await request(
            `${fake.url}/v2/monitors/${id}/history?startTime=${encodeURIComponent(start)}&endTime=${encodeURIComponent(end)}`,
            { headers, dispatcher: floorDispatcher },
          );
          JSON.parse(await response.body.text());
        }
      };
      await Promise.all(Array.from({ length: 4 }, worker));
    };
    const peaks: number[] = [];
    const [ours, floor, pairs] = await paired(
      quick ? 2 : 9,
      1,
      () => {
        fake.reset();
        return timed(async () => {
          const budget = extensionBudget(60_000);
          await sweepOnce(budget);
          peaks.push(budget.peakInFlight);
        });
      },
      () => {
        fake.reset();
        return timed(bare);
      },
    );
    rows.push({
      what: `status sweep, ${SWEPT.toLocaleString('en')} monitors, limit not reached`,
      ours: `${ms(ours)} (peak ${Math.max(...peaks)} in flight)`,
      baseline: `the same ${SWEPT.toLocaleString('en')} bare GETs + JSON.parse, 4 at a time: ${ms(floor)}`,
      ratio: ratioAndSpread(ours, floor, pairs),
    });
    log(`sweep unlimited: ${ms(ours)} vs ${ms(floor)}`);
  }

  if (want('statuses')) {
    // The histories as the service sends them for a first look (a month back), then worked out:
    // JSON.parse, each entry read, the changes folded per check, the status.
    fake.reset();
    fake.rateLimit = { limit: 1_000_000, windowMs: 60_000 };
    const end = new Date(now).toISOString();
    const start = new Date(now - 30 * 24 * 3600_000).toISOString();
    const bodies: string[] = [];
    for (const id of sweepIds)
      bodies.push(
        await (
          await request(
            `${fake.url}/v2/monitors/${id}/history?startTime=${encodeURIComponent(start)}&endTime=${encodeURIComponent(end)}`,
            { headers, dispatcher: floorDispatcher },
          )
        ).body.text(),
      );
    const bytes = bodies.reduce((n, b) => n + b.length, 0);
    const foldMs: number[] = [];
    const statuses = async () => {
      const parsed = bodies.map((body) => parseHistory(JSON.parse(body)));
      const started = performance.now();
      const result = parsed.map((history) => statusOf(foldChanges(new Map(), history.changes)));
      foldMs.push(performance.now() - started);
      return result;
    };
    const parseOnly = async () => bodies.map((body) => JSON.parse(body) as unknown);
    const [held, floorHeld]: Held[] = [{}, {}];
    const [ours, floor, pairs] = await paired(
      quick ? 5 : 41,
      5,
      () => timed(statuses, held),
      () => timed(parseOnly, floorHeld),
    );
    const triggered = (held.last as { kind: string }[]).filter((s) => s.kind === 'triggered').length;
    rows.push({
      what: `statuses from ${SWEPT.toLocaleString('en')} histories (${changes.toLocaleString('en')} changes, ${kb(bytes)})`,
      ours: ms(ours),
      baseline: `JSON.parse of the same: ${ms(floor)}`,
      ratio: ratioAndSpread(ours, floor, pairs),
    });
    notes.push(
      `Statuses from ${SWEPT} histories: of ${ms(ours)}, folding the changes per check and the status take ${ms(median(foldMs))} (the rest is JSON.parse and reading each entry); ${triggered} monitors come out triggered.`,
    );
  }
  await fake.stop();
});

// ---------------------------------------------------------------------------------------------
// The local checks of APL (src/core/apl/checks.ts) on one file of about 2,000 lines, beside the
// lexing they start with.
function aplFile(lineCount: number): string {
  const docsFile = path.join(projectRoot, '.vscode-test/apl-docs-queries.json');
  const queries = fs.existsSync(docsFile)
    ? (JSON.parse(fs.readFileSync(docsFile, 'utf8')) as { queries: string[] }).queries
    : [...VALID_QUERIES, ...PROJECT_QUERIES];
  const lines: string[] = [];
  for (let i = 0; lines.length < lineCount; i++) lines.push(...queries[i % queries.length].split('\n'), '');
  return lines.join('\n');
}
await section(['checks'], 300, async () => {
  const text = aplFile(2000);
  const lineCount = text.split('\n').length;
  const problems = checkApl(text).length;
  const [held, floorHeld]: Held[] = [{}, {}];
  const [ours, floor, pairs] = await paired(
    quick ? 5 : 41,
    5,
    () => timed(async () => checkApl(text), held),
    () => timed(async () => lex(text), floorHeld),
  );
  rows.push({
    what: `local APL checks, ${lineCount.toLocaleString('en')} lines (${kb(text.length)})`,
    ours: ms(ours),
    baseline: `lexing alone: ${ms(floor)}`,
    ratio: ratioAndSpread(ours, floor, pairs),
  });
  notes.push(
    `The checks' file is ${lineCount} lines of ${fs.existsSync(path.join(projectRoot, '.vscode-test/apl-docs-queries.json')) ? "the documentation's queries" : "the project's own queries"}, one after another with a blank line between; the checks report ${problems} problems on it.`,
  );
});
// ---------------------------------------------------------------------------------------------
// The dry run's speed with 50 ms of latency per query (test/bench/dryRunSpeed.ts): first verdict
// and whole for one query per run, beside one query after another; the binned path beside one query.
await section(['dryrun-speed'], 300, async () => {
  rows.push(...(await dryRunSpeedRows({ paired, ms, ratioAndSpread, target, quick, clientFor })));
});

// Log activity's lenses (issue 49, test/bench/codeActivity.ts): a 2,000-line file with 200 log
// statements from shown to the lenses' words, beside one query's round trip plus its JSON.parse.
await section(['code-activity'], 300, async () => {
  rows.push(...(await codeActivityRows({ paired, ms, ratioAndSpread, target, quick, clientFor })));
});

// The metrics browser's first items for a dataset of 5,000 metrics, beside its GET + JSON.parse
// (test/bench/metricsBrowser.ts); the fake in a process of its own.
await section(['metrics'], 300, async () => {
  const metricsServer = await serveMonitors(['metrics:5000']);
  try {
    const tools = { paired, ms, ratioAndSpread, target, quick, timed, clientFor: (url: string) => clientFor(url) };
    rows.push(...(await metricsBrowserRows(tools, metricsServer.urls['metrics:5000'], 5000)));
  } finally {
    metricsServer.stop();
  }
});

// The live tail (test/bench/tailPoll.ts): a poll's cost with 10,000 events kept beside parsing its
// answer alone, and the heap over 30 minutes of polling on a stepped clock.
await section(['tail'], 300, async () => {
  rows.push(...(await tailRows({ paired, ms, ratioAndSpread, target, quick, gc })));
});

// Code links in the results panel (issue 49, test/bench/codeLinksPaint.ts): 100,000 rows naming
// places in code, the panel as it ships beside the same panel without links (its own process: a browser).
await section(['code-links'], 300, async () => {
  const output = execFileSync(
    process.execPath,
    [path.join(projectRoot, 'out/test/bench/codeLinksPaint.mjs'), String(quick ? 3 : 9)],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const line = output.split('\n').find((l) => l.startsWith('AXIOM_BENCH '));
  if (!line) throw new Error('the code links bench printed no figures');
  const figures = JSON.parse(line.slice('AXIOM_BENCH '.length)) as CodeLinksFigures;
  const pairsOf = (a: number[], b: number[]) => a.map((x, i) => x / b[i]);
  const [paint, plainPaint] = [median(figures.paintLinked), median(figures.paintPlain)];
  const [page, plainPage] = [median(figures.pageLinked), median(figures.pagePlain)];
  rows.push(
    {
      what: `code links: first paint of 100,000 × 12 rows naming places in code (its ${figures.links} links in ${figures.rowElements} row elements drawn ${ms(median(figures.linkedAfter))} after the message, when idle)`,
      ours: ms(paint),
      baseline: `${ms(plainPaint)} (the same panel without links)`,
      ratio: ratioAndSpread(paint, plainPaint, pairsOf(figures.paintLinked, figures.paintPlain)),
      target: target('≤ 1.1×', paint <= 1.1 * plainPaint),
    },
    {
      what: `code links: the table's work per frame, paging through the 100,000 rows (links then found when idle: ${ms(median(figures.idleLinked))} a frame)`,
      ours: ms(page),
      baseline: `${ms(plainPage)} (the same panel without links)`,
      ratio: ratioAndSpread(page, plainPage, pairsOf(figures.pageLinked, figures.pagePlain)),
      target: target('≤ 1.1×', page <= 1.1 * plainPage),
    },
  );
});

// The dry run of a 5-minute monitor over 24 hours (288 runs): one binned query when the query can
// be binned by the interval (count over a range of one interval), one query per run when it cannot
// (an average over 15 minutes), each beside one `_apl` query over the same period; and evaluating
// again after a change of threshold, with no request, for 10,000 values.
await section(['dryrun'], 300, async () => {
  const fake = new FakeAxiom();
  await fake.start();
  const FIVE = 5 * 60_000;
  const to = Math.floor(Date.now() / FIVE) * FIVE;
  fake.aplAnswer = seriesAplAnswer(spikySeries([to - 20 * FIVE, to - 100 * FIVE], { base: 1, spike: 100 }));
  const dryRun = async (definition: Record<string, unknown>) => {
    const budget = new RequestBudget({ maxInFlight: 4, share: 0.5, assumedLimit: 60 });
    const client = clientFor(fake.url, ourTransport, budget);
    const plan = planDryRun(definition, { to, periodMs: 24 * 60 * 60_000 });
    const answers = await runPlan(
      plan,
      async (q, signal) =>
        (
          await client.runApl(
            q.apl,
            { startTime: new Date(q.start).toISOString(), endTime: new Date(q.end).toISOString() },
            signal,
          )
        ).tables[0],
      budget,
      new AbortController().signal,
    );
    const outcome = evaluate(
      samplesFromAnswers(plan, answers),
      normalRule({ operator: 'Above', threshold: Number(definition.threshold) }),
    );
    return {
      queries: plan.queries.length,
      runs: plan.runs.length,
      alerts: outcome.alerts.length,
      peak: budget.peakInFlight,
    };
  };
  const oneQuery = async () => {
    const client = clientFor(fake.url);
    return client.runApl("['http-logs'] | summarize count() by bin(_time, 5m)", {
      startTime: new Date(to - 24 * 60 * 60_000).toISOString(),
      endTime: new Date(to).toISOString(),
    });
  };
  for (const [label, definition] of [
    [
      'count over one interval: one binned query',
      {
        ...COUNT_ABOVE_FIFTY,
      },
    ],
    [
      'average over 15 minutes: one query per run',
      {
        ...AVERAGE_OVER_FIFTEEN_MINUTES,
      },
    ],
  ] as const) {
    const held: Held = {};
    fake.reset();
    // Time, not the rate limit: a limit of its own is what the status sweep's row above measures.
    fake.rateLimit = { limit: 1_000_000, windowMs: 60_000 };
    fake.aplAnswer = seriesAplAnswer(spikySeries([to - 20 * FIVE, to - 100 * FIVE], { base: 1, spike: 100 }));
    const [ours, floor, pairs] = await paired(
      quick ? 3 : 9,
      1,
      () => timed(() => dryRun(definition), held),
      () => timed(oneQuery),
    );
    const last = held.last as { queries: number; runs: number; alerts: number; peak: number };
    rows.push({
      what: `dry run, 5-minute monitor over 24 hours (${last.runs} runs), ${label}`,
      ours: `${last.queries} ${last.queries === 1 ? 'request' : 'requests'}, ${ms(ours)} (peak ${last.peak} in flight; ${last.alerts} alerts found)`,
      baseline: `one _apl query over the 24 hours: ${ms(floor)}`,
      ratio: ratioAndSpread(ours, floor, pairs),
    });
  }
  await fake.stop();

  // 10,000 values: 2,000 runs (a week of a 5-minute monitor) of 5 groups, compared anew after a threshold change.
  const runs = runWindows({ intervalMinutes: 5, rangeMinutes: 5, delaySeconds: 0 }, to - 2000 * FIVE, to);
  const values: Point[] = [];
  for (let k = 0; k < runs.length; k++)
    for (let g = 0; g < 5; g++)
      values.push({ time: runs[k].start + 1000, group: `g${g}`, value: Math.sin(k / 7 + g) * 100 });
  const samples = samplesByTime(runs, values);
  let threshold = 50;
  const [ours, floor, pairs] = await paired(
    quick ? 20 : 201,
    20,
    () =>
      timed(async () =>
        evaluate(
          samples,
          normalRule({
            operator: 'Above',
            threshold: (threshold = threshold === 50 ? 60 : 50),
            positives: 2,
            ofRuns: 3,
            notifyByGroup: true,
          }),
        ),
      ),
    () =>
      timed(async () => {
        let crossing = 0;
        for (const p of values) if (p.value > threshold) crossing++;
        return crossing;
      }),
  );
  rows.push({
    what: `dry run re-evaluated after a threshold change, ${values.length.toLocaleString('en')} values (no request)`,
    ours: ms(ours),
    baseline: `one comparison per value, nothing else: ${ms(floor)}`,
    ratio: ratioAndSpread(ours, floor, pairs),
  });
});
server.stop();
await Promise.all([ourTransport.close(), floorDispatcher.close()]);

// ---------------------------------------------------------------------------------------------
// The grammar: every query of Axiom's APL documentation tokenized line by line, as VS Code's
// tokenizer (vscode-textmate with oniguruma) does, by our grammar and by the Kusto grammar that
// @shikijs/langs ships (what Axiom's docs colour APL with), in the same run.
await section(['grammar'], 600, async () => {
  const { textmate, apl, kusto: kql } = await loadGrammars();
  // The documentation's queries when a local copy was made (test/support/extractDocsQueries.mjs),
  // else the project's own corpus, repeated to about 2,000 lines.
  const docsFile = path.join(projectRoot, '.vscode-test/apl-docs-queries.json');
  const own = [...VALID_QUERIES, ...PROJECT_QUERIES];
  const queries: string[] = fs.existsSync(docsFile)
    ? (JSON.parse(fs.readFileSync(docsFile, 'utf8')) as { queries: string[] }).queries
    : Array.from({ length: Math.ceil(2000 / own.join('\n').split('\n').length) }, () => own).flat();
  const docsQueries = queries.map((q) => q.split('\n'));
  // The docs' queries, each from a fresh state (a query at a time, as a code block is coloured).
  const tokenizeQueries = (grammar: import('vscode-textmate').IGrammar) => async () => {
    const started = performance.now();
    for (const query of docsQueries) {
      let stack = textmate.INITIAL;
      for (const line of query) stack = grammar.tokenizeLine2(line, stack).ruleStack;
    }
    return performance.now() - started;
  };
  // One file of about 2,000 lines (the same as the checks'), line after line, as an editor colours it.
  const fileLines = aplFile(2000).split('\n');
  const tokenizeDocument = (lines: string[]) => (grammar: import('vscode-textmate').IGrammar) => async () => {
    const started = performance.now();
    let stack = textmate.INITIAL;
    for (const line of lines) stack = grammar.tokenizeLine2(line, stack).ruleStack;
    return performance.now() - started;
  };
  const tokenizeFile = tokenizeDocument(fileLines);
  const count = docsQueries.reduce((n, q) => n + q.length, 0);
  const source = fs.existsSync(docsFile) ? 'docs queries' : "the project's queries";
  const [oursMs, baseMs, pairs] = await paired(quick ? 3 : 15, 3, tokenizeQueries(apl), tokenizeQueries(kql));
  rows.push({
    what: `APL grammar, ${queries.length.toLocaleString('en')} ${source} (${count.toLocaleString('en')} lines)`,
    ours: ms(oursMs),
    baseline: `Kusto grammar: ${ms(baseMs)}`,
    ratio: ratioAndSpread(oursMs, baseMs, pairs),
    target: target('≤ 1.0× (10% noise)', oursMs / baseMs <= 1.1),
  });
  const [fileMs, fileBaseMs, filePairs] = await paired(quick ? 3 : 15, 3, tokenizeFile(apl), tokenizeFile(kql));
  rows.push({
    what: `APL grammar, one file of ${fileLines.length.toLocaleString('en')} lines`,
    ours: ms(fileMs),
    baseline: `Kusto grammar: ${ms(fileBaseMs)}`,
    ratio: ratioAndSpread(fileMs, fileBaseMs, filePairs),
    target: target('≤ 1.0× (10% noise)', fileMs / fileBaseMs <= 1.1),
  });
  // Issue 51's file: about 2,000 lines of mixed APL (strings, comments, nested lets, long case
  // and iff chains, matches regex; test/bench/mixedAplFile.ts), line after line as an editor colours it.
  const mixedLines = mixedAplFile(2000).split('\n');
  const tokenizeMixed = tokenizeDocument(mixedLines);
  const [mixedMs, mixedBaseMs, mixedPairs] = await paired(quick ? 3 : 15, 3, tokenizeMixed(apl), tokenizeMixed(kql));
  rows.push({
    what: `APL grammar, one file of ${mixedLines.length.toLocaleString('en')} lines of mixed APL`,
    ours: ms(mixedMs),
    baseline: `Kusto grammar: ${ms(mixedBaseMs)}`,
    ratio: ratioAndSpread(mixedMs, mixedBaseMs, mixedPairs),
    target: target('≤ 1.0×', mixedMs / mixedBaseMs <= 1.0),
  });
  notes.push(
    `The grammar rows tokenize ${count.toLocaleString('en')} lines: ${((oursMs * 1000) / count).toFixed(1)} µs a line with ours, ${((baseMs * 1000) / count).toFixed(1)} µs with the Kusto grammar (which knows neither hyphenated operators nor matches regex); the file of ${fileLines.length.toLocaleString('en')} lines is the checks' file, tokenized as one document.`,
  );
});

// ---------------------------------------------------------------------------------------------
// Activation inside the real VS Code, through the integration harness (test/harness/personWindow.ts):
// the extensions measured are installed as a person's are (ExtensionMode.Production: the production
// build has no test API to load), beside the empty extension, the one under development that hosts
// the entry (test/bench/activation.ts); the activation probe times each one's load and activate().
interface Activation extends TimedActivation {
  loadMs: number;
  activateMs: number;
  /** The other extensions of the window, timed by the probe, by label. */
  others: Record<string, TimedActivation>;
  /** extension.activate() as a whole: VS Code's own work plus the activate() calls (where the
   *  entry activated it: not in the returning window, where VS Code did). */
  vscodeMs?: number;
  /** Who activated the window's extensions: VS Code restoring the window, or the entry. */
  activatedBy: 'window' | 'entry';
  /** What the extension did before activate() returned that the window could have put off. */
  early: ProbedActivation['early'];
  /** Tree data asked for by the time the entry read the probe. */
  treeData?: number;
  /** The tabs the window had open once it was activated. */
  restored: string[];
}
/** One load of a window (test/harness/personWindow.ts) with `installed` extensions beside the one
 *  under development (`development`, the empty extension by default), the probe watching `probed`
 *  and timing `alsoProbed`; the entry activates `activateLast` (an id; the extension's by default).
 *  The returning window is first prepared in the same load and reloaded, as a person's is restored. */
async function activation(options: {
  window?: PersonWindow;
  url?: string;
  development?: string;
  installed?: string[];
  probed: string;
  alsoProbed?: Record<string, string>;
  activateLast?: string;
}): Promise<Activation> {
  const { window = 'bare', url = '' } = options;
  let figure: Activation | undefined;
  const sandbox = await personSandbox(window, url, 'axiom-bench-act-');
  const entry = path.join(projectRoot, 'out/test/bench/activation.js');
  if (window === 'returning') await prepareReturning(sandbox, { token: FAKE_API_TOKEN });
  const heard: string[] = [];
  const code = await loadPersonWindow(sandbox, {
    extensionPath: options.development ?? empty,
    installed: options.installed,
    probed: options.probed,
    alsoProbed: options.alsoProbed,
    activateLast: options.activateLast,
    entry,
    onLog: (_type: string, args: unknown[]) => {
      const line = args.find((a): a is string => typeof a === 'string' && a.startsWith('AXIOM_BENCH '));
      if (line) figure = JSON.parse(line.slice('AXIOM_BENCH '.length)) as Activation;
      else heard.push(args.map(String).join(' '));
    },
  });
  fs.rmSync(sandbox.dir, { recursive: true, force: true });
  if (code !== 0 || figure === undefined)
    throw new Error(`the activation run (${window}) failed (${code}): ${heard.slice(-4).join(' / ')}`);
  return figure;
}
const ourManifest = JSON.parse(fs.readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as ExtensionManifest;
// The empty extension: it loads the vscode API (VS Code builds it on that first require) and its
// activate() does nothing; an id of its own.
const empty = emptyExtension(path.join(work, 'empty'), ourManifest);
const alone = (folder: string) => activation({ installed: [folder], probed: folder });

// Each build alone in its window, seven windows each (AXIOM_BENCH_ONLY=activation-builds): the split
// beside the one bundle it replaced, without the language model tools, and the floor (its ids the
// extension's own), each in windows of its own.
await section(['activation-builds'], 1200, async () => {
  // The same build with no language model tools and no chat participant declared: what
  // registering the tools and @axiom costs at activation.
  const noTools = path.join(work, 'no-tools');
  fs.cpSync(split, noTools, { recursive: true });
  const manifest = JSON.parse(fs.readFileSync(path.join(noTools, 'package.json'), 'utf8')) as {
    contributes: Record<string, unknown>;
  };
  delete manifest.contributes.languageModelTools;
  delete manifest.contributes.chatParticipants;
  fs.writeFileSync(path.join(noTools, 'package.json'), JSON.stringify(manifest));
  const runs = quick ? 1 : 7;
  const samples: Record<string, Activation[]> = { split: [], single: [], empty: [], noTools: [], floor: [] };
  for (let i = 0; i < runs; i++) {
    for (const [name, dir] of [
      ['split', split],
      ['single', single],
      ['noTools', noTools],
      ['floor', activationFloor],
    ] as const)
      samples[name].push(await alone(dir));
    samples.empty.push(await activation({ probed: empty, activateLast: extensionId(readManifest(empty)) }));
  }
  const m = (name: string, part: keyof Activation | 'total') =>
    median(samples[name].map((a) => (part === 'total' ? a.loadMs + a.activateMs : Number(a[part]))));
  rows.push({
    what: 'activation in VS Code, alone in its window: load + activate()',
    ours: ms(m('split', 'total')),
    baseline: `one bundle: ${ms(m('single', 'total'))}`,
    ratio: ratio(m('split', 'total'), m('single', 'total')),
  });
  rows.push({
    what: '… beside the activation floor alone in a window of its own (test/bench/activationFloor.ts)',
    ours: ms(m('split', 'total')),
    baseline: `the floor: ${ms(m('floor', 'total'))} (load ${ms(m('floor', 'loadMs'))} + activate() ${ms(m('floor', 'activateMs'))})`,
    ratio: ratio(m('split', 'total'), m('floor', 'total')),
  });
  rows.push({
    what: '… of which loading the bundle',
    ours: ms(m('split', 'loadMs')),
    baseline: `empty, requiring vscode: ${ms(m('empty', 'loadMs'))}`,
    ratio: ratio(m('split', 'loadMs'), m('empty', 'loadMs')),
  });
  rows.push({
    what: '… of which activate()',
    ours: ms(m('split', 'activateMs')),
    baseline: `one bundle: ${ms(m('single', 'activateMs'))}`,
    ratio: ratio(m('split', 'activateMs'), m('single', 'activateMs')),
  });
  // activate() of a few ms swings with the machine's load: the least of the runs beside the median.
  const least = (name: string) => Math.min(...samples[name].map((a) => a.activateMs));
  rows.push({
    what: 'activate() with the language model tools and @axiom registered',
    ours: `${ms(m('split', 'activateMs'))} (least ${ms(least('split'))})`,
    baseline: `none declared: ${ms(m('noTools', 'activateMs'))} (least ${ms(least('noTools'))})`,
    ratio: ratio(m('split', 'activateMs'), m('noTools', 'activateMs')),
  });
  rows.push({
    what: "VS Code's whole extension.activate()",
    ours: ms(m('split', 'vscodeMs')),
    baseline: `empty extension: ${ms(m('empty', 'vscodeMs'))}`,
    ratio: ratio(m('split', 'vscodeMs'), m('empty', 'vscodeMs')),
  });
  log(`activation, each build alone: ${JSON.stringify(samples)}`);
});

// Activation beside its floor in one person's window (issue 51; AXIOM_BENCH_ONLY=activation, or
// person): in each window (bare, first start, returning) a warm-up copy of the floor (untimed: it
// warms VS Code's registration paths, as other extensions do in people's windows), the empty
// extension, the floor and the extension, chained by their dependencies so that they activate in
// that order, the floor and the extension in turns first (test/bench/activationWindows.ts).
await section(['activation', 'person'], 2400, async () => {
  const windows = quick ? 1 : 4;
  const chains = sameWindowChains(work, {
    // The build a person installs: without the test API (the entry reads the probe only).
    ours: buildExtension('shipped', 'split'),
    empty,
    floorCopy: ({ prefix, rounds }) => {
      const dir = buildExtension(`floor-${prefix}`, 'floor', [
        '--floor-prefix',
        prefix,
        '--floor-rounds',
        String(rounds),
      ]);
      fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify(floorManifest(ourManifest, prefix)));
      return dir;
    },
  });
  const served = await serveMonitors([100]);
  const samples: SameWindowSample[] = [];
  try {
    for (let i = 0; i < windows; i++)
      for (const window of PERSON_WINDOWS)
        for (const order of i % 2 ? [...ACTIVATION_ORDERS].reverse() : ACTIVATION_ORDERS) {
          const { folders, last } = chains[order];
          const figure = await activation({
            window,
            url: served.urls[100],
            development: folders.empty,
            installed: [folders.warm, folders.pause1, folders.floor, folders.pause2, folders.ours],
            probed: folders.ours,
            alsoProbed: { warm: folders.warm, empty: folders.empty, floor: folders.floor },
            activateLast: last,
          });
          samples.push({ window, order, figure });
          log(`activation, ${window} window, ${order}: ${JSON.stringify(figure)}`);
        }
  } finally {
    served.stop();
  }
  const sameWindow = sameWindowRows(samples, { ms, median, target });
  rows.push(...sameWindow.rows);
  notes.push(...sameWindow.notes);
});

// ---------------------------------------------------------------------------------------------
// Opening a starred query as a document, inside the real VS Code (test/bench/openStarred.ts):
// the Open command, which reads it from the service and makes the document through the
// extension's file system, beside an untitled document with the same text.
await section(['starred-open'], 400, async () => {
  const served = await serveMonitors([`starred:${STARRED}`]);
  const sandbox = makeSandbox('axiom-bench-open-', { settings: { 'axiom.url': served.urls[`starred:${STARRED}`] } });
  let figure: { ours: number[]; base: number[] } | undefined;
  const code = await runInExtensionHost({
    sandbox,
    extensionPath: split,
    entry: path.join(projectRoot, 'out/test/bench/openStarred.js'),
    timeoutSeconds: 300,
    onLog: (_type: string, args: unknown[]) => {
      const line = args.find((a): a is string => typeof a === 'string' && a.startsWith('AXIOM_BENCH '));
      if (line) figure = JSON.parse(line.slice('AXIOM_BENCH '.length)) as typeof figure;
    },
  });
  served.stop();
  fs.rmSync(sandbox.dir, { recursive: true, force: true });
  if (code !== 0 || !figure) throw new Error(`the starred-open run failed (${code})`);
  const [ours, base] = [median(figure.ours), median(figure.base)];
  rows.push({
    what: 'open a starred query as a document',
    ours: ms(ours),
    baseline: `untitled document, same text: ${ms(base)}`,
    ratio: ratioAndSpread(
      ours,
      base,
      figure.ours.map((x, i) => x / figure!.base[i]),
    ),
  });
});

// ---------------------------------------------------------------------------------------------
/** Runs a benchmark entry inside the real VS Code (out/test/bench/<name>.js, its `run()`), and
 *  gives back the figure it printed as `AXIOM_BENCH <json>`. */
async function hostFigure<T>(
  name: string,
  settings: Record<string, unknown> | undefined,
  timeoutSeconds: number,
): Promise<T> {
  const sandbox = makeSandbox(`axiom-bench-${name}-`, settings ? { settings } : undefined);
  let figure: T | undefined;
  const heard: string[] = [];
  const code = await runInExtensionHost({
    sandbox,
    extensionPath: split,
    entry: path.join(projectRoot, `out/test/bench/${name}.js`),
    timeoutSeconds,
    onLog: (_type: string, args: unknown[]) => {
      const line = args.find((a): a is string => typeof a === 'string' && a.startsWith('AXIOM_BENCH '));
      if (line) figure = JSON.parse(line.slice('AXIOM_BENCH '.length)) as T;
      else heard.push(args.map(String).join(' '));
    },
  });
  fs.rmSync(sandbox.dir, { recursive: true, force: true });
  if (code !== 0 || !figure)
    throw new Error(
      `the ${name} run failed (${code}); last words of the extension host:\n${heard.slice(-8).join('\n')}`,
    );
  return figure;
}

// ---------------------------------------------------------------------------------------------
// Opening a dashboard of 200 charts as a document, inside the real VS Code (test/bench/openDashboard.ts):
// Open Dashboard on its row (the GET, the document made through the extension's file system, the
// editor shown) beside the same GET and JSON.parse alone, in the same extension host.
await section(['dashboard-open'], 400, async () => {
  const served = await serveMonitors(['dashboards:70']);
  type Figure = {
    ours: number[];
    base: number[];
    document: number[];
    untitled: number[];
    share: number[];
    shareBase: number[];
    bytes: number;
  };
  let figure: Figure;
  try {
    figure = await hostFigure<Figure>('openDashboard', { 'axiom.url': served.urls['dashboards:70'] }, 300);
  } finally {
    served.stop();
  }
  const [ours, base, document, untitled, share, shareBase] = [
    figure.ours,
    figure.base,
    figure.document,
    figure.untitled,
    figure.share,
    figure.shareBase,
  ].map(median);
  const pairs = (values: number[]) => values.map((x, i) => x / figure.base[i]);
  rows.push({
    what: `open a dashboard of 200 charts (${kb(figure.bytes)}) as a document, editor shown (in VS Code)`,
    ours: ms(ours),
    baseline: `its GET + JSON.parse: ${ms(base)}`,
    ratio: ratioAndSpread(ours, base, pairs(figure.ours)),
  });
  rows.push({
    what: '… of which the document made (its text read through the file system)',
    ours: ms(document),
    baseline: `its GET + JSON.parse: ${ms(base)}`,
    ratio: ratioAndSpread(document, base, pairs(figure.document)),
  });
  rows.push({
    what: '… VS Code’s own share: an untitled JSON document of the same text, made and shown',
    ours: ms(untitled),
    baseline: `its GET + JSON.parse: ${ms(base)}`,
    ratio: ratioAndSpread(untitled, base, pairs(figure.untitled)),
  });
  // VS Code's own share alone is many times the floor: the 1.2× is held on the part the extension
  // does, beside the floor taken next to it.
  rows.push({
    what: '… the extension’s own part: its file system reads a dashboard not read before (GET, checks, text)',
    ours: ms(share),
    baseline: `its GET + JSON.parse, taken beside it: ${ms(shareBase)}`,
    ratio: ratioAndSpread(
      share,
      shareBase,
      figure.share.map((x, i) => x / figure.shareBase[i]),
    ),
    target: target('≤ 1.2× (the extension’s part)', share <= 1.2 * shareBase),
  });
});

// ---------------------------------------------------------------------------------------------
// The first open of the Dashboards and the Annotations views in a window (issue 51, item 2;
// test/bench/firstViewOpen.ts): the extension's part, from VS Code's first ask of the view's rows
// (its feature loaded) to their items, beside the same GET and JSON.parse in that window. Both views
// are collapsed in the Axiom container: a person opens one in the open container, whose expanded
// views (Monitors, Starred Queries) have loaded (the row with the target); the same open with
// none of them loaded (only the token stored) is shown beside it. A first open happens once a
// window: four windows each, the floor first in two of them.
await section(['views-open'], 600, async () => {
  // Each beside an organization's monitors and starred queries, which the container's views show.
  const lists = {
    dashboards: 'dashboards:40+monitors:50+starred:20',
    annotations: 'annotations:1000+monitors:50+starred:20',
  } as const;
  const served = await serveMonitors(Object.values(lists));
  try {
    for (const view of ['dashboards', 'annotations'] as const)
      for (const after of ['container', 'activation'] as const) {
        const windows: { ours: number; base: number }[] = [];
        for (let i = 0; i < (quick ? 2 : 4); i++) {
          process.env.AXIOM_BENCH_VIEW = view;
          process.env.AXIOM_BENCH_VIEWS_AFTER = after;
          process.env.AXIOM_BENCH_FLOOR_FIRST = i % 2 ? '1' : '0';
          windows.push(
            await hostFigure<{ ours: number; base: number }>(
              'firstViewOpen',
              { 'axiom.url': served.urls[lists[view]] },
              120,
            ),
          );
        }
        const [ours, base] = [median(windows.map((w) => w.ours)), median(windows.map((w) => w.base))];
        const which =
          view === 'dashboards'
            ? 'Dashboards view (40 dashboards of 200 charts)'
            : 'Annotations view (1,000 annotations on 20 datasets)';
        rows.push({
          what:
            after === 'container'
              ? `first open of the ${which} in the open Axiom container (its expanded views loaded): its feature loaded, the list read, rows and items made; median of ${windows.length} windows`
              : `the same first open with none of the container's views loaded (only the token stored, through the accounts feature); median of ${windows.length} windows`,
          ours: ms(ours),
          baseline: `the same GET + JSON.parse in that window: ${ms(base)}`,
          ratio: ratioAndSpread(
            ours,
            base,
            windows.map((w) => w.ours / w.base),
          ),
          ...(after === 'container' ? { target: target('≤ 1.3×', ours <= 1.3 * base) } : {}),
        });
      }
  } finally {
    delete process.env.AXIOM_BENCH_VIEW;
    delete process.env.AXIOM_BENCH_VIEWS_AFTER;
    delete process.env.AXIOM_BENCH_FLOOR_FIRST;
    served.stop();
  }
});

// ---------------------------------------------------------------------------------------------
// Completion with 10,000 fields, inside the real VS Code (test/bench/completion.ts): the
// extension's provider, asked as the editor asks it, beside a provider that hands out the same
// items prepared once.
await section(['completion'], 400, async () => {
  const figure = await hostFigure<{ ours: number[]; base: number[]; items: number }>(
    'completion',
    { 'editor.wordBasedSuggestions': 'off' },
    300,
  );
  const [ours, base] = [median(figure.ours), median(figure.base)];
  rows.push({
    what: 'completion, 10,000 fields (in VS Code)',
    ours: ms(ours),
    baseline: `prepared list of the same ${figure.items.toLocaleString('en')} items: ${ms(base)}`,
    ratio: ratioAndSpread(
      ours,
      base,
      figure.ours.map((x, i) => x / figure.base[i]),
    ),
  });
});

// ---------------------------------------------------------------------------------------------
// The extension host's memory before and after opening and closing 20 results of 100,000 × 12
// inside the real VS Code (test/bench/resultsMemory.ts), and the most it held while they were open.
await section(['memory'], 700, async () => {
  type Memory = { heapUsed: number; rss: number };
  const figure = await hostFigure<{ before: Memory; peak: Memory; after: Memory; kept: number; results: number }>(
    'resultsMemory',
    undefined,
    600,
  );
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  const { before, peak, after } = figure;
  rows.push({
    what: `extension host heap after opening and closing ${figure.results} results of 100,000 × 12 (in VS Code)`,
    ours: mb(after.heapUsed),
    baseline: `before: ${mb(before.heapUsed)}`,
    ratio: ratio(after.heapUsed, before.heapUsed),
    target: target('back to where it was (≤ 1.1×)', after.heapUsed <= before.heapUsed * 1.1),
  });
  rows.push({
    what: `… the most it held while they were open`,
    ours: mb(peak.heapUsed),
    baseline: `before: ${mb(before.heapUsed)}`,
    ratio: `+${mb(peak.heapUsed - before.heapUsed)}`,
    target: `${figure.kept} of ${figure.results} panels keeping their rows`,
  });
  notes.push(
    `The memory rows: heap used after a full collection, in the extension host of code-server; its resident size went from ${mb(before.rss)} before to ${mb(peak.rss)} at most while the results were open and ${mb(after.rss)} after they were closed (the resident size also holds code, buffers and memory V8 keeps for later).`,
  );
});

// ---------------------------------------------------------------------------------------------
// The Datasets view and the query history, inside the real VS Code (test/bench/explore.ts).
await section(['explore'], 400, async () => {
  const figure = await hostFigure<{
    expand: { ours: number[]; base: number[] };
    pick: { ours: number[]; base: number[] };
    pickWhole: number[];
    read: number[];
    fields: number;
    runs: number;
  }>('explore', undefined, 300);
  const pair = (side: { ours: number[]; base: number[] }) =>
    [median(side.ours), median(side.base), side.ours.map((x, i) => x / side.base[i])] as const;
  const [expand, bareFields, expandPairs] = pair(figure.expand);
  rows.push({
    what: `expand a dataset of ${figure.fields.toLocaleString('en')} fields in the Datasets view (in VS Code; fields + virtual fields, merged, a tree item each)`,
    ours: ms(expand),
    baseline: `bare fetch + JSON parse of the fields: ${ms(bareFields)}`,
    ratio: ratioAndSpread(expand, bareFields, expandPairs),
  });
  const [pick, preparedPick, pickPairs] = pair(figure.pick);
  rows.push({
    what: `Show Query History with ${figure.runs.toLocaleString('en')} runs, until the quick pick shows (in VS Code)`,
    ours: ms(pick),
    baseline: `a quick pick of ${figure.runs.toLocaleString('en')} prepared items: ${ms(preparedPick)}`,
    ratio: ratioAndSpread(pick, preparedPick, pickPairs),
  });
  rows.push({
    what: `… until all ${figure.runs.toLocaleString('en')} runs are in the pick (it shows its first runs first)`,
    ours: ms(median(figure.pickWhole)),
    baseline: `a quick pick of ${figure.runs.toLocaleString('en')} prepared items: ${ms(preparedPick)}`,
    ratio: ratio(median(figure.pickWhole), preparedPick),
  });
  rows.push({
    what: `… of which reading the ${figure.runs.toLocaleString('en')} runs from the disk`,
    ours: ms(median(figure.read)),
    baseline: `the whole: ${ms(pick)}`,
    ratio: ratio(median(figure.read), pick),
  });
});

// ---------------------------------------------------------------------------------------------
// Time to first visible items: a person opens the Axiom view in a fresh window; the clock runs
// from the click on its icon until the first monitor's row is on screen.
async function firstItemsMs(size: number): Promise<number> {
  const served = await serveMonitors([size]);
  const url = served.urls[size];
  const firstName = monitorRows(manyMonitors(size) as never)[0].label;
  const sandbox = makeSandbox('axiom-bench-view-', { settings: { 'axiom.url': url } });
  const codeServer = await startCodeServer(sandbox, {
    env: { AXIOM_TOKEN: FAKE_API_TOKEN },
    extraArgs: DEV_EXTENSION_ARGS,
  });
  const browser = await openBrowser(sandbox);
  try {
    await browser.page.goto(workbenchUrl(codeServer, sandbox, { extensionPath: split }));
    const icon = browser.page.locator('.activitybar [aria-label^="Axiom"]').first();
    await icon.waitFor({ timeout: 60_000 });
    await new Promise((r) => setTimeout(r, 2000)); // let the workbench settle after start-up
    const started = performance.now();
    await icon.click();
    await browser.page.locator('.monaco-list-row', { hasText: firstName }).first().waitFor({ timeout: 60_000 });
    return performance.now() - started;
  } finally {
    await browser.context.close();
    codeServer.stop();
    served.stop();
    fs.rmSync(sandbox.dir, { recursive: true, force: true });
  }
}
await section(['view'], 900, async () => {
  const [ours, base] = await paired(
    quick ? 1 : 3,
    0,
    () => firstItemsMs(10_000),
    () => firstItemsMs(100),
  );
  rows.push({
    what: 'first items in the view, 10,000 monitors',
    ours: ms(ours),
    baseline: `100 monitors: ${ms(base)}`,
    ratio: ratio(ours, base),
    target: target('≤ 1.2×', ours <= 1.2 * base),
  });
});

// ---------------------------------------------------------------------------------------------
// A chart with 1,000 annotations in range against the same chart without them (annotationPaint.ts).
await section(['annotations'], 300, async () => {
  // Built beside this script (esbuild.mjs --tests), and loaded as it runs: it drives chromium.
  const { annotationPaint } = (await import(path.join(projectRoot, 'out/test/bench/annotationPaint.mjs'))) as {
    annotationPaint: (dist: string, runs: number) => Promise<{ ours: number; base: number; pairs: number[] }>;
  };
  const { ours, base, pairs } = await annotationPaint(path.join(split, 'dist'), quick ? 5 : 21);
  rows.push({
    what: 'a chart of 1,440 points with 1,000 annotations in range, message to painted frame',
    ours: ms(ours),
    baseline: `the same chart without them: ${ms(base)}`,
    ratio: ratioAndSpread(ours, base, pairs),
    target: target('≤ 1.2×', ours <= 1.2 * base),
  });
});

// The dashboard preview (test/bench/dashboardPreview.ts): 12 charts, each query with a latency of
// its own at the fake, until every tile is drawn in the page, beside the slowest query run alone.
await section(['dashboard'], 300, async () => {
  // Its own process: it drives a browser (as bench:results does).
  const output = execFileSync(
    process.execPath,
    [path.join(projectRoot, 'out/test/bench/dashboardPreview.mjs'), path.join(split, 'dist'), String(quick ? 3 : 9)],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const line = output.split('\n').find((l) => l.startsWith('AXIOM_BENCH '));
  if (!line) throw new Error('the dashboard preview bench printed no figures');
  const figures = JSON.parse(line.slice('AXIOM_BENCH '.length)) as PreviewFigures;
  const ours = median(figures.preview);
  const base = median(figures.slowest);
  rows.push({
    what: `dashboard preview: ${LATENCIES.length} charts drawn (latencies ${Math.min(...LATENCIES)}–${Math.max(...LATENCIES)} ms, at most ${figures.concurrent} queries at once), from the text read to every tile drawn in the page`,
    ours: ms(ours),
    baseline: `its slowest query run alone: ${ms(base)}`,
    ratio: ratioAndSpread(
      ours,
      base,
      figures.preview.map((p, i) => p / figures.slowest[i]),
    ),
    target: target('≤ 1.3×', ours <= 1.3 * base),
  });
});

// A notebook output's first rows beside the results panel's, for the same answer (test/bench/notebookPaint.ts,
// also run alone by npm run bench:notebook, with the rows behind this one).
await section(['notebook'], 300, async () => {
  // Its own process: it drives a browser and builds its own production bundle.
  const output = execFileSync(process.execPath, [path.join(projectRoot, 'out/test/bench/notebookPaint.mjs')], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = output.split('\n').find((l) => l.startsWith('AXIOM_BENCH '));
  if (!line) throw new Error('the notebook bench printed no figures');
  const figures = JSON.parse(line.slice('AXIOM_BENCH '.length)) as { notebook: number[]; panel: number[] };
  const ours = median(figures.notebook);
  const base = median(figures.panel);
  rows.push({
    what: "answer's last byte → first rows painted in a notebook output, 100,000 × 12",
    ours: ms(ours),
    baseline: `the results panel, same answer: ${ms(base)}`,
    ratio: ratioAndSpread(
      ours,
      base,
      figures.notebook.map((n, i) => n / figures.panel[i]),
    ),
    target: target('≤ 1.5×', ours <= 1.5 * base),
  });
});

// A trace of 10,000 spans from the answer to the waterfall drawn, beside the results panel drawing
// the same rows (test/bench/tracePaint.ts, issue 50).
await section(['trace'], 300, async () => {
  // Its own process: it drives a browser and builds its own production bundle.
  const output = execFileSync(process.execPath, [path.join(projectRoot, 'out/test/bench/tracePaint.mjs')], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = output.split('\n').find((l) => l.startsWith('AXIOM_BENCH '));
  if (!line) throw new Error('the trace bench printed no figures');
  const figures = JSON.parse(line.slice('AXIOM_BENCH '.length)) as {
    trace: number[];
    panel: number[];
    traceHost: number[];
    panelHost: number[];
  };
  const ours = median(figures.trace);
  const base = median(figures.panel);
  rows.push({
    what: "a trace of 10,000 spans: answer's last byte → waterfall drawn in the trace view",
    ours: `${ms(ours)} (extension's side ${ms(median(figures.traceHost))})`,
    baseline: `the results panel drawing the same rows: ${ms(base)} (extension's side ${ms(median(figures.panelHost))})`,
    ratio: ratioAndSpread(
      ours,
      base,
      figures.trace.map((t, i) => t / figures.panel[i]),
    ),
    target: target('≤ 1.3×', ours <= 1.3 * base),
  });
});

// ---------------------------------------------------------------------------------------------
console.log(writeReport());
fs.rmSync(work, { recursive: true, force: true });
// A part left behind at its bound may still hold the event loop: the table is out, so the run ends.
process.exit(0);
