// A notebook cell's outputs as the extension makes them and the renderer (src/webview/notebook)
// draws them: the result's mime type and its JSON, a problem with its actions, the words the
// renderer speaks in, and the messages between the renderer and the extension. Both sides read
// what they receive through the readers here and drop anything else.
import { readPlace, type CodePlace } from '../code/codePlaces';
import { isJsonObject } from '../json';
import { readAnnotationRequest, type AnnotationRequest } from '../run/chartAnnotations';
import type { ResultTable } from '../api/tabular';
import type { ResultsView } from '../run/resultsProtocol';
import { readColumnTable, readStatus, type NotebookProblem, type NotebookResult } from './notebookFile';

/** A cell's result: NotebookResult as JSON. */
export const RESULT_MIME = 'application/vnd.axiom.apl-result+json';
/** A failure the person can act on (rate limits, a refused token): NotebookProblem as JSON. */
export const PROBLEM_MIME = 'application/vnd.axiom.apl-problem+json';
/** VS Code's own error output (a compile error). */
export const ERROR_MIME = 'application/vnd.code.notebook.error';
export const RENDERER_ID = 'axiom.aplResults';
/** In an output's metadata: the output holds a result's first rows, and the whole result replaces it next. */
export const ROWS_FOLLOW_KEY = 'axiomRowsFollow';

/** True when the output's metadata says the whole result follows (no note about rows left out, then). */
export function rowsFollow(metadata: unknown): boolean {
  return isJsonObject(metadata) && metadata[ROWS_FOLLOW_KEY] === true;
}
export const CONTROLLER_ID = 'axiom.aplKernel';

/** The renderer's own words (beside the results panel's, which it also speaks). */
export const NOTEBOOK_WORDS = {
  savedCut: 'Saved with the first {0} of {1} rows; run the cell again for all of them.',
  retry: 'Run Again',
  setToken: 'Set API Token',
  openSettings: 'Open Settings',
  showLog: 'Show Log',
  actions: 'What can help',
} as const;

export type NotebookWordKey = keyof typeof NOTEBOOK_WORDS;
export type NotebookWords = Record<NotebookWordKey, string>;

/** What rides on each output's metadata, for the renderer: words in the display language. */
export interface OutputWords {
  language: string;
  panel: Record<string, string>;
  notebook: NotebookWords;
}

export function readOutputWords(value: unknown): Partial<OutputWords> {
  const words = isJsonObject(value) && isJsonObject(value.axiomWords) ? value.axiomWords : undefined;
  if (!words) return {};
  const strings = (o: unknown) =>
    isJsonObject(o)
      ? (Object.fromEntries(Object.entries(o).filter(([, v]) => typeof v === 'string')) as Record<string, string>)
      : undefined;
  const notebook = strings(words.notebook);
  return {
    language: typeof words.language === 'string' ? words.language : undefined,
    panel: strings(words.panel),
    notebook: notebook && { ...NOTEBOOK_WORDS, ...notebook },
  };
}

/** The view the results panel's code draws for a cell's result: a note says what the save cut. */
export function resultView(
  result: NotebookResult,
  savedCut: (kept: string, total: string) => string,
  count: (n: number) => string,
): ResultsView {
  const shown = result.tables[0];
  const total = result.totalRows?.[0];
  const cut =
    shown && typeof total === 'number' && total > shown.rowCount
      ? savedCut(count(shown.rowCount), count(total))
      : undefined;
  const limitNote = [result.status.limitNote, cut].filter(Boolean).join(' ') || undefined;
  return {
    runId: 0,
    query: result.query,
    rangeLabel: result.rangeLabel,
    tables: result.tables,
    status: { ...result.status, limitNote },
  };
}

/** Renderer → extension. `output` is the id of the output the message is about. */
export type RendererMessage =
  | { type: 'export'; output: string; format: 'csv' | 'json'; table: number }
  | { type: 'copy'; text: string }
  | { type: 'openInAxiom'; output: string }
  | { type: 'action'; output: string; action: string }
  /** The output's chart asks to open an annotation's link, or to add one (chartAnnotations.ts). */
  | { type: 'annotation'; output: string; request: AnnotationRequest }
  /** A cell of the output names a place in code (core/code/codePlaces.ts): open it in the workspace. */
  | { type: 'openCodePlace'; place: CodePlace }
  /** The link to a place is pointed at: say where it is in the workspace (a `codePlaceResolved` answers). */
  | { type: 'resolveCodePlace'; place: CodePlace }
  /** Open Trace on a trace id cell of the output, with the row's time (axiom.openTrace reads it as data). */
  | { type: 'openTrace'; traceId: string; seenAt?: string };

