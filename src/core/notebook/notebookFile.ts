// The .axiom-notebook file: readable JSON that diffs well in git. One cell per entry, its source
// as one string, keys always in the same order; a result's fields and rows one per line, so that
// a new row or a changed value is a one-line change. Outputs are saved cut to a number of rows per
// table (axiom.notebook.saveOutputs), and the file says how many rows there were.
// Reading is tolerant: unknown keys are ignored, a cell of an unknown kind is read as Markdown
// (its text kept), an output that is not one of ours is dropped; an empty file is an empty
// notebook. Text that is not JSON at all is an error with the reason.
import { isCount, isJsonObject, type JsonObject } from '../json';
import { isResultMessage } from '../api/resultMessages';
import type { ResultField, ResultStatus, ResultTable } from '../api/tabular';
import { isPresetId, type StoredRange } from '../run/timeRange';

/** The file's version. */
export const FILE_VERSION = 1;

/** A cell's result as the notebook keeps it: the run's answer, perhaps cut. */
export interface NotebookResult {
  query: string;
  rangeLabel: string;
  /** When the query ran (RFC 3339), so that a reader knows what "Last hour" meant. */
  ranAt?: string;
  tables: ResultTable[];
  status: ResultStatus;
  /** Per table, its rows before the cut, for each table that was cut (else absent). */
  totalRows?: (number | null)[];
}

/** A failure the person can act on (429, 430, a refused token): its sentence and actions. */
export interface NotebookProblem {
  message: string;
  actions: string[];
  setting?: string;
}

export type NotebookOutput =
  | { kind: 'result'; result: NotebookResult }
  | { kind: 'problem'; problem: NotebookProblem }
  /** An error as VS Code shows them (a compile error): its name and message. */
  | { kind: 'error'; name: string; message: string };

export interface NotebookCellDoc {
  /** A Markdown cell, or a query cell of APL or MPL (metrics). */
  kind: 'markdown' | 'apl' | 'mpl';
  source: string;
  outputs: NotebookOutput[];
}

export interface NotebookDoc {
  /** The notebook's own time range, when it has one (else the status bar's). */
  timeRange?: StoredRange;
  cells: NotebookCellDoc[];
}

export class NotebookFileError extends Error {}

// ── cutting ─────────────────────────────────────────────────────────────────────────────────

/** The result with each table cut to `maxRows` rows, the rows it had before kept in totalRows. */
export function cutResult(result: NotebookResult, maxRows: number): NotebookResult {
  if (!result.tables.some((t) => t.rowCount > maxRows)) return result;
  const totals = result.tables.map((t, i) => {
    const before = result.totalRows?.[i] ?? null;
    return t.rowCount > maxRows ? Math.max(before ?? 0, t.rowCount) : before;
  });
  return {
    ...result,
    tables: result.tables.map((t) =>
      t.rowCount > maxRows ? { ...t, columns: t.columns.map((c) => c.slice(0, maxRows)), rowCount: maxRows } : t,
    ),
    totalRows: totals,
  };
}

/** What is saved of a notebook: outputs dropped (maxRows 0) or their tables cut to maxRows rows. */
export function cutNotebook(doc: NotebookDoc, maxRows: number): NotebookDoc {
  const rows = Math.max(0, Math.floor(maxRows));
  return {
    ...doc,
    cells: doc.cells.map((cell) => ({
      ...cell,
      outputs:
        rows === 0
          ? []
          : cell.outputs.map((o) => (o.kind === 'result' ? { kind: 'result', result: cutResult(o.result, rows) } : o)),
    })),
  };
}

// ── writing ─────────────────────────────────────────────────────────────────────────────────

/** An array written one element per line, each element on one line. */
class Lines {
  constructor(readonly items: unknown[]) {}
}

