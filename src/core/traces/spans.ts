// Spans read from the rows of a tabular answer (Axiom's trace schema, API-NOTES' traces section):
// each field by its flattened name with dots ("service.name", "attributes.http.method") or nested
// in objects ({ attributes: { http: { method } } }), whichever the answer holds. A row is data: a
// value of an unexpected type is read as absent, never thrown on.
import type { ResultTable } from '../api/tabular';
import { isJsonObject } from '../json';
import { readTimespan } from './timespan';
import { readInstant } from '../instant';

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
/** Their lengths: a status code of another length ("OK", "UNSET") is no error, without lower-casing it. */
const ERROR_CODE_LENGTHS = new Set([...ERROR_CODES].map((code) => code.length));

/** Whether a span with this `error` field and status code is an error. */
function isError(error: unknown, statusCode: string): boolean {
  if (error === true || error === 'true') return true;
  return ERROR_CODE_LENGTHS.has(statusCode.length) && ERROR_CODES.has(statusCode.toLowerCase());
}

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

/** Puts `value` into `out` at `name`, a nested object flattened with dots; null values left out. */
function flattenInto(out: Record<string, unknown>, name: string, value: unknown, depth = 0): void {
  if (value === null || value === undefined) return;
  if (isJsonObject(value) && depth < MAX_DEPTH)
    for (const [key, inner] of Object.entries(value)) flattenInto(out, name ? `${name}.${key}` : key, inner, depth + 1);
  else if (name) out[name] = value;
}

/** The fields under `prefix` ("attributes"), flattened with dots; null values left out. */
export function fieldsUnder(row: Readonly<Record<string, unknown>>, prefix: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (key === prefix) flattenInto(out, '', value);
    else if (key.startsWith(`${prefix}.`)) flattenInto(out, key.slice(prefix.length + 1), value);
  }
  return out;
}

function list(value: unknown): readonly unknown[] {
  return Array.isArray(value) ? (value as unknown[]) : [];
}

function text(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
}

/** How a span's fields are read: one by its path, and those under a prefix, flattened. */
interface SpanFields {
  get(path: string): unknown;
  under(prefix: string): Record<string, unknown>;
}

function spanFrom(fields: SpanFields, index: number): Span {
  const statusCode = text(fields.get('status.code'));
  const error = fields.get('error');
  const events = fields.get('events');
  const links = fields.get('links');
  return {
    index,
    traceId: text(fields.get('trace_id')),
    spanId: text(fields.get('span_id')),
    parentId: text(fields.get('parent_span_id')),
    name: text(fields.get('name')),
    service: text(fields.get('service.name')),
    kind: text(fields.get('kind')),
    startMs: readInstant(fields.get('_time')),
    durationNs: readTimespan(fields.get('duration')),
    error: isError(error, statusCode),
    statusCode,
    statusMessage: text(fields.get('status.message')),
    attributes: fields.under('attributes'),
    resource: fields.under('resource'),
    events: list(events),
    links: list(links),
  };
}

/** One span from one row (an object of field → value). */
export function readSpan(row: Readonly<Record<string, unknown>>, index: number): Span {
  return spanFrom({ get: (path) => fieldAt(row, path), under: (prefix) => fieldsUnder(row, prefix) }, index);
}

/** Top-level names under which a span's fields may arrive nested (then each row is read as an object). */
const NESTED = new Set(['service', 'status', 'attributes', 'resource']);

/** A flat table's columns by field name, and those under each prefix. */
class FlatColumns {
  private readonly byName = new Map<string, readonly unknown[]>();
  readonly prefixed: Record<'attributes' | 'resource', [string, readonly unknown[]][]> = {
    attributes: [],
    resource: [],
  };
  constructor(table: ResultTable) {
    table.fields.forEach((field, c) => {
      const values = table.columns[c] ?? [];
      if (!this.byName.has(field.name)) this.byName.set(field.name, values);
      for (const prefix of ['attributes', 'resource'] as const)
        if (field.name.startsWith(`${prefix}.`))
          this.prefixed[prefix].push([field.name.slice(prefix.length + 1), values]);
    });
  }
  column(name: string): readonly unknown[] | undefined {
    return this.byName.get(name);
  }
}

/** A span of a flat table, read from its columns as it is asked for: the tree needs only a few of
 *  its fields for every span, the view all of them for the spans it shows. */
class ColumnSpan implements Span {
  private attributesRead: Record<string, unknown> | undefined;
  private resourceRead: Record<string, unknown> | undefined;
  constructor(
    private readonly columns: FlatColumns,
    private readonly known: readonly unknown[][],
    readonly index: number,
  ) {}
  // The start and duration are read when asked too: the tree reads them once per span (kept as
  // fields, each would be a number boxed on the heap, 20,000 more objects for the GC to copy).
  get startMs() {
    return readInstant(this.field(0));
  }
  get durationNs() {
    return readTimespan(this.field(1));
  }
  /** The value of known field `k` (KNOWN_FIELDS' order) in this span's row. */
  private field(k: number): unknown {
    return this.known[k]?.[this.index] ?? undefined;
  }
  get traceId() {
    return text(this.field(2));
  }
  get spanId() {
    return text(this.field(3));
  }
  get parentId() {
    return text(this.field(4));
  }
  get name() {
    return text(this.field(5));
  }
  get service() {
    return text(this.field(6));
  }
  get kind() {
    return text(this.field(7));
  }
  get statusCode() {
    return text(this.field(8));
  }
  get statusMessage() {
    return text(this.field(9));
  }
  get error() {
    return isError(this.field(10), this.statusCode);
  }
  get events() {
    return list(this.field(11));
  }
  get links() {
    return list(this.field(12));
  }
  get attributes() {
    return (this.attributesRead ??= this.under('attributes'));
  }
  get resource() {
    return (this.resourceRead ??= this.under('resource'));
  }
  private under(prefix: 'attributes' | 'resource'): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const [name, values] of this.columns.prefixed[prefix]) flattenInto(out, name, values[this.index]);
    return out;
  }
}

/** The fields ColumnSpan reads, in its order. */
const KNOWN_FIELDS = [
  '_time',
  'duration',
  'trace_id',
  'span_id',
  'parent_span_id',
  'name',
  'service.name',
  'kind',
  'status.code',
  'status.message',
  'error',
  'events',
  'links',
];

/** The spans of a table's rows, up to `limit`: read from the columns when every field is flattened
 *  (no row object made: a trace of 10,000 spans is read at once), else row by row (readSpan). */
export function readSpans(table: ResultTable, limit = Infinity): Span[] {
  if (table.fields.some((f) => NESTED.has(f.name))) return tableRows(table, limit).map(readSpan);
  const count = Math.min(table.rowCount, limit);
  const columns = new FlatColumns(table);
  const known = KNOWN_FIELDS.map((name) => (columns.column(name) ?? []) as unknown[]);
  const spans: Span[] = [];
  for (let r = 0; r < count; r++) spans.push(new ColumnSpan(columns, known, r));
  return spans;
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
