// How the demo deployment answers APL (POST /v1/datasets/_apl): events made up on the spot for the
// asked time range, the same for the same moment whenever they are asked for, then the few steps of
// a query that the demo understands applied to them: where (==, !=, <, <=, >, >=, contains,
// startswith, matches regex, joined by `and`), extend of a case(…), summarize (count, sum, avg, min, max, dcount, percentile; by
// bin(_time, …), bin_auto(_time) and fields), top, order/sort by, take/limit, project, count. A step
// it does not know is passed over; an unknown dataset is the service's 404. Not APL: a demo.
import type { AplAnswer, AplRequestBody } from './fakeAxiom';

/** One field of a demo dataset as GET /v2/datasets/{id}/fields lists it, and how its values are made. */
export interface DemoField {
  name: string;
  type: 'datetime' | 'integer' | 'float' | 'string' | 'boolean';
  description?: string;
  unit?: string;
  /** A value for an event at `time` (ms), from `r`, a number in [0, 1) drawn for the event, and
   *  `pick`, which draws more of them. Not given for `_time`. */
  make?: (time: number, r: number, pick: () => number) => unknown;
}

export interface DemoDataset {
  name: string;
  description: string;
  fields: DemoField[];
  /** Events per second at a moment (ms since the epoch): the shape of the traffic. */
  rate: (time: number) => number;
}

type Event = Record<string, unknown> & { _time: number; weight: number };

/** At most this many events are made for one query: one event stands for `weight` real ones. */
const MAX_EVENTS = 3000;
/** The service's default limit on returned rows. */
const DEFAULT_LIMIT = 1000;
/** A query that takes more rows than MAX_EVENTS (`take 100000`) gets as many events as the range
 *  holds, up to what it takes and at most this many. */
const MAX_TAKEN = 100_000;
/** At most this many events are made for a count of rare events (a few seconds' work is too slow). */
const MAX_FOR_RARE = 30_000;

/** The number in [0, 1) a state of the demo's generator gives: the same for the same state. */
function draw(state: number): number {
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

/** The first number drawn from a seed (the event's time); `pick` draws the rest from the state after it. */
function firstDraw(seed: number): number {
  return draw((seed + 0x6d2b79f5) >>> 0);
}

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };

/** `now`, `now-1h`, `now-30d` or an RFC 3339 time, in ms. */
export function readTime(value: unknown, now: number): number | undefined {
  if (typeof value !== 'string') return undefined;
  const relative = /^\s*now\s*(?:([-+])\s*(\d+)\s*(ms|s|m|h|d|w))?\s*$/.exec(value);
  if (relative)
    return relative[1] ? now + (relative[1] === '-' ? -1 : 1) * Number(relative[2]) * UNIT_MS[relative[3]] : now;
  const parsed = Date.parse(value);
  return Number.isNaN(parsed) ? undefined : parsed;
}

/** `1m`, `30s`, `1h` as ms. */
function readSpan(text: string): number | undefined {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h|d|w)\s*$/.exec(text);
  return m ? Number(m[1]) * UNIT_MS[m[2]] : undefined;
}

/** How many events a dataset holds between two times, by its rate. */
function expectedCount(dataset: DemoDataset, start: number, end: number): number {
  const parts = 200;
  const step = (end - start) / parts;
  let sum = 0;
  for (let i = 0; i < parts; i++) sum += dataset.rate(start + (i + 0.5) * step) * (step / 1000);
  return sum;
}

/** Where a made event keeps its fields' values and the state of its draws: the values are made in the
 *  dataset's order (each draws from the event's own sequence of numbers), and only as far as a field
 *  that is read, so a `where` on the first few fields does not pay for the rest (a trace id, a user
 *  agent). Tens of thousands of events a query: no object or closure per event beyond the event. */
const STATE = Symbol('state');
const MADE = Symbol('made');
type MadeEvent = Event & { [STATE]: number; [MADE]?: unknown[] };

/** The state the shared `pick` draws from: set to an event's before its fields are made, read back after. */
let drawing = 0;
function pick(): number {
  drawing = (drawing + 0x6d2b79f5) >>> 0;
  return draw(drawing);
}

/** Per dataset, the prototype of its events: one getter per field, that makes the fields up to it. */
const eventPrototypes = new WeakMap<DemoDataset, object>();

