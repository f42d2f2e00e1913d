// Spans read from the rows of a tabular answer (Axiom's trace schema, API-NOTES' traces section):
// each field by its flattened name with dots ("service.name", "attributes.http.method") or nested
// in objects ({ attributes: { http: { method } } }), whichever the answer holds. A row is data: a
// value of an unexpected type is read as absent, never thrown on.
import type { ResultTable } from '../api/tabular';
import { isJsonObject } from '../json';
import { readTimespan } from './timespan';

/** The dataset kind of OpenTelemetry traces (API-NOTES, datasets). */
export const TRACES_KIND = 'otel:traces:v1';

export interface Span {
  /** The span's row in the answer. */
  readonly index: number;
  readonly traceId: string;
  readonly spanId: string;
  /** '' at a root (empty or null in the data). */
  readonly parentId: string;
  readonly name: string;
  readonly service: string;
  readonly kind: string;
  /** When it started (`_time`), in ms since the epoch with its fraction; NaN when the row has none. */
  readonly startMs: number;
  /** Nanoseconds; undefined when the row's `duration` is no timespan. */
  readonly durationNs: number | undefined;
  readonly error: boolean;
  readonly statusCode: string;
  readonly statusMessage: string;
  /** `attributes.*`, by their names without the prefix (nested objects flattened with dots). */
  readonly attributes: Readonly<Record<string, unknown>>;
  /** `resource.*`, the same way. */
  readonly resource: Readonly<Record<string, unknown>>;
  readonly events: readonly unknown[];
  readonly links: readonly unknown[];
}

/** How deep nested objects are looked into. */
const MAX_DEPTH = 8;
/** The status codes that mean an error (OpenTelemetry's, as exporters write them). */
const ERROR_CODES = new Set(['error', 'status_code_error', '2']);

/** The value at `path` ("a.b.c") in a row: the flattened key, or nested objects, or any mix. */
export function fieldAt(row: unknown, path: string, depth = 0): unknown {
  if (!isJsonObject(row) || depth > MAX_DEPTH) return undefined;
  if (Object.hasOwn(row, path)) return row[path];
  for (let dot = path.indexOf('.'); dot > 0; dot = path.indexOf('.', dot + 1)) {
    const head = path.slice(0, dot);
    if (Object.hasOwn(row, head) && isJsonObject(row[head])) {
      const found = fieldAt(row[head], path.slice(dot + 1), depth + 1);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/** The fields under `prefix` ("attributes"), flattened with dots; null values left out. */
export function fieldsUnder(row: Readonly<Record<string, unknown>>, prefix: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const put = (name: string, value: unknown, depth: number) => {
    if (value === null || value === undefined) return;
    if (isJsonObject(value) && depth < MAX_DEPTH)
      for (const [key, inner] of Object.entries(value)) put(name ? `${name}.${key}` : key, inner, depth + 1);
    else if (name) out[name] = value;
  };
  for (const [key, value] of Object.entries(row)) {
    if (key === prefix) put('', value, 0);
    else if (key.startsWith(`${prefix}.`)) put(key.slice(prefix.length + 1), value, 0);
  }
  return out;
}

function text(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
}

/** An instant (RFC 3339 with up to nanoseconds, or ms since the epoch) in ms with its fraction; NaN otherwise. */
export function readInstant(value: unknown): number {
  if (typeof value === 'number') return Number.isFinite(value) ? value : NaN;
  if (typeof value !== 'string' || value.length > 64) return NaN;
  const fraction = /\.(\d+)/.exec(value);
  if (!fraction) return Date.parse(value);
  const whole = Date.parse(value.replace(fraction[0], ''));
  return whole + Number(`0.${fraction[1]}`) * 1000;
}

function isError(row: Readonly<Record<string, unknown>>, statusCode: string): boolean {
  const error = fieldAt(row, 'error');
  return error === true || error === 'true' || ERROR_CODES.has(statusCode.toLowerCase());
}

/** One span from one row (an object of field → value). */
export function readSpan(row: Readonly<Record<string, unknown>>, index: number): Span {
  const statusCode = text(fieldAt(row, 'status.code'));
  const events = fieldAt(row, 'events');
  const links = fieldAt(row, 'links');
  return {
    index,
    traceId: text(fieldAt(row, 'trace_id')),
    spanId: text(fieldAt(row, 'span_id')),
    parentId: text(fieldAt(row, 'parent_span_id')),
    name: text(fieldAt(row, 'name')),
    service: text(fieldAt(row, 'service.name')),
    kind: text(fieldAt(row, 'kind')),
    startMs: readInstant(fieldAt(row, '_time')),
    durationNs: readTimespan(fieldAt(row, 'duration')),
    error: isError(row, statusCode),
    statusCode,
    statusMessage: text(fieldAt(row, 'status.message')),
    attributes: fieldsUnder(row, 'attributes'),
    resource: fieldsUnder(row, 'resource'),
    events: Array.isArray(events) ? events : [],
    links: Array.isArray(links) ? links : [],
  };
}

/** A table's rows as objects (field name → value), up to `limit`. */
export function tableRows(table: ResultTable, limit = Infinity): Record<string, unknown>[] {
  const count = Math.min(table.rowCount, limit);
  const rows: Record<string, unknown>[] = [];
  for (let r = 0; r < count; r++) {
    const row: Record<string, unknown> = {};
    table.fields.forEach((field, c) => {
      const value = table.columns[c]?.[r];
      if (value !== null && value !== undefined) row[field.name] = value;
    });
    rows.push(row);
  }
  return rows;
}
