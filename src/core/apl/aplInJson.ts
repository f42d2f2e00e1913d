// APL held in the strings of JSON files (a monitor's `aplQuery`, a dashboard chart's `query.apl`):
// where each such string lies in the file's text, and the problems of its APL placed there, at
// the characters of the JSON string that hold them (escapes such as \n or \" counted as written).
// The command-line checker (fileChecks.ts) and the editor's diagnostics (src/language) both read
// JSON files through it, and so does the place a refused dashboard save names (jsonPlaces).
import { checkApl } from './checks';
import type { Problem } from './problem';

import type { JsonPath } from './aplInJsonFiles';

/** A JSON string that holds APL, as found in the text. */
export interface AplInJson {
  /** The path it was found at (indexes and keys, no `'*'`). */
  path: (string | number)[];
  /** The decoded string: the APL. */
  apl: string;
  /** Its opening quote's offset in the text, and the offset after its closing one. */
  start: number;
  end: number;
  /** The offset in the text of an offset in `apl` (its length: the closing quote). */
  offsetOf(decoded: number): number;
}

/** Every string of the JSON text whose path matches one of `paths`, in the order of the text. A
 *  text that is not JSON is read as far as it is (comments are skipped, as JSONC has them). */
export function aplStringsInJson(text: string, paths: readonly JsonPath[]): AplInJson[] {
  const found: AplInJson[] = [];
  new JsonReader(text, (path, start) => {
    if (!paths.some((pattern) => matches(pattern, path))) return undefined;
    const string = readJsonString(text, start);
    const { rawOffsets } = string;
    found.push({
      path: [...path],
      apl: string.decoded,
      start,
      end: string.end,
      offsetOf: (n) => rawOffsets[Math.max(0, Math.min(n, rawOffsets.length - 1))],
    });
    return string.end;
  }).value([]);
  return found;
}

/** The problems of the APL strings at `paths` (by `check`, the local checks unless told), with
 *  their ranges in the JSON text, in its order. */
export function aplProblemsInJson(
  text: string,
  paths: readonly JsonPath[],
  check: (apl: string) => Problem[] = checkApl,
): Problem[] {
  return aplStringsInJson(text, paths).flatMap((string) =>
    check(string.apl).map((p) => ({ ...p, start: string.offsetOf(p.start), end: string.offsetOf(p.end) })),
  );
}

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

function matches(pattern: JsonPath, path: readonly (string | number)[]): boolean {
  return pattern.length === path.length && pattern.every((part, i) => part === '*' || part === path[i]);
}

/** Deeper nesting than this is not read (no file of ours needs it; the stack stays small). */
const MAX_DEPTH = 100;

/** Walks a JSON text's values with their paths, telling `onString` of each string value (it may
 *  read the string itself and say where it ends), and `onValue` of each value's place once read. */
class JsonReader {
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
function readJsonString(text: string, start: number): { decoded: string; rawOffsets: number[]; end: number } {
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
