// The events a live tail holds, and which of a poll's answer are new. Each poll asks again for a
// window before the newest event seen (late arrivals: an event's _time may be older than events
// that reached the service before it), so an answer repeats events already shown: one is the same
// event when its _time and every value are the same, its _sysTime among them (when the dataset has
// one: when the service received it). Only the events of that window are remembered for the
// comparison, and only `maxRows` events are kept (the oldest dropped, counted), so memory stays
// flat however long a tail runs. The work per poll is that of the poll's rows, never of the rows
// kept: a repeat of the answer before, in its order, is known by its _time's text alone (see
// `compareInDoubt` for why that is enough, and when values are compared all the same); any other
// row is looked up by its time among the events remembered, values compared only for events at
// the same moment.
import type { ResultField, ResultTable } from '../api/tabular';
import { readInstant } from '../instant';

/** One event as the tail shows it: its fields' names (shared by the rows of one answer) and values. */
export interface TailRow {
  /** Its _time in ms since the epoch; NaN when it has none the tail can read. */
  readonly time: number;
  readonly fields: readonly string[];
  readonly values: readonly unknown[];
}

/** What one answer added. */
export interface Accepted {
  /** The new events, oldest first. */
  readonly added: TailRow[];
  /** Events the answer repeated (seen before). */
  readonly repeated: number;
  /** Kept events dropped to stay within maxRows by this answer. */
  readonly dropped: number;
  /** The answer was full (as many rows as asked) and did not reach back to the events seen: some
   *  events between were not read. */
  readonly gap: boolean;
}

export interface TailRowsOptions {
  /** How far before the newest event seen each poll asks again (late arrivals). */
  overlapMs: number;
  /** The most events kept. */
  maxRows: number;
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The indexes of `times` oldest first, ties in the answer's order, an unreadable time (NaN) last:
 *  an answer newest first (as the tail asks) or oldest first is read without sorting. */
export function oldestFirst(times: readonly number[]): number[] {
  const order: number[] = [];
  for (let i = 0; i < times.length; i++) order.push(i);
  let ascending = true;
  let descending = true;
  for (let i = 1; i < times.length && (ascending || descending); i++) {
    if (!(times[i] >= times[i - 1])) ascending = false;
    if (!(times[i] < times[i - 1])) descending = false;
  }
  if (ascending) return order;
  if (descending) return order.reverse();
  const late = (t: number) => (Number.isNaN(t) ? 1 : 0);
  return order.sort((a, b) => late(times[a]) - late(times[b]) || times[a] - times[b] || a - b);
}

/** `rows` oldest first (see `oldestFirst`). Arrays built by loops and read by index: V8 sent the
 *  tail's work back to the interpreter at every call in some runs when the arrays it met were of
 *  different kinds (an empty one, one made by map), at the first read of one. */
function oldestFirstRows(rows: readonly TailRow[]): TailRow[] {
  const sorted: TailRow[] = [];
  let descending = true;
  for (let i = 1; i < rows.length && descending; i++) descending = rows[i].time < rows[i - 1].time;
  // Newest first with no two of one moment (most answers): their reverse, without sorting.
  if (descending && (!rows.length || !Number.isNaN(rows[0].time)))
    for (let i = rows.length - 1; i >= 0; i--) sorted.push(rows[i]);
  else {
    const times: number[] = [];
    for (let i = 0; i < rows.length; i++) times.push(rows[i].time);
    for (const at of oldestFirst(times)) sorted.push(rows[at]);
  }
  return sorted;
}

/** Whether `rows` are newest first (ties in any order; a row of no readable time is not). */
function newestFirst(rows: readonly TailRow[]): boolean {
  for (let i = 1; i < rows.length; i++) if (!(rows[i].time <= rows[i - 1].time)) return false;
  return rows.length === 0 || !Number.isNaN(rows[0].time);
}

/** Whether two rows hold the same fields with the same values (in any order of fields). */
export function sameEvent(a: TailRow, b: TailRow): boolean {
  if (a.fields.length !== b.fields.length) return false;
  if (a.fields === b.fields || a.fields.every((f, i) => f === b.fields[i]))
    return a.values.every((v, i) => sameValue(v, b.values[i]));
  return a.fields.every((f, i) => {
    const j = b.fields.indexOf(f);
    return j >= 0 && sameValue(a.values[i], b.values[j]);
  });
}

/** The moments (times) of an answer at which rows matched by their time alone are compared value by value. */
class MomentsInDoubt {
  /** The times, in a list while few (most answers have none), in a set beyond. */
  private readonly few: number[] = [];
  private many: Set<number> | undefined;
  private low = Infinity;
  private high = -Infinity;

