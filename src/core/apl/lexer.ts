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

const TWO_CHAR_OPERATORS = new Set(['==', '!=', '<>', '<=', '>=', '=~', '!~', '..']);

const isIdentifierStart = (c: string) => (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c === '_';
const isIdentifierPart = (c: string) => isIdentifierStart(c) || (c >= '0' && c <= '9');
const isDigit = (c: string) => c >= '0' && c <= '9';

/** Where a quoted run starting at `open` (the quote) ends: past the closing quote, or at the line's end when unclosed. */
function scanQuoted(text: string, open: number, verbatim: boolean): { end: number; value: string; closed: boolean } {
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
        return { end: i + 1, value: value(i), closed: true };
      }
    } else if (c === '\\' && i + 1 < text.length && text[i + 1] !== '\n') {
      const next = text[i + 1];
      parts.push(text.slice(run, i), next === 'n' ? '\n' : next === 't' ? '\t' : next === 'r' ? '\r' : next);
      i += 2;
      run = i;
      continue;
    } else if (c === quote) {
      return { end: i + 1, value: value(i), closed: true };
    }
    i++;
  }
  return { end: i, value: value(i), closed: false };
}

export function lex(text: string): Token[] {
  const tokens: Token[] = [];
  // Tokens of three shapes only, each built whole (no spread): a file of a million tokens makes them fast.
  const push = (kind: TokenKind, start: number, end: number, extra?: Pick<Token, 'value' | 'unterminated'>) =>
    tokens.push(
      !extra
        ? { kind, text: text.slice(start, end), start, end }
        : kind === 'string'
          ? { kind, text: text.slice(start, end), start, end, value: extra.value, unterminated: extra.unterminated }
          : { kind, text: text.slice(start, end), start, end, value: extra.value },
    );
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    const next = text[i + 1] ?? '';
    if (
      c === ' ' ||
      c === '\t' ||
      c === '\n' ||
      c === '\r' ||
      c === '\f' ||
      c === '\v' ||
      c === '\u00a0' ||
      c === '\ufeff'
    ) {
      i++;
    } else if (c === '/' && next === '/') {
      let end = text.indexOf('\n', i);
      if (end < 0) end = text.length;
      push('comment', i, end);
      i = end;
    } else if (c === '`' && next === '`' && text[i + 2] === '`') {
      // A multi-line string: ```…```, to the next three backquotes.
      const close = text.indexOf('```', i + 3);
      const end = close < 0 ? text.length : close + 3;
      push('string', i, end, {
        value: text.slice(i + 3, close < 0 ? end : close),
        unterminated: close < 0 || undefined,
      });
      i = end;
    } else if (c === '\u201c') {
      // “…”: typographic quotes, as text copied from a document has them; read as a string.
      let end = i + 1;
      while (end < text.length && text[end] !== '\u201d' && text[end] !== '\n') end++;
      const closed = text[end] === '\u201d';
      push('string', i, closed ? end + 1 : end, { value: text.slice(i + 1, end), unterminated: !closed || undefined });
      i = closed ? end + 1 : end;
    } else if (c === "'" || c === '"') {
      const q = scanQuoted(text, i, false);
      push('string', i, q.end, { value: q.value, unterminated: !q.closed || undefined });
      i = q.end;
    } else if ((c === '@' || c === 'h' || c === 'H') && (next === "'" || next === '"')) {
      // @'verbatim', and h'…' (a string kept out of logs) read as strings too.
      const q = scanQuoted(text, i + 1, c === '@');
      push('string', i, q.end, { value: q.value, unterminated: !q.closed || undefined });
      i = q.end;
    } else if (c === '[' && quotedNameAt(text, i)) {
      const found = quotedNameAt(text, i);
      if (found) {
        push('quotedName', i, found.end, { value: found.value });
        i = found.end;
      }
    } else if (isDigit(c) || (c === '.' && isDigit(next))) {
      i = scanNumber(text, i, push);
    } else if (
      isIdentifierStart(c) ||
      (c === '$' && isIdentifierStart(next)) ||
      (c === '!' && isIdentifierStart(next))
    ) {
      let end = i + 1;
      while (end < text.length && isIdentifierPart(text[end])) end++;
      // Hyphenated words are one: project-away, mv-expand, granny-asc, sample-http-logs.
      while (text[end] === '-' && isIdentifierStart(text[end + 1] ?? '')) {
        end += 2;
        while (end < text.length && isIdentifierPart(text[end])) end++;
      }
      const word = text.slice(i, end);
      if ((word === 'in' || word === '!in') && text[end] === '~') end++;
      push('identifier', i, end);
      i = end;
    } else if (c === '|') {
      push('pipe', i, i + 1);
      i++;
    } else if (TWO_CHAR_OPERATORS.has(c + next)) {
      push('operator', i, i + 2);
      i += 2;
    } else if ('=<>+-*/%'.includes(c)) {
      push('operator', i, i + 1);
      i++;
    } else if ('()[]{},;:.'.includes(c)) {
      push('punctuation', i, i + 1);
      i++;
    } else {
      // One code point, so that a surrogate pair is never split.
      const width = c >= '\ud800' && c <= '\udbff' && next >= '\udc00' && next <= '\udfff' ? 2 : 1;
      push('unknown', i, i + width);
      i += width;
    }
  }
  return tokens;
}

/** ['name'] or ["name"] on one line, with spaces allowed inside the brackets. */
function quotedNameAt(text: string, open: number): { end: number; value: string } | undefined {
  let i = open + 1;
  while (text[i] === ' ' || text[i] === '\t') i++;
  if (text[i] !== "'" && text[i] !== '"') return undefined;
  const q = scanQuoted(text, i, false);
  if (!q.closed) return undefined;
  i = q.end;
  while (text[i] === ' ' || text[i] === '\t') i++;
  return text[i] === ']' ? { end: i + 1, value: q.value } : undefined;
}

function scanNumber(text: string, start: number, push: (kind: TokenKind, start: number, end: number) => void): number {
  let i = start;
  if (text[i] === '0' && (text[i + 1] === 'x' || text[i + 1] === 'X') && /[0-9a-fA-F]/.test(text[i + 2] ?? '')) {
    i += 2;
    while (i < text.length && /[0-9a-fA-F]/.test(text[i])) i++;
    push('number', start, i);
    return i;
  }
  while (i < text.length && isDigit(text[i])) i++;
  if (text[i] === '.' && text[i + 1] !== '.') {
    i++;
    while (i < text.length && isDigit(text[i])) i++;
  }
  if (
    (text[i] === 'e' || text[i] === 'E') &&
    (isDigit(text[i + 1] ?? '') || ((text[i + 1] === '+' || text[i + 1] === '-') && isDigit(text[i + 2] ?? '')))
  ) {
    i += 2;
    while (i < text.length && isDigit(text[i])) i++;
  }
  let unitEnd = i;
  while (unitEnd < text.length && isIdentifierStart(text[unitEnd])) unitEnd++;
  if (unitEnd > i && TIMESPAN_UNITS.has(text.slice(i, unitEnd).toLowerCase())) {
    push('timespan', start, unitEnd);
    return unitEnd;
  }
  push('number', start, i);
  return i;
}

/** The tokens that carry meaning: no comments. */
export function significant(tokens: readonly Token[]): Token[] {
  return tokens.filter((t) => t.kind !== 'comment');
}
