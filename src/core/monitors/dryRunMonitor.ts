// One dry run, start to end, without VS Code: the plan's queries through the budget, the alerts the
// monitor as saved raised in the period (its history), and what the panel is sent. A monitor whose
// query is MPL has it run once over the whole period through the edge's `_mpl` (each run compares
// the values of the series inside its own range); where the service does not run it, the panel
// says so plainly and shows only the real alerts. Also the query history's entry of a dry run.
import { DRY_RUN_SOURCE, type RecordedRun, type RunOutcome } from '../history/historyStore';
import { fieldText, type JsonObject } from '../json';
import { phrase, type Phrase } from '../phrase';
import type { ResultTable } from '../api/tabular';
import { normalRule, runWindows, samplesByTime, type Point, type Schedule, type TriggerRule } from './dryRun';
import {
  MATCH_LIMIT_PER_DAY,
  matchesInLastDay,
  planDryRun,
  runPlan,
  samplesFromAnswers,
  scheduleOf,
  type Budget,
} from './dryRunPlan';
import { samplesMessage, type DryRunResult } from './dryRunProtocol';
import { queryField } from './monitorDocuments';
import type { MplRange, MplResult } from '../api/metrics';
import { isAxiomError } from '../api/errors';
import { mplQueryDatasets } from '../run/mplTable';

/** What a dry run asks of the service (the client has these). */
export interface DryRunService {
  runApl(
    apl: string,
    range: { startTime: string; endTime: string },
    signal?: AbortSignal,
  ): Promise<{ tables: ResultTable[]; datasetNames?: string[] }>;
  getMonitorHistory(
    monitorId: string,
    start: Date,
    end: Date,
    signal?: AbortSignal,
  ): Promise<{ changes: { state: string; time: number }[] }>;
  /** The edge that holds an MPL query's datasets (the client's); without it, the deployment's own address. */
  mplEdgeFor?(datasets: readonly string[], signal?: AbortSignal): Promise<string>;
  /** MPL through the edge query API (the client's `metrics`); without it an MPL monitor has no dry run. */
  readonly metrics?: {
    readonly ownEdgeUrl: string;
    runMpl(edgeUrl: string, mpl: string, range: MplRange, signal?: AbortSignal): Promise<MplResult>;
  };
}

export interface DryRunOptions {
  /** The period's end (now) and length. */
  to: number;
  periodMs: number;
  budget: Budget;
  signal: AbortSignal;
  progress?: (done: number, total: number) => void;
  /**
   * What was seen so far, as the queries answer: called once before the first query is sent (the
   * runs, the rule and nothing seen, so the panel shows the rule at once) and after each answer
   * but the last, with a function that makes the result so far (the caller decides how often it
   * is worth making).
   */
  partial?: (soFar: () => DryRunResult) => void;
  /** Puts a phrase in the display language. */
  say: (p: Phrase) => string;
}

/** What a dry run found: the panel's message, and what the history keeps of it. */
export interface DryRunDone {
  result: DryRunResult;
  /** Rows the service answered, over all queries; the datasets it named. */
  rows: number;
  datasets: string[];
}

/** Why an MPL monitor has no dry run, in words: nothing here runs MPL. */
export const MPL_NO_DRY_RUN = phrase(
  'This monitor’s query is MPL (metrics), and nothing here can run MPL, so a dry run cannot ask what its runs would have seen: only the alerts it really raised in this period are shown.',
);

/** Why an MPL monitor's dry run has no values: the service did not run its MPL over the period. */
function mplRefused(reason: Phrase | string): Phrase {
  return phrase(
    'This monitor’s query is MPL (metrics), and the service did not run it over this period ({0}), so a dry run cannot say what its runs would have seen: only the alerts it really raised in this period are shown.',
    reason,
  );
}

/** How an MPL dry run differs from the monitor's own runs, said with its result. */
export const MPL_ONE_QUERY = phrase(
  'The MPL query ran once over the whole period, its values aligned as the query says; each run compares the values whose time is inside its own range.',
);