  get any(): boolean {
    return this.few.length > 0;
  }

  add(time: number): void {
    if (this.many) this.many.add(time);
    else if (!this.few.includes(time) && this.few.push(time) > 16) this.many = new Set(this.few);
    if (time < this.low) this.low = time;
    if (time > this.high) this.high = time;
  }

  has(time: number): boolean {
    if (!(time >= this.low && time <= this.high)) return false;
    return this.many ? this.many.has(time) : this.few.includes(time);
  }
}

export class TailRows {
  /** The kept events, a ring of at most maxRows: from `oldest` on, then from 0, in the order they
   *  were added (each answer's oldest first). A new event over maxRows takes the oldest's place. */
  private ring: TailRow[] = [];
  private oldest = 0;
  /** The newest _time seen (ms); -Infinity before the first event. */
  newest = -Infinity;
  /** Events dropped to stay within maxRows, since the start. */
  droppedTotal = 0;
  /** Kept events written and events forgotten since the start: counted, never timed (the tests
   *  and the bench hold it to the new events, whatever the number kept). */
  rowsTouched = 0;
  /** The events of the overlap window oldest first (those of one time in the order they came),
   *  from `windowHead` on, to tell a repeat (the event, _sysTime with it, is compared value by
   *  value): looked up by time; a new event goes after those of its time (at the end, but for a
   *  late one); the events before the window are skipped from the head. */
  private window: TailRow[] = [];
  private windowHead = 0;
  /** The new events of the answer being read, newest first as the answer comes (so that each is
   *  pushed here rather than put before the window's newest): into the window after the answer. */
  private readonly pending: TailRow[] = [];
  /** The events with no readable time of the answer being read (no range holds them twice). */
  private readonly untimed: TailRow[] = [];
  /** The events of the last answer, in its order: the next answer's repeats come in the same order. */
  private lastAnswer: TailRow[] = [];
  /** Events before this time (ms) are forgotten: those of `lastAnswer` are no longer repeats. */
  private forgottenBefore = -Infinity;
  /** Field lists seen, by their names joined: rows of answers with the same fields share one. */
  private readonly fieldLists = new Map<string, readonly string[]>();
  /** The field list of the last answer. */
  private lastFields: readonly string[] = [];

  constructor(private readonly options: TailRowsOptions) {}

  /** The events kept, oldest first (a copy: for a page drawn again, and the tests). */
  get rows(): TailRow[] {
    return this.ring.slice(this.oldest).concat(this.ring.slice(0, this.oldest));
  }

  /** How many events are kept. */
  get size(): number {
    return this.ring.length;
  }

  get maxRows(): number {
    return this.options.maxRows;
  }

  set maxRows(value: number) {
    this.options.maxRows = Math.max(1, Math.floor(value));
    this.trim();
  }

  get overlapMs(): number {
    return this.options.overlapMs;
  }

  /** Events remembered to tell repeats (those of the overlap window): bounded, for tests and the bench. */
  get remembered(): number {
    return this.window.length - this.windowHead + this.untimed.length;
  }

  /** Where the next poll's range starts: the overlap window before the newest event seen, or
   *  `firstWindowMs` before now when none was. */
  nextStart(now: number, firstWindowMs: number): number {
    return this.newest === -Infinity ? now - firstWindowMs : this.newest - this.options.overlapMs;
  }

