// The messages between the trace view (a webview, src/webview/trace) and the extension, and the
// page's words. Both sides read what they receive through the readers below and drop anything
// else: a message is data from another process, and a span's names and attributes are log data
// written by anyone.
import { readPlace, type CodePlace } from '../code/codePlaces';
import { isJsonObject } from '../json';
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

/** A waterfall row as the page draws it (core/traces/spanTree.ts's WaterfallRow). */
export interface RowView {
  /** Index into `spans`; -1 on a "missing parent" row. */
  span: number;
  missingParent?: string;
  depth: number;
  end: number;
  offsetMs: number;
  widthMs: number;
  notes: SpanNote[];
  critical: boolean;
}

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
  spans: SpanView[];
  rows: RowView[];
}

/** Extension → page. */
export type TraceHostMessage =
  { type: 'loading'; traceId: string } | { type: 'trace'; trace: TraceView } | { type: 'failed'; message: string };

/** Page → extension. */
export type TracePageMessage = { type: 'ready' } | { type: 'runAsApl' } | { type: 'openCodePlace'; place: CodePlace };

/** The page's view of a tree. */
export function traceView(tree: TraceTree, about: { traceId: string; dataset: string; notes: string[] }): TraceView {
  return {
    ...about,
    durationMs: tree.durationMs,
    startedAt: Number.isFinite(tree.startMs) ? new Date(tree.startMs).toISOString() : '',
    services: [...tree.services],
    errors: tree.errors,
    spans: tree.spans.map((s) => ({
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
    })),
    rows: tree.rows.map((r) => ({
      span: r.span,
      ...(r.missingParent !== undefined && { missingParent: r.missingParent }),
      depth: r.depth,
      end: r.end,
      offsetMs: r.offsetMs,
      widthMs: r.widthMs,
      notes: [...r.notes],
      critical: r.critical,
    })),
  };
}

/** A message from the page, or undefined when it is not one the extension knows. */
export function readTracePageMessage(value: unknown): TracePageMessage | undefined {
  if (!isJsonObject(value)) return undefined;
  switch (value.type) {
    case 'ready':
    case 'runAsApl':
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

function readRowView(value: unknown, spans: number, rows: number, at: number): RowView | undefined {
  if (!isJsonObject(value)) return undefined;
  const { span, missingParent, depth, end, offsetMs, widthMs, notes, critical } = value;
  if (!Number.isInteger(span) || (span as number) < -1 || (span as number) >= spans) return undefined;
  if (span === -1 ? !isText(missingParent) : missingParent !== undefined) return undefined;
  if (!Number.isInteger(depth) || (depth as number) < 0) return undefined;
  if (!Number.isInteger(end) || (end as number) <= at || (end as number) > rows) return undefined;
  if (!isNumber(offsetMs) || !isNumber(widthMs) || widthMs < 0 || typeof critical !== 'boolean') return undefined;
  if (!Array.isArray(notes) || !notes.every((n) => typeof n === 'string' && NOTES.has(n))) return undefined;
  return value as unknown as RowView;
}

/** A message from the extension, or undefined when it is not one the page knows. */
export function readTraceHostMessage(value: unknown): TraceHostMessage | undefined {
  if (!isJsonObject(value)) return undefined;
  switch (value.type) {
    case 'loading':
      return isText(value.traceId) ? { type: 'loading', traceId: value.traceId } : undefined;
    case 'failed':
      return isText(value.message) ? { type: 'failed', message: value.message } : undefined;
    case 'trace': {
      const t = value.trace;
      if (!isJsonObject(t) || !isText(t.traceId) || !isText(t.dataset) || !isText(t.startedAt)) return undefined;
      if (!isNumber(t.durationMs) || !isNumber(t.errors)) return undefined;
      if (!Array.isArray(t.notes) || !t.notes.every(isText)) return undefined;
      if (!Array.isArray(t.services) || !t.services.every(isText)) return undefined;
      if (!Array.isArray(t.spans) || !Array.isArray(t.rows)) return undefined;
      const spans = t.spans.map(readSpanView);
      if (spans.some((s) => !s)) return undefined;
      const rowCount = t.rows.length;
      const rows = t.rows.map((r, i) => readRowView(r, spans.length, rowCount, i));
      if (rows.some((r) => !r)) return undefined;
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
          spans: spans as SpanView[],
          rows: rows as RowView[],
        },
      };
    }
    default:
      return undefined;
  }
}
