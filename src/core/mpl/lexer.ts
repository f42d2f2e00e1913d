// MPL text as tokens with their offsets: what the parser (syntaxParser.ts), completion and the
// formatter read. It never throws and accepts any text; what it does not know becomes a
// one-character `unknown` token. Offsets are string indexes (UTF-16 code units), as VS Code's are.

export type MplTokenKind =
  /** A name as MPL spells one unquoted: an ASCII letter, then letters, digits and `_`. */
  | 'identifier'
  /** `` `name` ``: a quoted dataset, metric or tag; `value` holds the name. */
  | 'quotedName'
  /** "…"; `value` holds the decoded text. A '…' string is read too (`singleQuoted`): the checks refuse it. */
  | 'string'
  /** #/…/: a regular expression; `value` holds its pattern. */
  | 'regex'
  | 'number'
  /** 5m, 1h, 7d, 100ms …; `unit` holds the letters after the number (the checks know which are units). */
  | 'duration'
  /** 2025-03-01T13:00:00Z: an RFC 3339 time. */
  | 'datetime'
  /** $__interval, $name: a built-in variable or a parameter. */
  | 'variable'
  | 'comment'
  | 'pipe'
  /** == != < <= > >= = + - * / (and =~, which MPL does not have: the checks say so). */
  | 'operator'
  /** ( ) [ ] , ; : :: .. . */
  | 'punctuation'
  | 'unknown';

export interface MplToken {
  kind: MplTokenKind;
  text: string;
  start: number;
  end: number;
  /** The decoded text of a string, a quoted name or a regex. */
  value?: string;
  /** A string, quoted name or regex that reached the end of its line (or of the text) unclosed. */
  unterminated?: boolean;
  /** A string written with single quotes. */
  singleQuoted?: boolean;
  /** A duration's unit, as written. */
  unit?: string;
}

const isLetter = (c: string) => (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
const isDigit = (c: string) => c >= '0' && c <= '9';
const isNamePart = (c: string) => isLetter(c) || isDigit(c) || c === '_';
const DATETIME = /\d{4}-\d{2}-\d{2}(?:[Tt]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:[Zz]|[+-]\d{2}:?\d{2})?)?/y;
/** Whitespace between tokens (a no-break space and a byte order mark too, as text pasted from elsewhere has). */
const WHITESPACE = new Set([' ', '\t', '\n', '\r', '\f', '\v', '\u00a0', '\ufeff']);
const ONE_CHARACTER = new Map<string, MplTokenKind>([
  ['|', 'pipe'],
  ...[...'=<>+-*/'].map((c): [string, MplTokenKind] => [c, 'operator']),
  ...[...'()[],;:.'].map((c): [string, MplTokenKind] => [c, 'punctuation']),
]);
const TWO_CHARACTERS = new Set(['==', '!=', '<=', '>=', '=~', '::', '..']);

/** Where a run quoted by `close` that starts after `open` ends: past the closing mark, or at the line's end. */
function scanQuoted(text: string, open: number, close: string): { end: number; value: string; closed: boolean } {
  const parts: string[] = [];
  let run = open;
  let i = open;
  while (i < text.length && text[i] !== '\n') {
    const c = text[i];
    if (c === '\\' && i + 1 < text.length && text[i + 1] !== '\n') {
      const next = text[i + 1];
      // In a regex an escape stays as written (the pattern is the service's to read), but for `\/`.
      const kept =
        close === '/' ? (next === '/' ? '/' : `\\${next}`) : next === 'n' ? '\n' : next === 't' ? '\t' : next;
      parts.push(text.slice(run, i), kept);
      i += 2;
      run = i;
      continue;
    }
    if (c === close) {
      parts.push(text.slice(run, i));
      return { end: i + 1, value: parts.join(''), closed: true };
    }
    i++;
  }
  parts.push(text.slice(run, i));
  return { end: i, value: parts.join(''), closed: false };
}

/** Where the line of an offset ends: before its line break (a CR LF's CR too), or at the text's end. */
function lineEnd(text: string, offset: number): number {
  const newline = text.indexOf('\n', offset);
  const end = newline < 0 ? text.length : newline;
  return text[end - 1] === '\r' ? end - 1 : end;
}

export function lexMpl(text: string): MplToken[] {
  const tokens: MplToken[] = [];
  const push = (kind: MplTokenKind, start: number, end: number, extra?: Partial<MplToken>) =>
    tokens.push({ kind, text: text.slice(start, end), start, end, ...extra });
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    const next = text[i + 1] ?? '';
    if (WHITESPACE.has(c)) {
      i++;
    } else if (c === '/' && next === '/') {
      const end = Math.max(lineEnd(text, i), i + 2);
      push('comment', i, end);
      i = end;
    } else if (c === '"' || c === "'" || c === '`') {
      const q = scanQuoted(text, i + 1, c);
      push(c === '`' ? 'quotedName' : 'string', i, q.end, {
        value: q.value,
        ...(q.closed ? {} : { unterminated: true }),
        ...(c === "'" ? { singleQuoted: true } : {}),
      });
      i = q.end;
    } else if (c === '#' && next === '/') {
      const q = scanQuoted(text, i + 2, '/');
      push('regex', i, q.end, { value: q.value, ...(q.closed ? {} : { unterminated: true }) });
      i = q.end;
    } else if (isDigit(c)) {
      DATETIME.lastIndex = i;
      const date = DATETIME.exec(text);
      if (date) {
        push('datetime', i, i + date[0].length);
        i += date[0].length;
        continue;
      }
      let end = i;
      while (end < text.length && isDigit(text[end])) end++;
      if (text[end] === '.' && isDigit(text[end + 1] ?? '')) {
        end++;
        while (end < text.length && isDigit(text[end])) end++;
      }
      let unitEnd = end;
      while (unitEnd < text.length && isLetter(text[unitEnd])) unitEnd++;
      if (unitEnd > end) push('duration', i, unitEnd, { unit: text.slice(end, unitEnd) });
      else push('number', i, end);
      i = unitEnd;
    } else if (isLetter(c)) {
      let end = i + 1;
      while (end < text.length && isNamePart(text[end])) end++;
      push('identifier', i, end);
      i = end;
    } else if (c === '$' && isNamePart(next)) {
      let end = i + 1;
      while (end < text.length && isNamePart(text[end])) end++;
      push('variable', i, end);
      i = end;
    } else if (TWO_CHARACTERS.has(c + next)) {
      push(c === ':' || c === '.' ? 'punctuation' : 'operator', i, i + 2);
      i += 2;
    } else {
      // One character, or one code point MPL does not know (a surrogate pair is never split).
      const kind = ONE_CHARACTER.get(c);
      const width = !kind && c >= '\ud800' && c <= '\udbff' && next >= '\udc00' && next <= '\udfff' ? 2 : 1;
      push(kind ?? 'unknown', i, i + width);
      i += width;
    }
  }
  return tokens;
}

/** Whether a name can be written without backquotes: an ASCII letter, then letters, digits and `_`. */
export function isPlainName(name: string): boolean {
  return /^[A-Za-z][A-Za-z0-9_]*$/.test(name);
}