function write(value: unknown, indent: string): string {
  if (value instanceof Lines) {
    if (!value.items.length) return '[]';
    const inner = `${indent}  `;
    return `[\n${value.items.map((item) => inner + JSON.stringify(item)).join(',\n')}\n${indent}]`;
  }
  if (Array.isArray(value)) {
    if (!value.length) return '[]';
    const inner = `${indent}  `;
    return `[\n${value.map((item) => inner + write(item, inner)).join(',\n')}\n${indent}]`;
  }
  if (isJsonObject(value)) {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    if (!entries.length) return '{}';
    const inner = `${indent}  `;
    return `{\n${entries.map(([k, v]) => `${inner}${JSON.stringify(k)}: ${write(v, inner)}`).join(',\n')}\n${indent}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

function tableOut(table: ResultTable, total: number | null | undefined): JsonObject {
  const rows: unknown[][] = new Array<unknown[]>(table.rowCount);
  for (let r = 0; r < table.rowCount; r++) rows[r] = table.columns.map((c) => (c[r] === undefined ? null : c[r]));
  return {
    name: table.name,
    fields: new Lines(
      table.fields.map((f) =>
        f.agg === undefined ? { name: f.name, type: f.type } : { name: f.name, type: f.type, agg: f.agg },
      ),
    ),
    totalRows: typeof total === 'number' && total > table.rowCount ? total : undefined,
    rows: new Lines(rows),
  };
}

function statusOut(status: ResultStatus): JsonObject {
  return {
    elapsedMs: status.elapsedMs,
    rowsExamined: status.rowsExamined,
    rowsMatched: status.rowsMatched,
    isPartial: status.isPartial,
    isEstimate: status.isEstimate,
    continued: status.continued,
    limitNote: status.limitNote,
    messages: new Lines(
      status.messages.map((m) => ({ priority: m.priority, code: m.code, text: m.text, count: m.count })),
    ),
  };
}

function outputOut(output: NotebookOutput): JsonObject {
  switch (output.kind) {
    case 'result': {
      const r = output.result;
      return {
        result: {
          query: r.query,
          rangeLabel: r.rangeLabel,
          ranAt: r.ranAt,
          tables: r.tables.map((t, i) => tableOut(t, r.totalRows?.[i])),
          status: statusOut(r.status),
        },
      };
    }
    case 'problem':
      return {
        problem: { message: output.problem.message, actions: output.problem.actions, setting: output.problem.setting },
      };
    case 'error':
      return { error: { name: output.name, message: output.message } };
  }
}

/** The notebook as its file holds it, outputs cut to `maxRows` rows per table (0: none saved). */
export function writeNotebook(doc: NotebookDoc, maxRows = Infinity): string {
  const saved = cutNotebook(doc, maxRows);
  const file = {
    axiomNotebook: FILE_VERSION,
    timeRange:
      saved.timeRange &&
      ('preset' in saved.timeRange
        ? { preset: saved.timeRange.preset }
        : { start: saved.timeRange.start, end: saved.timeRange.end }),
    cells: saved.cells.map((cell) => ({
      kind: cell.kind,
      source: cell.source,
      outputs: cell.outputs.length ? cell.outputs.map(outputOut) : undefined,
    })),
  };
  return `${write(file, '')}\n`;
}

// ── reading ─────────────────────────────────────────────────────────────────────────────────

const finite = (n: unknown): number | undefined => (typeof n === 'number' && Number.isFinite(n) ? n : undefined);

function readRange(value: unknown): StoredRange | undefined {
  if (!isJsonObject(value)) return undefined;
  if (isPresetId(value.preset)) return { version: 1, preset: value.preset };
  if (typeof value.start === 'string' && typeof value.end === 'string')
    return { version: 1, start: value.start, end: value.end };
  return undefined;
}

export function readField(value: unknown): ResultField | undefined {
  if (!isJsonObject(value) || typeof value.name !== 'string') return undefined;
  const type = typeof value.type === 'string' ? value.type : 'unknown';
  return typeof value.agg === 'string' ? { name: value.name, type, agg: value.agg } : { name: value.name, type };
}

function readTable(value: unknown): { table: ResultTable; total: number | null } | undefined {
  if (!isJsonObject(value) || !Array.isArray(value.fields)) return undefined;
  const fields = value.fields.map(readField);
  if (fields.some((f) => !f)) return undefined;
  const rows = Array.isArray(value.rows) ? value.rows : [];
  const columns = fields.map((_, f) =>
    rows.map((row) => (Array.isArray(row) && row[f] !== undefined ? (row[f] as unknown) : null)),
  );
  const total = isCount(value.totalRows) && value.totalRows > rows.length ? value.totalRows : null;
  return {
    table: {
      name: typeof value.name === 'string' ? value.name : '',
      fields: fields as ResultField[],
      columns,
      rowCount: rows.length,
    },
    total,
  };
}

export function readStatus(value: unknown): ResultStatus {
  const s = isJsonObject(value) ? value : {};
  const messages = (Array.isArray(s.messages) ? s.messages : [])
    .filter(isResultMessage)
    .map((m) => ({ priority: m.priority, code: m.code, text: m.text, count: m.count }));
  const status: ResultStatus = { isPartial: s.isPartial === true, messages };
  if (s.isEstimate === true) status.isEstimate = true;
  if (s.continued === true) status.continued = true;
  const elapsedMs = finite(s.elapsedMs);
  const rowsExamined = finite(s.rowsExamined);
  const rowsMatched = finite(s.rowsMatched);
  if (elapsedMs !== undefined) status.elapsedMs = elapsedMs;
  if (rowsExamined !== undefined) status.rowsExamined = rowsExamined;
  if (rowsMatched !== undefined) status.rowsMatched = rowsMatched;
  if (typeof s.limitNote === 'string') status.limitNote = s.limitNote;
  return status;
}

/** A table as the service and the results panel hold it (column-major): every column as long as
 *  its rows, else undefined. */
export function readColumnTable(value: unknown): ResultTable | undefined {
  if (!isJsonObject(value) || !isCount(value.rowCount) || !Array.isArray(value.fields) || !Array.isArray(value.columns))
    return undefined;
  const fields = value.fields.map(readField);
  const rowCount = value.rowCount;
  if (
    fields.some((f) => !f) ||
    value.columns.length !== fields.length ||
    !value.columns.every((c) => Array.isArray(c) && c.length === rowCount)
  )
    return undefined;
  return {
    name: typeof value.name === 'string' ? value.name : '',
    fields: fields as ResultField[],
    columns: value.columns as unknown[][],
    rowCount,
  };
}

function readOutput(value: unknown): NotebookOutput | undefined {
  if (!isJsonObject(value)) return undefined;
  if (isJsonObject(value.result)) {
    const r = value.result;
    const read = (Array.isArray(r.tables) ? r.tables : []).map(readTable).filter((t) => t !== undefined);
    const result: NotebookResult = {
      query: typeof r.query === 'string' ? r.query : '',
      rangeLabel: typeof r.rangeLabel === 'string' ? r.rangeLabel : '',
      tables: read.map((t) => t.table),
      status: readStatus(r.status),
    };
    if (typeof r.ranAt === 'string') result.ranAt = r.ranAt;
    if (read.some((t) => t.total !== null)) result.totalRows = read.map((t) => t.total);
    return { kind: 'result', result };
  }
  if (isJsonObject(value.problem) && typeof value.problem.message === 'string') {
    const p = value.problem;
    const problem: NotebookProblem = {
      message: p.message as string,
      actions: Array.isArray(p.actions) ? p.actions.filter((a): a is string => typeof a === 'string') : [],
    };
    if (typeof p.setting === 'string') problem.setting = p.setting;
    return { kind: 'problem', problem };
  }
  if (isJsonObject(value.error) && typeof value.error.message === 'string')
    return {
      kind: 'error',
      name: typeof value.error.name === 'string' ? value.error.name : 'Error',
      message: value.error.message,
    };
  return undefined;
}

function readCell(value: unknown): NotebookCellDoc | undefined {
  if (!isJsonObject(value)) return undefined;
  const source =
    typeof value.source === 'string'
      ? value.source
      : Array.isArray(value.source)
        ? value.source.filter((s) => typeof s === 'string').join('')
        : '';
  const kind = value.kind === 'apl' || value.kind === 'mpl' ? value.kind : 'markdown';
  const outputs =
    kind !== 'markdown' && Array.isArray(value.outputs)
      ? value.outputs.map(readOutput).filter((o) => o !== undefined)
      : [];
  return { kind, source, outputs };
}

/** A notebook from its file's text. Throws NotebookFileError when the text is not a notebook. */
export function readNotebook(text: string): NotebookDoc {
  if (!text.trim()) return { cells: [] };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new NotebookFileError(`not JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!isJsonObject(parsed)) throw new NotebookFileError('not a notebook: the file holds no JSON object');
  if (typeof parsed.axiomNotebook === 'number' && parsed.axiomNotebook > FILE_VERSION)
    throw new NotebookFileError(`written by a newer version of the extension (file version ${parsed.axiomNotebook})`);
  const cells = (Array.isArray(parsed.cells) ? parsed.cells : []).map(readCell).filter((c) => c !== undefined);
  const timeRange = readRange(parsed.timeRange);
  return timeRange ? { timeRange, cells } : { cells };
}
