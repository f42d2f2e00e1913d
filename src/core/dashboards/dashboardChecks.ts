// The place a refused save names in a dashboard's text: the service's words name a field
// (`charts.1.colour: …`), shown at its key. (The charts' APL is checked where every JSON file's APL
// is: core/apl/aplInJson.ts, by the row of core/apl/aplInJsonFiles.ts; both read the text with core/jsonReader.ts.)
import { jsonPlaces, type JsonPlace } from '../jsonReader';

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

/** The place a path names, or the nearest place above it that the text has (a refused key not found: its object). */
function nearestPlace(places: Map<string, JsonPlace>, path: string): JsonPlace {
  for (let parts = path.split('.'); parts.length; parts = parts.slice(0, -1)) {
    const place = places.get(parts.join('.'));
    if (place) return place;
  }
  return places.get('') ?? { start: 0, end: 0 };
}
