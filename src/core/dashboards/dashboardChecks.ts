// The APL of every chart of a dashboard checked at its place inside the JSON string
// (`charts[].query.apl`, the spec's APL query of a chart), and the place a refused save names.
import type { Problem } from '../apl/problem';
import { isJsonObject } from '../json';
import type { Phrase } from '../phrase';
import { jsonPlaces, nearestPlace, offsetInString } from './jsonPlaces';

export interface PlacedProblem {
  /** Offsets in the document's text. */
  start: number;
  end: number;
  severity: 'error' | 'warning';
  message: Phrase;
}

/** The paths of the charts' APL strings in a parsed document. */
export function aplPaths(document: unknown): string[] {
  if (!isJsonObject(document) || !Array.isArray(document.charts)) return [];
  return document.charts.flatMap((chart: unknown, index) =>
    isJsonObject(chart) && isJsonObject(chart.query) && typeof chart.query.apl === 'string'
      ? [`charts.${index}.query.apl`]
      : [],
  );
}

/**
 * The problems `check` finds in each APL string at `paths` of the JSON `text`, placed in the text:
 * a problem at a character of the query is shown at that character inside the string, escapes and all.
 */
export function aplProblemsInJson(
  text: string,
  paths: readonly string[],
  check: (apl: string) => readonly Problem[],
): PlacedProblem[] {
  if (!paths.length) return [];
  const places = jsonPlaces(text);
  const problems: PlacedProblem[] = [];
  for (const path of paths) {
    const place = places.get(path);
    if (!place || text[place.start] !== '"') continue;
    const apl = JSON.parse(text.slice(place.start, place.end)) as string;
    for (const p of check(apl))
      problems.push({
        start: offsetInString(text, place.start, p.start),
        end: Math.max(offsetInString(text, place.start, p.end), offsetInString(text, place.start, p.start) + 1),
        severity: p.severity,
        message: p.message,
      });
  }
  return problems;
}

/** A path the service's words name (`charts.1.colour: …`), if they name one. */
export function pathNamedIn(words: string): string | undefined {
  const match =
    /\b((?:charts|layout)\.\d+(?:\.[A-Za-z_$][\w$]*)*)\b/.exec(words) ??
    /\b(name|owner|description|charts|layout|refreshTime|schemaVersion|against|againstTimestamp|timeWindowStart|timeWindowEnd|uid)\b\s*:/.exec(
      words,
    );
  return match?.[1];
}

/** Where in the text a refusal's words point: the key of the field they name (or the nearest that is there), else the start. */
export function refusalPlace(text: string, words: string): { start: number; end: number } {
  const path = pathNamedIn(words);
  if (path === undefined) return { start: 0, end: 1 };
  const place = nearestPlace(jsonPlaces(text), path);
  const start = place.keyStart ?? place.start;
  return {
    start,
    end: Math.max(
      start + 1,
      place.keyStart === undefined ? place.end : place.keyStart + path.split('.').pop()!.length + 2,
    ),
  };
}
