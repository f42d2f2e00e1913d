// A trace's spans as a tree, and the tree as the waterfall's rows (GUIDE: "Traces are trees").
// Broken data is shown, not fatal: spans whose parent is not in the answer sit under one
// "missing parent" row per absent id; a parent cycle is broken at its earliest span, which becomes
// a root and says so; spans that share an id all survive (children hang under the first); a
// negative or unknown duration, or a span outside its parent's time (clock skew), is drawn at zero
// width with a note. Work is linear in the spans (no recursion: 10,000 nested spans are fine).
import type { Span } from './spans';

/** The most spans a trace is read with (the query asks for one more, to know there are more). */
export const MAX_SPANS = 10_000;

export type SpanNote =
  | 'noDuration'
  | 'negativeDuration'
  | 'startsBeforeParent'
  | 'endsAfterParent'
  | 'cycleBroken'
  | 'duplicateId'
  | 'noStart';

/** One row of the waterfall, in the order drawn (a parent before its subtree). */
export interface WaterfallRow {
  /** The span's index in `spans`; -1 for a "missing parent" row. */
  readonly span: number;
  /** The absent parent's id, on a "missing parent" row. */
  readonly missingParent?: string;
  readonly depth: number;
  /** The index of the first row after this row's subtree (folding hides rows up to it). */
  end: number;
  /** Where the bar starts, in ms after the trace's start. */
  readonly offsetMs: number;
  /** The bar's width in ms (0 when a note says why, or on a "missing parent" row). */
  readonly widthMs: number;
  readonly notes: readonly SpanNote[];
  /** On the critical path: the chain from the root through the child that ends last. */
  critical: boolean;
}

export interface TraceTree {
  readonly spans: readonly Span[];
  readonly rows: readonly WaterfallRow[];
  /** The earliest start, ms since the epoch (NaN when no span has one). */
  readonly startMs: number;
  /** From the earliest start to the latest end, in ms. */
  readonly durationMs: number;
  /** The services in the order first seen (their colours). */
  readonly services: readonly string[];
  readonly errors: number;
  readonly missingParents: number;
  readonly cyclesBroken: number;
  readonly duplicateIds: number;
}

const NO_PARENT = -1;
const MISSING = -2;
/** Clocks of two hosts disagree a little: a child up to this far outside its parent is not skewed. */
const SKEW_TOLERANCE_MS = 0.001;

const NO_NOTES: readonly SpanNote[] = Object.freeze([]);

/** The rows' fields, one typed array each, as the walk writes them: a row's object reads its own
 *  from here (10,000 rows are then 10,000 small objects, not 30,000 with their boxed numbers). */
class RowColumns {
  readonly span: Int32Array;
  readonly depth: Int32Array;
  readonly end: Int32Array;
  readonly offsetMs: Float64Array;
  readonly widthMs: Float64Array;
  readonly critical: Uint8Array;
  /** Each row's notes (undefined when it has none). */
  readonly notes: (readonly SpanNote[] | undefined)[];
  readonly missingParent = new Map<number, string>();
  constructor(capacity: number) {
    this.span = new Int32Array(capacity);
    this.depth = new Int32Array(capacity);
    this.end = new Int32Array(capacity);
    this.offsetMs = new Float64Array(capacity);
    this.widthMs = new Float64Array(capacity);
    this.critical = new Uint8Array(capacity);
    this.notes = new Array<readonly SpanNote[] | undefined>(capacity);
  }
}

/** Row `at` of a tree, read from its columns. */
class ColumnRow implements WaterfallRow {
  constructor(
    private readonly columns: RowColumns,
    private readonly at: number,
  ) {}
  get span() {
    return this.columns.span[this.at];
  }
  get missingParent() {
    return this.columns.missingParent.get(this.at);
  }
  get depth() {
    return this.columns.depth[this.at];
  }
  get end() {
    return this.columns.end[this.at];
  }
  set end(end: number) {
    this.columns.end[this.at] = end;
  }
  get offsetMs() {
    return this.columns.offsetMs[this.at];
  }
  get widthMs() {
    return this.columns.widthMs[this.at];
  }
  get notes() {
    return this.columns.notes[this.at] ?? NO_NOTES;
  }
  get critical() {
    return this.columns.critical[this.at] === 1;
  }
  set critical(critical: boolean) {
    this.columns.critical[this.at] = critical ? 1 : 0;
  }
}

/** What the walk reads of each span, by its index. */
interface SpanFacts {
  /** The start in ms (Infinity when unknown) and the duration in ns (NaN when unknown). */
  readonly start: Float64Array;
  readonly duration: Float64Array;
  /** The parent's index, NO_PARENT or MISSING. */
  readonly parent: Int32Array;
  /** 1 when an earlier span has the same id. */
  readonly duplicate: Uint8Array;
  /** The children in start order, as linked lists (-1 ends one). */
  readonly firstChild: Int32Array;
  readonly nextSibling: Int32Array;
}

