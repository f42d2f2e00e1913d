// What the tail's page (webview/tail/main.ts) and its panel (tail/tailPanel.ts) say to each other,
// and the page's words. Every message from the page is read here before anything acts on it: a
// message of another shape is dropped. Values from logs travel as data and are set as text.
import { readPlace, type CodePlace } from '../code/codePlaces';
import { isJsonObject } from '../json';
import { parseWordTable } from '../run/panelWords';

/** The page's words (English; translated by the extension, checked by readWordTable). */
export const TAIL_WORDS = {
  filter: 'Filter (APL conditions)',
  filterPlaceholder: "status >= 500 and service == 'checkout'",
  applyFilter: 'Apply',
  highlight: 'Highlight',
  highlightPlaceholder: 'a word to highlight',
  following: 'Following {0}: a poll every {1} s.',
  paused: 'Paused while the panel is hidden.',
  waiting: 'Waiting for the request budget (rate limit) until {0}.',
  restored: 'This tail stopped when the window reloaded. Resume to follow {0} again.',
  resume: 'Resume',
  newRows: '{0} new ↓',
  oneNewRow: '1 new ↓',
  dropped: '{0} older events dropped (axiom.tail.maxRows is {1}).',
  gap: 'More events arrived than one poll reads: some before {0} are not shown.',
  noEvents: 'No events yet. New ones show here as they arrive.',
  openTrace: 'Open trace {0}',
  openCodePlace: 'Open {0}',
  rowCount: '{0} events',
} as const;

export type TailWords = { readonly [K in keyof typeof TAIL_WORDS]: string };

export function parseTailWords(json: string | undefined): TailWords {
  return parseWordTable(TAIL_WORDS, json);
}

/** One event as sent to the page. */
export interface TailRowMessage {
  /** _time in ms (NaN is sent as null). */
  time: number | null;
  fields: readonly string[];
  values: readonly unknown[];
}

/** What the page keeps for VS Code to give back after a reload: what the tail followed, never its rows. */
export interface TailState {
  dataset: string;
  conditions: string[];
  filter: string;
}

export type TailHostMessage =
  /** What the tail follows (sent first, and again to a page rebuilt). */
  | { type: 'target'; state: TailState; title: string; keeps: string }
  | { type: 'rows'; rows: TailRowMessage[]; dropped: number; droppedTotal: number; maxRows: number }
  | { type: 'reset' }
  /** What the status line says (already in the person's words). */
  | { type: 'status'; text: string; tone: 'info' | 'warning' | 'error' }
  /** A gap: some events before this time (ms) were not read. */
  | { type: 'gap'; before: number }
  /** Brought back after a reload: nothing is polled until Resume. */
  | { type: 'restored' }
  /** The filter box's text was refused (the page keeps it for the person to fix). */
  | { type: 'filterRejected'; text: string };

export type TailPageMessage =
  | { type: 'ready' }
  | { type: 'resume' }
  | { type: 'filter'; text: string }
  | { type: 'openTrace'; traceId: string; seenAt?: string }
  | { type: 'openCodePlace'; place: CodePlace };

/** The longest filter the page may send. */
const MAX_FILTER_CHARS = 10_000;
/** The longest trace id taken (W3C's are 32 hex digits; other systems' a little longer). */
const MAX_TRACE_ID_CHARS = 128;

/** A message from the page, or undefined when it is not one the panel knows. */
export function readTailPageMessage(value: unknown): TailPageMessage | undefined {
  if (!isJsonObject(value)) return undefined;
  switch (value.type) {
    case 'ready':
    case 'resume':
      return { type: value.type };
    case 'filter':
      return typeof value.text === 'string' && value.text.length <= MAX_FILTER_CHARS
        ? { type: 'filter', text: value.text }
        : undefined;
    case 'openTrace': {
      const id = value.traceId;
      if (typeof id !== 'string' || id.length > MAX_TRACE_ID_CHARS || !/^[\w.:-]+$/.test(id)) return undefined;
      const seenAt =
        typeof value.seenAt === 'string' && !Number.isNaN(Date.parse(value.seenAt)) ? value.seenAt : undefined;
      return { type: 'openTrace', traceId: id, ...(seenAt && { seenAt }) };
    }
    case 'openCodePlace': {
      const place = readPlace(value.place);
      return place ? { type: 'openCodePlace', place } : undefined;
    }
    default:
      return undefined;
  }
}

/** What VS Code gave back for a tail panel after a reload, or undefined when it is not a tail's. */
export function readTailState(value: unknown): TailState | undefined {
  if (!isJsonObject(value) || typeof value.dataset !== 'string' || !value.dataset) return undefined;
  const conditions = Array.isArray(value.conditions) ? value.conditions.filter((c) => typeof c === 'string') : [];
  return {
    dataset: value.dataset,
    conditions,
    filter: typeof value.filter === 'string' ? value.filter : '',
  };
}

/** Fields whose values are trace ids (OpenTelemetry's and common spellings). */
const TRACE_FIELDS = new Set(['trace_id', 'traceid', 'trace.id', 'traceid_', 'attributes.trace_id', 'otel.trace_id']);

/** Whether a field's values are trace ids, by its name. */
export function isTraceField(field: string): boolean {
  return TRACE_FIELDS.has(field.toLowerCase()) || /(^|\.)trace_?id$/i.test(field);
}

/** A value that can be a trace id: hex or dashed, of a sensible length. */
export function traceIdIn(value: unknown): string | undefined {
  return typeof value === 'string' && /^[0-9a-fA-F-]{8,64}$/.test(value) ? value : undefined;
}

/** The argument of Open Trace (the traces feature's axiom.openTrace) for a trace id a tail row shows:
 *  no dataset (the tail's holds logs; Open Trace finds the one that holds the trace). */
export function openTraceArgument(message: { traceId: string; seenAt?: string }): { traceId: string; seenAt?: string } {
  return { traceId: message.traceId, ...(message.seenAt && { seenAt: message.seenAt }) };
}