/** An MPL answer's values as the points runs compare: each series a group, named by its tags. */
export function mplPoints(result: MplResult): Point[] {
  const points: Point[] = [];
  for (const s of result.series) {
    const group = Object.entries(s.tags)
      .map(([tag, value]) => `${tag}=${value}`)
      .join(', ');
    s.data.forEach((value, i) => {
      if (value !== null) points.push({ time: s.start + i * s.resolution, group, value });
    });
  }
  return points;
}

export function ruleOf(definition: JsonObject): TriggerRule {
  return normalRule({
    operator: typeof definition.operator === 'string' ? definition.operator : 'Above',
    threshold: typeof definition.threshold === 'number' ? definition.threshold : 0,
    alertOnNoData: definition.alertOnNoData === true,
    notifyByGroup: definition.notifyByGroup === true,
    notifyEveryRun: definition.notifyEveryRun === true,
    positives:
      typeof definition.triggerAfterNPositiveResults === 'number' ? definition.triggerAfterNPositiveResults : undefined,
    ofRuns: typeof definition.triggerFromNRuns === 'number' ? definition.triggerFromNRuns : undefined,
  });
}

/** Whether the monitor's query is MPL, which no public call runs. */
export function isMplMonitor(definition: JsonObject): boolean {
  return queryField(definition) === 'mplQuery';
}

/** The dry run of `definition` (the monitor as edited) over the period ending at `options.to`. */
export async function dryRunMonitor(
  service: DryRunService,
  definition: JsonObject,
  options: DryRunOptions,
): Promise<DryRunDone> {
  const { to, periodMs, signal } = options;
  const schedule = scheduleOf(definition);
  const history = async (from: number) =>
    typeof definition.id === 'string' && definition.id
      ? (await service.getMonitorHistory(definition.id, new Date(from), new Date(to), signal)).changes
      : [];
  const realAlerts = (changes: { state: string; time: number }[]) =>
    changes.filter((c) => c.state === 'open').map((c) => c.time);
  const base = {
    type: 'result' as const,
    name: fieldText(definition.name),
    intervalMinutes: schedule.intervalMinutes,
    rule: ruleOf(definition),
  };

  if (isMplMonitor(definition)) {
    const from = to - Math.min(7 * 86_400_000, Math.max(schedule.intervalMinutes * 60_000, periodMs));
    const ran = await dryRunMpl(service, fieldText(definition.mplQuery), schedule, { from, to, signal }, options);
    if (ran && 'samples' in ran) {
      return {
        result: {
          ...base,
          periodMs,
          ...samplesMessage(ran.samples),
          realAlerts: realAlerts(await history(from)),
          approximations: [options.say(MPL_ONE_QUERY)],
          queries: 1,
        },
        rows: ran.samples.points,
        datasets: ran.datasets,
      };
    }
    return {
      result: {
        ...base,
        periodMs,
        runs: [],
        groups: [],
        perGroup: [],
        empty: [],
        realAlerts: realAlerts(await history(from)),
        approximations: [],
        queries: 0,
        noQuery: options.say(ran ? mplRefused(ran.refused) : MPL_NO_DRY_RUN),
      },
      rows: 0,
      datasets: [],
    };
  }

  const plan = planDryRun(definition, { to, periodMs });
  const datasets = new Set<string>();
  let rows = 0;
  // The monitor's real alerts are asked for beside the queries; the result so far shows them once they are in.
  const first = plan.runs[0]?.at ?? to - periodMs;
  const asking = history(first);
  let changesKnown: { state: string; time: number }[] = [];
  asking.then(
    (changes) => (changesKnown = changes),
    () => undefined,
  );
  const answered = new Uint8Array(plan.queries.length);
  const resultOf = (
    answers: readonly (ResultTable | undefined)[],
    changes: { state: string; time: number }[],
    progress?: { done: number; total: number },
  ): DryRunResult => {
    const samples = samplesFromAnswers(plan, answers, progress ? answered : undefined);
    const matches =
      plan.reading.kind === 'matches' && !progress
        ? {
            period: samples.perGroup.reduce((sum, g) => sum + g.max.reduce((a, b) => a + b, 0), 0),
            lastDay: matchesInLastDay(plan, answers[0], to),
            limit: MATCH_LIMIT_PER_DAY,
          }
        : undefined;
    return {
      ...base,
      periodMs,
      ...samplesMessage(samples),
      realAlerts: realAlerts(changes),
      approximations: plan.approximations.map((a) => options.say(a)),
      queries: plan.queries.length,
      ...(plan.noVerdict ? { noVerdict: options.say(plan.noVerdict) } : {}),
      ...(matches ? { matches } : {}),
      ...(progress ? { progress } : {}),
    };
  };
  const total = plan.queries.length;
  options.partial?.(() => resultOf([], changesKnown, { done: 0, total }));
  const answers = await runPlan(
    plan,
    async (query, querySignal) => {
      const answer = await service.runApl(
        query.apl,
        { startTime: new Date(query.start).toISOString(), endTime: new Date(query.end).toISOString() },
        querySignal,
      );
      for (const name of answer.datasetNames ?? []) datasets.add(name);
      rows += answer.tables.reduce((sum, t) => sum + t.rowCount, 0);
      return answer.tables[0];
    },
    options.budget,
    signal,
    (done, all, index, soFar) => {
      answered[index] = 1;
      options.progress?.(done, all);
      if (done < all) options.partial?.(() => resultOf(soFar, changesKnown, { done, total: all }));
    },
  );
  return { result: resultOf(answers, await asking), rows, datasets: [...datasets] };
}

