// The body of a tabular APL answer (runApl's, client.ts), read into the tables and status that every
// reader of a result takes: the results panel, notebooks, dry runs, the agents.
// Tolerant: absent or odd parts become null, empty or "unknown", and what had to be left out or
// filled in is counted for the log. The columns the service sent are kept as they are (column-major,
// the same arrays) whenever they fit: a result of 100,000 rows is never copied cell by cell.
import { AxiomError } from './errors';
import { phrase } from '../phrase';
import { isJsonObject } from '../json';
import type { ResultMessage } from './resultMessages';

/** A column as the service describes it; `type` is shown as sent (it may be a composite name). */
export interface ResultField {
  name: string;
  type: string;
  /** The aggregation that made the column (`count`, `avg`, …), when there is one. */
  agg?: string;
}

/** One table of a result, column-major as the service sends it: `columns[f][r]` is field f of row r.
 *  In the panel's first message the columns hold the first rows only (all of the same length, at
 *  most rowCount); `rows` messages bring the rest (see core/run/resultsDelivery.ts). */
export interface ResultTable {
  name: string;
  fields: ResultField[];
  columns: unknown[][];
  rowCount: number;
}

/** What the status line shows. */
export interface ResultStatus {
  elapsedMs?: number;
  rowsExamined?: number;
  rowsMatched?: number;
  isPartial: boolean;
  /** The answer was computed from a sample (`isEstimate`). */
  isEstimate?: boolean;
  /** The service holds more than it sent (a `continuationToken` came with it). */
  continued?: boolean;
  messages: ResultMessage[];
  /** Set when the rows shown are cut off by the service's default cap or the query's own take/limit. */
  limitNote?: string;
}

export interface TabularResult {
  tables: ResultTable[];
  /** `limitNote` is left for explainLimit (core/run/limits.ts), which needs the query. */
  status: ResultStatus;
  /** The datasets the query read, when the service said. */
  datasetNames: string[];
  /** What did not fit and was left out or filled with null, one line each, for the log. */
  repairs: string[];
}

type Json = Record<string, unknown>;

function finiteNumber(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** A tabular body, or an `invalid response` error when it is not one at all (not an object, no table list). */
export function readTabular(body: unknown): TabularResult {
  if (!isJsonObject(body)) throw notTabular(body === null ? 'null' : Array.isArray(body) ? 'a list' : typeof body);
  const repairs: string[] = [];
  const rawTables = body.tables ?? [];
  if (!Array.isArray(rawTables)) throw notTabular(`"tables" is ${typeof rawTables}`);
  const tables: ResultTable[] = [];
  rawTables.forEach((raw: unknown, index) => {
    if (isJsonObject(raw)) tables.push(readTable(raw, index, repairs));
    else repairs.push(`table ${index}: not an object, left out`);
  });
  const datasetNames = Array.isArray(body.datasetNames)
    ? body.datasetNames.filter((n): n is string => typeof n === 'string')
    : [];
  return { tables, status: readStatus(body.status, repairs), datasetNames, repairs };
}

function notTabular(what: string): AxiomError {
  return new AxiomError(
    'invalidResponse',
    phrase('Invalid response: {0}.', phrase('the query result is not a tabular result ({0})', what)),
  );
}

function readField(raw: unknown, index: number): ResultField {
  const record = isJsonObject(raw) ? raw : {};
  const name = typeof record.name === 'string' ? record.name : `column ${index + 1}`;
  // A composite type may come as text or as a structure: shown as it is either way.
  const type =
    typeof record.type === 'string'
      ? record.type
      : record.type === undefined || record.type === null
        ? 'unknown'
        : JSON.stringify(record.type);
  const agg = isJsonObject(record.agg) ? record.agg.name : record.agg;
  return typeof agg === 'string' && agg ? { name, type, agg } : { name, type };
}

function readTable(raw: Json, index: number, repairs: string[]): ResultTable {
  const name = typeof raw.name === 'string' ? raw.name : String(index);
  const rawFields: unknown[] = Array.isArray(raw.fields) ? raw.fields : [];
  const rawColumns: unknown[] = Array.isArray(raw.columns) ? raw.columns : [];
  const fields = rawFields.map(readField);
  const where = `table "${name}"`;
  if (!Array.isArray(raw.fields) && raw.fields !== undefined && raw.fields !== null)
    repairs.push(`${where}: fields is not a list`);
  if (!Array.isArray(raw.columns) && raw.columns !== undefined && raw.columns !== null)
    repairs.push(`${where}: columns is not a list`);
  if (rawColumns.length > fields.length) {
    repairs.push(`${where}: ${rawColumns.length - fields.length} columns without a field left out`);
  }

  let rowCount = 0;
  for (let f = 0; f < fields.length; f++) {
    const column = rawColumns[f];
    if (Array.isArray(column) && column.length > rowCount) rowCount = column.length;
  }
  const columns: unknown[][] = new Array<unknown[]>(fields.length);
  for (let f = 0; f < fields.length; f++) {
    const column = rawColumns[f];
    if (Array.isArray(column)) {
      if (column.length < rowCount) {
        repairs.push(
          `${where}: column "${fields[f].name}" has ${column.length} of ${rowCount} values; the rest shown empty`,
        );
        // The array came from JSON.parse and is nobody else's: filled in place.
        for (let r = column.length; r < rowCount; r++) column.push(null);
      }
      columns[f] = column;
    } else {
      if (f < rawColumns.length) repairs.push(`${where}: column "${fields[f].name}" is not a list; shown empty`);
      else repairs.push(`${where}: column "${fields[f].name}" is missing; shown empty`);
      columns[f] = new Array<unknown>(rowCount).fill(null);
    }
  }
  return { name, fields, columns, rowCount };
}

function readStatus(raw: unknown, repairs: string[]): ResultStatus {
  const status = isJsonObject(raw) ? raw : {};
  const elapsedMicros = finiteNumber(status.elapsedTime);
  const messages: ResultMessage[] = [];
  if (Array.isArray(status.messages)) {
    for (const m of status.messages as unknown[]) {
      if (!isJsonObject(m)) continue;
      const text = typeof m.msg === 'string' ? m.msg : typeof m.message === 'string' ? m.message : undefined;
      if (text === undefined) {
        repairs.push('a status message without text left out');
        continue;
      }
      const count = finiteNumber(m.count);
      messages.push({
        priority: typeof m.priority === 'string' || typeof m.priority === 'number' ? String(m.priority) : '',
        code: typeof m.code === 'string' || typeof m.code === 'number' ? String(m.code) : '',
        text,
        count: count !== undefined && Number.isInteger(count) && count >= 0 ? count : 1,
      });
    }
  }
  return {
    elapsedMs: elapsedMicros === undefined ? undefined : elapsedMicros / 1000,
    rowsExamined: finiteNumber(status.rowsExamined),
    rowsMatched: finiteNumber(status.rowsMatched),
    isPartial: status.isPartial === true,
    ...(status.isEstimate === true ? { isEstimate: true } : {}),
    ...(typeof status.continuationToken === 'string' && status.continuationToken ? { continued: true } : {}),
    messages,
  };
}