  /** Takes a poll's answer (its first table, rows in any order); `asked` is the most rows the poll
   *  asked for; `whole` is false when the service said the answer may leave events out (partial,
   *  or from a sample): then every row is compared value by value (see `compareInDoubt`). */
  accept(table: ResultTable | undefined, asked: number, whole = true): Accepted {
    if (!table || !table.rowCount) return { added: [], repeated: 0, dropped: 0, gap: false };
    let count = table.rowCount;
    for (const column of table.columns) count = Math.min(count, column.length);
    return this.acceptRows(this.fieldList(table.fields), table.columns, count, asked, whole);
  }

  /** The work of `accept` on the answer's columns alone: the loop over its rows sees plain arrays
   *  (and not the table object, whose shape varies with where it was read). */
  private acceptRows(
    fields: readonly string[],
    columns: unknown[][],
    count: number,
    asked: number,
    whole: boolean,
  ): Accepted {
    const timeAt = fields.indexOf('_time');
    const timeColumn = timeAt >= 0 ? columns[timeAt] : undefined;
    const previousNewest = this.newest;
    const forgottenBefore = this.forgottenBefore;
    // Repeats first, in the answer's order: most of an answer is the overlap's, and it repeats the
    // events of the answer before in their order (newest first, as the tail asks), so the next of
    // those is tried first, by its _time's text alone. Any other row's time is read, and the
    // events remembered at that time compared with it value by value.
    const previous = this.lastAnswer;
    const answered: TailRow[] = [];
    const fresh: TailRow[] = [];
    const freshAt: number[] = [];
    const doubt = new MomentsInDoubt();
    let next = 0;
    for (let index = 0; index < count; index++) {
      const expected = previous[next];
      if (
        timeColumn !== undefined &&
        expected !== undefined &&
        expected.fields === fields &&
        expected.time >= forgottenBefore &&
        timeColumn[index] === expected.values[timeAt]
      ) {
        next++;
        answered.push(expected);
        continue;
      }
      const time = readInstant(timeColumn?.[index]);
      // A moment of the events seen before: a row there that was not the next expected puts the
      // rows of that moment matched by their time alone in doubt.
      if (time <= previousNewest) doubt.add(time);
      const seen = this.seenAt(time, fields, columns, index);
      if (seen) {
        // The one expected was left out of this answer: the next is expected after this one.
        if (previous[next + 1] === seen) next += 2;
        answered.push(seen);
        continue;
      }
      const row = this.remember(time, fields, columns, index);
      fresh.push(row);
      freshAt.push(index);
      answered.push(row);
    }
    // A full answer may have been cut inside its oldest moment (the take after the sort): the
    // rows of that moment are in doubt, and all of them when the answer is not newest first (or
    // not whole).
    const full = count >= asked;
    const everyRowInDoubt = !whole || (full && !newestFirst(answered));
    if (full && !everyRowInDoubt && count > 0) doubt.add(answered[count - 1].time);
    if (doubt.any || everyRowInDoubt)
      this.compareInDoubt(doubt, everyRowInDoubt, fields, columns, answered, fresh, freshAt);
    this.lastAnswer = answered;
    return this.settle(fresh, answered.length - fresh.length, previousNewest, count, asked);
  }

  /**
   * The rows of the moments in doubt (or every row) matched by their time alone are compared
   * with the events they were taken for, value by value; one that differs is looked up among
   * the events remembered at its time like any other row, and is new when none is the same.
   * Why the time alone is enough elsewhere: the service keeps its events as they came (none
   * changes, none goes away within the window) and an answer holds every event of its range up
   * to the take (one the service calls partial or sampled may not: all of its rows are compared),
   * so the events of the last answer at a moment come again in every answer that
   * holds that moment whole. When every row of such a moment was matched in order, the rows of
   * the moment are as many as before, each of them the same event: any other event there would
   * need a row that was not matched, which puts the moment in doubt.
   */
  private compareInDoubt(
    doubt: MomentsInDoubt,
    everyRow: boolean,
    fields: readonly string[],
    columns: unknown[][],
    answered: TailRow[],
    fresh: TailRow[],
    freshAt: number[],
  ): void {
    const freshBefore = fresh.length;
    for (let index = 0; index < answered.length; index++) {
      const taken = answered[index];
      if (!everyRow && !doubt.has(taken.time)) continue;
      if (this.sameAsAnswered(taken, fields, columns, index)) continue;
      const seen = this.seenAt(taken.time, fields, columns, index);
      if (seen) {
        answered[index] = seen;
        continue;
      }
      const row = this.remember(taken.time, fields, columns, index);
      answered[index] = row;
      fresh.push(row);
      freshAt.push(index);
    }
    if (fresh.length === freshBefore) return;
    // The new events in the answer's order, as the walk finds them (ties in `added` keep it).
    const order: number[] = [];
    for (let i = 0; i < fresh.length; i++) order.push(i);
    order.sort((a, b) => freshAt[a] - freshAt[b]);
    const inOrder = order.map((i) => fresh[i]);
    for (let i = 0; i < inOrder.length; i++) fresh[i] = inOrder[i];
  }

