// How a result travels to the results panel: first every table's first rows, enough to fill the
// screen, in one small message that the page paints at once; then the rest, a slice of rows at a
// time, while the person already reads. A result of 100,000 × 12 is then never one message of
// 12 MB that VS Code copies between processes (and the page decodes) before anything shows.
import { FIRST_ROWS } from '../firstRows';
import type { HostMessage, ResultsView } from './resultsProtocol';

/** Values per later message: about 1 MB of JSON for everyday cells. */
export const CHUNK_CELLS = 100_000;

export type RowsMessage = Extract<HostMessage, { type: 'rows' }>;

/** The result with each table's first `rows` rows (the tables themselves when they are no longer). */
export function firstPart(result: ResultsView, rows = FIRST_ROWS): ResultsView {
  const tables = result.tables.map((t) =>
    t.rowCount <= rows ? t : { ...t, columns: t.columns.map((c) => c.slice(0, rows)) },
  );
  return { ...result, tables };
}

/** The rows firstPart left out, table by table, each message at most `cells` values (at least one row). */
export function* remainingRows(result: ResultsView, from = FIRST_ROWS, cells = CHUNK_CELLS): Generator<RowsMessage> {
  for (let table = 0; table < result.tables.length; table++) {
    const { columns, rowCount } = result.tables[table];
    if (!columns.length) continue;
    const step = Math.max(1, Math.floor(cells / columns.length));
    for (let start = from; start < rowCount; start += step) {
      const end = Math.min(rowCount, start + step);
      yield { type: 'rows', runId: result.runId, table, start, columns: columns.map((c) => c.slice(start, end)) };
    }
  }
}

/** True when the result is more than its first part: rows messages will follow. */
export function hasMoreRows(result: ResultsView, rows = FIRST_ROWS): boolean {
  return result.tables.some((t) => t.fields.length > 0 && t.rowCount > rows);
}
