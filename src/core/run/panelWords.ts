// The words of the results panel (buttons, titles, notices, the status line, the chart), as one
// English table. The extension translates it once (translated(PANEL_WORDS)) and writes it into the
// page with the display language; the panel's script reads both back through readPanelWords and
// panelLocale, so that a page given too little, or something odd, still speaks English. Templates
// keep their numbered holes ({0}) for the panel to fill (with fill from ../phrase).
import { isJsonObject } from '../json';

export const PANEL_WORDS = {
  toolbar: 'Results',
  running: 'Running…',
  runningRange: 'Running ({0})…',
  stop: 'Stop',
  stopTitle: 'Stop the running query',
  rerun: 'Re-run',
  rerunTitle: 'Run the query again',
  exportCsv: 'Export CSV',
  exportJson: 'Export JSON',
  copyCell: 'Copy Cell',
  copyRow: 'Copy Row',
  copyColumn: 'Copy Column',
  openCodePlace: 'Open {0}',
  openTrace: 'Open Trace',
  openInAxiom: 'Open in Axiom',
  openInAxiomTitle: 'Open this query in the Axiom web app',
  pin: 'Pin',
  pinned: 'Pinned',
  pinTitle: 'Keep this panel: the next run opens a new one',
  find: 'Find in results',
  findLabel: 'Find in results: keep the rows that contain this text',
  tables: 'Tables',
  showAs: 'Show as',
  table: 'Table',
  chart: 'Chart',
  chartKind: 'Chart type',
  line: 'Line',
  bar: 'Bar',
  lineChartLabel: 'Line chart over time of {0}',
  barChartLabel: 'Bar chart over time of {0}',
  firstSeriesOnly: '{0} (first series only)',
  value: 'Value',
  close: 'Close',
  detailsTitle: '{0}, row {1}',
  columnTitle: '{0}: {1}. Click to sort.',
  columnTitleAgg: '{0}: {1} ({2}). Click to sort.',
  emptyNoRun: 'Run an APL query to see its results here.',
  emptyNoTable: 'The query returned no table.',
  noRowsInRange:
    'No rows over the time range ({0}). Widen the time range (in the status bar), or check the dataset’s name and the query’s filters.',
  noRows: 'No rows. Check the dataset’s name and the query’s filters.',
  timeLocal: '{0} (local time)',
  timeUtc: '{0} (UTC)',
  failed: 'The query failed: {0}',
  stopped: 'The query was stopped.',
  dropped:
    'These results were let go to keep memory in bounds, as newer results arrived in other panels. Re-run the query to see them again.',
  restored: 'These results were shown before the window reloaded. Re-run shows them again.',
  results: 'Results',
  tableNumber: 'Table {0}',
  oneRow: '{0} row',
  rows: '{0} rows',
  rowsOf: '{0} of {1} rows',
  receiving: 'receiving rows: {0} of {1}',
  rowsExamined: '{0} rows examined',
  rowsMatched: '{0} matched',
  partial: 'Partial results',
  estimate: 'Estimated: computed from a sample, so counts and sums are approximate.',
  continued: 'More results: the service holds more than it sent.',
  timeRange: 'Time range',
  message: '{0}: {1}',
  repeated: '{0} (×{1})',
  milliseconds: '{0} ms',
  seconds: '{0} s',
  minutes: '{0} min {1} s',
  annotations: 'Annotations',
  annotationsTitle: "Show or hide the annotations of the query's datasets",
  annotationsUnread: 'Annotations could not be read.',
  annotationsBusy: 'Annotations were not read: the request budget is spent for now.',
  annotationsLabel: '{0} annotations in range',
  addAnnotation: 'Add Annotation',
  addAnnotationTitle: "Mark a deploy or an incident on the query's datasets",
  addAnnotationHere: 'Add Annotation Here',
  addAnnotationRange: 'Add Annotation for This Range',
  annotationOpenUrl: 'Open {0}',
} as const;

export type PanelWordKey = keyof typeof PANEL_WORDS;
/** The panel's words in some language: the English table's keys, each with a string. */
export type PanelWords = { readonly [K in PanelWordKey]: string };

const HOLE = /\{(\d+)\}/g;

/** The holes a template has, as a sorted list ("{1} of {0}" → "0,1"). */
function holes(template: string): string {
  return [...new Set([...template.matchAll(HOLE)].map((m) => Number(m[1])))].sort((a, b) => a - b).join(',');
}

/**
 * The words a page was given, checked against its English table: each key of the table with a
 * string of at most a few hundred characters that has the same holes as the English; anything else
 * (a missing key, a number, a template that lost or gained a hole) is the English. Unknown keys are
 * ignored. Every page's words (the results panel's, the dry run's) are read through this.
 */
export function readWordTable<T extends Readonly<Record<string, string>>>(
  english: T,
  value: unknown,
): { readonly [K in keyof T]: string } {
  const given = isJsonObject(value) ? value : {};
  const out: Record<string, string> = {};
  for (const [key, template] of Object.entries(english)) {
    const word = Object.prototype.hasOwnProperty.call(given, key) ? given[key] : undefined;
    out[key] =
      typeof word === 'string' && word.trim() !== '' && word.length <= 500 && holes(word) === holes(template)
        ? word
        : template;
  }
  return out as { readonly [K in keyof T]: string };
}

/** A page's words from the text of its data attribute (JSON), or English when it is not JSON. */
export function parseWordTable<T extends Readonly<Record<string, string>>>(
  english: T,
  json: string | undefined,
): { readonly [K in keyof T]: string } {
  let value: unknown;
  try {
    value = json ? JSON.parse(json) : undefined;
  } catch {
    value = undefined;
  }
  return readWordTable(english, value);
}

/** The results panel's words (see readWordTable). */
export function readPanelWords(value: unknown): PanelWords {
  return readWordTable(PANEL_WORDS, value);
}

/** The results panel's words from its data attribute's text. */
export function parsePanelWords(json: string | undefined): PanelWords {
  return parseWordTable(PANEL_WORDS, json);
}

/** The locale numbers are written in: the display language when Intl knows it, else en-US. */
export function panelLocale(language: unknown): string {
  if (typeof language !== 'string' || language === '' || language.length > 64) return 'en-US';
  try {
    return Intl.NumberFormat.supportedLocalesOf([language])[0] ?? 'en-US';
  } catch {
    // An invalid language tag (RangeError).
    return 'en-US';
  }
}