function eventPrototype(dataset: DemoDataset): object {
  const known = eventPrototypes.get(dataset);
  if (known) return known;
  const made = dataset.fields.filter((f) => f.make);
  const fresh = {};
  made.forEach((field, index) => {
    Object.defineProperty(fresh, field.name, {
      enumerable: true,
      get(this: MadeEvent) {
        const values = (this[MADE] ??= []);
        if (values.length <= index) {
          drawing = this[STATE];
          while (values.length <= index) values.push(made[values.length].make!(this._time, pick(), pick));
          this[STATE] = drawing;
        }
        return values[index];
      },
    });
  });
  eventPrototypes.set(dataset, fresh);
  return fresh;
}

/** The `where`s a query starts with: their test, and the text that names them among the kept chunks
 *  (none when a test reads the clock, `ago(…)`: what it keeps changes as time goes by). */
interface Filter {
  test: (e: Event) => boolean;
  key?: string;
}

const EVERY_EVENT: Filter = { test: () => true, key: '' };

/** What a range holds seen through a filter: how many events it holds, their weight (the rows
 *  examined), and the events the filter keeps, in time order. */
interface Sample {
  count: number;
  weight: number;
  kept: Event[];
}

/** Events are made a chunk of this many consecutive slots at a time, and kept so: a dry run's windows
 *  overlap (each run's events are most of the next one's). A chunk is found by its index, which is
 *  small enough to be a small integer for V8 where a slot's index is not. */
const CHUNK = 1024;
/** Past this much kept (an event the filter kept counts one, a chunk's times and weights a quarter of
 *  its slots), the chunks kept longest are dropped, to be made again when asked. */
const KEPT_EVENTS = 200_000;

/** One chunk of slots through a filter: every slot's event's time and weight, and the events the filter
 *  keeps with their slot's offset in the chunk. The events it does not keep are not kept (a rare
 *  `where` keeps one event in a hundred: the rest are garbage the moment they are tested). */
interface Chunk {
  times: Float64Array;
  weights: Float64Array;
  kept: MadeEvent[];
  keptOffsets: number[];
}

/** Per dataset, per slot width and filter, the chunks made so far by their index: the same slot always
 *  holds the same event, so keeping them changes no answer (the unit tests ask warm and cold). */
const keptChunks = new WeakMap<DemoDataset, { cost: number; byFilter: Map<string, Map<number, Chunk>> }>();

const chunkCost = (chunk: Chunk) => chunk.kept.length + CHUNK / 4;

function makeChunk(dataset: DemoDataset, slot: number, chunkIndex: number, filter: Filter): Chunk {
  const seedOf = dataset.name.split('').reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 16777619), 2166136261);
  const prototype = eventPrototype(dataset);
  const chunk: Chunk = { times: new Float64Array(CHUNK), weights: new Float64Array(CHUNK), kept: [], keptOffsets: [] };
  for (let offset = 0; offset < CHUNK; offset++) {
    const index = chunkIndex * CHUNK + offset;
    const seed = (seedOf ^ index ^ Math.floor(index / 4294967296)) >>> 0;
    const time = index * slot + Math.floor(firstDraw(seed) * slot);
    const event = Object.create(prototype) as MadeEvent;
    event._time = time;
    event.weight = dataset.rate(time) * (slot / 1000);
    event[STATE] = (seed + 0x6d2b79f5) >>> 0;
    chunk.times[offset] = time;
    chunk.weights[offset] = event.weight;
    if (filter.test(event)) {
      chunk.kept.push(event);
      chunk.keptOffsets.push(offset);
    }
  }
  return chunk;
}