/**
 * An MPL monitor's dry run: its query once over the runs' ranges, the values gathered by the runs
 * whose ranges hold their times; or why the service did not run it; undefined when nothing here
 * runs MPL. A cancel rejects, as any dry run's.
 */
async function dryRunMpl(
  service: DryRunService,
  mpl: string,
  schedule: Schedule,
  period: { from: number; to: number; signal: AbortSignal },
  options: DryRunOptions,
): Promise<
  { samples: ReturnType<typeof samplesByTime>; datasets: string[] } | { refused: Phrase | string } | undefined
> {
  const metrics = service.metrics;
  if (!metrics) return undefined;
  const runs = runWindows(schedule, period.from, period.to);
  const start = Math.min(period.from, runs[0]?.start ?? period.from);
  const range = { startTime: new Date(start).toISOString(), endTime: new Date(period.to).toISOString() };
  options.progress?.(0, 1);
  let result: MplResult;
  // The query parsed once: where it goes, and the dataset its history entry names.
  const datasets = mplQueryDatasets(mpl);
  try {
    const edge = service.mplEdgeFor ? await service.mplEdgeFor(datasets, period.signal) : metrics.ownEdgeUrl;
    result = await metrics.runMpl(edge, mpl, range, period.signal);
  } catch (error) {
    if (!isAxiomError(error) || error.kind === 'cancelled') throw error;
    return { refused: error.phrase };
  }
  options.progress?.(1, 1);
  return { samples: samplesByTime(runs, mplPoints(result)), datasets: datasets.slice(0, 1) };
}

/** How a dry run ended, for its history entry. */
export type DryRunEnding =
  | { outcome: 'ok'; rows: number; datasets: readonly string[] }
  | { outcome: Exclude<RunOutcome, 'ok' | 'limited'>; message: string };

/**
 * The query history's entry of a dry run: the monitor's APL as edited, over the period it looked
 * at, one entry however many queries it took, with source 'dryRun'. None for an MPL monitor (no
 * query ran, and the history's entries are APL that can be run again).
 */
export function dryRunHistoryRun(
  definition: JsonObject,
  period: { to: number; periodMs: number },
  startedAt: number,
  endedAt: number,
  ending: DryRunEnding,
): RecordedRun | undefined {
  if (isMplMonitor(definition)) return undefined;
  const apl = typeof definition.aplQuery === 'string' ? definition.aplQuery : '';
  if (!apl.trim()) return undefined;
  return {
    apl,
    range: {
      kind: 'custom',
      start: new Date(period.to - period.periodMs).toISOString(),
      end: new Date(period.to).toISOString(),
    },
    startedAt,
    durationMs: Math.max(0, endedAt - startedAt),
    outcome: ending.outcome,
    source: DRY_RUN_SOURCE,
    ...(ending.outcome === 'ok' ? { rows: ending.rows, datasets: ending.datasets } : { message: ending.message }),
  };
}
