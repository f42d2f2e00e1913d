// Edit Chart Query: a dashboard chart's APL, as the one reader of APL in JSON strings
// (core/apl/aplInJson.ts, in the "apl" bundle: the caller hands what it found) finds it in the
// dashboard's JSON text, and the edit that writes a new APL back as the JSON string it is (quotes,
// \n and the other escapes JSON.stringify writes), touching nothing else of the text.
import type { AplInJson } from '../apl/aplInJson';
import { aplPathsOf } from '../apl/aplInJsonFiles';

/** Where a dashboard's JSON holds its charts' APL (the paths of a `*.axiom-dashboard.json`). */
export const CHART_APL_PATHS = aplPathsOf('.axiom-dashboard.json') ?? [];

/** Finds the APL strings of a text at the paths (aplStringsInJson). */
export type FindAplStrings = (text: string, paths: typeof CHART_APL_PATHS) => AplInJson[];

export interface ChartQuery {
  /** The chart's index in `charts`. */
  index: number;
  /** The chart's name, when the text reads as JSON and the chart has one. */
  name?: string;
  apl: string;
  /** The JSON string's place in the text: its opening quote, and the offset after its closing one. */
  start: number;
  end: number;
}

/** The charts of the text when it reads as JSON, for their names. */
function chartsOf(text: string): unknown[] {
  try {
    const value: unknown = JSON.parse(text);
    const charts = typeof value === 'object' && value !== null ? (value as { charts?: unknown }).charts : undefined;
    return Array.isArray(charts) ? charts : [];
  } catch {
    return [];
  }
}

/** Every chart APL of the text, in its order (a text that is not whole JSON is read as far as it goes). */
export function chartQueries(text: string, find: FindAplStrings): ChartQuery[] {
  const charts = chartsOf(text);
  return find(text, CHART_APL_PATHS).map((found) => {
    const index = Number(found.path[1]);
    const chart = charts[index];
    const name =
      typeof chart === 'object' && chart !== null && typeof (chart as { name?: unknown }).name === 'string'
        ? (chart as { name: string }).name
        : undefined;
    return { index, ...(name ? { name } : {}), apl: found.apl, start: found.start, end: found.end };
  });
}

/** The chart whose APL string holds `offset` (its quotes included), if any. */
export function chartQueryAt(charts: readonly ChartQuery[], offset: number): ChartQuery | undefined {
  return charts.find((chart) => offset >= chart.start && offset <= chart.end);
}

/** The replacement that makes chart `index`'s APL `apl`: the string's place and its new JSON text;
 *  undefined when the text no longer holds that chart's APL as a string (the chart was removed). */
export function chartQueryEdit(
  text: string,
  index: number,
  apl: string,
  find: FindAplStrings,
): { start: number; end: number; text: string } | undefined {
  const chart = chartQueries(text, find).find((c) => c.index === index);
  if (!chart) return undefined;
  return { start: chart.start, end: chart.end, text: JSON.stringify(apl) };
}
