// The messages between the trace view (a webview, src/webview/trace) and the extension, and the
// page's words. Both sides read what they receive through the readers below and drop anything
// else: a message is data from another process, and a span's names and attributes are log data
// written by anyone.
import { readPlace, type CodePlace } from '../code/codePlaces';
import { isCount, isJsonObject } from '../json';
import type { SpanNote, TraceTree } from './spanTree';

/** The trace view's words (English templates; the extension translates them for the page). */
export const TRACE_WORDS = {
  loading: 'Reading trace {0}…',
  summary: '{0} · {1} spans · {2} services',
  errors: '{0} with errors',
  search: 'Find spans',
  matches: '{0} of {1}',
  noMatch: 'No span matches',
  runAsApl: 'Run as APL',
  runAsAplTitle: 'Open the query that read this trace in an editor and run it',
  criticalPath: 'On the critical path',
  missingParent: 'Missing parent {0}',
  missingParentTitle: 'The spans below name a parent span that is not in the trace',
  noSpans: 'No span of this trace was found.',
  waterfall: 'Spans of the trace',
  details: 'Selected span',
  selectSpan: 'Select a span to see its attributes, events, resource and status.',
  attributes: 'Attributes',
  resource: 'Resource',
  events: 'Events',
  links: 'Links',
  status: 'Status',
  service: 'Service',
  duration: 'Duration',
  startsAt: 'Starts',
  spanId: 'Span id',
  parentId: 'Parent span id',
  kind: 'Kind',
  error: 'Error',
  openCodePlace: 'Open {0}',
  unknownDuration: 'unknown',
  noDuration: 'Its duration is missing or not a timespan: drawn at zero width.',
  negativeDuration: 'Its duration is negative ({0}): drawn at zero width.',
  startsBeforeParent: 'It starts before its parent (clock skew?): drawn at zero width; recorded {0}.',
  endsAfterParent: 'It ends after its parent (clock skew?): drawn at zero width; recorded {0}.',
  cycleBroken: 'Its parent is also its descendant: the cycle is broken here.',
  duplicateId: 'Another span has the same id.',
  noStart: 'It has no start time: drawn at the trace’s start.',
  loadAgain: 'Load again',
} as const;

export type TraceWords = { readonly [K in keyof typeof TRACE_WORDS]: string };

/** A span as the page shows it. */
export interface SpanView {
  spanId: string;
  parentId: string;
  name: string;
  service: string;
  kind: string;
  /** Nanoseconds, null when unknown. */
  durationNs: number | null;
  error: boolean;
  statusCode: string;
  statusMessage: string;
  attributes: Record<string, unknown>;
  resource: Record<string, unknown>;
  events: unknown[];
  links: unknown[];
}

/** A waterfall row as the page draws it (core/traces/spanTree.ts's WaterfallRow), with its span. */
export interface RowView {
  /** Absent on a "missing parent" row. */
  span?: SpanView;
  missingParent?: string;
  depth: number;
  /** The index of the first row after this row's subtree (of all the trace's rows). */
  end: number;
  offsetMs: number;
  widthMs: number;
  notes: SpanNote[];
  critical: boolean;
}

/** The rows sent with the trace: enough to fill the screen; the rest follow in `traceRows` messages. */
export const FIRST_TRACE_ROWS = 200;
/** How many rows each later message brings. */
export const TRACE_ROWS_CHUNK = 2000;

export interface TraceView {
  traceId: string;
  dataset: string;
  /** The extension's sentences about the whole trace (the range widened, spans left out, cycles…). */
  notes: string[];
  durationMs: number;
  /** The trace's start, RFC 3339 ('' when unknown). */
  startedAt: string;
  services: string[];
  errors: number;
  spanCount: number;
  /** How many rows the waterfall has in all. */
  rowCount: number;
  /** Its rows from the first: all of them, or the first ones (more follow). */
  rows: RowView[];
}

/** What the page keeps for VS Code to give back after a reload: which trace, read over which range
 *  (absolute instants), never its spans. */
