// The dry run's speed (issue 43): the 24-hour dry run of a 5-minute monitor against the fake with
// 50 ms of latency per query, through the whole dry run as the panel runs it (dryRunMonitor: the
// budget, the result so far, the real alerts). Two monitors:
//   one query per run (an average over 15 minutes, 288 runs): the first verdict and the whole,
//     beside 288 × one query of a run's range, one after another (measured: one query, times 288);
//   the binned path (a count per 5 minutes, 288 runs, one binned query): the whole, beside one
//     query over the whole day.
// Targets: first verdict ≤ 5 s, whole ≤ 15 s; binned ≤ 1.5× one query over the day.
import { RequestBudget } from '../../src/core/api/requestBudget';
import { render } from '../../src/core/phrase';
import { evaluate } from '../../src/core/monitors/dryRun';
import { dryRunMonitor, type DryRunService } from '../../src/core/monitors/dryRunMonitor';
import { DRY_RUN_IN_FLIGHT } from '../../src/core/monitors/dryRunPlan';
import { samplesFromMessage } from '../../src/core/monitors/dryRunProtocol';
import { FakeAxiom } from '../support/fakeAxiom';
import {
  AVERAGE_OVER_FIFTEEN_MINUTES,
  COUNT_ABOVE_FIFTY,
  seriesAplAnswer,
  spikySeries,
} from '../support/seriesFixtures';
import type { BenchRow, BenchTiming } from './benchTiming';

/** Latency the fake adds to each query. */
export const QUERY_LATENCY_MS = 50;

export interface DryRunSpeedTools extends BenchTiming {
  clientFor: (url: string, transport?: undefined, budget?: RequestBudget) => DryRunService;
}

const FIVE = 5 * 60_000;
const DAY = 24 * 60 * 60_000;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

export async function dryRunSpeedRows(tools: DryRunSpeedTools): Promise<BenchRow[]> {
  const { paired, ms, ratioAndSpread, target, quick } = tools;
  const fake = new FakeAxiom();
  await fake.start();
  try {
    const to = Math.floor(Date.now() / FIVE) * FIVE;
    const answer = () => seriesAplAnswer(spikySeries([to - 20 * FIVE, to - 100 * FIVE], { base: 1, spike: 100 }));
    const prepare = () => {
      fake.reset();
      // Time, not the rate limit: the status sweep's row measures a limit of its own.
      fake.rateLimit = { limit: 1_000_000, windowMs: 60_000 };
      fake.aplAnswer = answer();
      fake.fail('POST /v1/datasets/_apl', { delayMs: QUERY_LATENCY_MS });
    };
    /** One dry run: when its first verdict was there (the first answer seen), when it was whole, and what it asked. */
    const dryRun = async (definition: Record<string, unknown>) => {
      prepare();
      const budget = new RequestBudget({ maxInFlight: DRY_RUN_IN_FLIGHT, share: 0.5, assumedLimit: 60 });
      const client = tools.clientFor(fake.url, undefined, budget);
      const started = performance.now();
      let firstVerdict: number | undefined;
      const done = await dryRunMonitor(client, definition, {
        to,
        periodMs: DAY,
        budget,
        signal: new AbortController().signal,
        say: render,
        partial: (soFar) => {
          if (firstVerdict === undefined && (soFar().progress?.done ?? 0) > 0) {
            firstVerdict = performance.now() - started;
          }
        },
      });
      const whole = performance.now() - started;
      const alerts = evaluate(samplesFromMessage(done.result), done.result.rule).alerts.length;
      return {
        firstVerdict: firstVerdict ?? whole,
        whole,
        queries: done.result.queries,
        runs: done.result.runs.length,
        alerts,
        peak: budget.peakInFlight,
      };
    };
    /** One query, over `range` ms ending at `to`, with the same latency. */
    const oneQuery = async (apl: string, range: number) => {
      prepare();
      const client = tools.clientFor(fake.url);
      const started = performance.now();
      await client.runApl(apl, {
        startTime: new Date(to - range).toISOString(),
        endTime: new Date(to).toISOString(),
      });
      return performance.now() - started;
    };
    const repeats = quick ? 2 : 5;
    const rows: BenchRow[] = [];

    // One query per run.
    const perRun: Awaited<ReturnType<typeof dryRun>>[] = [];
    const single: number[] = [];
    await dryRun(AVERAGE_OVER_FIFTEEN_MINUTES);
    for (let i = 0; i < repeats; i++) {
      perRun.push(await dryRun(AVERAGE_OVER_FIFTEEN_MINUTES));
      single.push(await oneQuery(AVERAGE_OVER_FIFTEEN_MINUTES.aplQuery, 15 * 60_000));
    }
    const last = perRun[perRun.length - 1];
    const first = median(perRun.map((r) => r.firstVerdict));
    const whole = median(perRun.map((r) => r.whole));
    const sequential = median(single) * last.runs;
    rows.push({
      what: `dry run speed: 24 hours of a monitor that needs one query per run (${last.runs} runs, ${QUERY_LATENCY_MS} ms a query), first verdict`,
      ours: ms(first),
      target: target('≤ 5 s', first <= 5000),
      baseline: `the whole, one query after another (${last.runs} × ${ms(median(single))}): ${ms(sequential)}`,
      ratio: `${(first / sequential).toFixed(3)}×`,
    });
    rows.push({
      what: `dry run speed: the same, complete (${last.queries} queries, peak ${last.peak} in flight; ${last.alerts} alerts found)`,
      ours: ms(whole),
      target: target('≤ 15 s', whole <= 15_000),
      baseline: `${last.runs} × one query: ${ms(sequential)}`,
      ratio: `${(whole / sequential).toFixed(2)}×`,
    });

    // The binned path.
    let binned: Awaited<ReturnType<typeof dryRun>> | undefined;
    const [ours, floor, pairs] = await paired(
      repeats,
      1,
      async () => {
        binned = await dryRun(COUNT_ABOVE_FIFTY);
        return binned.whole;
      },
      () => oneQuery(COUNT_ABOVE_FIFTY.aplQuery, DAY),
    );
    rows.push({
      what: `dry run speed: 24 hours of a monitor one binned query serves (${binned?.runs ?? 0} runs, ${binned?.queries ?? 0} ${binned?.queries === 1 ? 'query' : 'queries'}; ${binned?.alerts ?? 0} alerts found), complete`,
      ours: ms(ours),
      target: target('≤ 1.5× one query over the day', ours <= 1.5 * floor),
      baseline: `one query over the whole day: ${ms(floor)}`,
      ratio: ratioAndSpread(ours, floor, pairs),
    });
    return rows;
  } finally {
    await fake.stop();
  }
}
