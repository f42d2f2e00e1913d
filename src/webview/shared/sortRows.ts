// Sorting a column-major table: a permutation of row numbers, the data never moves. Numbers and
// booleans compare as numbers, times as dates, anything else by its text; nulls go last in both
// directions; equal values keep their order.
import { valueText } from './cellText';
import { type ColumnKind, timeValue } from './columnKind';

export type SortDirection = 'asc' | 'desc';

/** The next state of a header click: none → ascending → descending → none. */
export function nextSort(current: SortDirection | undefined): SortDirection | undefined {
  return current === undefined ? 'asc' : current === 'asc' ? 'desc' : undefined;
}

export function identity(rowCount: number): Uint32Array {
  const order = new Uint32Array(rowCount);
  for (let i = 0; i < rowCount; i++) order[i] = i;
  return order;
}

function numericKeys(column: readonly unknown[], kind: ColumnKind): Float64Array {
  const keys = new Float64Array(column.length);
  for (let r = 0; r < column.length; r++) {
    const v = column[r];
    keys[r] =
      kind === 'time'
        ? timeValue(v)
        : typeof v === 'number'
          ? v
          : typeof v === 'boolean'
            ? Number(v)
            : typeof v === 'bigint'
              ? Number(v)
              : NaN;
  }
  return keys;
}

/** The rows in the column's order. */
export function sortPermutation(column: readonly unknown[], kind: ColumnKind, direction: SortDirection): Uint32Array {
  const n = column.length;
  const sign = direction === 'asc' ? 1 : -1;
  const present: number[] = [];
  const absent: number[] = [];
  if (kind === 'number' || kind === 'time' || kind === 'boolean') {
    const keys = numericKeys(column, kind);
    for (let r = 0; r < n; r++) (Number.isNaN(keys[r]) ? absent : present).push(r);
    present.sort((a, b) => (keys[a] - keys[b]) * sign || a - b);
  } else {
    const keys = new Array<string | undefined>(n);
    for (let r = 0; r < n; r++) {
      const v = column[r];
      keys[r] = v === null || v === undefined ? undefined : typeof v === 'string' ? v : valueText(v);
      (keys[r] === undefined ? absent : present).push(r);
    }
    present.sort((a, b) => {
      const x = keys[a] as string;
      const y = keys[b] as string;
      return x < y ? -sign : x > y ? sign : a - b;
    });
  }
  const order = new Uint32Array(n);
  order.set(present);
  order.set(absent, present.length);
  return order;
}
