// The messages between the results panel (a webview, src/webview/results) and the extension.
// Both sides read what they receive through the readers below and drop anything else: a message
// is data from another process, and the panel's data is log data written by anyone.
import { readPlace, type CodePlace } from '../code/codePlaces';
import { isCount, isJsonObject } from '../json';
import {
  readAnnotationRequest,
  readChartAnnotations,
  type AnnotationRequest,
  type ChartAnnotations,
} from './chartAnnotations';
import { isResultMessage } from '../api/resultMessages';
import type { ResultField, ResultStatus, ResultTable } from '../api/tabular';

/** A whole run's result, as the panel receives it. */
export interface ResultsView {
  /** The run this is the answer to. */
  runId: number;
  /** The query as run (its first line is the panel's title). */
  query: string;
  /** The time range, as a person reads it ("Last hour"). */
  rangeLabel: string;
  tables: ResultTable[];
  status: ResultStatus;
}

/** Extension → panel. */
export type HostMessage =
  /** A run started: the panel shows it is running, with a stop button, and keeps what it shows. */
  | { type: 'running'; runId: number; query: string; rangeLabel: string }
  /** A result: its tables' first rows (enough to fill the screen), the rest in `rows` messages. */
  | { type: 'results'; result: ResultsView }
  /** More rows of a table of the result `runId`, from row `start` on (they follow the rows sent so far). */
  | { type: 'rows'; runId: number; table: number; start: number; columns: unknown[][] }
  /** The result `runId` was let go to keep memory in bounds: the panel says so and offers Re-run. */
  | { type: 'dropped'; runId: number }
  /** The run failed or was stopped: the panel says so and keeps the previous results. */
  | { type: 'failed'; runId: number; message: string }
  | { type: 'cancelled'; runId: number }
  /** Whether the panel is pinned (a pinned panel is not reused by the next run). */
  | { type: 'pinned'; pinned: boolean }
  /** What the page keeps for VS Code to give back after a reload (its webview state). */
  | { type: 'remember'; state: PanelState }
  /** The panel came back after a reload without its results: Re-run shows them again. */
  | { type: 'restored'; runId: number }
  /** The annotations the chart of the result `runId` draws (or why there are none), apart from its rows. */
  | { type: 'annotations'; runId: number; chart: ChartAnnotations }
  /** Where a path a cell links to is in the workspace, in words (the file, or why none): its links' hover. */
  | { type: 'codePlaceResolved'; path: string; where: string };

/** What a panel needs to come back after the window reloads: its document, its query, its pin. */
export interface PanelState {
  documentUri: string;
  query: string;
  pinned: boolean;
}

/** The longest query or document address a panel keeps across a reload. */
const MAX_STATE_CHARS = 1024 * 1024;

/** A panel's state as VS Code gives it back after a reload (anything the page once stored). */
export function readPanelState(value: unknown): PanelState | undefined {
  if (!isJsonObject(value)) return undefined;
  const { documentUri, query, pinned } = value;
  if (typeof documentUri !== 'string' || typeof query !== 'string' || !documentUri || !query.trim()) return undefined;
  if (documentUri.length > MAX_STATE_CHARS || query.length > MAX_STATE_CHARS) return undefined;
  return { documentUri, query, pinned: pinned === true };
}

/** Panel → extension. */
export type PanelMessage =
  | { type: 'ready' }
  | { type: 'rerun' }
  | { type: 'cancel' }
  | { type: 'openInAxiom' }
  | { type: 'togglePin' }
  | { type: 'export'; format: 'csv' | 'json'; table: number }
  /** Copy text the panel put together (a cell, a row, a column), through VS Code's clipboard. */
  | { type: 'copy'; text: string }
  /** Open a place in code a cell names (core/code/codePlaces.ts), mapped onto the workspace. */
  | { type: 'openCodePlace'; place: CodePlace }
  /** Say where a place's path is in the workspace (its link is hovered): a `codePlaceResolved` answers. */
  | { type: 'resolveCodePlace'; place: CodePlace }
  /** Open Trace on a trace id cell, with the row's time (core/traces; axiom.openTrace reads it as data). */
  | { type: 'openTrace'; traceId: string; seenAt?: string }
  /** The chart's annotation link to open, or Add Annotation (chartAnnotations.ts). */
  | AnnotationRequest;

const MAX_COPY_CHARS = 50 * 1024 * 1024;
/** The longest path a resolution names (a place's path is cut at 1,024 characters). */
const MAX_PATH_CHARS = 2048;

/** A message from the panel, or undefined when it is not one the extension knows. */
export function readPanelMessage(value: unknown): PanelMessage | undefined {
  if (!isJsonObject(value)) return undefined;
  switch (value.type) {
    case 'ready':
    case 'rerun':
    case 'cancel':
    case 'openInAxiom':
    case 'togglePin':
      return { type: value.type };
    case 'export':
      return (value.format === 'csv' || value.format === 'json') && isCount(value.table)
        ? { type: 'export', format: value.format, table: value.table }
        : undefined;
    case 'copy':
      return typeof value.text === 'string' && value.text.length <= MAX_COPY_CHARS
        ? { type: 'copy', text: value.text }
        : undefined;
    case 'openCodePlace':
    case 'resolveCodePlace': {
      const place = readPlace(value.place);
      return place ? { type: value.type, place } : undefined;
    }
    case 'openTrace':
      return typeof value.traceId === 'string' && value.traceId.length <= 256
        ? {
            type: 'openTrace',
            traceId: value.traceId,
            ...(typeof value.seenAt === 'string' && value.seenAt.length <= 64 && { seenAt: value.seenAt }),
          }
        : undefined;
    case 'openAnnotationUrl':
    case 'addAnnotation':
      return readAnnotationRequest(value);
    default:
      return undefined;
  }
}

