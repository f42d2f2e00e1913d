// The events a live tail holds, and which of a poll's answer are new. Each poll asks again for a
// window before the newest event seen (late arrivals: an event's _time may be older than events
// that reached the service before it), so an answer repeats events already shown: one is the same
// event when its _time and every value are the same, its _sysTime among them (when the dataset has
// one: when the service received it). Only the events of that window are remembered for the comparison, and
// only `maxRows` events are kept (the oldest dropped, counted), so memory stays flat however long
// a tail runs. The work per poll is that of the poll's rows (a lookup each, values compared only
// for events at the same moment), never of the rows kept.
import type { ResultTable } from '../api/tabular';

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

function timeOf(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string') return Date.parse(value);
  return NaN;
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The indexes of `times` oldest first, ties in the answer's order, an unreadable time (NaN) last:
 *  an answer newest first (as the tail asks) or oldest first is read without sorting. */
export function oldestFirst(times: readonly number[]): number[] {
  const order = times.map((_, i) => i);
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
  /** The events kept, in the order they were added (each answer's oldest first). */
  readonly rows: TailRow[] = [];
  /** The newest _time seen (ms); -Infinity before the first event. */
  newest = -Infinity;
  /** Events dropped to stay within maxRows, since the start. */
  droppedTotal = 0;
  /** The events of the overlap window by their _time as sent, to tell a repeat (the rest of the
   *  event, _sysTime with it, is compared value by value). */
  private readonly recent = new Map<unknown, TailRow[]>();
  /** The moments of `recent` in the order they were added, with their time: what to forget next. */
  private readonly byAge: { time: number; moment: unknown }[] = [];
  /** Field lists seen, by their names joined: rows of answers with the same fields share one. */
  private readonly fieldLists = new Map<string, readonly string[]>();

  constructor(private readonly options: TailRowsOptions) {}

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
    for (const rows of this.recent.values()) count += rows.length;
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
    const fields = this.fieldList(table.fields.map((f) => f.name));
    const columns = table.columns;
    const timeColumn = columns[fields.indexOf('_time')] ?? [];
    let count = table.rowCount;
    for (const column of columns) count = Math.min(count, column.length);
    const previousNewest = this.newest;
    // Repeats first, in the answer's order, by the _time as sent (no time is read for them): most
    // of an answer is the overlap's.
    const fresh: TailRow[] = [];
    let repeated = 0;
    for (let index = 0; index < count; index++) {
      const moment = timeColumn[index];
      const same = this.recent.get(moment);
      if (same && this.seenAmong(same, fields, columns, index)) {
        repeated++;
        continue;
      }
      const row: TailRow = { time: timeOf(moment), fields, values: columns.map((c) => c[index]) };
      if (same) same.push(row);
      else {
        this.recent.set(moment, [row]);
        this.byAge.push({ time: row.time, moment });
      }
      fresh.push(row);
    }
    const added = oldestFirst(fresh.map((r) => r.time)).map((i) => fresh[i]);
    let oldestAnswered = Infinity;
    for (const row of added) {
      if (row.time > this.newest) this.newest = row.time;
      if (row.time < oldestAnswered) oldestAnswered = row.time;
    }
    // Full, and nothing of it seen before: the answer did not reach back to the events seen.
    const gap =
      previousNewest !== -Infinity &&
      count >= asked &&
      !repeated &&
      Number.isFinite(oldestAnswered) &&
      oldestAnswered > previousNewest;
    this.forgetBefore(this.newest - this.options.overlapMs);
    for (const row of added) this.rows.push(row);
    return { added, repeated, dropped: this.trim(), gap };
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

  /** Whether one of `rows` is the event at `index` of an answer (its columns). */
  private seenAmong(rows: readonly TailRow[], fields: readonly string[], columns: unknown[][], index: number): boolean {
    for (const seen of rows) if (this.sameAsAnswered(seen, fields, columns, index)) return true;
    return false;
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
    this.rows.length = 0;
    this.recent.clear();
    this.byAge.length = 0;
    this.newest = -Infinity;
  }

  /** Drops the oldest kept events beyond maxRows; how many. */
  private trim(): number {
    const excess = this.rows.length - this.options.maxRows;
    if (excess <= 0) return 0;
    this.rows.splice(0, excess);
    this.droppedTotal += excess;
    return excess;
  }

  /** Events older than `time` cannot come again (the next range starts after them): forgotten, as
   *  are those with no readable time (no range holds them twice). Moments are looked at oldest
   *  added first, so a poll looks only at those it forgets (one that came late waits its turn). */
  private forgetBefore(time: number): void {
    let head = 0;
    while (head < this.byAge.length && !(this.byAge[head].time >= time)) {
      const { moment } = this.byAge[head++];
      const rows = this.recent.get(moment);
      const kept = rows?.filter((r) => r.time >= time);
      if (!kept?.length) this.recent.delete(moment);
      else {
        this.recent.set(moment, kept);
        this.byAge.push({ time: kept[0].time, moment });
      }
    }
    if (head) this.byAge.splice(0, head);
  }
}