/** Appends a tree's rows, each parent before its subtree. Methods of a class rather than closures
 *  made for each tree: V8 keeps their optimised code from one trace to the next (a closure made
 *  anew is another call target, and the caller's optimised code is thrown away). */
class RowWalk {
  readonly rows: WaterfallRow[] = [];
  readonly visited: Uint8Array;
  /** Spans where a parent cycle was broken. */
  readonly broken: Uint8Array;
  constructor(
    private readonly columns: RowColumns,
    private readonly spans: SpanFacts,
    private readonly traceStart: number,
  ) {
    this.visited = new Uint8Array(spans.start.length);
    this.broken = new Uint8Array(spans.start.length);
  }

  /** Appends the row of span `i` at `depth`: its bar, and the notes on it (its own and against its parent). */
  private addRow(i: number, depth: number): void {
    const { start, duration, parent, duplicate } = this.spans;
    const startMs = start[i];
    const durationNs = duration[i];
    const started = startMs !== Infinity;
    let notes: SpanNote[] | undefined;
    if (!started) notes = ['noStart'];
    if (Number.isNaN(durationNs)) (notes ??= []).push('noDuration');
    else if (durationNs < 0) (notes ??= []).push('negativeDuration');
    let widthMs = notes ? 0 : durationNs / 1e6;
    const up = parent[i] >= 0 && !this.broken[i] ? parent[i] : -1;
    if (up >= 0 && widthMs > 0) {
      const parentStart = start[up];
      const parentDuration = duration[up];
      if (parentStart !== Infinity && parentDuration >= 0) {
        if (startMs < parentStart - SKEW_TOLERANCE_MS) notes = ['startsBeforeParent'];
        else if (startMs + widthMs > parentStart + parentDuration / 1e6 + SKEW_TOLERANCE_MS)
          notes = ['endsAfterParent'];
        if (notes) widthMs = 0;
      }
    }
    if (this.broken[i]) (notes ??= []).push('cycleBroken');
    if (duplicate[i]) (notes ??= []).push('duplicateId');
    const { columns, rows } = this;
    const row = rows.length;
    columns.span[row] = i;
    columns.depth[row] = depth;
    columns.offsetMs[row] = started ? startMs - this.traceStart : 0;
    columns.widthMs[row] = widthMs;
    if (notes) columns.notes[row] = notes;
    rows.push(new ColumnRow(columns, row));
  }

  /** Appends the subtree of each of `tops` (depth `depth`), parents first; iterative. A negative
   *  entry on the stack (-1 - row) closes that row's subtree. */
  walk(tops: readonly number[], depth: number): void {
    const { firstChild, nextSibling } = this.spans;
    const { visited, rows, columns } = this;
    const stack: number[] = [];
    const depths: number[] = [];
    for (let t = tops.length - 1; t >= 0; t--) {
      stack.push(tops[t]);
      depths.push(depth);
    }
    while (stack.length) {
      const item = stack.pop()!;
      const d = depths.pop()!;
      if (item < 0) {
        columns.end[-1 - item] = rows.length;
        continue;
      }
      if (visited[item]) continue;
      visited[item] = 1;
      const row = rows.length;
      this.addRow(item, d);
      stack.push(-1 - row);
      depths.push(d);
      // Children pushed, then their run of the stack reversed, so that the earliest comes off first.
      const from = stack.length;
      for (let c = firstChild[item]; c >= 0; c = nextSibling[c])
        if (!visited[c]) {
          stack.push(c);
          depths.push(d + 1);
        }
      for (let a = from, b = stack.length - 1; a < b; a++, b--) {
        const swap = stack[a];
        stack[a] = stack[b];
        stack[b] = swap;
      }
    }
  }
}

