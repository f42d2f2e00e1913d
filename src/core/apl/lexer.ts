// APL text as tokens with their offsets: what the checks and completion read. It never throws
// and accepts any text; whatever it does not know becomes a one-character `unknown` token.
// Offsets are string indexes (UTF-16 code units), as VS Code's document offsets are.

export type TokenKind =
  /** A name: where, project-away, status, $left, !has, in~ (a hyphenated word is one token). */
  | 'identifier'
  /** ['name'] or ["name"]: a quoted field or dataset name; `value` holds the name. */
  | 'quotedName'
  /** '…', "…", @'…', @"…" or ```…``` (over several lines); `value` holds the text. */
  | 'string'
  | 'number'
  /** 5m, 1.5h, 100ms … */
  | 'timespan'
  | 'comment'
  | 'pipe'
  /** == != <> <= >= < > =~ !~ = + - * / % .. */
  | 'operator'
  /** ( ) [ ] { } , ; : . */
  | 'punctuation'
  | 'unknown';

export interface Token {
  kind: TokenKind;
  text: string;
  start: number;
  end: number;
  /** The decoded text of a string or a quoted name. */
  value?: string;
  /** A string or quoted name that reached the end of its line (or of the text) unclosed. */
  unterminated?: boolean;
}

const TIMESPAN_UNITS = new Set([
  'd',
  'day',
  'days',
  'h',
  'hr',
  'hrs',
  'hour',
  'hours',
  'm',
  'min',
  'minute',
  'minutes',
  's',
  'sec',
  'second',
  'seconds',
  'ms',
  'milli',
  'millis',
  'millisecond',
  'milliseconds',
  'micro',
  'microsecond',
  'microseconds',
  'nano',
  'nanosecond',
  'nanoseconds',
  'tick',
  'ticks',
]);

// The scanner: the tokens of a text as a table of numbers (a kind, a start and an end each, in
// typed arrays), with no object and no string made per token: what the parser reads. `lex` makes
// Token objects of the same table for the readers that want them (completion, formatting). The
// decoded text of a string or a quoted name is read from the text when asked (`tokenValue`).

/** The kinds of the table, by number (`TOKEN_KINDS` names them). */
export const IDENTIFIER = 0;
export const QUOTED_NAME = 1;
export const STRING = 2;
export const NUMBER = 3;
export const TIMESPAN = 4;
export const COMMENT = 5;
export const PIPE = 6;
export const OPERATOR = 7;
export const PUNCTUATION = 8;
export const UNKNOWN = 9;

/** Each kind's name, by its number. */
export const TOKEN_KINDS: readonly TokenKind[] = [
  'identifier',
  'quotedName',
  'string',
  'number',
  'timespan',
  'comment',
  'pipe',
  'operator',
  'punctuation',
  'unknown',
];

/** The tokens of a text: token i is text[starts[i], ends[i]) of kind kinds[i]; `unterminated[i]` is 1
 *  for a string or quoted name left open. Only the first `count` entries are tokens. */
export interface TokenTable {
  readonly text: string;
  readonly count: number;
  readonly kinds: Uint8Array;
  readonly starts: Int32Array;
  readonly ends: Int32Array;
  readonly unterminated: Uint8Array;
  /** The indexes of the strings left open, in order. */
  readonly openStrings: readonly number[];
}

const SPACE = 32;
const TAB = 9;
const NEWLINE = 10;
const CARRIAGE_RETURN = 13;
const FORM_FEED = 12;
const VERTICAL_TAB = 11;
const NO_BREAK_SPACE = 0xa0;
const BYTE_ORDER_MARK = 0xfeff;
const SLASH = 47;
const BACKQUOTE = 96;
const APOSTROPHE = 39;
const QUOTE = 34;
const BACKSLASH = 92;
const AT = 64;
const LOWER_H = 104;
const UPPER_H = 72;
const OPEN_SQUARE = 91;
const CLOSE_SQUARE = 93;
const DOT = 46;
const DOLLAR = 36;
const BANG = 33;
const HYPHEN = 45;
const TILDE = 126;
const BAR = 124;
const EQUALS = 61;
const LESS = 60;
const GREATER = 62;
const ZERO = 48;
const NINE = 57;
const PLUS = 43;
const LEFT_DOUBLE_QUOTE = 0x201c;
const RIGHT_DOUBLE_QUOTE = 0x201d;

