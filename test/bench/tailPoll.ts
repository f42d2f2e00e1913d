// The live tail's numbers (issue 50): its cost per poll with 10,000 events kept, beside parsing the
// poll's answer alone (JSON.parse and the tabular reader of the same bytes), in runs of 25 polls
// and then poll by poll (each poll's work beside its own parse, timed back to back: what the load
// of a shared machine moves least); and its memory over 30 minutes of polling every 2 seconds on
// a stepped clock (900 polls through TailSession, the answers made in process for the moment
// asked), heap after a full collection once the kept events reached maxRows (minute 10) beside
// minute 30. Targets: ≤ 1.2× the parse; the heap flat (≤ 1.1×).
import { readTabular } from '../../src/core/api/tabular';
import { RequestBudget } from '../../src/core/api/requestBudget';
import { TailRows } from '../../src/core/tail/tailRows';
import { OVERLAP_MS, PER_POLL, TailSession } from '../../src/core/tail/tailSession';
import { SteppedClock } from '../support/steppedClock';
import type { BenchRow, BenchTiming } from './benchTiming';

/** Events a second in the made stream, and the fields of each (as the demo's http-logs). */
const PER_SECOND = 20;
const FIELDS = [
  '_time',
  '_sysTime',
  'service',
  'method',
  'route',
  'status',
  'req_duration_ms',
  'geo.city',
  'user_agent',
  'trace_id',
  'bytes',
  'message',
];
const SERVICES = ['checkout', 'cart', 'search', 'catalog', 'payments'];

/** The stream's events between two times (ms), newest first, at most `take`: the same event for
 *  the same moment whenever asked, as the service keeps them. */
