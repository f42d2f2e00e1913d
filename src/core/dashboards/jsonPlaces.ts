// Where each value of a JSON text is: its path (`charts.1.query.apl`) to the offsets of its key and
// value in the text, so that the service's refusal naming a field is shown at its key (the APL inside
// JSON strings is core/apl/aplInJson.ts's). Reads text JSON.parse reads; on anything else it
// stops and returns the places found so far.

export interface JsonPlace {
  /** Offset of the member's key (its opening quote), for a member of an object. */
  keyStart?: number;
  /** Offsets of the value: from its first character to just past its last. */
  start: number;
  end: number;
}

const WHITESPACE = /[ \t\n\r]/;

/** Every value's place, by its path (keys and indexes joined by dots; '' is the whole text). */
export function jsonPlaces(text: string): Map<string, JsonPlace> {
  const places = new Map<string, JsonPlace>();
  let at = 0;
  const skip = () => {
    while (at < text.length && WHITESPACE.test(text[at])) at++;
  };
  const fail = (): never => {
    throw new StopScan();
  };
  const stringEnd = (from: number): number => {
    let i = from + 1;
    while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    if (i >= text.length) fail();
    return i + 1;
  };
  const value = (path: string, keyStart?: number): void => {
    skip();
    const start = at;
    const c = text[at];
    if (c === '{') {
      at++;
      skip();
      if (text[at] === '}') at++;
      else
        for (;;) {
          skip();
          if (text[at] !== '"') fail();
          const memberKey = at;
          at = stringEnd(at);
          const key = JSON.parse(text.slice(memberKey, at)) as string;
          skip();
          if (text[at] !== ':') fail();
          at++;
          value(path === '' ? key : `${path}.${key}`, memberKey);
          skip();
          if (text[at] === ',') at++;
          else if (text[at] === '}') {
            at++;
            break;
          } else fail();
        }
    } else if (c === '[') {
      at++;
      skip();
      if (text[at] === ']') at++;
      else
        for (let index = 0; ; index++) {
          value(path === '' ? String(index) : `${path}.${index}`);
          skip();
          if (text[at] === ',') at++;
          else if (text[at] === ']') {
            at++;
            break;
          } else fail();
        }
    } else if (c === '"') {
      at = stringEnd(at);
    } else {
      const literal = /^(-?\d+(\.\d+)?([eE][+-]?\d+)?|true|false|null)/.exec(text.slice(at, at + 400));
      if (!literal) fail();
      at += literal![0].length;
    }
    places.set(path, { keyStart, start, end: at });
  };
  try {
    value('');
  } catch (error) {
    if (!(error instanceof StopScan)) throw error;
  }
  return places;
}

class StopScan extends Error {}

/** The place a path names, or the nearest place above it that the text has (a refused key not found: its object). */
export function nearestPlace(places: Map<string, JsonPlace>, path: string): JsonPlace {
  for (let parts = path.split('.'); parts.length; parts = parts.slice(0, -1)) {
    const place = places.get(parts.join('.'));
    if (place) return place;
  }
  return places.get('') ?? { start: 0, end: 0 };
}
