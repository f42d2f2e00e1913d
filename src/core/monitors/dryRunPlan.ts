// How a dry run gets the values its runs compare, asking the service as little as the period
// allows. When the query can be binned by the run interval, one query over the whole period gives
// every run's values; otherwise one query per run (over that run's own range), under the status
// sweep's request budget. Whatever is approximated is said, in words, with the result.
import { setMaxListeners } from 'node:events';
import { canonicalJson, type JsonObject } from '../json';
import { phrase, type Phrase } from '../phrase';
import { applyEdits, mainQuery, mainStages } from '../apl/aplText';
import type { Call, Clause, Expression, ParsedApl, Stage } from '../apl/syntaxNodes';
import { parseApl } from '../apl/syntaxParser';
import { textOf } from '../apl/syntaxWalk';
import type { ResultTable } from '../api/tabular';
import {
  runWindows,
  samplesByRun,
  samplesByTime,
  type Point,
  type RunSamples,
  type RunWindow,
  type Schedule,
} from './dryRun';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** The longest period a dry run looks at, and the one it looks at unless told. */
export const MAX_DRY_RUN_MS = 7 * DAY;
export const DEFAULT_DRY_RUN_MS = DAY;
/** Most queries a dry run sends one per run; past it, runs are read from one binned query, approximated. */
export const MAX_RUN_QUERIES = 300;

/** The last `summarize` of a query, taken apart: enough to add a time bin to its groups. */
export interface SummarizeShape {
  /** Where its `|` is. */
  pipe: number;
  /** Its aggregations and groups as written. */
  aggregations: string[];
  groups: string[];
  /** The group that bins time, if one does: `bin(_time, 5m)` (its size) or `bin_auto(_time)`. */
  timeBin?: { index: number; sizeMs?: number; auto: boolean };
}

/** The tree of a query's last summarize: its stage, aggregations and `by` clause. */
interface LastSummarize {
  parsed: ParsedApl;
  stage: Stage;
  aggregations: Expression[];
  by?: Clause;
  shape: SummarizeShape;
}

const TIMESPAN: Record<string, number> = { ms: 1, s: 1000, m: MINUTE, h: 60 * MINUTE, d: DAY };

/** `5m`, `1h`, `30s` → ms; undefined for what is not a plain timespan. */
export function timespanMs(text: string): number | undefined {
  const match = /^(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)$/.exec(text.trim());
  return match ? Number(match[1]) * TIMESPAN[match[2]] : undefined;
}

/** What a group or an aggregation computes, without the name it gives it (`n = count()` → `count()`). */
function computed(item: Expression): Expression | undefined {
  return item.kind === 'assignment' ? item.value : item;
}

/** The call of a function by its name, or undefined. */
function callOf(item: Expression | undefined, name: string): Call | undefined {
  return item?.kind === 'call' && !item.callee.bracketed && item.callee.text === name ? item : undefined;
}

const isTime = (item: Expression | undefined) => item?.kind === 'name' && item.text === '_time';

function lastSummarize(apl: string): LastSummarize | undefined {
  const parsed = parseApl(apl);
  const stage = mainStages(parsed).at(-1);
  if (!stage?.pipe || stage.operator?.text !== 'summarize') return undefined;
  const aggregations = stage.clauses.find((c) => !c.keyword)?.items ?? [];
  const by = stage.clauses.find((c) => c.keyword?.text === 'by');
  const groups = by?.items ?? [];
  const shape: SummarizeShape = {
    pipe: stage.pipe.start,
    aggregations: aggregations.map((item) => textOf(parsed, item)),
    groups: groups.map((item) => textOf(parsed, item)),
  };
  groups.forEach((group, index) => {
    const bin = callOf(computed(group), 'bin');
    if (bin && bin.args.length === 2 && isTime(bin.args[0]))
      shape.timeBin = { index, sizeMs: timespanMs(textOf(parsed, bin.args[1])), auto: false };
    const auto = callOf(computed(group), 'bin_auto');
    if (auto && auto.args.length === 1 && isTime(auto.args[0])) shape.timeBin = { index, auto: true };
  });
  return { parsed, stage, aggregations, by, shape };
}

/** The query's last stage when it is the `count` operator alone (`… | count`): the count of the rows, as
 *  `summarize count()` is, which adds up across bins. */
function lastCount(apl: string): Stage | undefined {
  const stage = mainStages(parseApl(apl)).at(-1);
  return stage?.pipe &&
    stage.operator?.text === 'count' &&
    !stage.parameters.length &&
    stage.clauses.every((c) => !c.items.length && !c.keyword)
    ? stage
    : undefined;
}

