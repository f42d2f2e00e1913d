// Query results as the readers of an answer hand them on (core/api/tabular.ts), for the tests that
// start from a result already read: a table from its rows or from its columns, a whole result.
import type { ResultField, ResultTable, TabularResult } from '../../src/core/api/tabular';

/** A field by its name alone (a string field), or by its name and type. */
export type FieldOf = string | readonly [name: string, type: string];

const fieldOf = (field: FieldOf): ResultField =>
  typeof field === 'string' ? { name: field, type: 'string' } : { name: field[0], type: field[1] };

/** Table "0" of these fields, its cells given row by row. */
export function tableOfRows(fields: readonly FieldOf[], rows: readonly (readonly unknown[])[]): ResultTable {
  return {
    name: '0',
    fields: fields.map(fieldOf),
    columns: fields.map((_, c) => rows.map((row) => row[c])),
    rowCount: rows.length,
  };
}

/** Table "0" of these fields, its cells given column by column, as the service sends them. */
export function tableOfColumns(fields: readonly FieldOf[], columns: unknown[][]): ResultTable {
  return { name: '0', fields: fields.map(fieldOf), columns, rowCount: columns[0]?.length ?? 0 };
}

/** A whole result of these tables: complete, without messages, naming no dataset, nothing repaired. */
export function resultOf(...tables: ResultTable[]): TabularResult {
  return { tables, status: { isPartial: false, messages: [] }, datasetNames: [], repairs: [] };
}