function readField(value: unknown): ResultField | undefined {
  if (!isJsonObject(value) || typeof value.name !== 'string' || typeof value.type !== 'string') return undefined;
  return typeof value.agg === 'string'
    ? { name: value.name, type: value.type, agg: value.agg }
    : { name: value.name, type: value.type };
}

function readTable(value: unknown): ResultTable | undefined {
  if (
    !isJsonObject(value) ||
    typeof value.name !== 'string' ||
    !isCount(value.rowCount) ||
    !Array.isArray(value.fields) ||
    !Array.isArray(value.columns)
  )
    return undefined;
  const fields = value.fields.map(readField);
  if (fields.some((f) => f === undefined) || value.columns.length !== fields.length) return undefined;
  const rowCount = value.rowCount;
  // The first message holds the first rows of each column, the same number in every column.
  const loaded = fields.length ? (Array.isArray(value.columns[0]) ? value.columns[0].length : -1) : rowCount;
  if (loaded < 0 || loaded > rowCount || !value.columns.every((c) => Array.isArray(c) && c.length === loaded))
    return undefined;
  return { name: value.name, fields: fields as ResultField[], columns: value.columns as unknown[][], rowCount };
}

function readStatus(value: unknown): ResultStatus | undefined {
  if (!isJsonObject(value) || typeof value.isPartial !== 'boolean' || !Array.isArray(value.messages)) return undefined;
  const number = (n: unknown) => (typeof n === 'number' && Number.isFinite(n) ? n : undefined);
  const messages = value.messages.filter(isResultMessage);
  return {
    elapsedMs: number(value.elapsedMs),
    rowsExamined: number(value.rowsExamined),
    rowsMatched: number(value.rowsMatched),
    isPartial: value.isPartial,
    ...(value.isEstimate === true ? { isEstimate: true } : {}),
    ...(value.continued === true ? { continued: true } : {}),
    messages,
    limitNote: typeof value.limitNote === 'string' ? value.limitNote : undefined,
  };
}

/** A message from the extension, or undefined when it is not one the panel knows. */
export function readHostMessage(value: unknown): HostMessage | undefined {
  if (!isJsonObject(value)) return undefined;
  switch (value.type) {
    case 'running':
      return isCount(value.runId) && typeof value.query === 'string' && typeof value.rangeLabel === 'string'
        ? { type: 'running', runId: value.runId, query: value.query, rangeLabel: value.rangeLabel }
        : undefined;
    case 'failed':
      return isCount(value.runId) && typeof value.message === 'string'
        ? { type: 'failed', runId: value.runId, message: value.message }
        : undefined;
    case 'cancelled':
      return isCount(value.runId) ? { type: 'cancelled', runId: value.runId } : undefined;
    case 'dropped':
      return isCount(value.runId) ? { type: 'dropped', runId: value.runId } : undefined;
    case 'pinned':
      return typeof value.pinned === 'boolean' ? { type: 'pinned', pinned: value.pinned } : undefined;
    case 'remember': {
      const state = readPanelState(value.state);
      return state ? { type: 'remember', state } : undefined;
    }
    case 'restored':
      return isCount(value.runId) ? { type: 'restored', runId: value.runId } : undefined;
    case 'codePlaceResolved':
      return typeof value.path === 'string' &&
        typeof value.where === 'string' &&
        value.path.length <= MAX_PATH_CHARS &&
        value.where.length <= MAX_PATH_CHARS * 2
        ? { type: 'codePlaceResolved', path: value.path, where: value.where }
        : undefined;
    case 'annotations': {
      const chart = readChartAnnotations(value.chart);
      return isCount(value.runId) && chart ? { type: 'annotations', runId: value.runId, chart } : undefined;
    }
    case 'rows': {
      const columns = value.columns;
      if (!isCount(value.runId) || !isCount(value.table) || !isCount(value.start) || !Array.isArray(columns))
        return undefined;
      const length = Array.isArray(columns[0]) ? columns[0].length : 0;
      if (!columns.every((c) => Array.isArray(c) && c.length === length)) return undefined;
      return {
        type: 'rows',
        runId: value.runId,
        table: value.table,
        start: value.start,
        columns: columns as unknown[][],
      };
    }
    case 'results': {
      const result = value.result;
      if (
        !isJsonObject(result) ||
        !isCount(result.runId) ||
        typeof result.query !== 'string' ||
        typeof result.rangeLabel !== 'string' ||
        !Array.isArray(result.tables)
      )
        return undefined;
      const tables = result.tables.map(readTable);
      const status = readStatus(result.status);
      if (!status || tables.some((t) => t === undefined)) return undefined;
      return {
        type: 'results',
        result: {
          runId: result.runId,
          query: result.query,
          rangeLabel: result.rangeLabel,
          tables: tables as ResultTable[],
          status,
        },
      };
    }
    default:
      return undefined;
  }
}
