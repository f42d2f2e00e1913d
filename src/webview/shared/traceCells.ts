// Trace ids in a table's cells: a cell of a trace id column (by its name, the tail's rule) that
// holds text offers Open Trace, by a link before its text and from its context menu; the message
// carries the id as the text it is, with the row's `_time` when it has one.
import type { PanelMessage } from '../../core/run/resultsProtocol';
import { isTraceField } from '../../core/tail/tailProtocol';
import type { TableModel } from './tableModel';

/** Which columns of `table` hold trace ids (read once a table, not once a cell). */
export function traceColumns(table: TableModel['table']): boolean[] {
  return table.fields.map((field) => isTraceField(field.name));
}

/** The Open Trace message for the cell at (`row`, `column`), or undefined when it holds no trace id. */
export function openTraceAt(
  table: TableModel['table'],
  row: number,
  column: number,
): Extract<PanelMessage, { type: 'openTrace' }> | undefined {
  const value = table.columns[column]?.[row];
  if (!isTraceField(table.fields[column]?.name ?? '') || typeof value !== 'string' || !value) return undefined;
  const time = table.columns[table.fields.findIndex((f) => f.name === '_time')]?.[row];
  return { type: 'openTrace', traceId: value, ...(typeof time === 'string' && { seenAt: time }) };
}
