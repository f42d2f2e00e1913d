// The messages between the dashboard preview's page (src/webview/dashboard) and the extension, and
// the page's words. Both sides read what they receive through the readers below and drop anything
// else: a message is data from another process, and a chart's rows are log data written by anyone.
import { isJsonObject } from '../json';
import { readAnnotationRequest, type AnnotationRequest, type ChartAnnotations } from '../run/chartAnnotations';
import type { ResultsView } from '../run/resultsProtocol';
import type { PreviewTile } from './previewLayout';

/** The preview's own words (the tables and charts inside use the results panel's: no key is one of theirs). */
export const PREVIEW_WORDS = {
  rangePicker: 'Time range',
  tileRunning: 'Running…',
  tileFailed: 'This chart’s query failed: {0}',
  notDrawn: '{0} charts are not drawn in the preview yet.',
  noKind: 'This chart has no type.',
  noQuery: 'This chart has no APL query to run.',
  noTable: 'The query returned no table.',
  noValue: 'The query returned no value.',
  notTimeSeries: 'The result is not a time series: shown as a table.',
  firstRows: 'The first {0} of {1} rows.',
  notJson: 'The document is not valid JSON: the preview shows it as it last was.',
  notDashboard: 'The document is not a dashboard (no list of charts): the preview shows it as it last was.',
  empty: 'This dashboard has no charts.',
} as const;

export type PreviewWords = { readonly [K in keyof typeof PREVIEW_WORDS]: string };

/** A time range the picker offers: its id (`dashboard`, or a preset's id) and its label. */
export interface RangeChoice {
  id: string;
  label: string;
}

/** Extension → page. */
export type PreviewHostMessage =
  /** The dashboard's charts and places, and the ranges offered: the page lays the tiles out (a tile
   *  still there keeps what it shows until its chart runs again). */
  | { type: 'dashboard'; name: string; tiles: PreviewTile[]; ranges: RangeChoice[]; range: string }
  /** The text is no dashboard now: the page says so and keeps the tiles. */
  | { type: 'problem'; problem: 'json' | 'shape' | '' }
  | { type: 'running'; id: string; runId: number }
  | { type: 'result'; id: string; runId: number; result: ResultsView }
  | { type: 'failed'; id: string; runId: number; message: string }
  /** The annotations the chart of a tile's result `runId` draws (or why there are none), apart from its rows. */
  | { type: 'annotations'; id: string; runId: number; chart: ChartAnnotations };

/** Page → extension. */
export type PreviewPageMessage =
  | { type: 'ready' }
  /** The person chose a range in the picker. */
  | { type: 'range'; id: string }
  | { type: 'copy'; text: string }
  /** A tile's chart: an annotation's link, or Add Annotation at the point or span chosen (annotations, issue 40). */
  | { type: 'annotation'; id: string; request: AnnotationRequest };

const MAX_TEXT = 1024 * 1024;

export function isText(value: unknown, max = MAX_TEXT): value is string {
  return typeof value === 'string' && value.length <= max;
}

/** A message from the page, or undefined when it is not one the extension knows. */
export function readPreviewPageMessage(value: unknown): PreviewPageMessage | undefined {
  if (!isJsonObject(value)) return undefined;
  switch (value.type) {
    case 'ready':
      return { type: 'ready' };
    case 'range':
      return isText(value.id, 64) ? { type: 'range', id: value.id } : undefined;
    case 'copy':
      return isText(value.text, 50 * MAX_TEXT) ? { type: 'copy', text: value.text } : undefined;
    case 'annotation': {
      const request = readAnnotationRequest(value.request);
      return isText(value.id, 256) && request ? { type: 'annotation', id: value.id, request } : undefined;
    }
    default:
      return undefined;
  }
}

/** Rows a tile receives of each table, at most (resultsDelivery's firstPart cuts them): a tile
 *  shows a few; its chart needs the whole of a time series' bins. */
export const TILE_ROWS = 2000;
