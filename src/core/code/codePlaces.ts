// Places in code found in data: stack frames in a log line or an exception's stack trace, and
// OpenTelemetry's `code.*` attributes in a row. The one finder every view that shows events uses
// (the results panel, later traces and live tail); platform/codeLocations.ts maps what it finds
// onto the workspace's folders.
//
// What comes from logs is data: a path is kept as a string, never read, never joined; `\` becomes
// `/`; a path with a `..` segment is dropped. The work per value is bounded: only its first
// MAX_SCANNED_CHARACTERS are read, by regular expressions whose every repetition is bounded (no
// nested unbounded repetition: linear in the text), and at most MAX_PLACES places come back.

/** A place in code, as data gave it: `path` as written (a file name alone for a Java frame). */
export interface CodePlace {
  readonly path: string;
  /** 1-based; absent when the data named the file only. */
  readonly line?: number;
  /** 1-based. */
  readonly column?: number;
  /** The function or method the data names there, when it does. */
  readonly function?: string;
}

/** How much of one value is read (characters). */
export const MAX_SCANNED_CHARACTERS = 64 * 1024;
/** How many places one value (or one row) gives at most. */
export const MAX_PLACES = 50;
/** How many elements of an array, or fields of an object, are looked into. */
const MAX_PARTS = 200;
/** A line or column number larger than this is not one. */
const MAX_NUMBER = 10_000_000;

/** The file extensions of source code a frame may name: a `name.ext:12` elsewhere (a host and its
 *  port, a time) is not taken for a place. */
const SOURCE_EXTENSIONS =
  'tsx|ts|mts|cts|jsx|js|mjs|cjs|vue|svelte|py|pyw|go|java|kt|kts|scala|groovy|clj|cs|fs|vb|rb|rs|' +
  'php|cpp|cc|cxx|c|hpp|hh|h|swift|m|mm|ex|exs|erl|dart|lua|pl|pm|sh|zig|nim|cr|jl|r';

/** Characters a path in a frame may hold (no space, quote, bracket, colon or separator of a list). */
const PATH_CHARACTER = String.raw`[^\s:"'()<>\[\]{},;|*?\u0000-\u001f]`;

interface Pattern {
  readonly regex: RegExp;
  /** Text every match holds: a value without it is not searched (most cells hold no frame). */
  readonly holds: string;
  /** The groups' numbers of the path, line, column and function (0: none). */
  readonly groups: { path: number; line: number; column: number; fn: number };
}

