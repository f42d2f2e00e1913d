// A log statement's message as a pattern: its literal text, and wildcards where the program puts a
// value in (`%s`, `%d`, `%-5.2f`, `%(name)s`, `{}`, `{0}`, `{name}`, a template's `${…}`, an
// f-string's `{…}`). The pattern becomes a regular expression in the RE2 syntax the service runs
// (and JavaScript reads the same): literal parts escaped character by character, control characters
// as `\xHH`, each wildcard `[\s\S]*`, anchored at both ends. A pattern with no wildcard is compared
// with `==` instead (logActivityQuery.ts).

/** The kinds of literal whose placeholders differ: a template (`${…}`), a Python f-string (`{…}`), or plain. */
export type LiteralKind = 'plain' | 'template' | 'fstring';

/** Where the program puts a value in the message. */
export const ANYTHING: unique symbol = Symbol('anything');
export type MessagePart = string | typeof ANYTHING;
/** Literal runs and wildcards, alternating: no two wildcards or two strings side by side, no empty string. */
export type MessagePattern = readonly MessagePart[];

/** printf's conversions (C, Go, Python's `%`), with flags, width and precision; Python's `%(name)s`. */
const PRINTF = /^%(?:\([\w.]{1,60}\))?[-+#0]{0,4}\d{0,3}(?:\.\d{1,3})?[sdifFvxXoOjqeEgGrcbtTpwuU]/;
/** `{}`, `{0}`, `{name}`, `{name:>10}`, `{user.id}` (str.format, structlog, slf4j, .NET). */
const BRACES = /^\{(?:[A-Za-z_][\w.]{0,60}|\d{1,3})?(?:[:!][^{}\n]{0,30})?\}/;

/** The message of a literal (its escapes already read) as literal runs and wildcards. */
export function messagePattern(value: string, kind: LiteralKind): MessagePattern {
  const parts: MessagePart[] = [];
  let text = '';
  const wildcard = () => {
    if (text) parts.push(text);
    text = '';
    if (parts[parts.length - 1] !== ANYTHING) parts.push(ANYTHING);
  };
  let i = 0;
  while (i < value.length) {
    const c = value[i];
    const rest = value.slice(i, i + 80);
    if (kind === 'template' && c === '$' && value[i + 1] === '{') {
      i = closingBrace(value, i + 1);
      wildcard();
    } else if (kind === 'fstring' && c === '{') {
      if (value[i + 1] === '{') {
        text += '{';
        i += 2;
      } else {
        i = closingBrace(value, i);
        wildcard();
      }
    } else if (kind === 'fstring' && c === '}' && value[i + 1] === '}') {
      text += '}';
      i += 2;
    } else if (c === '%' && value[i + 1] === '%') {
      text += '%';
      i += 2;
    } else if (c === '%' && PRINTF.test(rest)) {
      i += PRINTF.exec(rest)![0].length;
      wildcard();
    } else if (c === '{' && kind !== 'fstring' && BRACES.test(rest)) {
      i += BRACES.exec(rest)![0].length;
      wildcard();
    } else {
      text += c;
      i++;
    }
  }
  if (text) parts.push(text);
  return parts;
}

/** Past the `}` that closes the `{` at `open` (nested braces counted), or the end. */
function closingBrace(value: string, open: number): number {
  let depth = 0;
  for (let i = open; i < value.length; i++) {
    if (value[i] === '{') depth++;
    else if (value[i] === '}' && --depth === 0) return i + 1;
  }
  return value.length;
}

/** Whether the pattern is one literal text (no wildcard). */
export function isExact(pattern: MessagePattern): pattern is readonly [string] | readonly [] {
  return !pattern.includes(ANYTHING);
}

/** The pattern as an anchored regular expression (RE2 syntax; JavaScript reads it alike). */
export function patternRegex(pattern: MessagePattern): string {
  return `^${pattern.map((part) => (part === ANYTHING ? '[\\s\\S]*' : escapeRegex(part))).join('')}$`;
}

/** Every character that means something to a regular expression behind a backslash; control
 *  characters (and the C1 range) as `\xHH`, so that the expression is printable. */
export function escapeRegex(text: string): string {
  let out = '';
  for (const c of text) {
    const code = c.codePointAt(0)!;
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) out += `\\x${code.toString(16).padStart(2, '0')}`;
    else if ('\\^$.|?*+()[]{}'.includes(c)) out += `\\${c}`;
    else out += c;
  }
  return out;
}

/** The pattern as a person reads it: `order … placed`. */
export function patternText(pattern: MessagePattern): string {
  return pattern.map((part) => (part === ANYTHING ? '…' : part)).join('');
}
