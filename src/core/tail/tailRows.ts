// The events a live tail holds, and which of a poll's answer are new. Each poll asks again for a
// window before the newest event seen (late arrivals: an event's _time may be older than events
// that reached the service before it), so an answer repeats events already shown: one is the same
// event when its _time, its _sysTime (when the dataset has one: when the service received it) and
// every value are the same. Only the events of that window are remembered for the comparison, and
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

/** A time as sent, as a key: its text (or number); anything else by its JSON. */
function momentText(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : (JSON.stringify(value) ?? '');
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  return JSON.stringify(a) === JSON.stringify(b);
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
  /** The events of the overlap window by moment (_time and _sysTime as sent), to tell a repeat. */
  private readonly recent = new Map<string, TailRow[]>();

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
    const fields = table.fields.map((f) => f.name);
    const timeColumn = table.columns[fields.indexOf('_time')];
    const sysColumn = table.columns[fields.indexOf('_sysTime')];
    const count = Math.min(table.rowCount, ...table.columns.map((c) => c.length));
    const order: { index: number; time: number }[] = [];
    for (let r = 0; r < count; r++) order.push({ index: r, time: timeOf(timeColumn?.[r]) });
    // Oldest first; an event with no readable time after the others, in the answer's order.
    order.sort(
      (a, b) => (Number.isNaN(a.time) ? 1 : 0) - (Number.isNaN(b.time) ? 1 : 0) || a.time - b.time || a.index - b.index,
    );
    const previousNewest = this.newest;
    const added: TailRow[] = [];
    let repeated = 0;
    for (const { index, time } of order) {
      const row: TailRow = { time, fields, values: table.columns.map((c) => c[index]) };
      const moment = `${momentText(timeColumn?.[index])}\u0000${momentText(sysColumn?.[index])}`;
      const same = this.recent.get(moment);
      if (same?.some((seen) => sameEvent(seen, row))) {
        repeated++;
        continue;
      }
      if (same) same.push(row);
      else this.recent.set(moment, [row]);
      if (time > this.newest) this.newest = time;
      added.push(row);
    }
    const oldestAnswered = order.find((o) => !Number.isNaN(o.time))?.time ?? NaN;
    const gap = previousNewest !== -Infinity && count >= asked && oldestAnswered > previousNewest;
    this.forgetBefore(this.newest - this.options.overlapMs);
    this.rows.push(...added);
    return { added, repeated, dropped: this.trim(), gap };
  }

  /** Forgets everything (a new filter: the tail starts again). */
  clear(): void {
    this.rows.length = 0;
    this.recent.clear();
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
   *  are those with no readable time (no range holds them twice). */
  private forgetBefore(time: number): void {
    for (const [moment, rows] of this.recent) {
      const kept = rows.filter((r) => r.time >= time);
      if (!kept.length) this.recent.delete(moment);
      else if (kept.length !== rows.length) this.recent.set(moment, kept);
    }
  }
}