/** Extension → renderer: where a place's path is in the workspace, in words for its link's hover. */
export interface PlaceResolvedMessage {
  type: 'codePlaceResolved';
  path: string;
  where: string;
}

/** A trace id (or a time) as data from a page: one line of text, not too long. */
function shortLine(value: unknown, max: number): string | undefined {
  // eslint-disable-next-line no-control-regex -- control characters are what no id or time holds
  return typeof value === 'string' && value.trim() && value.length <= max && !/[\u0000-\u001f\u007f]/.test(value)
    ? value
    : undefined;
}

/** The extension's answer as the renderer reads it, or undefined. */
export function readPlaceResolved(value: unknown): PlaceResolvedMessage | undefined {
  return isJsonObject(value) &&
    value.type === 'codePlaceResolved' &&
    typeof value.path === 'string' &&
    typeof value.where === 'string'
    ? { type: 'codePlaceResolved', path: value.path, where: value.where.slice(0, 2000) }
    : undefined;
}

const MAX_COPY_CHARS = 50 * 1024 * 1024;

export function readRendererMessage(value: unknown): RendererMessage | undefined {
  if (!isJsonObject(value)) return undefined;
  const output = typeof value.output === 'string' && value.output.length <= 200 ? value.output : undefined;
  switch (value.type) {
    case 'export':
      return output &&
        (value.format === 'csv' || value.format === 'json') &&
        typeof value.table === 'number' &&
        Number.isInteger(value.table) &&
        value.table >= 0
        ? { type: 'export', output, format: value.format, table: value.table }
        : undefined;
    case 'copy':
      return typeof value.text === 'string' && value.text.length <= MAX_COPY_CHARS
        ? { type: 'copy', text: value.text }
        : undefined;
    case 'openInAxiom':
      return output ? { type: 'openInAxiom', output } : undefined;
    case 'action':
      return output && typeof value.action === 'string' ? { type: 'action', output, action: value.action } : undefined;
    case 'annotation': {
      const request = readAnnotationRequest(value.request);
      return output && request ? { type: 'annotation', output, request } : undefined;
    }
    case 'openCodePlace':
    case 'resolveCodePlace': {
      // Read as Open Code Location reads any place: a path kept as data, one that climbs refused.
      const place = readPlace(value.place);
      return place ? { type: value.type, place } : undefined;
    }
    case 'openTrace': {
      const traceId = shortLine(value.traceId, 256);
      const seenAt = shortLine(value.seenAt, 64);
      return traceId ? { type: 'openTrace', traceId, ...(seenAt && { seenAt }) } : undefined;
    }
    default:
      return undefined;
  }
}

/** A result or a problem from an output's JSON, or undefined when it is not one. */
export function readResult(value: unknown): NotebookResult | undefined {
  if (
    !isJsonObject(value) ||
    typeof value.query !== 'string' ||
    typeof value.rangeLabel !== 'string' ||
    !Array.isArray(value.tables) ||
    !isJsonObject(value.status)
  )
    return undefined;
  const tables = value.tables.map(readColumnTable);
  if (tables.some((t) => !t)) return undefined;
  const result: NotebookResult = {
    query: value.query,
    rangeLabel: value.rangeLabel,
    tables: tables as ResultTable[],
    status: readStatus(value.status),
  };
  if (typeof value.ranAt === 'string') result.ranAt = value.ranAt;
  if (Array.isArray(value.totalRows))
    result.totalRows = value.totalRows.map((n) => (typeof n === 'number' && Number.isInteger(n) && n >= 0 ? n : null));
  return result;
}

export function readProblem(value: unknown): NotebookProblem | undefined {
  if (!isJsonObject(value) || typeof value.message !== 'string') return undefined;
  return {
    message: value.message,
    actions: Array.isArray(value.actions) ? value.actions.filter((a): a is string => typeof a === 'string') : [],
    ...(typeof value.setting === 'string' ? { setting: value.setting } : {}),
  };
}