/** Bounded patterns, one per shape of frame; each is tried over the whole text left to right. */
const PATTERNS: readonly Pattern[] = [
  // `path:line` or `path:line:column`, with a source extension: Node and TypeScript
  // (`at fn (/app/x.ts:12:5)`, `at /app/x.js:3:1`, `file:///…`), Rust (`src/main.rs:12:5`),
  // Go (`/app/x.go:12 +0x1d`), Ruby (`/app/x.rb:12:in 'm'`), Java and Kotlin (`(C.java:12)`),
  // Windows paths (`C:\app\x.ts:1:2`). Not after a letter, digit, `.`, `/`, `\`, `-` or `:` (not
  // the middle of a word, of a path, or of a URL: `https://host/x.js:1` is a browser's, not a file).
  {
    regex: new RegExp(
      String.raw`(?<![\w./\\:-])((?:file:///?)?(?:[A-Za-z]:)?${PATH_CHARACTER}{0,300}\.(?:${SOURCE_EXTENSIONS})):(\d{1,8})(?::(\d{1,8}))?(?!\d)`,
      'g',
    ),
    groups: { path: 1, line: 2, column: 3, fn: 0 },
    holds: ':',
  },
  // Python: `File "/app/x.py", line 12, in f` (a path may hold spaces; `<string>` is no file).
  {
    regex: /File "([^"\n]{1,300})", line (\d{1,8})(?:, in ([\w.<>]{1,200}))?/g,
    groups: { path: 1, line: 2, column: 0, fn: 3 },
    holds: 'File "',
  },
  // .NET: `at N.C.M() in /app/X.cs:line 12` (a Windows path may hold spaces and its drive's colon).
  {
    regex: /\bin ((?:[A-Za-z]:)?[^\n:"]{1,300}):line (\d{1,8})/g,
    groups: { path: 1, line: 2, column: 0, fn: 0 },
    holds: ':line ',
  },
];

/** The places written in `value`, in the order they appear (at most MAX_PLACES). `field`, the
 *  name of the value's field, says what a plain value is: the value of `code.filepath` (or
 *  `code.file.path`) is a path itself. An object is read as a row (placesInRow). Never throws. */
export function placesIn(value: unknown, field?: string): CodePlace[] {
  const found = new Found();
  collect(value, field, found, 0);
  return found.places;
}

/** The places a row (an event, a span) names: its OpenTelemetry code attributes (both spellings,
 *  as `attributes.code.*`, nested objects or flattened names with dots), then the frames of its
 *  `exception.stacktrace`. At most MAX_PLACES. Never throws. */
export function placesInRow(row: Record<string, unknown>): CodePlace[] {
  const found = new Found();
  readRow(row, found, 0);
  return found.places;
}

/** The places a row's code attributes name (both spellings), without reading its stack traces:
 *  what a code file path column links to (its stack trace column links its own frames). */
export function attributePlacesInRow(row: Record<string, unknown>): CodePlace[] {
  const found = new Found();
  readRow(row, found, 0, false);
  return found.places;
}

/** The places found so far, without twins, up to the cap. */
class Found {
  readonly places: CodePlace[] = [];
  private readonly seen = new Set<string>();
  get full(): boolean {
    return this.places.length >= MAX_PLACES;
  }
  add(place: CodePlace | undefined): void {
    if (!place || this.full) return;
    const key = `${place.path}\u0000${place.line ?? ''}\u0000${place.column ?? ''}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.places.push(place);
  }
}

const FILE_PATH_KEYS = ['code.file.path', 'code.filepath'];
const LINE_KEYS = ['code.line.number', 'code.lineno'];
const COLUMN_KEYS = ['code.column.number', 'code.column'];
const FUNCTION_KEYS = ['code.function.name', 'code.function'];
const STACK_KEYS = ['exception.stacktrace'];
/** Where a row keeps the attributes: at its top, or under `attributes` (nested or flattened). */
const ATTRIBUTE_PREFIXES = ['', 'attributes.'];

/** Whether `field` (a column's name) holds a code file path attribute. */
export function isFilePathField(field: string | undefined): boolean {
  return field !== undefined && ATTRIBUTE_PREFIXES.some((p) => FILE_PATH_KEYS.some((k) => field === p + k));
}

function collect(value: unknown, field: string | undefined, found: Found, depth: number): void {
  if (found.full) return;
  if (typeof value === 'string') {
    if (isFilePathField(field)) found.add(placeOf(value, undefined, undefined, undefined));
    else scanText(value, found);
  } else if (Array.isArray(value)) {
    if (depth > 2) return;
    for (const element of value.slice(0, MAX_PARTS)) collect(element, undefined, found, depth + 1);
  } else if (isObject(value)) {
    if (depth <= 2) readRow(value, found, depth);
  }
}

function readRow(row: Record<string, unknown>, found: Found, depth: number, stacks = true): void {
  for (const prefix of ATTRIBUTE_PREFIXES) {
    const path = firstOf(row, prefix, FILE_PATH_KEYS);
    if (typeof path === 'string')
      found.add(
        placeOf(
          path,
          numberOf(firstOf(row, prefix, LINE_KEYS)),
          numberOf(firstOf(row, prefix, COLUMN_KEYS)),
          textOf(firstOf(row, prefix, FUNCTION_KEYS)),
        ),
      );
  }
  if (!stacks) return;
  for (const prefix of ATTRIBUTE_PREFIXES) {
    const stack = firstOf(row, prefix, STACK_KEYS);
    if (typeof stack === 'string') scanText(stack, found);
  }
  // A span's exception events keep their stack trace in their own attributes.
  const events = row['events'];
  if (Array.isArray(events) && depth < 2)
    for (const event of events.slice(0, MAX_PARTS)) if (isObject(event)) readRow(event, found, depth + 1);
}

/** The first of `keys` (under `prefix`) the row holds a value for. */
function firstOf(row: Record<string, unknown>, prefix: string, keys: readonly string[]): unknown {
  for (const key of keys) {
    const value = lookup(row, (prefix + key).split('.'));
    if (value !== undefined && value !== null) return value;
  }
  return undefined;
}

/** The value at a dotted name, whichever of its dots are nesting and which are part of a field's
 *  name (`attributes.code.filepath`, `{ attributes: { 'code.filepath': … } }`, `{ attributes: { code: { filepath } } }`). */
function lookup(value: Record<string, unknown>, segments: readonly string[]): unknown {
  for (let i = 1; i <= segments.length; i++) {
    const key = segments.slice(0, i).join('.');
    if (!Object.hasOwn(value, key)) continue;
    const inner = value[key];
    if (i === segments.length) return inner;
    if (isObject(inner)) {
      const found = lookup(inner, segments.slice(i));
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

function scanText(text: string, found: Found): void {
  const scanned = text.length > MAX_SCANNED_CHARACTERS ? text.slice(0, MAX_SCANNED_CHARACTERS) : text;
  const matches: { at: number; place: CodePlace }[] = [];
  for (const { regex, groups, holds } of PATTERNS) {
    if (!scanned.includes(holds)) continue;
    regex.lastIndex = 0;
    let count = 0;
    for (let m = regex.exec(scanned); m && count < MAX_PLACES; m = regex.exec(scanned)) {
      const place = placeOf(
        m[groups.path],
        numberOf(m[groups.line]),
        groups.column ? numberOf(m[groups.column]) : undefined,
        groups.fn ? m[groups.fn] : undefined,
      );
      if (place) {
        matches.push({ at: m.index, place });
        count++;
      }
    }
  }
  matches.sort((a, b) => a.at - b.at);
  for (const { place } of matches) found.add(place);
}

/** A place from what data gave, or undefined when the path is no file's or climbs (`..`). */
function placeOf(
  rawPath: string | undefined,
  line: number | undefined,
  column: number | undefined,
  fn: string | undefined,
): CodePlace | undefined {
  const path = normalisePath(rawPath);
  if (!path) return undefined;
  return {
    path,
    ...(line !== undefined && { line }),
    ...(line !== undefined && column !== undefined && { column }),
    ...(fn && { function: fn }),
  };
}

/** `\` as `/`, a `file://` prefix dropped; undefined for no path, a pseudo-file (`<string>`,
 *  `node:internal/…`) or a path with a `..` segment. */
export function normalisePath(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  let path = raw.trim().slice(0, 1024).replace(/\\/g, '/');
  if (/^file:\/\//i.test(path)) {
    path = path.slice('file://'.length);
    // file:///C:/app/x.ts
    if (/^\/[A-Za-z]:\//.test(path)) path = path.slice(1);
  }
  if (!path || path.startsWith('<') || /^[a-z]{2,}:/i.test(path) || hasControlCharacter(path)) return undefined;
  if (path.split('/').some((segment) => segment === '..')) return undefined;
  return path;
}

/** Whether the text holds a control character (a path from logs with one is no file's). */
function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) < 0x20) return true;
  return false;
}

function numberOf(value: unknown): number | undefined {
  const n =
    typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,8}$/.test(value) ? Number(value) : NaN;
  return Number.isInteger(n) && n >= 1 && n <= MAX_NUMBER ? n : undefined;
}

function textOf(value: unknown): string | undefined {
  return typeof value === 'string' && value ? value.slice(0, 200) : undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A place given as plain data from outside (a command's argument, a page's message): `{ path,
 *  line?, column? }`, the path normalised as a frame's is; undefined for anything else. */
export function readPlace(value: unknown): CodePlace | undefined {
  if (!isObject(value) || typeof value['path'] !== 'string') return undefined;
  return placeOf(value['path'], numberOf(value['line']), numberOf(value['column']), textOf(value['function']));
}
