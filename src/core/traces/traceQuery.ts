// The APL that reads one trace, and the ranges it is read over: first a window around the moment
// its id was seen (or the last hour), then wider step by step up to 7 days, the widening said. One
// query per range, `take` one more span than the cap so that a cut is known and said.
import type { ResultTable } from '../api/tabular';
import { quotedName } from '../apl/names';
import { phrase, type Phrase } from '../phrase';
import type { TimeRange } from '../run/timeRange';
import { buildTraceTree, MAX_SPANS, type TraceTree } from './spanTree';
import { readSpans } from './spans';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** How far either side of the moment an id was seen each try looks (the last one: 7 days). */
const WINDOWS_MS = [HOUR, 6 * HOUR, DAY, 7 * DAY] as const;
/** Without a moment: the last hour, day, then 7 days. */
const RECENT = ['now-1h', 'now-24h', 'now-7d'] as const;
const RECENT_WORDS = [phrase('the last hour'), phrase('the last 24 hours'), phrase('the last 7 days')] as const;
const AROUND_WORDS = [
  phrase('an hour either side of when it was seen'),
  phrase('6 hours either side of when it was seen'),
  phrase('a day either side of when it was seen'),
  phrase('7 days either side of when it was seen'),
] as const;
/** The longest trace id the extension asks for (real ones are 32 hex digits). */
export const MAX_TRACE_ID_CHARS = 256;

/** A string as an APL literal (the same escaping as a quoted name). */
export function aplString(value: string): string {
  return quotedName(value).slice(1, -1);
}

/** The query that fetches every span of one trace, oldest first. */
export function traceQuery(dataset: string, traceId: string): string {
  return `${quotedName(dataset)}\n| where trace_id == ${aplString(traceId)}\n| sort by _time asc\n| take ${MAX_SPANS + 1}`;
}

/** One try: its range and how a person reads how wide it is. */
export interface TraceRange {
  readonly range: TimeRange;
  readonly words: Phrase;
}

/** The ranges to read a trace over, narrowest first. `seenAt` (RFC 3339), when valid, centres them. */
export function traceRanges(seenAt: string | undefined, now = Date.now()): TraceRange[] {
  const at = seenAt === undefined ? NaN : Date.parse(seenAt);
  if (!Number.isFinite(at)) {
    return RECENT.map((start, i) => ({
      range: { kind: 'custom', start, end: 'now' },
      words: RECENT_WORDS[i],
    }));
  }
  return WINDOWS_MS.map((half, i) => {
    const start = new Date(at - half).toISOString();
    const end = new Date(Math.min(at + half, Math.max(now, at + HOUR))).toISOString();
    return { range: { kind: 'custom', start, end }, words: AROUND_WORDS[i] };
  });
}

/** A trace read from the first table of an answer: its tree, and whether spans were left out. */
export interface ReadTrace {
  readonly tree: TraceTree;
  /** More than MAX_SPANS spans: the first MAX_SPANS are shown. */
  readonly capped: boolean;
}

export function readTrace(table: ResultTable | undefined): ReadTrace {
  if (!table) return { tree: buildTraceTree([]), capped: false };
  return { tree: buildTraceTree(readSpans(table, MAX_SPANS)), capped: table.rowCount > MAX_SPANS };
}

/** Whether `value` may be a trace id the extension asks for: a short line of printable text. */
export function isTraceId(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value.trim() !== '' &&
    value.length <= MAX_TRACE_ID_CHARS &&
    // eslint-disable-next-line no-control-regex -- control characters are what no trace id holds
    !/[\u0000-\u001f\u007f]/.test(value)
  );
}

/** How reading a trace over its ranges ended: found (in which range), found nowhere, or stopped by
 *  the run (cancelled, failed: `stop` is the runner's outcome, for the caller to say). */
export type TraceLookup<Stop> =
  | { kind: 'found'; trace: ReadTrace; apl: string; range: TraceRange; widened: boolean }
  | { kind: 'notFound'; apl: string; widest: TraceRange }
  | { kind: 'stopped'; stop: Stop };

/** Reads a trace with one query per range, narrowest first, until one finds a span. */
export async function lookUpTrace<Stop>(
  request: { dataset: string; traceId: string; seenAt?: string; range?: TraceRange },
  run: (apl: string, range: TimeRange) => Promise<{ tables: readonly ResultTable[] } | { stop: Stop }>,
  now = Date.now(),
): Promise<TraceLookup<Stop>> {
  const apl = traceQuery(request.dataset, request.traceId);
  // A range given (a view read again after a reload): that one only.
  const ranges = request.range ? [request.range] : traceRanges(request.seenAt, now);
  for (const [i, range] of ranges.entries()) {
    const answer = await run(apl, range.range);
    if ('stop' in answer) return { kind: 'stopped', stop: answer.stop };
    const table = answer.tables[0];
    if (table && table.rowCount > 0) return { kind: 'found', trace: readTrace(table), apl, range, widened: i > 0 };
  }
  return { kind: 'notFound', apl, widest: ranges[ranges.length - 1] };
}