export interface TraceState {
  dataset: string;
  traceId: string;
  startTime: string;
  endTime: string;
}

const MAX_DATASET_CHARS = 512;
const isInstant = (v: unknown): v is string =>
  typeof v === 'string' && v.length <= 64 && Number.isFinite(Date.parse(v));

/** A trace view's kept state, or undefined when it is not one (VS Code gives back whatever was stored). */
export function readTraceState(value: unknown): TraceState | undefined {
  if (!isJsonObject(value)) return undefined;
  const { dataset, traceId, startTime, endTime } = value;
  if (typeof dataset !== 'string' || !dataset.trim() || dataset.length > MAX_DATASET_CHARS) return undefined;
  if (typeof traceId !== 'string' || !traceId.trim() || traceId.length > 256) return undefined;
  if (!isInstant(startTime) || !isInstant(endTime)) return undefined;
  return { dataset, traceId, startTime, endTime };
}

/** Extension → page. */
export type TraceHostMessage =
  /** What the page keeps for a reload (sent with each trace shown). */
  | { type: 'state'; state: TraceState }
  /** Brought back after a reload: nothing is read until Load again (`text` in the person's words). */
  | { type: 'restored'; text: string }
  | { type: 'loading'; traceId: string }
  | { type: 'trace'; trace: TraceView }
  /** More rows of the trace shown, from row `start` on (they follow the rows sent so far). */
  | { type: 'traceRows'; traceId: string; start: number; rows: RowView[] }
  | { type: 'failed'; message: string };

/** Page → extension. */
export type TracePageMessage =
  { type: 'ready' } | { type: 'runAsApl' } | { type: 'loadAgain' } | { type: 'openCodePlace'; place: CodePlace };

/** The page's view of rows `start` up to `end` of a tree: each with its span's view, made only for these. */
export function rowViews(tree: TraceTree, start = 0, end = tree.rows.length): RowView[] {
  return tree.rows.slice(start, end).map((r) => {
    const s = r.span >= 0 ? tree.spans[r.span] : undefined;
    return {
      ...(s && {
        span: {
          spanId: s.spanId,
          parentId: s.parentId,
          name: s.name,
          service: s.service,
          kind: s.kind,
          durationNs: s.durationNs ?? null,
          error: s.error,
          statusCode: s.statusCode,
          statusMessage: s.statusMessage,
          attributes: { ...s.attributes },
          resource: { ...s.resource },
          events: [...s.events],
          links: [...s.links],
        },
      }),
      ...(r.missingParent !== undefined && { missingParent: r.missingParent }),
      depth: r.depth,
      end: r.end,
      offsetMs: r.offsetMs,
      widthMs: r.widthMs,
      notes: [...r.notes],
      critical: r.critical,
    };
  });
}

/** The page's view of a tree, with its rows up to `rows` (all by default). */
export function traceView(
  tree: TraceTree,
  about: { traceId: string; dataset: string; notes: string[] },
  rows = tree.rows.length,
): TraceView {
  return {
    ...about,
    durationMs: tree.durationMs,
    startedAt: Number.isFinite(tree.startMs) ? new Date(tree.startMs).toISOString() : '',
    services: [...tree.services],
    errors: tree.errors,
    spanCount: tree.spans.length,
    rowCount: tree.rows.length,
    rows: rowViews(tree, 0, rows),
  };
}

/** A message from the page, or undefined when it is not one the extension knows. */
export function readTracePageMessage(value: unknown): TracePageMessage | undefined {
  if (!isJsonObject(value)) return undefined;
  switch (value.type) {
    case 'ready':
    case 'runAsApl':
    case 'loadAgain':
      return { type: value.type };
    case 'openCodePlace': {
      const place = readPlace(value.place);
      return place ? { type: 'openCodePlace', place } : undefined;
    }
    default:
      return undefined;
  }
}

const NOTES: ReadonlySet<string> = new Set<SpanNote>([
  'noDuration',
  'negativeDuration',
  'startsBeforeParent',
  'endsAfterParent',
  'cycleBroken',
  'duplicateId',
  'noStart',
]);
const MAX_TEXT = 1024 * 1024;
const isText = (v: unknown): v is string => typeof v === 'string' && v.length <= MAX_TEXT;
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