/** The tree of `spans` (already cut to MAX_SPANS by the caller, which says so). */
export function buildTraceTree(spans: readonly Span[]): TraceTree {
  const count = spans.length;
  const firstWithId = new Map<string, number>();
  /** Spans whose id an earlier span has. */
  const duplicate = new Uint8Array(count);
  let duplicateIds = 0;
  /** Each span's start (Infinity when it has none) and duration in ns (NaN when unknown), read once. */
  const start = new Float64Array(count);
  const duration = new Float64Array(count);
  let traceStart = Infinity;
  let traceEnd = -Infinity;
  const services: string[] = [];
  const seenServices = new Set<string>();
  let errors = 0;
  // One pass over the spans reads every field the tree needs from each (a span may read its fields
  // from the answer's columns each time it is asked).
  for (let i = 0; i < count; i++) {
    const span = spans[i];
    const id = span.spanId;
    if (firstWithId.get(id) === undefined) firstWithId.set(id, i);
    else {
      duplicate[i] = 1;
      duplicateIds++;
    }
    const startMs = span.startMs;
    const durationNs = span.durationNs;
    duration[i] = durationNs ?? NaN;
    if (Number.isFinite(startMs)) {
      start[i] = startMs;
      if (startMs < traceStart) traceStart = startMs;
      const end = durationNs !== undefined && durationNs > 0 ? startMs + durationNs / 1e6 : startMs;
      if (end > traceEnd) traceEnd = end;
    } else start[i] = Infinity;
    if (span.error) errors++;
    const service = span.service;
    if (!seenServices.has(service)) {
      seenServices.add(service);
      services.push(service);
    }
  }
  if (!Number.isFinite(traceStart)) traceStart = traceEnd = NaN;
  const parent = new Int32Array(count);
  for (let i = 0; i < count; i++) {
    const parentId = spans[i].parentId;
    parent[i] = parentId === '' ? NO_PARENT : (firstWithId.get(parentId) ?? MISSING);
  }
  const byStart = (a: number, b: number) => start[a] - start[b] || a - b;
  // Every span in start order; children are listed in that order (one sort for all of them), as
  // linked lists in arrays: firstChild[p], then nextSibling[c].
  // (An answer comes in start order, as the trace query asks: then nothing is sorted.)
  const order: number[] = new Array<number>(count);
  for (let i = 0; i < count; i++) order[i] = i;
  let ordered = true;
  for (let i = 1; i < count && ordered; i++) ordered = !(start[i - 1] > start[i]);
  if (!ordered) order.sort(byStart);
  const firstChild = new Int32Array(count).fill(-1);
  const lastChild = new Int32Array(count).fill(-1);
  const nextSibling = new Int32Array(count).fill(-1);
  const roots: number[] = [];
  const orphans = new Map<string, number[]>();
  for (let o = 0; o < count; o++) {
    const i = order[o];
    const p = parent[i];
    if (p === NO_PARENT) roots.push(i);
    else if (p === MISSING) {
      const group = orphans.get(spans[i].parentId);
      if (group) group.push(i);
      else orphans.set(spans[i].parentId, [i]);
    } else {
      if (lastChild[p] < 0) firstChild[p] = i;
      else nextSibling[lastChild[p]] = i;
      lastChild[p] = i;
    }
  }

  const columns = new RowColumns(count + orphans.size);
  const walker = new RowWalk(columns, { start, duration, parent, duplicate, firstChild, nextSibling }, traceStart);
  const { rows, visited, broken } = walker;

  walker.walk(roots, 0);
  for (const [id, group] of orphans) {
    const row = rows.length;
    let offsetMs = Infinity;
    for (const i of group) offsetMs = Math.min(offsetMs, start[i] !== Infinity ? start[i] - traceStart : 0);
    columns.span[row] = -1;
    columns.missingParent.set(row, id);
    columns.offsetMs[row] = offsetMs;
    rows.push(new ColumnRow(columns, row));
    walker.walk(group, 1);
    columns.end[row] = rows.length;
  }
  // What is left hangs from a cycle: break each at its earliest span, which becomes a root.
  let cyclesBroken = 0;
  for (let o = 0; o < count; o++) {
    const i = order[o];
    if (visited[i]) continue;
    // Follow the parents until one repeats: it and the ones after it are the cycle.
    const seenAt = new Map<number, number>();
    const chain: number[] = [];
    let at = i;
    while (at >= 0 && !seenAt.has(at) && !visited[at]) {
      seenAt.set(at, chain.length);
      chain.push(at);
      at = parent[at];
    }
    const cycle = at >= 0 && seenAt.has(at) ? chain.slice(seenAt.get(at)) : [i];
    const top = cycle.reduce((a, b) => (byStart(a, b) <= 0 ? a : b));
    broken[top] = 1;
    cyclesBroken++;
    walker.walk([top], 0);
  }

  markCriticalPath(columns, rows.length);
  return {
    spans,
    rows,
    startMs: traceStart,
    durationMs: Number.isFinite(traceStart) ? traceEnd - traceStart : 0,
    services,
    errors,
    missingParents: orphans.size,
    cyclesBroken,
    duplicateIds,
  };
}

/** Marks the chain from the root that ends last through, at each step, the child that ends last. */
function markCriticalPath(rows: RowColumns, rowCount: number): void {
  const { span, end, offsetMs, widthMs, critical } = rows;
  let best = -1;
  let bestEnd = -Infinity;
  for (let r = 0; r < rowCount; r = end[r])
    if (span[r] >= 0 && (best < 0 || offsetMs[r] + widthMs[r] > bestEnd)) {
      best = r;
      bestEnd = offsetMs[r] + widthMs[r];
    }
  while (best >= 0 && span[best] >= 0) {
    critical[best] = 1;
    let next = -1;
    let nextEnd = -Infinity;
    for (let c = best + 1; c < end[best]; c = end[c])
      if (next < 0 || offsetMs[c] + widthMs[c] > nextEnd) {
        next = c;
        nextEnd = offsetMs[c] + widthMs[c];
      }
    best = next;
  }
}