const isIdentifierStart = (c: number) => (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95;
const isIdentifierPart = (c: number) => isIdentifierStart(c) || (c >= ZERO && c <= NINE);
const isDigit = (c: number) => c >= ZERO && c <= NINE;
const isHexDigit = (c: number) => isDigit(c) || (c >= 97 && c <= 102) || (c >= 65 && c <= 70);

/** The characters of one-character operators and of punctuation, by code (1: operator, 2: punctuation). */
const SINGLE = new Uint8Array(128);
for (const c of '=<>+-*/%') SINGLE[c.charCodeAt(0)] = 1;
for (const c of '()[]{},;:.') SINGLE[c.charCodeAt(0)] = 2;

/** Whether two characters are an operator: == != <> <= >= =~ !~ .. */
function isTwoCharOperator(c: number, next: number): boolean {
  switch (c) {
    case EQUALS:
      return next === EQUALS || next === TILDE;
    case BANG:
      return next === EQUALS || next === TILDE;
    case LESS:
      return next === GREATER || next === EQUALS;
    case GREATER:
      return next === EQUALS;
    case DOT:
      return next === DOT;
    default:
      return false;
  }
}

/** Where a quoted run starting at `open` (the quote) ends: past the closing quote, or at the line's
 *  end when unclosed; negative (-end - 1) when unclosed. */
function quotedEnd(text: string, open: number, verbatim: boolean): number {
  const quote = text.charCodeAt(open);
  const length = text.length;
  let i = open + 1;
  while (i < length) {
    const c = text.charCodeAt(i);
    if (c === NEWLINE) break;
    if (c === quote) {
      if (verbatim && text.charCodeAt(i + 1) === quote) {
        i += 2;
        continue;
      }
      return i + 1;
    }
    if (!verbatim && c === BACKSLASH && i + 1 < length && text.charCodeAt(i + 1) !== NEWLINE) i += 2;
    else i++;
  }
  return -i - 1;
}

/** The decoded text of a quoted run starting at `open` (the quote), as far as `quotedEnd` reads it. */
function quotedValue(text: string, open: number, verbatim: boolean): string {
  const quote = text[open];
  // The value as runs of the text between escapes, joined once: no string grown a character at a time.
  const parts: string[] = [];
  let run = open + 1;
  let i = open + 1;
  const value = (to: number) => {
    parts.push(text.slice(run, to));
    return parts.length === 1 ? parts[0] : parts.join('');
  };
  while (i < text.length && text[i] !== '\n') {
    const c = text[i];
    if (verbatim) {
      if (c === quote) {
        if (text[i + 1] === quote) {
          parts.push(text.slice(run, i + 1));
          i += 2;
          run = i;
          continue;
        }
        return value(i);
      }
    } else if (c === '\\' && i + 1 < text.length && text[i + 1] !== '\n') {
      const next = text[i + 1];
      parts.push(text.slice(run, i), next === 'n' ? '\n' : next === 't' ? '\t' : next === 'r' ? '\r' : next);
      i += 2;
      run = i;
      continue;
    } else if (c === quote) {
      return value(i);
    }
    i++;
  }
  return value(i);
}

/** ['name'] or ["name"] on one line, with spaces allowed inside the brackets: its end, or -1. */
function quotedNameEnd(text: string, open: number): number {
  let i = open + 1;
  while (text.charCodeAt(i) === SPACE || text.charCodeAt(i) === TAB) i++;
  const c = text.charCodeAt(i);
  if (c !== APOSTROPHE && c !== QUOTE) return -1;
  const end = quotedEnd(text, i, false);
  if (end < 0) return -1;
  i = end;
  while (text.charCodeAt(i) === SPACE || text.charCodeAt(i) === TAB) i++;
  return text.charCodeAt(i) === CLOSE_SQUARE ? i + 1 : -1;
}

/** The end of a number starting at `start`, and whether it is a timespan (5m, 1.5h): negative (-end - 1) for one. */
function numberEnd(text: string, start: number): number {
  const length = text.length;
  let i = start;
  if (
    text.charCodeAt(i) === ZERO &&
    (text[i + 1] === 'x' || text[i + 1] === 'X') &&
    isHexDigit(text.charCodeAt(i + 2))
  ) {
    i += 2;
    while (i < length && isHexDigit(text.charCodeAt(i))) i++;
    return i;
  }
  while (i < length && isDigit(text.charCodeAt(i))) i++;
  if (text.charCodeAt(i) === DOT && text.charCodeAt(i + 1) !== DOT) {
    i++;
    while (i < length && isDigit(text.charCodeAt(i))) i++;
  }
  const e = text.charCodeAt(i);
  if (e === 101 || e === 69) {
    const sign = text.charCodeAt(i + 1);
    if (isDigit(sign) || ((sign === PLUS || sign === HYPHEN) && isDigit(text.charCodeAt(i + 2)))) {
      i += 2;
      while (i < length && isDigit(text.charCodeAt(i))) i++;
    }
  }
  let unitEnd = i;
  while (unitEnd < length && isIdentifierStart(text.charCodeAt(unitEnd))) unitEnd++;
  if (unitEnd > i && TIMESPAN_UNITS.has(text.slice(i, unitEnd).toLowerCase())) return -unitEnd - 1;
  return i;
}

/** The end of a word starting at `start` (its first character read already): letters, digits and
 *  `_`; hyphenated words are one (project-away, mv-expand, sample-http-logs); `in~` and `!in~`. */
function identifierEnd(text: string, start: number): number {
  const length = text.length;
  let end = start + 1;
  while (end < length && isIdentifierPart(text.charCodeAt(end))) end++;
  while (text.charCodeAt(end) === HYPHEN && isIdentifierStart(text.charCodeAt(end + 1))) {
    end += 2;
    while (end < length && isIdentifierPart(text.charCodeAt(end))) end++;
  }
  if (
    text.charCodeAt(end) === TILDE &&
    ((end - start === 2 && text.startsWith('in', start)) || (end - start === 3 && text.startsWith('!in', start)))
  )
    end++;
  return end;
}

/** What the common characters start, by code (below 128), read before the other cases: white space
 *  (none of it in a token), a word, a number, a one-character operator or punctuation that starts
 *  nothing longer, a pipe; 0 for the others (comments, strings, quoted names, operators of two
 *  characters, `.`, `$`, `!`…), read case by case. */
const WHITE = 1;
const WORD = 2;
const DIGIT = 3;
const ONE_CHARACTER = 4;
const BAR_CHARACTER = 5;
const COMMON = new Uint8Array(128);
for (const c of ' \t\n\r\f\v') COMMON[c.charCodeAt(0)] = WHITE;
for (let c = 0; c < 128; c++) {
  if (isIdentifierStart(c)) COMMON[c] = WORD;
  else if (isDigit(c)) COMMON[c] = DIGIT;
}
for (const c of '+-*%()]{},;:') COMMON[c.charCodeAt(0)] = ONE_CHARACTER;
COMMON[BAR] = BAR_CHARACTER;

const isQuote = (c: number) => c === APOSTROPHE || c === QUOTE;

/** `into` (a longer array) holding `from` at its start. */
function grown<T extends Uint8Array | Int32Array>(from: T, into: T): T {
  into.set(from);
  return into;
}

/** The tokens of a text as a table: never throws, whatever the text. With `onComment`, comments are
 *  handed to it (their start and end) instead of being tokens of the table. With `room`, the table
 *  is made in its arrays (the table is good until the next scan in that room). The table's arrays are
 *  this function's own variables (room for a token per four characters, doubled when full): no
 *  object of the scanner's own, whose optimized code a collection of it would throw away. */
export function scan(text: string, onComment?: (start: number, end: number) => void, room?: TableRoom): TokenTable {
  const length = text.length;
  let capacity = 16 + (length >> 2);
  let kinds: Uint8Array;
  let starts: Int32Array;
  let ends: Int32Array;
  let unterminated: Uint8Array;
  if (room && room.kinds.length >= capacity) {
    capacity = room.kinds.length;
    kinds = room.kinds;
    starts = room.starts;
    ends = room.ends;
    unterminated = room.unterminated;
    // What an earlier text left open is no more (a text has at most a token a character).
    unterminated.fill(0, 0, Math.min(capacity, length + 1));
  } else {
    kinds = new Uint8Array(capacity);
    starts = new Int32Array(capacity);
    ends = new Int32Array(capacity);
    unterminated = new Uint8Array(capacity);
  }
  const openStrings: number[] = [];
  let count = 0;
  let i = 0;
  while (i < length) {
    // A token at most is added by each turn: room for one is made here.
    if (count === capacity) {
      capacity *= 2;
      kinds = grown(kinds, new Uint8Array(capacity));
      starts = grown(starts, new Int32Array(capacity));
      ends = grown(ends, new Int32Array(capacity));
      unterminated = grown(unterminated, new Uint8Array(capacity));
    }
    const c = text.charCodeAt(i);
    // The common characters first, by a table: what they start is known from them alone.
    const common = c < 128 ? COMMON[c] : 0;
    if (common === WHITE) {
      // A run of white space at once.
      i++;
      while (i < length) {
        const w = text.charCodeAt(i);
        if (w >= 128 || COMMON[w] !== WHITE) break;
        i++;
      }
      continue;
    }
    let kind: number;
    let end: number;
    if (common === WORD && !((c === LOWER_H || c === UPPER_H) && isQuote(text.charCodeAt(i + 1)))) {
      kind = IDENTIFIER;
      end = identifierEnd(text, i);
    } else if (common === DIGIT) {
      end = numberEnd(text, i);
      kind = end < 0 ? TIMESPAN : NUMBER;
      if (end < 0) end = -end - 1;
    } else if (common === ONE_CHARACTER) {
      kind = SINGLE[c] === 1 ? OPERATOR : PUNCTUATION;
      end = i + 1;
    } else if (common === BAR_CHARACTER) {
      kind = PIPE;
      end = i + 1;
    } else {
      const next = i + 1 < length ? text.charCodeAt(i + 1) : -1;
      let open = false;
      if (
        c === SPACE ||
        c === TAB ||
        c === NEWLINE ||
        c === CARRIAGE_RETURN ||
        c === FORM_FEED ||
        c === VERTICAL_TAB ||
        c === NO_BREAK_SPACE ||
        c === BYTE_ORDER_MARK
      ) {
        i++;
        continue;
      } else if (c === SLASH && next === SLASH) {
        end = text.indexOf('\n', i);
        if (end < 0) end = length;
        if (onComment) {
          onComment(i, end);
          i = end;
          continue;
        }
        kind = COMMENT;
      } else if (c === BACKQUOTE && next === BACKQUOTE && text.charCodeAt(i + 2) === BACKQUOTE) {
        // A multi-line string: ```…```, to the next three backquotes.
        const close = text.indexOf('```', i + 3);
        kind = STRING;
        end = close < 0 ? length : close + 3;
        open = close < 0;
      } else if (c === LEFT_DOUBLE_QUOTE) {
        // “…”: typographic quotes, as text copied from a document has them; read as a string.
        end = i + 1;
        while (end < length && text.charCodeAt(end) !== RIGHT_DOUBLE_QUOTE && text.charCodeAt(end) !== NEWLINE) end++;
        kind = STRING;
        open = text.charCodeAt(end) !== RIGHT_DOUBLE_QUOTE;
        if (!open) end++;
      } else if (c === APOSTROPHE || c === QUOTE) {
        end = quotedEnd(text, i, false);
        kind = STRING;
        open = end < 0;
        if (open) end = -end - 1;
      } else if ((c === AT || c === LOWER_H || c === UPPER_H) && (next === APOSTROPHE || next === QUOTE)) {
        // @'verbatim', and h'…' (a string kept out of logs) read as strings too.
        end = quotedEnd(text, i + 1, c === AT);
        kind = STRING;
        open = end < 0;
        if (open) end = -end - 1;
      } else if (c === OPEN_SQUARE && (end = quotedNameEnd(text, i)) >= 0) {
        kind = QUOTED_NAME;
      } else if (isDigit(c) || (c === DOT && isDigit(next))) {
        end = numberEnd(text, i);
        kind = end < 0 ? TIMESPAN : NUMBER;
        if (end < 0) end = -end - 1;
      } else if (isIdentifierStart(c) || ((c === DOLLAR || c === BANG) && isIdentifierStart(next))) {
        kind = IDENTIFIER;
        end = identifierEnd(text, i);
      } else if (c === BAR) {
        kind = PIPE;
        end = i + 1;
      } else if (isTwoCharOperator(c, next)) {
        kind = OPERATOR;
        end = i + 2;
      } else if (c < 128 && SINGLE[c] !== 0) {
        kind = SINGLE[c] === 1 ? OPERATOR : PUNCTUATION;
        end = i + 1;
      } else {
        // One code point, so that a surrogate pair is never split.
        kind = UNKNOWN;
        end = c >= 0xd800 && c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff ? i + 2 : i + 1;
      }
      if (open) {
        unterminated[count] = 1;
        openStrings.push(count);
      }
    }
    kinds[count] = kind;
    starts[count] = i;
    ends[count] = end;
    count++;
    i = end;
  }
  if (room) {
    room.kinds = kinds;
    room.starts = starts;
    room.ends = ends;
    room.unterminated = unterminated;
  }
  return { text, count, kinds, starts, ends, unterminated, openStrings };
}

/** Arrays a table may be made in again, each grown when a text needs more: for a reader that lets
 *  each table go before it scans the next text (the checks of a file, `readProblems`), so that a
 *  folder of files, or a file checked again, allocates no new arrays but for a longer text. */
export interface TableRoom {
  kinds: Uint8Array;
  starts: Int32Array;
  ends: Int32Array;
  unterminated: Uint8Array;
}

/** Room for tables, empty until the first scan in it. */
export function tableRoom(): TableRoom {
  return {
    kinds: new Uint8Array(0),
    starts: new Int32Array(0),
    ends: new Int32Array(0),
    unterminated: new Uint8Array(0),
  };
}

/** The decoded text of a string or a quoted name of the table (undefined for other kinds). */
export function tokenValue(table: TokenTable, index: number): string | undefined {
  const kind = table.kinds[index];
  const { text } = table;
  const start = table.starts[index];
  const end = table.ends[index];
  if (kind === QUOTED_NAME) {
    let i = start + 1;
    while (text.charCodeAt(i) === SPACE || text.charCodeAt(i) === TAB) i++;
    return quotedValue(text, i, false);
  }
  if (kind !== STRING) return undefined;
  const c = text.charCodeAt(start);
  if (c === BACKQUOTE) return text.slice(start + 3, table.unterminated[index] ? end : end - 3);
  if (c === LEFT_DOUBLE_QUOTE) return text.slice(start + 1, table.unterminated[index] ? end : end - 1);
  if (c === APOSTROPHE || c === QUOTE) return quotedValue(text, start, false);
  return quotedValue(text, start + 1, c === AT);
}

export function lex(text: string): Token[] {
  const table = scan(text);
  const tokens: Token[] = new Array<Token>(table.count);
  // Tokens of three shapes only, each built whole (no spread): a file of a million tokens makes them fast.
  for (let i = 0; i < table.count; i++) {
    const kind = TOKEN_KINDS[table.kinds[i]];
    const start = table.starts[i];
    const end = table.ends[i];
    const tokenText = text.slice(start, end);
    tokens[i] =
      kind === 'string'
        ? {
            kind,
            text: tokenText,
            start,
            end,
            value: tokenValue(table, i),
            unterminated: table.unterminated[i] ? true : undefined,
          }
        : kind === 'quotedName'
          ? { kind, text: tokenText, start, end, value: tokenValue(table, i) }
          : { kind, text: tokenText, start, end };
  }
  return tokens;
}

/** The tokens that carry meaning: no comments. */
export function significant(tokens: readonly Token[]): Token[] {
  return tokens.filter((t) => t.kind !== 'comment');
}
