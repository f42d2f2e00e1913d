// What a column holds, read from its values (never from the service's type name, which may be
// `string` for `_time` or a composite name): numbers, times, booleans, strings, or a mix.
import { cellKind } from './cellText';

export type ColumnKind = 'number' | 'time' | 'boolean' | 'string' | 'json' | 'mixed' | 'empty';

/** An RFC 3339 / ISO 8601 date and time, as the service writes `_time`. */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** Milliseconds since the epoch of a value that reads as a date and time, or NaN. */
export function timeValue(value: unknown): number {
  return typeof value === 'string' && ISO_TIME.test(value) ? Date.parse(value) : NaN;
}

/** How many non-null values are looked at to tell a column's kind (spread over the column). */
const SAMPLE = 512;

export function columnKind(column: readonly unknown[]): ColumnKind {
  const step = Math.max(1, Math.floor(column.length / SAMPLE));
  let kind: ColumnKind = 'empty';
  for (let r = 0; r < column.length; r += step) {
    const value = column[r];
    let k: ColumnKind;
    switch (cellKind(value)) {
      case 'null':
        continue;
      case 'number':
        k = 'number';
        break;
      case 'boolean':
        k = 'boolean';
        break;
      case 'json':
        k = 'json';
        break;
      default:
        k = Number.isFinite(timeValue(value)) ? 'time' : 'string';
    }
    if (kind === 'empty') kind = k;
    else if (kind !== k) {
      // Strings beside times are strings (a free-text column that happens to start with a date).
      if ((kind === 'time' && k === 'string') || (kind === 'string' && k === 'time')) kind = 'string';
      else return 'mixed';
    }
  }
  return kind;
}
