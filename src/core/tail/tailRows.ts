// The events a live tail holds, and which of a poll's answer are new. Each poll asks again for a
// window before the newest event seen (late arrivals: an event's _time may be older than events
// that reached the service before it), so an answer repeats events already shown: one is the same
// event when its _time and every value are the same, its _sysTime among them (when the dataset has
// one: when the service received it). Only the events of that window are remembered for the comparison, and
// only `maxRows` events are kept (the oldest dropped, counted), so memory stays flat however long
// a tail runs. The work per poll is that of the poll's rows (a lookup each, values compared only
// for events at the same moment), never of the rows kept.
import type { ResultTable } from '../api/tabular';
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
  /** The events of the overlap window by their time, to tell a repeat (the event, _sysTime with it,
   *  is compared value by value): one event, or the events of one time (NaN: of no readable time). */
  private readonly recent = new Map<number, TailRow | TailRow[]>();
  /** The times of `recent` in the order they were added (from `byAgeHead` on): what to forget next. */
  private readonly byAge: number[] = [];
  private byAgeHead = 0;
  /** The events of the last answer, in its order: the next answer's repeats come in the same order. */
  private lastAnswer: TailRow[] = [];
  /** Events before this time (ms) are forgotten: those of `lastAnswer` are no longer repeats. */
  private forgottenBefore = -Infinity;
  /** Field lists seen, by their names joined: rows of answers with the same fields share one. */
  private readonly fieldLists = new Map<string, readonly string[]>();

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
    let count = 0;
    for (const held of this.recent.values()) count += Array.isArray(held) ? held.length : 1;
    return count;
  }

  /** Where the next poll's range starts: the overlap window before the newest event seen, or
   *  `firstWindowMs` before now when none was. */
  nextStart(now: number, firstWindowMs: number): number {
    return this.newest === -Infinity ? now - firstWindowMs : this.newest - this.options.overlapMs;
  }

  /** Takes a poll's answer (its first table, rows in any order); `asked` is the most rows the poll asked for. */
  accept(table: ResultTable | undefined, asked: number): Accepted {
    if (!table || !table.rowCount) return { added: [], repeated: 0, dropped: 0, gap: false };
    let count = table.rowCount;
    for (const column of table.columns) count = Math.min(count, column.length);
    return this.acceptRows(this.fieldList(table.fields.map((f) => f.name)), table.columns, count, asked);
  }

  /** The work of `accept` on the answer's columns alone: the loop over its rows sees plain arrays
   *  (and not the table object, whose shape varies with where it was read). */
  private acceptRows(fields: readonly string[], columns: unknown[][], count: number, asked: number): Accepted {
    const timeAt = fields.indexOf('_time');
    const timeColumn = columns[timeAt] ?? [];
    const previousNewest = this.newest;
    // Repeats first, in the answer's order: most of an answer is the overlap's, and it repeats the
    // events of the answer before in their order (newest first, as the tail asks), so the next of
    // those is tried first, by comparison alone (value by value; no time is read). Any
    // other row's time is read, and the events remembered at that time compared with it.
    const previous = this.lastAnswer;
    const answered: TailRow[] = [];
    const fresh: TailRow[] = [];
    const newTimes: number[] = [];
    let next = 0;
    for (let index = 0; index < count; index++) {
      const moment = timeColumn[index];
      const expected = previous[next];
      if (
        expected !== undefined &&
        expected.fields === fields &&
        expected.time >= this.forgottenBefore &&
        this.sameAsAnswered(expected, fields, columns, index)
      ) {
        next++;
        answered.push(expected);
        continue;
      }
      const time = readInstant(moment);
      const held = this.recent.get(time);
      const seen = held === undefined ? undefined : this.seenAmong(held, fields, columns, index);
      if (seen) {
        // The one expected was left out of this answer: the next is expected after this one.
        if (previous[next + 1] === seen) next += 2;
        answered.push(seen);
        continue;
      }
      const values = new Array<unknown>(columns.length);
      for (let f = 0; f < columns.length; f++) values[f] = columns[f][index];
      const row: TailRow = { time, fields, values };
      if (held === undefined) {
        this.recent.set(time, row);
        newTimes.push(time);
      } else if (Array.isArray(held)) held.push(row);
      else this.recent.set(time, [held, row]);
      fresh.push(row);
      answered.push(row);
    }
    this.lastAnswer = answered;
    // Oldest first, so that the times to forget next are at the head.
    if (newTimes.length) for (const at of oldestFirst(newTimes)) this.byAge.push(newTimes[at]);
    const repeated = answered.length - fresh.length;
    // Arrays built by loops and read by index: V8 sent this function back to the interpreter at
    // every call in some runs when the arrays it met here were of different kinds (an empty one,
    // one made by map), at the first read of one.
    const freshTimes: number[] = [];
    for (let i = 0; i < fresh.length; i++) freshTimes.push(fresh[i].time);
    const added: TailRow[] = [];
    if (fresh.length) for (const at of oldestFirst(freshTimes)) added.push(fresh[at]);
    let oldestAnswered = Infinity;
    for (let i = 0; i < added.length; i++) {
      const time = added[i].time;
      if (time > this.newest) this.newest = time;
      if (time < oldestAnswered) oldestAnswered = time;
    }
    // Full, and nothing of it seen before: the answer did not reach back to the events seen.
    const gap =
      previousNewest !== -Infinity &&
      count >= asked &&
      !repeated &&
      Number.isFinite(oldestAnswered) &&
      oldestAnswered > previousNewest;
    this.forgetBefore(this.newest - this.options.overlapMs);
    return { added, repeated, dropped: this.keep(added), gap };
  }

  /** The answer's field list, the same array as earlier answers' with the same fields (so that
   *  rows are compared field by field without looking names up). */
  private fieldList(names: string[]): readonly string[] {
    const key = names.join('\u0000');
    const known = this.fieldLists.get(key);
    if (known) return known;
    if (this.fieldLists.size > 100) this.fieldLists.clear();
    this.fieldLists.set(key, names);
    return names;
  }

  /** The event of `held` (one event or the events of one moment) that is the event at `index` of an answer, if any. */
  private seenAmong(
    held: TailRow | readonly TailRow[],
    fields: readonly string[],
    columns: unknown[][],
    index: number,
  ): TailRow | undefined {
    if (!Array.isArray(held))
      return this.sameAsAnswered(held as TailRow, fields, columns, index) ? (held as TailRow) : undefined;
    for (const seen of held as readonly TailRow[]) if (this.sameAsAnswered(seen, fields, columns, index)) return seen;
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
    this.recent.clear();
    this.byAge.length = 0;
    this.byAgeHead = 0;
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
   *  are those with no readable time (no range holds them twice). The events of one moment share
   *  its time. Moments are looked at oldest added first, so a poll looks only at those it forgets
   *  (one that came late waits its turn). */
  private forgetBefore(time: number): void {
    this.forgottenBefore = time;
    const byAge = this.byAge;
    let head = this.byAgeHead;
    while (head < byAge.length && !(byAge[head] >= time)) {
      const at = byAge[head++];
      const held = this.recent.get(at);
      this.rowsTouched += Array.isArray(held) ? held.length : 1;
      this.recent.delete(at);
    }
    if (head > 64 && head * 2 > byAge.length) {
      byAge.splice(0, head);
      head = 0;
    }
    this.byAgeHead = head;
  }
}
