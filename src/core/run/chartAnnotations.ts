// The annotations a chart draws (a deploy, an incident: a moment or a span on the time line of the
// datasets it touched), as the extension hands them to a page, and the one read of them per chart:
// the datasets the query reads (from its syntax), the range the chart shows, one request through a
// request budget. A read that fails, or that the budget would make wait, gives a note instead: the
// chart draws without them and says so quietly. Plain TypeScript: the pages use the readers too.
import { datasetFromApl } from '../apl/aplText';
import { isJsonObject } from '../json';
import type { RequestBudget } from '../api/requestBudget';
import { rangeRequest, resolveRangeEnd, type TimeRange } from './timeRange';

/** One annotation as a chart marks it; times in milliseconds since the epoch. */
export interface ChartAnnotation {
  id: string;
  type: string;
  title: string;
  description?: string;
  url?: string;
  time: number;
  /** The end of a span (a band on the chart); absent for a moment (a line). */
  endTime?: number;
}

/** Why a chart has no annotations to draw although its query reads datasets. */
export type AnnotationNote = 'unread' | 'busy';

/** What a chart is told: the annotations of its range, or why there are none. */
export type ChartAnnotations = { annotations: ChartAnnotation[] } | { note: AnnotationNote };

/** Most annotations one chart is given (more in one range would not be told apart anyway). */
export const MAX_CHART_ANNOTATIONS = 5000;
/** The service's longest title and type (256) and description and URL (512): longer is not one of its own. */
const MAX_TEXT = { id: 256, type: 256, title: 256, description: 512, url: 512 } as const;
/** A read the budget would hold back longer than this is not made (the chart says so). */
export const BUDGET_WAIT_LIMIT_MS = 2000;

function text(value: unknown, max: number): string | undefined {
  return typeof value === 'string' && value.length <= max ? value : undefined;
}

function timeOf(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string' || !value) return undefined;
  const ms = Date.parse(value);
  return Number.isFinite(ms) ? ms : undefined;
}

/** An annotation as the service or a message holds it (times as RFC 3339 text or milliseconds),
 *  or undefined when it is not one. A URL other than http(s) is left out: the page only links those. */
export function readChartAnnotation(value: unknown): ChartAnnotation | undefined {
  if (!isJsonObject(value)) return undefined;
  const id = text(value.id, MAX_TEXT.id);
  const type = text(value.type, MAX_TEXT.type);
  const title = text(value.title, MAX_TEXT.title) ?? '';
  const time = timeOf(value.time);
  if (id === undefined || type === undefined || time === undefined) return undefined;
  const annotation: ChartAnnotation = { id, type, title, time };
  const description = text(value.description, MAX_TEXT.description);
  if (description) annotation.description = description;
  const url = text(value.url, MAX_TEXT.url);
  if (url && /^https?:\/\//i.test(url)) annotation.url = url;
  const endTime = timeOf(value.endTime);
  if (endTime !== undefined && endTime > time) annotation.endTime = endTime;
  return annotation;
}

/** The annotations of a list (anything that is not one is dropped), at most MAX_CHART_ANNOTATIONS. */
export function readChartAnnotationList(values: unknown): ChartAnnotation[] {
  if (!Array.isArray(values)) return [];
  const list: ChartAnnotation[] = [];
  for (const value of values) {
    const annotation = readChartAnnotation(value);
    if (annotation) list.push(annotation);
    if (list.length >= MAX_CHART_ANNOTATIONS) break;
  }
  return list;
}

/** What a chart is told, read back from a message (undefined when it is neither list nor note). */
export function readChartAnnotations(value: unknown): ChartAnnotations | undefined {
  if (!isJsonObject(value)) return undefined;
  if (value.note === 'unread' || value.note === 'busy') return { note: value.note };
  return Array.isArray(value.annotations) ? { annotations: readChartAnnotationList(value.annotations) } : undefined;
}

/** The annotations that show in [from, to] (milliseconds): a moment within it, a span that overlaps it. */
export function annotationsInRange(list: readonly ChartAnnotation[], from: number, to: number): ChartAnnotation[] {
  return list.filter((a) => a.time <= to && (a.endTime ?? a.time) >= from);
}

/** The datasets whose annotations a query's chart shows: the one its statement that runs reads. */
export function queryDatasets(apl: string): string[] {
  const dataset = datasetFromApl(apl);
  return dataset ? [dataset] : [];
}

const isTime = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n);