/** The query's last operator when it is `summarize`, taken apart; undefined otherwise. */
export function summarizeShape(apl: string): SummarizeShape | undefined {
  return lastSummarize(apl)?.shape;
}

/** The name a group's column has in the result, when the query says it (`name = …`, a field, a time bin). */
function groupColumnName(parsed: ParsedApl, group: Expression): string | undefined {
  if (group.kind === 'assignment') return group.target.kind === 'name' ? group.target.text : undefined;
  if (group.kind === 'name') return group.text;
  if (group.kind === 'member') return textOf(parsed, group);
  return isTime(callOf(group, 'bin')?.args[0]) || isTime(callOf(group, 'bin_auto')?.args[0]) ? '_time' : undefined;
}

/** How the values of several bins make one run's value: only for aggregations that combine so. */
type Combine = 'sum' | 'min' | 'max';

function combineOf(aggregations: readonly Expression[]): Combine | undefined {
  const kinds = new Set(
    aggregations.map((aggregation) => {
      const value = computed(aggregation);
      const fn = value?.kind === 'call' ? value.callee.text : undefined;
      return fn === 'count' || fn === 'sum' || fn === 'countif' || fn === 'sumif'
        ? 'sum'
        : fn === 'min' || fn === 'max'
          ? fn
          : 'other';
    }),
  );
  if (kinds.size !== 1) return undefined;
  const [kind] = kinds;
  return kind === 'other' ? undefined : kind;
}

/** The query with its last summarize grouped by `bin(_time, size)` as well (in place of a time bin
 *  it has): an edit of that summarize's `by` clause, so that comments stay where they are and no
 *  code lands inside one. Undefined when the query does not end with summarize. */
export function binnedByTime(apl: string, minutes: number): string | undefined {
  const bin = `bin(_time, ${minutes}m)`;
  const count = lastCount(apl)?.operator;
  // `| count` becomes the summarize it stands for, binned: only its word is replaced.
  if (count) return applyEdits(apl, [{ start: count.start, end: count.end, text: `summarize count() by ${bin}` }]);
  const summarize = lastSummarize(apl);
  if (!summarize) return undefined;
  const { stage, by, shape } = summarize;
  const groups = by?.items ?? [];
  if (shape.timeBin) {
    const group = groups[shape.timeBin.index];
    return applyEdits(apl, [{ start: group.start, end: group.end, text: bin }]);
  }
  const last = groups.at(-1);
  if (last) return applyEdits(apl, [{ start: last.end, end: last.end, text: `, ${bin}` }]);
  const end = by ? by.end : stage.end;
  return applyEdits(apl, [{ start: end, end, text: by ? ` ${bin}` : ` by ${bin}` }]);
}

/** A match monitor's query with its matching events counted per bin of `minutes`: a summarize
 *  piped on a line of its own after the statement that runs and the comments that end it. */
export function countedByTime(apl: string, minutes: number): string {
  const stage = `\n| summarize count() by bin(_time, ${minutes}m)`;
  const body = mainQuery(parseApl(apl))?.body;
  const end = body ? Math.max(body.end, body.trailingComments.at(-1)?.end ?? 0) : apl.length;
  return applyEdits(apl, [{ start: end, end, text: stage }]);
}

/** One query of a dry run: what it asks, over which range, and for which run (absent: for every run). */
export interface DryRunQuery {
  apl: string;
  start: number;
  end: number;
  run?: number;
}

/** How a plan's answers become each run's values. */
export type DryRunReading =
  /** Points by their time: each run takes those in its range. */
  | { kind: 'byTime' }
  /** Bins of the interval: each run combines the bins of its range. */
  | { kind: 'combineBins'; combine: Combine; binMs: number }
  /** One answer per run: all its values are that run's. */
  | { kind: 'perRun' }
  /** Matching events counted per bin (match monitors). */
  | { kind: 'matches'; binMs: number };

export interface DryRunPlan {
  runs: RunWindow[];
  queries: DryRunQuery[];
  reading: DryRunReading;
  /** Names of the result's group columns, when the query says them. */
  groupColumns: string[];
  /** The column compared (columnName), if the monitor names one. */
  column?: string;
  /** What is approximated, in words; empty when the dry run follows the service's runs as they are described. */
  approximations: Phrase[];
  /** Why there is nothing to evaluate (anomaly monitors: the series is shown without a verdict). */
  noVerdict?: Phrase;
}

export interface PlanOptions {
  /** The period's end (now) and length. */
  to: number;
  periodMs: number;
  maxRunQueries?: number;
}

function numberOr(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : fallback;
}

