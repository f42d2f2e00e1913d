// Find in results: the rows whose text contains a term, case-insensitive. The text of each column
// is made once (lower-cased) and kept while the table is shown; the scan runs column by column,
// skipping rows already kept.
import { valueText } from './cellText';

/** The lower-cased text of each value of a column, as the filter searches it ("" for null). */
export function searchText(column: readonly unknown[]): string[] {
  const texts = new Array<string>(column.length);
  for (let r = 0; r < column.length; r++) {
    const v = column[r];
    texts[r] = typeof v === 'string' ? v.toLowerCase() : valueText(v).toLowerCase();
  }
  return texts;
}

/** Which rows contain the term in any column: 1 for a row kept. */
export function matchRows(texts: readonly (readonly string[])[], rowCount: number, term: string): Uint8Array {
  const keep = new Uint8Array(rowCount);
  const needle = term.toLowerCase();
  for (const column of texts) {
    for (let r = 0; r < rowCount; r++) if (keep[r] === 0 && column[r].includes(needle)) keep[r] = 1;
  }
  return keep;
}

/** The rows shown: the order (sorted or not), less the rows the filter drops. */
export function visibleRows(order: Uint32Array, keep: Uint8Array | undefined): Uint32Array {
  if (!keep) return order;
  let n = 0;
  for (let i = 0; i < order.length; i++) n += keep[order[i]];
  const rows = new Uint32Array(n);
  for (let i = 0, j = 0; i < order.length; i++) if (keep[order[i]]) rows[j++] = order[i];
  return rows;
}