function readSpanView(value: unknown): SpanView | undefined {
  if (!isJsonObject(value)) return undefined;
  const v = value;
  const texts = [v.spanId, v.parentId, v.name, v.service, v.kind, v.statusCode, v.statusMessage];
  if (!texts.every(isText) || typeof v.error !== 'boolean') return undefined;
  if (!(v.durationNs === null || isNumber(v.durationNs))) return undefined;
  if (!isJsonObject(v.attributes) || !isJsonObject(v.resource) || !Array.isArray(v.events) || !Array.isArray(v.links))
    return undefined;
  return v as unknown as SpanView;
}

function readRowView(value: unknown, rows: number, at: number): RowView | undefined {
  if (!isJsonObject(value)) return undefined;
  const { span, missingParent, depth, end, offsetMs, widthMs, notes, critical } = value;
  if (span === undefined ? !isText(missingParent) : missingParent !== undefined || !readSpanView(span))
    return undefined;
  if (!Number.isInteger(depth) || (depth as number) < 0) return undefined;
  if (!Number.isInteger(end) || (end as number) <= at || (end as number) > rows) return undefined;
  if (!isNumber(offsetMs) || !isNumber(widthMs) || widthMs < 0 || typeof critical !== 'boolean') return undefined;
  if (!Array.isArray(notes) || !notes.every((n) => typeof n === 'string' && NOTES.has(n))) return undefined;
  return value as unknown as RowView;
}

/** Rows from row `start` of a trace of `rowCount` rows, or undefined when one is not a row. */
function readRows(value: unknown, start: number, rowCount: number): RowView[] | undefined {
  if (!Array.isArray(value) || start + value.length > rowCount) return undefined;
  const rows = value.map((r, i) => readRowView(r, rowCount, start + i));
  return rows.every((r) => r !== undefined) ? rows : undefined;
}

/** A message from the extension, or undefined when it is not one the page knows. */
export function readTraceHostMessage(value: unknown): TraceHostMessage | undefined {
  if (!isJsonObject(value)) return undefined;
  switch (value.type) {
    case 'state': {
      const state = readTraceState(value.state);
      return state ? { type: 'state', state } : undefined;
    }
    case 'restored':
      return isText(value.text) ? { type: 'restored', text: value.text } : undefined;
    case 'loading':
      return isText(value.traceId) ? { type: 'loading', traceId: value.traceId } : undefined;
    case 'failed':
      return isText(value.message) ? { type: 'failed', message: value.message } : undefined;
    case 'trace': {
      const t = value.trace;
      if (!isJsonObject(t) || !isText(t.traceId) || !isText(t.dataset) || !isText(t.startedAt)) return undefined;
      if (!isNumber(t.durationMs) || !isNumber(t.errors) || !isCount(t.spanCount) || !isCount(t.rowCount))
        return undefined;
      if (!Array.isArray(t.notes) || !t.notes.every(isText)) return undefined;
      if (!Array.isArray(t.services) || !t.services.every(isText)) return undefined;
      const rows = readRows(t.rows, 0, t.rowCount);
      if (!rows) return undefined;
      return {
        type: 'trace',
        trace: {
          traceId: t.traceId,
          dataset: t.dataset,
          notes: t.notes,
          durationMs: t.durationMs,
          startedAt: t.startedAt,
          services: t.services,
          errors: t.errors,
          spanCount: t.spanCount,
          rowCount: t.rowCount,
          rows,
        },
      };
    }
    case 'traceRows': {
      if (!isText(value.traceId) || !isCount(value.start)) return undefined;
      // The rows' `end`s are checked against the whole trace when the page adds them.
      const rows = readRows(value.rows, value.start, Number.MAX_SAFE_INTEGER);
      return rows ? { type: 'traceRows', traceId: value.traceId, start: value.start, rows } : undefined;
    }
    default:
      return undefined;
  }
}