  /** The first index of the window (from its head) whose time is not below `time` (`orAbove`:
   *  is above it). */
  private windowIndex(time: number, orAbove: boolean): number {
    const window = this.window;
    let low = this.windowHead;
    let high = window.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const at = window[middle].time;
      if (at < time || (orAbove && at === time)) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** The event remembered at `time` that is the row at `index` of an answer, if any. */
  private seenAt(time: number, fields: readonly string[], columns: unknown[][], index: number): TailRow | undefined {
    if (Number.isNaN(time)) return this.seenAmong(this.untimed, fields, columns, index);
    const window = this.window;
    // Newer than every event remembered: most new events.
    if (window.length > this.windowHead && window[window.length - 1].time >= time)
      for (let at = this.windowIndex(time, false); at < window.length && window[at].time === time; at++)
        if (this.sameAsAnswered(window[at], fields, columns, index)) return window[at];
    const pending = this.pending;
    if (!pending.length || pending[pending.length - 1].time > time || pending[0].time < time) return undefined;
    // Newest first: the first index whose time is not above `time`.
    let low = 0;
    let high = pending.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (pending[middle].time > time) low = middle + 1;
      else high = middle;
    }
    for (let at = low; at < pending.length && pending[at].time === time; at++)
      if (this.sameAsAnswered(pending[at], fields, columns, index)) return pending[at];
    return undefined;
  }

  /** The row at `index` of an answer as a new event, remembered at its time for the next answers. */
  private remember(time: number, fields: readonly string[], columns: unknown[][], index: number): TailRow {
    const values = new Array<unknown>(columns.length);
    for (let f = 0; f < columns.length; f++) values[f] = columns[f][index];
    const row: TailRow = { time, fields, values };
    const pending = this.pending;
    if (Number.isNaN(time)) this.untimed.push(row);
    else if (!pending.length || pending[pending.length - 1].time >= time) pending.push(row);
    else this.intoWindow(row);
    return row;
  }

  /** Puts an event into the window after those of its time. */
  private intoWindow(row: TailRow): void {
    const window = this.window;
    if (window.length === this.windowHead || window[window.length - 1].time <= row.time) window.push(row);
    else window.splice(this.windowIndex(row.time, true), 0, row);
  }

  /** Moves the answer's pending events into the window: the late ones (older than its newest) in
   *  their places, the rest at its end, oldest first. */
  private flushPending(): void {
    const pending = this.pending;
    const window = this.window;
    let at = pending.length - 1;
    while (at >= 0 && window.length > this.windowHead && pending[at].time < window[window.length - 1].time)
      this.intoWindow(pending[at--]);
    for (; at >= 0; at--) window.push(pending[at]);
    pending.length = 0;
  }

  /** After an answer's rows: the new events kept oldest first, the window moved on. */
  private settle(
    fresh: readonly TailRow[],
    repeated: number,
    previousNewest: number,
    count: number,
    asked: number,
  ): Accepted {
    const added = oldestFirstRows(fresh);
    // Oldest first, those of no readable time last.
    const oldestAnswered = added.length ? added[0].time : Infinity;
    for (let i = added.length - 1; i >= 0; i--)
      if (!Number.isNaN(added[i].time)) {
        if (added[i].time > this.newest) this.newest = added[i].time;
        break;
      }
    // Full, and nothing of it seen before: the answer did not reach back to the events seen.
    const gap =
      Number.isFinite(previousNewest) &&
      count >= asked &&
      !repeated &&
      Number.isFinite(oldestAnswered) &&
      oldestAnswered > previousNewest;
    this.flushPending();
    this.forgetBefore(this.newest - this.options.overlapMs);
    return { added, repeated, dropped: this.keep(added), gap };
  }