/** The chunk of a slot width and filter: kept, or made (and kept, when the filter has a key). */
function chunkOf(dataset: DemoDataset, slot: number, chunkIndex: number, filter: Filter): Chunk {
  if (filter.key === undefined) return makeChunk(dataset, slot, chunkIndex, filter);
  let kept = keptChunks.get(dataset);
  if (!kept) keptChunks.set(dataset, (kept = { cost: 0, byFilter: new Map() }));
  const name = `${slot} ${filter.key}`;
  let chunks = kept.byFilter.get(name);
  if (!chunks) kept.byFilter.set(name, (chunks = new Map<number, Chunk>()));
  let chunk = chunks.get(chunkIndex);
  if (chunk) return chunk;
  chunks.set(chunkIndex, (chunk = makeChunk(dataset, slot, chunkIndex, filter)));
  kept.cost += chunkCost(chunk);
  if (kept.cost > KEPT_EVENTS)
    for (const older of kept.byFilter.values())
      for (const [index, dropped] of older) {
        if (kept.cost <= KEPT_EVENTS / 2 || dropped === chunk) break;
        older.delete(index);
        kept.cost -= chunkCost(dropped);
      }
  return chunk;
}

/** The events of a dataset between two times through a filter: one per slot, each slot's the same on
 *  every call. With `wanted` (a query's `take`), the slots are fine enough for that many where the
 *  range holds them. */
function sampleBetween(dataset: DemoDataset, start: number, end: number, wanted: number, filter: Filter): Sample {
  const sample: Sample = { count: 0, weight: 0, kept: [] };
  if (!(end > start)) return sample;
  const slot = slotWidth(dataset, start, end, wanted);
  const first = Math.ceil(start / slot);
  for (let chunkIndex = Math.floor(first / CHUNK); chunkIndex * CHUNK * slot < end; chunkIndex++) {
    const chunk = chunkOf(dataset, slot, chunkIndex, filter);
    const from = Math.max(0, first - chunkIndex * CHUNK);
    for (let offset = from; offset < CHUNK && (chunkIndex * CHUNK + offset) * slot < end; offset++)
      if (chunk.times[offset] < end) {
        sample.count++;
        sample.weight += chunk.weights[offset];
      }
    chunk.keptOffsets.forEach((offset, k) => {
      if (offset >= from && chunk.times[offset] < end && (chunkIndex * CHUNK + offset) * slot < end)
        sample.kept.push(chunk.kept[k]);
    });
  }
  return sample;
}

/** The events of a dataset between two times: one per slot, each slot's the same on every call.
 *  With `wanted` (a query's `take`), the slots are fine enough for that many where the range holds them. */
export function eventsBetween(dataset: DemoDataset, start: number, end: number, wanted = 0): Event[] {
  return sampleBetween(dataset, start, end, wanted, EVERY_EVENT).kept;
}

/** The width of the slots that events between two times are made in (see eventsBetween). */
function slotWidth(dataset: DemoDataset, start: number, end: number, wanted: number): number {
  const count = Math.min(wanted, MAX_TAKEN, Math.floor(expectedCount(dataset, start, end)));
  return count > MAX_EVENTS
    ? Math.max(1, Math.floor((end - start) / (count + 1)))
    : Math.max(1000, Math.ceil((end - start) / MAX_EVENTS / 1000) * 1000);
}