export function scheduleOf(definition: JsonObject): Schedule {
  const intervalMinutes = Math.max(1, Math.round(numberOr(definition.intervalMinutes, 5)));
  return {
    intervalMinutes,
    rangeMinutes: Math.max(1, Math.round(numberOr(definition.rangeMinutes, intervalMinutes))),
    delaySeconds: typeof definition.secondDelay === 'number' && definition.secondDelay > 0 ? definition.secondDelay : 0,
  };
}

/** The plan of a dry run of `definition` (its APL query) over the period ending at `to`. */
export function planDryRun(definition: JsonObject, options: PlanOptions): DryRunPlan {
  const apl = typeof definition.aplQuery === 'string' ? definition.aplQuery : '';
  const schedule = scheduleOf(definition);
  const periodMs = Math.min(MAX_DRY_RUN_MS, Math.max(schedule.intervalMinutes * MINUTE, options.periodMs));
  const runs = runWindows(schedule, options.to - periodMs, options.to);
  const approximations: Phrase[] = [
    phrase('Runs are placed at whole multiples of the interval; when the service really ran them is not public.'),
  ];
  const column = typeof definition.columnName === 'string' && definition.columnName ? definition.columnName : undefined;
  const first = runs[0];
  const last = runs[runs.length - 1];
  const whole = { start: first ? first.start : options.to - periodMs, end: last ? last.end : options.to };
  const intervalMs = schedule.intervalMinutes * MINUTE;
  const rangeMs = schedule.rangeMinutes * MINUTE;
  const delayMs = schedule.delaySeconds * 1000;
  const base = { runs, column, approximations };
  if (schedule.rangeMinutes < schedule.intervalMinutes)
    approximations.push(
      phrase(
        'Each run looks at {0} minutes of every {1}: events in between are seen by no run.',
        schedule.rangeMinutes,
        schedule.intervalMinutes,
      ),
    );

  if (definition.type === 'MatchEvent') {
    // Every matching event is a notification: counted per interval, and over the last 24 hours.
    const countStart = Math.min(whole.start, options.to - DAY);
    if (rangeMs !== intervalMs)
      approximations.push(
        phrase(
          'Matching events are counted per interval of {0} minutes rather than per run range of {1}.',
          schedule.intervalMinutes,
          schedule.rangeMinutes,
        ),
      );
    return {
      ...base,
      queries: [
        {
          apl: countedByTime(apl, schedule.intervalMinutes),
          start: countStart,
          end: options.to,
        },
      ],
      reading: { kind: 'matches', binMs: intervalMs },
      groupColumns: ['_time'],
    };
  }
  const summarize = lastSummarize(apl);
  const shape = summarize?.shape;
  const groupColumns = summarize
    ? (summarize.by?.items ?? [])
        .map((group) => groupColumnName(summarize.parsed, group))
        .filter((name): name is string => name !== undefined)
    : [];
  if (definition.type === 'AnomalyDetection') {
    return {
      ...base,
      groupColumns,
      queries: [{ apl, start: whole.start, end: whole.end }],
      reading: { kind: 'byTime' },
      noVerdict: phrase(
        'Anomaly monitors compare a series with its own past by the service’s model, which is not public: the series is shown without a verdict.',
      ),
    };
  }

  const perRun = (): DryRunPlan => ({
    ...base,
    groupColumns,
    queries: runs.map((run, index) => ({ apl, start: run.start, end: run.end, run: index })),
    reading: { kind: 'perRun' },
  });
  // A column named by the monitor is the count operator's own name for it: only an unnamed count is rewritten.
  const counted = !summarize && !column && lastCount(apl) !== undefined;
  if (!shape && !counted) return perRun();
  const maxQueries = options.maxRunQueries ?? MAX_RUN_QUERIES;
  const tooMany = runs.length > maxQueries;

  if (shape?.timeBin && !shape.timeBin.auto && shape.timeBin.sizeMs) {
    // A chart: every point of a run's range is compared. One query over the period holds them all.
    const bin = shape.timeBin.sizeMs;
    if (rangeMs % bin !== 0 || intervalMs % bin !== 0 || delayMs % bin !== 0)
      approximations.push(
        phrase(
          'Bins of {0} do not line up with the runs’ ranges: each run takes the bins that start in its range, where the service would see part of a bin at each end.',
          shape.groups[shape.timeBin.index],
        ),
      );
    return {
      ...base,
      groupColumns,
      queries: [{ apl, start: whole.start, end: whole.end }],
      reading: { kind: 'byTime' },
    };
  }
  if (shape?.timeBin?.auto) {
    // bin_auto's bins change with the range: exact only one run at a time.
    if (!tooMany) return perRun();
    const minutes = largestDivisorAtMost(schedule.rangeMinutes, Math.max(1, Math.floor(schedule.rangeMinutes / 10)));
    approximations.push(
      phrase(
        'bin_auto was read as bin(_time, {0}m): its buckets depend on the range, and one query per run would take {1} queries.',
        minutes,
        runs.length,
      ),
    );
    return {
      ...base,
      groupColumns,
      queries: [{ apl: binnedByTime(apl, minutes) ?? apl, start: whole.start, end: whole.end }],
      reading: { kind: 'byTime' },
    };
  }
  // A table: each run compares the values over its whole range. Binned by the interval, one query
  // gives each run's values when the range is one interval, or whole intervals of counts, sums,
  // minimums or maximums (which add up across bins).
  const combine = summarize ? combineOf(summarize.aggregations) : 'sum';
  const wholeIntervals = rangeMs % intervalMs === 0;
  if (rangeMs === intervalMs || (wholeIntervals && combine)) {
    if (delayMs % intervalMs !== 0)
      approximations.push(
        phrase(
          'The delay of {0} seconds is not a whole number of intervals: each run’s range is taken from the interval bins nearest to it.',
          schedule.delaySeconds,
        ),
      );
    return {
      ...base,
      groupColumns: [...groupColumns, '_time'],
      queries: [
        {
          apl: binnedByTime(apl, schedule.intervalMinutes) ?? apl,
          start: whole.start - (delayMs % intervalMs),
          end: whole.end,
        },
      ],
      reading: { kind: 'combineBins', combine: combine ?? 'max', binMs: intervalMs },
    };
  }
  if (!tooMany) return perRun();
  approximations.push(
    phrase(
      'Each run’s range of {0} minutes was read as its own interval of {1} minutes: {2} queries, one per run, would be too many.',
      schedule.rangeMinutes,
      schedule.intervalMinutes,
      runs.length,
    ),
  );
  return {
    ...base,
    groupColumns: [...groupColumns, '_time'],
    queries: [{ apl: binnedByTime(apl, schedule.intervalMinutes) ?? apl, start: whole.start, end: whole.end }],
    reading: { kind: 'combineBins', combine: 'max', binMs: intervalMs },
  };
}

