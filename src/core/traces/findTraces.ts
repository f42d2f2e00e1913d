// Find traces: the slowest or the failing traces of one service in a traces dataset, as a list of
// their root spans with duration, span count and error count. Slowest ranks root spans by their
// own duration (Axiom's docs: a summary of `duration` over every span mixes them all); failing
// takes the traces where a span of the service erred, newest first. Two or three small queries:
// the roots (or the failing traces' ids), then one summary of those traces' spans.
import type { ResultTable } from '../api/tabular';
import { quotedName } from '../apl/names';
import { readSpan, tableRows } from './spans';
import { aplString } from './traceQuery';

export type TraceSearch = 'slowest' | 'failing';
/** How many traces a search lists. */
export const FOUND_TRACES = 20;
/** How many services the pick offers. */
const MAX_SERVICES = 100;
const IS_ROOT = "(isnull(parent_span_id) or parent_span_id == '')";

/** The services that wrote spans in the dataset over the range, busiest first. */
export function servicesQuery(dataset: string): string {
  return `${quotedName(dataset)}\n| summarize spans = count() by ['service.name']\n| sort by spans desc\n| take ${MAX_SERVICES}`;
}

export function readServices(table: ResultTable | undefined): string[] {
  if (!table) return [];
  return tableRows(table, MAX_SERVICES)
    .map((row) => readSpan(row, 0).service)
    .filter((service) => service !== '');
}

/** The first query of a search: the slowest root spans of the service, or its failing traces' ids. */
export function searchQuery(dataset: string, service: string, search: TraceSearch): string {
  const source = `${quotedName(dataset)}\n| where ['service.name'] == ${aplString(service)}`;
  return search === 'slowest'
    ? `${source} and ${IS_ROOT}\n| sort by duration desc\n| take ${FOUND_TRACES}`
    : `${source} and (error == true or ['status.code'] == 'ERROR')\n| summarize failed_at = max(_time) by trace_id\n| sort by failed_at desc\n| take ${FOUND_TRACES}`;
}

const idList = (traceIds: readonly string[]) => traceIds.map(aplString).join(', ');

/** The root spans of the traces named. */
export function rootsQuery(dataset: string, traceIds: readonly string[]): string {
  return `${quotedName(dataset)}\n| where trace_id in (${idList(traceIds)}) and ${IS_ROOT}\n| take ${traceIds.length * 2}`;
}

/** Each named trace's span and error counts. */
export function summaryQuery(dataset: string, traceIds: readonly string[]): string {
  return `${quotedName(dataset)}\n| where trace_id in (${idList(traceIds)})\n| summarize spans = count(), errors = countif(error == true) by trace_id`;
}

/** The trace ids of a table's rows, in order, without twins. */
export function readTraceIds(table: ResultTable | undefined): string[] {
  if (!table) return [];
  const ids = tableRows(table, FOUND_TRACES * 2).map((row) => readSpan(row, 0).traceId);
  return [...new Set(ids.filter((id) => id !== ''))].slice(0, FOUND_TRACES);
}

/** One trace of the list: its root span and its counts. */
export interface FoundTrace {
  readonly traceId: string;
  /** The root span's operation ('' when the root is not in the answer). */
  readonly name: string;
  readonly service: string;
  readonly durationNs: number | undefined;
  /** The root's start, RFC 3339 ('' when unknown): Open Trace reads around it. */
  readonly seenAt: string;
  readonly spans: number | undefined;
  readonly errors: number | undefined;
}

/** The list, in the order of `traceIds`, from the roots' table and the summary's. */
export function readFoundTraces(
  traceIds: readonly string[],
  roots: ResultTable | undefined,
  summary: ResultTable | undefined,
): FoundTrace[] {
  const rootOf = new Map<string, ReturnType<typeof readSpan>>();
  for (const [i, row] of (roots ? tableRows(roots, FOUND_TRACES * 2) : []).entries()) {
    const span = readSpan(row, i);
    if (!rootOf.has(span.traceId)) rootOf.set(span.traceId, span);
  }
  const counts = new Map<string, { spans?: number; errors?: number }>();
  for (const row of summary ? tableRows(summary, FOUND_TRACES * 2) : []) {
    const id = readSpan(row, 0).traceId;
    counts.set(id, { spans: count(row.spans), errors: count(row.errors) });
  }
  return traceIds.map((traceId) => {
    const root = rootOf.get(traceId);
    const at = root?.startMs ?? NaN;
    return {
      traceId,
      name: root?.name ?? '',
      service: root?.service ?? '',
      durationNs: root?.durationNs,
      seenAt: Number.isFinite(at) ? new Date(at).toISOString() : '',
      spans: counts.get(traceId)?.spans,
      errors: counts.get(traceId)?.errors,
    };
  });
}

function count(value: unknown): number | undefined {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 ? n : undefined;
}

/** A search's queries in turn (the first, the roots for failing traces, the summary), each run by
 *  `run`; the list, or what stopped a run. */
export async function findTraces<Stop>(
  request: { dataset: string; service: string; search: TraceSearch },
  run: (apl: string) => Promise<{ table: ResultTable | undefined } | { stop: Stop }>,
): Promise<{ traces: FoundTrace[] } | { stop: Stop }> {
  const { dataset, service, search } = request;
  const first = await run(searchQuery(dataset, service, search));
  if ('stop' in first) return first;
  const ids = readTraceIds(first.table);
  if (ids.length === 0) return { traces: [] };
  const roots = search === 'slowest' ? first : await run(rootsQuery(dataset, ids));
  if ('stop' in roots) return roots;
  const summary = await run(summaryQuery(dataset, ids));
  if ('stop' in summary) return summary;
  return { traces: readFoundTraces(ids, roots.table, summary.table) };
}