  /** The answer's field list, the same array as earlier answers' with the same fields (so that
   *  rows are compared field by field without looking names up): most answers have the last one's. */
  private fieldList(fields: readonly ResultField[]): readonly string[] {
    const last = this.lastFields;
    if (last.length === fields.length) {
      let same = true;
      for (let i = 0; i < fields.length && same; i++) same = fields[i].name === last[i];
      if (same) return last;
    }
    const names = fields.map((f) => f.name);
    const key = names.join('\u0000');
    const known = this.fieldLists.get(key) ?? names;
    if (known === names) {
      if (this.fieldLists.size > 100) this.fieldLists.clear();
      this.fieldLists.set(key, names);
    }
    this.lastFields = known;
    return known;
  }

  /** The event of `held` that is the event at `index` of an answer, if any. */
  private seenAmong(
    held: readonly TailRow[],
    fields: readonly string[],
    columns: unknown[][],
    index: number,
  ): TailRow | undefined {
    for (const seen of held) if (this.sameAsAnswered(seen, fields, columns, index)) return seen;
    return undefined;
  }

  /** Whether `seen` is the event at `index` of an answer (its columns), without copying it out. */
  private sameAsAnswered(seen: TailRow, fields: readonly string[], columns: unknown[][], index: number): boolean {
    if (seen.fields !== fields)
      return sameEvent(seen, { time: seen.time, fields, values: columns.map((c) => c[index]) });
    const values = seen.values;
    for (let f = 0; f < columns.length; f++) {
      const value = columns[f][index];
      if (values[f] !== value && !sameValue(values[f], value)) return false;
    }
    return true;
  }

  /** Forgets everything (a new filter: the tail starts again). */
  clear(): void {
    this.ring = [];
    this.oldest = 0;
    this.window = [];
    this.windowHead = 0;
    this.untimed.length = 0;
    this.pending.length = 0;
    this.lastAnswer = [];
    this.forgottenBefore = -Infinity;
    this.newest = -Infinity;
  }

  /** Adds `rows` to those kept, each over maxRows in the place of the oldest; how many were dropped. */
  private keep(rows: readonly TailRow[]): number {
    const ring = this.ring;
    const max = this.options.maxRows;
    let dropped = 0;
    for (const row of rows) {
      if (ring.length < max) ring.push(row);
      else {
        ring[this.oldest] = row;
        this.oldest = this.oldest + 1 === ring.length ? 0 : this.oldest + 1;
        dropped++;
      }
    }
    this.rowsTouched += rows.length;
    this.droppedTotal += dropped;
    return dropped;
  }

  /** Drops the oldest kept events beyond maxRows (a lower maxRows), and lets the ring grow again
   *  (a higher one); how many were dropped. */
  private trim(): number {
    const kept = this.rows;
    const excess = Math.max(0, kept.length - this.options.maxRows);
    this.ring = excess ? kept.slice(excess) : kept;
    this.oldest = 0;
    this.droppedTotal += excess;
    this.rowsTouched += kept.length;
    return excess;
  }

  /** Events older than `time` cannot come again (the next range starts after them): forgotten, as
   *  are those with no readable time (no range holds them twice). The window is oldest first, so
   *  a poll looks only at those it forgets. */
  private forgetBefore(time: number): void {
    this.forgottenBefore = time;
    const window = this.window;
    let head = this.windowIndex(time, false);
    this.rowsTouched += head - this.windowHead + this.untimed.length;
    this.untimed.length = 0;
    if (head > 64 && head * 2 > window.length) {
      window.splice(0, head);
      head = 0;
    }
    this.windowHead = head;
  }
}