/** The query's steps: its text split at `|` outside strings and brackets. */
function steps(apl: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote = '';
  let current = '';
  let escaped = false;
  for (const c of apl) {
    if (quote) {
      if (escaped) escaped = false;
      else if (c === '\\') escaped = true;
      else if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (c === '|' && depth === 0) {
      parts.push(current.trim());
      current = '';
      continue;
    }
    current += c;
  }
  parts.push(current.trim());
  return parts.map((p) => p.replace(/\/\/[^\n]*/g, '').trim());
}

function literal(text: string): unknown {
  const t = text.trim();
  const quoted = /^(["'])(.*)\1$/s.exec(t);
  if (quoted) return quoted[2].replace(/\\(.)/gs, (_, c: string) => ({ n: '\n', t: '\t', r: '\r' })[c] ?? c);
  if (t === 'true' || t === 'false') return t === 'true';
  const n = Number(t);
  return t !== '' && !Number.isNaN(n) ? n : t;
}

/** A field name as a query writes it: `status`, `geo.city`, `['geo.city']`. */
function fieldName(text: string): string {
  const t = text.trim();
  const bracketed = /^\[\s*(["'])(.*)\1\s*\]$/.exec(t);
  return bracketed ? bracketed[2] : t;
}

type Test = (e: Event) => boolean;

function condition(text: string): Test | undefined {
  const parts = splitOutsideStrings(text, /\s+and\s+/gi).map((part) => {
    const m =
      /^\s*(.+?)\s*(matches regex|==|!=|>=|<=|>|<|=~|!contains|contains_cs|contains|startswith|!startswith|has)\s*(.+?)\s*$/is.exec(
        part,
      );
    if (!m) return undefined;
    const field = fieldName(m[1]);
    const op = m[2].toLowerCase();
    const value = literal(m[3]);
    const span = typeof value === 'string' ? /^ago\((.+)\)$/.exec(value) : null;
    const regex = op === 'matches regex' ? new RegExp(String(value)) : undefined;
    return (e: Event): boolean => {
      if (regex) return typeof e[field] === 'string' && regex.test(e[field]);
      const v = e[field];
      const cmp = span ? Date.now() - (readSpan(span[1]) ?? 0) : value;
      switch (op) {
        case '==':
          return v === cmp;
        case '!=':
          return v !== cmp;
        case '=~':
          return String(v).toLowerCase() === String(cmp).toLowerCase();
        case '>':
          return (v as number) > (cmp as number);
        case '>=':
          return (v as number) >= (cmp as number);
        case '<':
          return (v as number) < (cmp as number);
        case '<=':
          return (v as number) <= (cmp as number);
        case 'contains':
        case 'has':
          return String(v).toLowerCase().includes(String(cmp).toLowerCase());
        case 'contains_cs':
          return String(v).includes(String(cmp));
        case '!contains':
          return !String(v).toLowerCase().includes(String(cmp).toLowerCase());
        case 'startswith':
          return String(v).toLowerCase().startsWith(String(cmp).toLowerCase());
        default:
          return !String(v).toLowerCase().startsWith(String(cmp).toLowerCase());
      }
    };
  });
  if (parts.some((p) => p === undefined)) return undefined;
  return (e) => parts.every((p) => p!(e));
}

interface Column {
  name: string;
  type: string;
  agg?: { name: string; fields?: string[] };
  values: unknown[];
}

/** A table of rows, kept as columns. */
interface Table {
  columns: Column[];
  buckets?: { field: string; size: number };
}

function typeOf(dataset: DemoDataset, name: string): string {
  return dataset.fields.find((f) => f.name === name)?.type ?? 'string';
}

function eventsTable(dataset: DemoDataset, events: Event[]): Table {
  return {
    columns: dataset.fields.map((f) => ({
      name: f.name,
      type: f.type,
      values: events.map((e) => (f.name === '_time' ? new Date(e._time).toISOString() : e[f.name])),
    })),
  };
}

interface Aggregate {
  name: string;
  fn: string;
  field?: string;
  arg?: number;
}

function aggregates(text: string): Aggregate[] | undefined {
  const out: Aggregate[] = [];
  for (const part of splitTop(text)) {
    const m = /^\s*(?:([\w.]+)\s*=\s*)?(\w+)\(\s*([^,)]*?)\s*(?:,\s*([\d.]+)\s*)?\)\s*$/.exec(part);
    if (!m) return undefined;
    const fn = m[2].toLowerCase();
    const field = m[3] ? fieldName(m[3]) : undefined;
    const defaultName =
      fn === 'count' ? 'count_' : fn === 'percentile' ? `percentile_${field}_${m[4]}` : `${fn}_${field}`;
    out.push({ name: m[1] ?? defaultName, fn, field, arg: m[4] ? Number(m[4]) : undefined });
  }
  return out;
}

/** The text with every string literal's inside blanked (the same length), so that a search for a
 *  comma, bracket or word finds only the query's own. */
function outsideStrings(text: string): string {
  let out = '';
  let quote = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === '\\') {
        out += '__';
        i++;
        continue;
      }
      if (c === quote) {
        quote = '';
        out += c;
      } else out += '_';
    } else {
      if (c === '"' || c === "'") quote = c;
      out += c;
    }
  }
  return out;
}

/** Splits at the separator where it is outside string literals. */
function splitOutsideStrings(text: string, separator: RegExp): string[] {
  const blanked = outsideStrings(text);
  const out: string[] = [];
  let from = 0;
  for (const m of blanked.matchAll(separator)) {
    out.push(text.slice(from, m.index));
    from = m.index + m[0].length;
  }
  out.push(text.slice(from));
  return out;
}

/** Splits at commas outside brackets and strings. */
function splitTop(text: string): string[] {
  const blanked = outsideStrings(text);
  const out: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < blanked.length; i++) {
    const c = blanked[i];
    if (c === '(' || c === '[') depth++;
    if (c === ')' || c === ']') depth--;
    if (c === ',' && depth === 0) {
      out.push(text.slice(from, i));
      from = i + 1;
    }
  }
  if (text.slice(from).trim()) out.push(text.slice(from));
  return out;
}

/** `extend name = case(test, value, …, else)`: each event with the value of its first true test. */
function extendCase(events: Event[], args: string): Event[] | undefined {
  const m = /^\s*([\w.]+)\s*=\s*case\(([\s\S]*)\)\s*$/.exec(args);
  if (!m) return undefined;
  const parts = splitTop(m[2]);
  const branches: { test: Test; value: unknown }[] = [];
  for (let i = 0; i + 1 < parts.length; i += 2) {
    const test = condition(parts[i]);
    if (!test) return undefined;
    branches.push({ test, value: literal(parts[i + 1]) });
  }
  const otherwise = literal(parts[parts.length - 1]);
  return events.map((e) => {
    const derived = Object.create(e) as Event;
    derived[m[1]] = branches.find((b) => b.test(e))?.value ?? otherwise;
    return derived;
  });
}

function aggregate(agg: Aggregate, events: Event[]): number | string | null {
  const weight = events.reduce((s, e) => s + e.weight, 0);
  if (agg.fn === 'count') return Math.round(weight);
  if (agg.field === '_time' && (agg.fn === 'max' || agg.fn === 'min'))
    return events.length
      ? new Date(
          events.reduce((t, e) => (agg.fn === 'max' ? Math.max(t, e._time) : Math.min(t, e._time)), events[0]._time),
        ).toISOString()
      : null;
  const values = events.map((e) => e[agg.field ?? '']).filter((v): v is number => typeof v === 'number');
  if (agg.fn === 'dcount') return new Set(events.map((e) => e[agg.field ?? ''])).size;
  if (!values.length) return null;
  switch (agg.fn) {
    case 'sum':
      return (
        Math.round(
          events.reduce(
            (s, e) => s + (typeof e[agg.field ?? ''] === 'number' ? (e[agg.field!] as number) * e.weight : 0),
            0,
          ) * 100,
        ) / 100
      );
    case 'avg':
      return Math.round((values.reduce((s, v) => s + v, 0) / values.length) * 100) / 100;
    case 'min':
      return Math.min(...values);
    case 'max':
      return Math.max(...values);
    case 'percentile': {
      const sorted = [...values].sort((a, b) => a - b);
      return sorted[Math.min(sorted.length - 1, Math.floor(((agg.arg ?? 50) / 100) * sorted.length))];
    }
    default:
      return Math.round(weight);
  }
}

function summarize(
  dataset: DemoDataset,
  events: Event[],
  text: string,
  range: { start: number; end: number },
): Table | undefined {
  const [aggText, byText] = text.split(/\s+by\s+/i);
  const aggs = aggregates(aggText);
  if (!aggs) return undefined;
  let bin: number | undefined;
  const keys: string[] = [];
  for (const key of byText ? splitTop(byText) : []) {
    const binned = /^\s*bin\(\s*_time\s*,\s*([^)]+)\)\s*$/.exec(key);
    if (binned) bin = readSpan(binned[1]);
    else if (/^\s*bin_auto\(\s*_time\s*\)\s*$/.test(key)) bin = autoBin(range.end - range.start);
    else keys.push(fieldName(key));
  }
  const groups = new Map<string, { time?: number; key: unknown[]; events: Event[] }>();
  for (const e of events) {
    const time = bin ? Math.floor(e._time / bin) * bin : undefined;
    const key = keys.map((k) => e[k] ?? null);
    const id = JSON.stringify([time, key]);
    let group = groups.get(id);
    if (!group) groups.set(id, (group = { time, key, events: [] }));
    group.events.push(e);
  }
  if (bin) {
    // Every bucket of the range, also the empty ones, as the service sends a time series.
    for (let t = Math.floor(range.start / bin) * bin; t < range.end && keys.length === 0; t += bin) {
      const id = JSON.stringify([t, []]);
      if (!groups.has(id)) groups.set(id, { time: t, key: [], events: [] });
    }
  }
  const rows = [...groups.values()].sort(
    (a, b) => (a.time ?? 0) - (b.time ?? 0) || (bin ? 0 : b.events.length - a.events.length),
  );
  const columns: Column[] = [];
  if (bin) columns.push({ name: '_time', type: 'datetime', values: rows.map((r) => new Date(r.time!).toISOString()) });
  keys.forEach((k, i) => columns.push({ name: k, type: typeOf(dataset, k), values: rows.map((r) => r.key[i]) }));
  for (const agg of aggs) {
    columns.push({
      name: agg.name,
      type: agg.fn === 'count' || agg.fn === 'dcount' ? 'integer' : agg.field === '_time' ? 'datetime' : 'float',
      agg: agg.field ? { name: agg.fn, fields: [agg.field] } : { name: agg.fn },
      values: rows.map((r) => aggregate(agg, r.events)),
    });
  }
  return { columns, buckets: bin ? { field: '_time', size: bin * 1_000_000 } : undefined };
}