function largestDivisorAtMost(n: number, most: number): number {
  for (let d = Math.min(n, most); d > 1; d--) if (n % d === 0) return d;
  return 1;
}

/** The rows of a result as values: per row, its time (when it has a `_time`), its group (the
 *  group columns' values joined) and each numeric value compared (the named column only, if any). */
export function resultPoints(
  table: ResultTable,
  groupColumns: readonly string[],
  column: string | undefined,
  fallbackTime: number,
): Point[] {
  const timeIndex = table.fields.findIndex((f) => f.name === '_time');
  const groupSet = new Set(groupColumns);
  const groupIndexes: number[] = [];
  const valueIndexes: number[] = [];
  table.fields.forEach((field, index) => {
    if (index === timeIndex) return;
    if (groupSet.has(field.name)) groupIndexes.push(index);
    else if (column === undefined || field.name === column) valueIndexes.push(index);
  });
  const points: Point[] = [];
  for (let r = 0; r < table.rowCount; r++) {
    const time = timeIndex < 0 ? fallbackTime : Date.parse(String(table.columns[timeIndex][r]));
    if (!Number.isFinite(time)) continue;
    // A column not named as a group but holding text (a group the query computes) is a group too.
    const textGroups: string[] = [];
    for (const index of valueIndexes) {
      const cell = table.columns[index][r];
      if (typeof cell === 'string' || typeof cell === 'boolean') textGroups.push(String(cell));
    }
    const group = [...groupIndexes.map((i) => groupText(table.columns[i][r])), ...textGroups].join(' · ');
    for (const index of valueIndexes) {
      const cell = table.columns[index][r];
      if (typeof cell === 'number' && Number.isFinite(cell))
        points.push({
          time,
          group: valueIndexes.length > 1 && !column ? labelled(group, table.fields[index].name) : group,
          value: cell,
        });
    }
  }
  return points;
}

function groupText(value: unknown): string {
  return typeof value === 'string' ? value : canonicalJson(value);
}

function labelled(group: string, columnName: string): string {
  return group ? `${group} · ${columnName}` : columnName;
}

/** What the queries of a plan answered, read into what each run saw. With `answered` (per query,
 *  whether it has answered yet), a run whose query has not is left unknown: what was seen so far. */
