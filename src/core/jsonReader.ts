// The one reader of JSON texts by place: walks the values with their paths and offsets, reading
// as far as the text is JSON (comments skipped, as JSONC has them). The APL inside JSON strings
// (core/apl/aplInJson.ts) and the place a refused dashboard save names (core/dashboards/dashboardChecks.ts)
// are both found through it.

/** Where a value of a JSON text is. */
export interface JsonPlace {
  /** Offset of the member's key (its opening quote), for a member of an object. */
  keyStart?: number;
  /** Offsets of the value: from its first character to just past its last. */
  start: number;
  end: number;
}

/** Every value's place in a JSON text, by its path (keys and indexes joined by dots; '' is the whole
 *  text), read by the same reader as the APL strings (so a text that is not JSON, as far as it is). */
export function jsonPlaces(text: string): Map<string, JsonPlace> {
  const places = new Map<string, JsonPlace>();
  new JsonReader(
    text,
    () => undefined,
    (path, place) => places.set(path.join('.'), place),
  ).value([]);
  return places;
}

/** Deeper nesting than this is not read (no file of ours needs it; the stack stays small). */
const MAX_DEPTH = 100;

/** Walks a JSON text's values with their paths, telling `onString` of each string value (it may
 *  read the string itself and say where it ends), and `onValue` of each value's place once read. */
export class JsonReader {
  private pos = 0;

  constructor(
    private readonly text: string,
    private readonly onString: (path: readonly (string | number)[], start: number) => number | undefined,
    private readonly onValue?: (path: readonly (string | number)[], place: JsonPlace) => void,
  ) {}

  value(path: (string | number)[], keyStart?: number): void {
    this.space();
    const start = this.pos;
    const c = this.text[this.pos];
    if (c === '{') this.object(path);
    else if (c === '[') this.array(path);
    else if (c === '"') this.pos = this.onString(path, this.pos) ?? readJsonString(this.text, this.pos).end;
    else while (this.pos < this.text.length && !/[\s,\]}]/.test(this.text[this.pos])) this.pos++;
    this.onValue?.(path, { keyStart, start, end: this.pos });
  }

  private object(path: (string | number)[]): void {
    this.pos++;
    for (;;) {
      this.space();
      if (this.text[this.pos] !== '"') break;
      const keyStart = this.pos;
      const key = readJsonString(this.text, this.pos);
      this.pos = key.end;
      this.space();
      if (this.text[this.pos] !== ':') return;
      this.pos++;
      if (path.length < MAX_DEPTH) this.value([...path, key.decoded], keyStart);
      if (!this.comma()) break;
    }
    if (this.text[this.pos] === '}') this.pos++;
  }

  private array(path: (string | number)[]): void {
    this.pos++;
    for (let index = 0; ; index++) {
      this.space();
      if (this.text[this.pos] === ']' || this.pos >= this.text.length) break;
      const before = this.pos;
      if (path.length < MAX_DEPTH) this.value([...path, index]);
      if (this.pos === before || !this.comma()) break;
    }
    if (this.text[this.pos] === ']') this.pos++;
  }

  private comma(): boolean {
    this.space();
    if (this.text[this.pos] !== ',') return false;
    this.pos++;
    return true;
  }

  /** Whitespace and comments. */
  private space(): void {
    const text = this.text;
    for (;;) {
      while (this.pos < text.length && /\s/.test(text[this.pos])) this.pos++;
      if (text.startsWith('//', this.pos)) {
        const newline = text.indexOf('\n', this.pos);
        this.pos = newline < 0 ? text.length : newline + 1;
      } else if (text.startsWith('/*', this.pos)) {
        const close = text.indexOf('*/', this.pos + 2);
        this.pos = close < 0 ? text.length : close + 2;
      } else return;
    }
  }
}

/** A JSON string starting at `start` (its quote): its text, where each of its code units is in the
 *  source (one more for its end: the closing quote), and the offset after it. */
export function readJsonString(text: string, start: number): { decoded: string; rawOffsets: number[]; end: number } {
  let decoded = '';
  const rawOffsets: number[] = [];
  let i = start + 1;
  while (i < text.length && text[i] !== '"') {
    rawOffsets.push(i);
    if (text[i] !== '\\') {
      decoded += text[i++];
      continue;
    }
    const escape = text[i + 1];
    if (escape === 'u') {
      decoded += String.fromCharCode(parseInt(text.slice(i + 2, i + 6), 16));
      i += 6;
    } else {
      decoded += ESCAPES[escape] ?? escape ?? '';
      i += 2;
    }
  }
  rawOffsets.push(i);
  return { decoded, rawOffsets, end: Math.min(i + 1, text.length) };
}

const ESCAPES: Readonly<Record<string, string>> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' };