/** About 100 buckets over the range, in a round size. */
function autoBin(span: number): number {
  const sizes = [1, 5, 10, 30, 60, 300, 600, 1800, 3600, 10_800, 21_600, 43_200, 86_400].map((s) => s * 1000);
  return sizes.find((s) => span / s <= 120) ?? 86_400_000;
}

function rowCount(table: Table): number {
  return table.columns[0]?.values.length ?? 0;
}

function reorder(table: Table, order: number[]): Table {
  return { ...table, columns: table.columns.map((c) => ({ ...c, values: order.map((i) => c.values[i]) })) };
}

function sortBy(table: Table, text: string): Table {
  const m = /^\s*([\w.'"[\]]+)\s*(asc|desc)?\s*$/i.exec(text);
  if (!m) return table;
  const column = table.columns.find((c) => c.name === fieldName(m[1]));
  if (!column) return table;
  const sign = m[2]?.toLowerCase() === 'asc' ? 1 : -1;
  const order = [...Array(rowCount(table)).keys()].sort((a, b) => {
    const x = column.values[a];
    const y = column.values[b];
    return (
      sign *
      (x === y
        ? 0
        : x === null || x === undefined
          ? -1
          : y === null || y === undefined
            ? 1
            : (x as number) < (y as number)
              ? -1
              : 1)
    );
  });
  return reorder(table, order);
}

function take(table: Table, n: number): Table {
  return reorder(table, [...Array(Math.min(n, rowCount(table))).keys()]);
}

/** The `where` steps at the start of a query, as one filter (the events they keep). */
function leadingWheres(steps: readonly string[]): Filter {
  const tests: ((e: Event) => boolean)[] = [];
  const texts: string[] = [];
  for (const step of steps) {
    const m = /^(where|filter)\s+(.*)$/is.exec(step);
    if (!m) break;
    const test = condition(m[2]);
    if (test) {
      tests.push(test);
      texts.push(m[2]);
    }
  }
  const key = texts.join('\n');
  return { test: (e) => tests.every((test) => test(e)), key: /\bago\(/.test(key) ? undefined : key };
}

/** The answer to a query over the demo's datasets, as the service sends it with format=tabular. */
export function answerQuery(datasets: readonly DemoDataset[], body: AplRequestBody, now = Date.now()): AplAnswer {
  const started = performance.now();
  const apl = String(body.apl ?? ''); // eslint-disable-line @typescript-eslint/no-base-to-string -- what the extension sent, of any type: its text
  const range = {
    start: readTime(body.startTime ?? 'now-1h', now) ?? now - 3_600_000,
    end: readTime(body.endTime ?? 'now', now) ?? now,
  };
  const [source, ...rest] = steps(apl);
  const name = fieldName(source);
  const dataset = datasets.find((d) => d.name === name);
  if (!dataset)
    return {
      status: 404,
      body: {
        code: 404,
        message: `dataset '${name}' not found (the demo has ${datasets.map((d) => d.name).join(', ')})`,
      },
    };
  const taken = rest.map((step) => /^(?:take|limit)\s+(\d+)\s*$/i.exec(step)).find((m) => m !== null);
  const wanted = taken ? Number(taken[1]) : 0;
  const keeps = leadingWheres(rest);
  let sample = sampleBetween(dataset, range.start, range.end, wanted, keeps);
  // A `where` at the start that keeps few of the events: finer slots (at most MAX_TAKEN events for a
  // take, MAX_FOR_RARE else), so
  // that a take gets as many as it takes where the range holds them, as the service would, and a
  // count of rare events (server errors over 6 hours) is drawn from enough of them.
  const enough = wanted || MAX_EVENTS;
  let slot = slotWidth(dataset, range.start, range.end, wanted);
  for (let tries = 0; sample.kept.length < enough && sample.kept.length < sample.count && tries < 3; tries++) {
    const finerWanted = Math.min(
      wanted ? MAX_TAKEN : MAX_FOR_RARE,
      Math.ceil(((enough * sample.count) / Math.max(1, sample.kept.length)) * 1.5),
    );
    // Slots as wide as before hold the same events: no finer ones to make.
    const finerSlot = slotWidth(dataset, range.start, range.end, finerWanted);
    if (finerSlot === slot) break;
    const finer = sampleBetween(dataset, range.start, range.end, finerWanted, keeps);
    if (finer.count <= sample.count) break;
    sample = finer;
    slot = finerSlot;
  }
  // The leading `where`s have kept these already; the steps below apply them again, to the same end.
  let events = sample.kept;
  let table: Table | undefined;
  let limited = false;
  for (const step of rest) {
    const [, op = '', args = ''] = /^(\w[\w-]*)\s*(.*)$/s.exec(step) ?? [];
    const word = op.toLowerCase();
    if (!table && (word === 'where' || word === 'filter')) {
      const test = condition(args);
      if (test) events = events.filter(test);
    } else if (!table && word === 'extend') {
      events = extendCase(events, args) ?? events;
    } else if (!table && word === 'summarize') {
      table = summarize(dataset, events, args, range);
    } else if (!table && word === 'count') {
      table = {
        columns: [
          {
            name: 'count_',
            type: 'integer',
            agg: { name: 'count' },
            values: [Math.round(events.reduce((s, e) => s + e.weight, 0))],
          },
        ],
      };
    } else if (word === 'project') {
      const names = splitTop(args).map(fieldName);
      table ??= eventsTable(
        dataset,
        [...events].sort((a, b) => b._time - a._time),
      );
      table = {
        columns: names.map((n) => table!.columns.find((c) => c.name === n)).filter((c): c is Column => c !== undefined),
      };
    } else if (word === 'order' || word === 'sort') {
      table ??= eventsTable(dataset, events);
      table = sortBy(table, args.replace(/^by\s+/i, ''));
    } else if (word === 'top') {
      const m = /^(\d+)\s+by\s+(.+)$/i.exec(args);
      table ??= eventsTable(dataset, events);
      if (m) table = take(sortBy(table, m[2]), Number(m[1]));
    } else if (word === 'take' || word === 'limit') {
      table ??= eventsTable(
        dataset,
        [...events].sort((a, b) => b._time - a._time),
      );
      table = take(table, Number(args) || DEFAULT_LIMIT);
      limited = true;
    }
  }
  table ??= eventsTable(
    dataset,
    [...events].sort((a, b) => b._time - a._time),
  );
  if (!limited && rowCount(table) > DEFAULT_LIMIT) table = take(table, DEFAULT_LIMIT);
  const matched = Math.round(events.reduce((s, e) => s + e.weight, 0));
  return {
    body: {
      format: 'tabular',
      status: {
        elapsedTime: Math.round((performance.now() - started) * 1000) + 1800,
        rowsExamined: Math.round(sample.weight),
        rowsMatched: matched,
        isPartial: false,
        minCursor: '',
        maxCursor: '',
      },
      tables: [
        {
          name: '0',
          sources: [{ name: dataset.name }],
          fields: table.columns.map((c) =>
            c.agg ? { name: c.name, type: c.type, agg: c.agg } : { name: c.name, type: c.type },
          ),
          ...(table.buckets ? { buckets: table.buckets } : {}),
          columns: table.columns.map((c) => c.values),
        },
      ],
      datasetNames: [dataset.name],
    },
  };
}
