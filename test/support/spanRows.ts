// Span rows as Axiom stores OpenTelemetry spans (flattened fields), for the tests of traces: a span
// by its id, parent, start and duration, and rows read into the tree the trace view draws.
import { buildTraceTree, type TraceTree } from '../../src/core/traces/spanTree';
import { readSpan, type Span } from '../../src/core/traces/spans';

/** The moment spanRow counts starts from: 2026-03-01 12:00 UTC. */
export const SPAN_T0 = Date.parse('2026-03-01T12:00:00Z');

/**
 * A span's row of trace `t`: its id, its parent ('' for a root), its start in ms after SPAN_T0 and
 * its duration in ms (a text is sent as it is), named `op <id>` in service `svc-<first letter>`;
 * the fields of `more` over these.
 */
export function spanRow(
  id: string,
  parent: string,
  startMs: number,
  durationMs: number | string,
  more: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    _time: new Date(SPAN_T0 + startMs).toISOString(),
    trace_id: 't',
    span_id: id,
    parent_span_id: parent,
    name: `op ${id}`,
    'service.name': `svc-${id.slice(0, 1)}`,
    duration: typeof durationMs === 'number' ? durationMs * 1e6 : durationMs,
    ...more,
  };
}

/** Rows read as spans, each with its index as its row. */
export function spansOf(rows: readonly Record<string, unknown>[]): Span[] {
  return rows.map((row, i) => readSpan(row, i));
}

/** The trace tree of rows, read as the trace view reads them. */
export function traceTreeOf(rows: readonly Record<string, unknown>[]): TraceTree {
  return buildTraceTree(spansOf(rows));
}