export function samplesFromAnswers(
  plan: DryRunPlan,
  answers: readonly (ResultTable | undefined)[],
  answered?: ArrayLike<number>,
): RunSamples {
  const { runs, reading } = plan;
  if (reading.kind === 'perRun') {
    return samplesByRun(
      runs,
      runs.map((run, k) => {
        if (answered && !answered[k]) return undefined;
        const table = answers[k];
        return table ? resultPoints(table, plan.groupColumns, plan.column, run.at) : [];
      }),
    );
  }
  const table = answers[0];
  const points = table ? resultPoints(table, plan.groupColumns, plan.column, runs[0]?.at ?? 0) : [];
  if (reading.kind === 'byTime') return samplesByTime(runs, points);
  if (reading.kind === 'matches') {
    // One value per run: the events of its interval's bin.
    const byBin = new Map<number, number>();
    for (const p of points) byBin.set(p.time, (byBin.get(p.time) ?? 0) + p.value);
    return samplesByRun(
      runs,
      runs.map((run) => {
        const start = Math.floor(run.start / reading.binMs) * reading.binMs;
        const value = byBin.get(start);
        return value === undefined ? [] : [{ group: '', value }];
      }),
    );
  }
  // combineBins: per run and group, the bins starting in its range combined.
  const { combine, binMs } = reading;
  const bins = new Map<string, Map<number, number>>();
  for (const p of points) {
    let group = bins.get(p.group);
    if (!group) bins.set(p.group, (group = new Map<number, number>()));
    const key = Math.floor(p.time / binMs) * binMs;
    const before = group.get(key);
    group.set(key, before === undefined ? p.value : combineTwo(combine, before, p.value));
  }
  return samplesByRun(
    runs,
    runs.map((run) => {
      const seen: { group: string; value: number }[] = [];
      const first = Math.round(run.start / binMs) * binMs;
      for (const [group, values] of bins) {
        let value: number | undefined;
        for (let t = first; t < first + (run.end - run.start); t += binMs) {
          const v = values.get(t);
          if (v !== undefined) value = value === undefined ? v : combineTwo(combine, value, v);
        }
        if (value !== undefined) seen.push({ group, value });
      }
      return seen;
    }),
  );
}

function combineTwo(combine: Combine, a: number, b: number): number {
  return combine === 'sum' ? a + b : combine === 'min' ? Math.min(a, b) : Math.max(a, b);
}

/** Matching events of the last 24 hours before `to`, from a match plan's answer. */
export function matchesInLastDay(plan: DryRunPlan, answer: ResultTable | undefined, to: number): number {
  if (!answer || plan.reading.kind !== 'matches') return 0;
  return resultPoints(answer, plan.groupColumns, undefined, to)
    .filter((p) => p.time >= to - DAY && p.time < to)
    .reduce((sum, p) => sum + p.value, 0);
}

/** The service refuses a match monitor that matched more than this many events in the past 24 hours. */
export const MATCH_LIMIT_PER_DAY = 500;

export interface RunQuery {
  (query: DryRunQuery, signal: AbortSignal): Promise<ResultTable | undefined>;
}

export interface Budget {
  run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T>;
}

/** Queries a dry run keeps in flight at once: enough that 288 runs of 50 ms answer in about two
 *  seconds, few enough to stay a small share of what the service allows (the budget keeps to its
 *  announced limit whatever this is). */
export const DRY_RUN_IN_FLIGHT = 8;

/**
 * Sends the plan's queries, each through the budget (few in flight, under the announced limit),
 * reporting progress as they end (with the index of the query that just answered: `answers` holds
 * it already); the first failure stops the rest. Answers come back in the plan's order.
 */
export async function runPlan(
  plan: DryRunPlan,
  runQuery: RunQuery,
  budget: Budget,
  signal: AbortSignal,
  progress?: (done: number, total: number, index: number, answers: readonly (ResultTable | undefined)[]) => void,
): Promise<(ResultTable | undefined)[]> {
  const answers: (ResultTable | undefined)[] = new Array<ResultTable | undefined>(plan.queries.length);
  let done = 0;
  const stop = new AbortController();
  // Every query waiting for its turn listens to it.
  setMaxListeners(plan.queries.length + 10, stop.signal);
  const onAbort = () => stop.abort();
  signal.addEventListener('abort', onAbort, { once: true });
  try {
    await Promise.all(
      plan.queries.map((query, index) =>
        budget
          .run(async () => {
            answers[index] = await runQuery(query, stop.signal);
            progress?.(++done, plan.queries.length, index, answers);
          }, stop.signal)
          .catch((error: unknown) => {
            stop.abort();
            throw error;
          }),
      ),
    );
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
  return answers;
}