function answerBetween(start: number, end: number, take: number): string {
  const step = 1000 / PER_SECOND;
  const columns: unknown[][] = FIELDS.map(() => []);
  for (let slot = Math.floor(end / step); slot * step >= start && columns[0].length < take; slot--) {
    const t = slot * step;
    const n = slot % 997;
    const values = [
      new Date(t).toISOString(),
      new Date(t + 40).toISOString(),
      SERVICES[n % 5],
      n % 4 ? 'GET' : 'POST',
      `/api/v1/items/${n % 50}`,
      n % 31 ? 200 : 503,
      (n * 7) % 900,
      ['Berlin', 'Paris', 'Lisbon'][n % 3],
      'Mozilla/5.0 (X11; Linux x86_64)',
      (slot * 2654435761).toString(16).padStart(32, '0').slice(-32),
      n * 13,
      `request ${slot} served`,
    ];
    values.forEach((v, i) => columns[i].push(v));
  }
  return JSON.stringify({
    format: 'tabular',
    status: { elapsedTime: 1000, rowsExamined: columns[0].length, rowsMatched: columns[0].length, isPartial: false },
    tables: [{ name: '0', fields: FIELDS.map((name) => ({ name, type: 'string' })), columns }],
  });
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

export async function tailRows(tools: BenchTiming & { gc: () => void }): Promise<BenchRow[]> {
  const { paired, ms, ratioAndSpread, target, quick, gc } = tools;
  const rows: BenchRow[] = [];

  // Cost per poll with 10,000 kept: the answers of successive polls 2 s apart (the overlap's
  // repeats and 2 s of new events each), made before timing. The tail reads them in order; the
  // baseline parses answers of the same size.
  const runs = quick ? 5 : 15;
  const warmup = 2;
  const perRun = 25;
  const t0 = Math.floor(Date.now() / 1000) * 1000;
  const kept = new TailRows({ overlapMs: OVERLAP_MS, maxRows: 10_000 });
  kept.accept(readTabular(JSON.parse(answerBetween(t0 - 10 * 60_000, t0, 12_000))).tables[0], 12_000);
  const bodies: string[] = [];
  const singlePolls = quick ? 200 : 1000;
  for (let i = 1; i <= (runs + warmup) * perRun + singlePolls; i++) {
    const now = t0 + i * 2000;
    bodies.push(answerBetween(now - 2000 - OVERLAP_MS, now, PER_POLL));
  }
  let tailNext = 0;
  let parseNext = 0;
  const touchedBefore = kept.rowsTouched;
  const [ours, base, pairs] = await paired(
    runs,
    warmup,
    async () => {
      const started = performance.now();
      for (let i = 0; i < perRun; i++) kept.accept(readTabular(JSON.parse(bodies[tailNext++])).tables[0], PER_POLL);
      return (performance.now() - started) / perRun;
    },
    async () => {
      const started = performance.now();
      for (let i = 0; i < perRun; i++) readTabular(JSON.parse(bodies[parseNext++]));
      return (performance.now() - started) / perRun;
    },
  );
  // Poll by poll, on the answers that follow: each poll's accept beside its own parse, timed back
  // to back (the same answer, the same moment of the machine), the median of their ratios.
  const pollRatios: number[] = [];
  for (let i = 0; i < singlePolls; i++) {
    const started = performance.now();
    const table = readTabular(JSON.parse(bodies[tailNext++])).tables[0];
    const parsed = performance.now();
    kept.accept(table, PER_POLL);
    pollRatios.push((performance.now() - started) / (parsed - started));
  }
  const pollRatio = pollRatios.sort((x, y) => x - y)[pollRatios.length >> 1];
  const answerRows = (JSON.parse(bodies[0]) as { tables: { columns: unknown[][] }[] }).tables[0].columns[0].length;
  // The answers made for timing are let go before the heap is measured.
  bodies.length = 0;
  // Kept events written or forgotten per poll (counted, not timed): the new events', not the kept.
  const touched = (kept.rowsTouched - touchedBefore) / tailNext;
  rows.push({
    what: `live tail: one poll with ${kept.size.toLocaleString('en')} events kept (an answer of ${answerRows} rows × ${FIELDS.length}, ${PER_SECOND * 2} new; ${touched.toFixed(0)} kept events touched a poll)`,
    ours: ms(ours),
    baseline: `parsing the answer alone: ${ms(base)}`,
    ratio: `${ratioAndSpread(ours, base, pairs)}; poll by poll, median of ${singlePolls}: ${pollRatio.toFixed(2)}×`,
    target: target('≤ 1.2×', ours <= base * 1.2),
  });

  // Memory over 30 minutes of polling, on a stepped clock.
  const clock = new SteppedClock();
  clock.advance(t0 - clock.now());
  const budget = new RequestBudget({ maxInFlight: 4, share: 0.5, assumedLimit: 1_000_000, now: () => clock.now() });
  let answered = 0;
  const session = new TailSession({
    target: { dataset: 'http-logs', conditions: [] },
    query: async (_apl, range) => {
      answered++;
      return readTabular(JSON.parse(answerBetween(Date.parse(range.startTime), Date.parse(range.endTime), PER_POLL)));
    },
    budget: () => budget,
    intervalMs: () => 2000,
    maxRows: 10_000,
    wanted: () => true,
    told: () => undefined,
    clock,
  });
  const heap = () => {
    gc();
    gc();
    return process.memoryUsage().heapUsed;
  };
  const minutes = async (count: number) => {
    for (let i = 0; i < count * 30; i++) {
      clock.advance(2000);
      for (let k = 0; k < 5; k++) await settle();
    }
  };
  session.start();
  clock.advance(0);
  await settle();
  await minutes(10);
  const atTen = heap();
  const keptAtTen = session.rows.size;
  await minutes(20);
  const atThirty = heap();
  session.stop();
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  rows.push({
    what: `live tail: heap after 30 minutes of polling every 2 s (${answered} polls, ${PER_SECOND} events/s, ${session.rows.size.toLocaleString('en')} kept, ${session.rows.remembered} remembered for repeats)`,
    ours: mb(atThirty),
    baseline: `at minute 10 (${keptAtTen.toLocaleString('en')} kept): ${mb(atTen)}`,
    ratio: `${(atThirty / atTen).toFixed(2)}×`,
    target: target('flat (≤ 1.1×)', atThirty <= atTen * 1.1),
  });
  return rows;
}