/** What a chart asks of its host about annotations (the results panel's, a notebook output's, the dry run's). */
export type AnnotationRequest =
  /** An annotation's link, for the extension to open through VS Code (with its prompt). */
  | { type: 'openAnnotationUrl'; url: string }
  /** Add Annotation, at a time or over a span the chart was clicked or dragged across (milliseconds), or now. */
  | { type: 'addAnnotation'; time?: number; endTime?: number };

/** A chart's request about annotations (its page is the results panel, a notebook output or the dry run's). */
export function readAnnotationRequest(value: unknown): AnnotationRequest | undefined {
  if (!isJsonObject(value)) return undefined;
  if (value.type === 'openAnnotationUrl')
    return typeof value.url === 'string' && /^https?:\/\//i.test(value.url) && value.url.length <= 512
      ? { type: 'openAnnotationUrl', url: value.url }
      : undefined;
  if (value.type !== 'addAnnotation') return undefined;
  if (value.time === undefined) return { type: 'addAnnotation' };
  if (!isTime(value.time)) return undefined;
  if (value.endTime === undefined) return { type: 'addAnnotation', time: value.time };
  return isTime(value.endTime) && value.endTime > value.time
    ? { type: 'addAnnotation', time: value.time, endTime: value.endTime }
    : undefined;
}

/** Add Annotation (the annotations feature's command), which a chart's click or drag runs with
 *  `{ datasets, time, endTime }` (RFC 3339). */
export const ADD_ANNOTATION_COMMAND = 'axiom.addAnnotation';

/** The arguments of Add Annotation from a chart: its query's datasets, and the time or span chosen (milliseconds). */
export function addAnnotationArgs(
  datasets: readonly string[],
  time?: number,
  endTime?: number,
): { datasets: string[]; time?: string; endTime?: string } {
  return {
    datasets: [...datasets],
    ...(time === undefined ? {} : { time: new Date(time).toISOString() }),
    ...(endTime === undefined ? {} : { endTime: new Date(endTime).toISOString() }),
  };
}

/** The range a chart shows, in milliseconds. */
export interface ChartRange {
  from: number;
  to: number;
}

/** The range a query over `range` covers, now. */
export function chartRange(range: TimeRange, now = Date.now()): ChartRange {
  const { startTime, endTime } = rangeRequest(range);
  return { from: resolveRangeEnd(startTime, now), to: resolveRangeEnd(endTime, now) };
}

/** What the client's list of annotations is asked (GET /v2/annotations with its filters). */
export interface AnnotationFilter {
  datasets: string[];
  /** RFC 3339. */
  start: string;
  end: string;
}

/** Reads the annotations of datasets over a range (the client's list). */
export type ListAnnotations = (filter: AnnotationFilter, signal?: AbortSignal) => Promise<readonly unknown[]>;

/**
 * The one read of a chart's annotations: undefined when the query reads no dataset (nothing to
 * ask, nothing to say); else one request through the budget, unless the budget would hold it back
 * longer than BUDGET_WAIT_LIMIT_MS (a 'busy' note); a failure is an 'unread' note. What comes back
 * is kept to the range (a span that overlaps it included).
 */
export async function readAnnotationsForChart(
  list: ListAnnotations,
  datasets: readonly string[],
  range: ChartRange,
  budget: RequestBudget,
  signal?: AbortSignal,
): Promise<ChartAnnotations | undefined> {
  if (!datasets.length || !(range.to >= range.from)) return undefined;
  // Infinity: only the requests in flight hold it back, and they end soon.
  const wait = budget.nextStartIn();
  if (wait !== Infinity && wait > BUDGET_WAIT_LIMIT_MS) return { note: 'busy' };
  try {
    const filter: AnnotationFilter = {
      datasets: [...datasets],
      start: new Date(range.from).toISOString(),
      end: new Date(range.to).toISOString(),
    };
    const answer = await budget.run(() => list(filter, signal), signal);
    return { annotations: annotationsInRange(readChartAnnotationList(answer), range.from, range.to) };
  } catch {
    return { note: 'unread' };
  }
}
