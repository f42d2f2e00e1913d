// The log statements of a source file, found by a small scanner: a call of a logger's method whose
// first argument (or the argument after a fields object, pino's shape) is a string literal. The
// literal, its placeholders read as wildcards (messagePattern.ts), is what the statement writes to
// the logs, so that log activity (the lenses) can count it. Plain text work, no `vscode`: the file's
// text and language id in, statements out.
//
// Supported: TypeScript and JavaScript (`console.*`, `logger.*`/`log.*` of pino, winston, bunyan),
// Python (`logging.*`, `logger.*`, `log.*`, structlog's `log.info("event", …)`), Go (`log.Printf`,
// `slog.*`, zap's sugared `sugar.Infow`/`logger.Infof`), and any receiver named in the setting
// `axiom.logActivity.loggerNames`. A call inside a line comment is not one. Bounded: at most
// MAX_STATEMENTS statements from the first MAX_SCANNED_CHARACTERS of a file.
import { messagePattern, type LiteralKind, type MessagePattern } from './messagePattern';

export type LogLanguage = 'javascript' | 'python' | 'go';

/** One log statement: where its call starts (0-based line and column), and its message. */
export interface LogStatement {
  readonly line: number;
  readonly column: number;
  /** The receiver and method as written (`logger.warn`). */
  readonly callee: string;
  /** The literal as written in the source, quotes included (for a hover or the log). */
  readonly literal: string;
  readonly pattern: MessagePattern;
}

export const MAX_STATEMENTS = 2000;
export const MAX_SCANNED_CHARACTERS = 4 * 1024 * 1024;
/** A literal longer than this is not read as a message. */
const MAX_LITERAL = 2000;

/** The language of the scanner for a VS Code language id; undefined for a language it does not read. */
export function logLanguageOf(languageId: string): LogLanguage | undefined {
  switch (languageId) {
    case 'typescript':
    case 'typescriptreact':
    case 'javascript':
    case 'javascriptreact':
      return 'javascript';
    case 'python':
      return 'python';
    case 'go':
      return 'go';
    default:
      return undefined;
  }
}

const JS_LEVELS = 'log|trace|debug|info|warn|warning|error|fatal|notice|critical|verbose|silly|http';
const PY_LEVELS = 'debug|info|warning|warn|error|exception|critical|fatal|msg|log';
const GO_LEVELS =
  'Print|Printf|Println|Fatal|Fatalf|Fatalln|Panic|Panicf|Panicln|Debug|Info|Warn|Error|DPanic|' +
  'Debugf|Infof|Warnf|Errorf|DPanicf|Panicf|Fatalf|Debugw|Infow|Warnw|Errorw|DPanicw|Panicw|Fatalw|' +
  'DebugContext|InfoContext|WarnContext|ErrorContext|Log';

const DEFAULT_RECEIVERS: Record<LogLanguage, readonly string[]> = {
  javascript: ['console', 'logger', 'log', 'this.logger', 'this.log', 'winston', 'pino'],
  python: ['logging', 'logger', 'log', 'LOGGER', 'LOG', '_logger', '_log', 'self.logger', 'self.log', 'structlog'],
  go: ['log', 'slog', 'logger', 'sugar', 'zap.S()', 'zap.L()'],
};

/** A receiver name as a pattern: dots and parentheses literal. */
function receiverPattern(name: string): string {
  return name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** What a name from the setting may be: dotted identifiers (`app.log`), nothing else. */
const LOGGER_NAME = /^[A-Za-z_$][\w$]{0,60}(?:\.[A-Za-z_$][\w$]{0,60}){0,3}$/;

function callPattern(language: LogLanguage, extraNames: readonly string[]): RegExp {
  const names = [...DEFAULT_RECEIVERS[language], ...extraNames.filter((n) => LOGGER_NAME.test(n))];
  const levels = language === 'javascript' ? JS_LEVELS : language === 'python' ? PY_LEVELS : GO_LEVELS;
  // Not after a word character or a dot (`mylogger.info`, `x.log.info` is `log.info` of x: not ours).
  return new RegExp(`(?<![\\w$.])(${names.map(receiverPattern).join('|')})\\s*\\.\\s*(${levels})\\s*\\(`, 'g');
}

/** The log statements of a file's text, in the order they appear. */
export function findLogStatements(
  text: string,
  language: LogLanguage,
  extraLoggerNames: readonly string[] = [],
): LogStatement[] {
  const scanned = text.length > MAX_SCANNED_CHARACTERS ? text.slice(0, MAX_SCANNED_CHARACTERS) : text;
  const lineStarts = lineStartsOf(scanned);
  const found: LogStatement[] = [];
  const call = callPattern(language, extraLoggerNames);
  for (let m = call.exec(scanned); m && found.length < MAX_STATEMENTS; m = call.exec(scanned)) {
    const line = lineAt(lineStarts, m.index);
    if (inLineComment(scanned, lineStarts[line], m.index, language)) continue;
    const literal = messageArgument(scanned, m.index + m[0].length, language);
    if (!literal) continue;
    const pattern = messagePattern(literal.value, literal.kind);
    if (!pattern.some((part) => typeof part === 'string' && part.trim().length >= 2)) continue;
    found.push({
      line,
      column: m.index - lineStarts[line],
      callee: `${m[1]}.${m[2]}`,
      literal: scanned.slice(literal.start, literal.end),
      pattern,
    });
  }
  return found;
}

interface Literal {
  start: number;
  end: number;
  value: string;
  kind: LiteralKind;
}

/** The message literal of a call whose arguments start at `at`: the first argument, or the second
 *  when the first is an object or a context (`logger.info({ id }, 'msg')`, `slog.InfoContext(ctx, "msg")`). */
function messageArgument(text: string, at: number, language: LogLanguage): Literal | undefined {
  const first = skipSpace(text, at);
  const literal = literalAt(text, first, language);
  if (literal) return literal;
  // One simple first argument (an object literal, a name, `ctx`), then a comma.
  const after = skipArgument(text, first);
  if (after === undefined || text[after] !== ',') return undefined;
  return literalAt(text, skipSpace(text, after + 1), language);
}

function skipSpace(text: string, at: number): number {
  let i = at;
  while (i < text.length && i - at < 200 && /\s/.test(text[i])) i++;
  return i;
}

/** Past a balanced `{…}` or a dotted name, and the space after it; undefined for anything else. */
function skipArgument(text: string, at: number): number | undefined {
  if (text[at] === '{') {
    let depth = 0;
    for (let i = at; i < text.length && i - at < MAX_LITERAL; i++) {
      const c = text[i];
      if (c === '"' || c === "'" || c === '`') return undefined; // strings inside: not a simple argument
      if (c === '{') depth++;
      else if (c === '}' && --depth === 0) return skipSpace(text, i + 1);
    }
    return undefined;
  }
  const name = /^[A-Za-z_$][\w$.]{0,100}/.exec(text.slice(at, at + 101));
  return name ? skipSpace(text, at + name[0].length) : undefined;
}

/** A string literal starting at `at`, its escapes read; undefined when none starts there or it does
 *  not end on its line (a template literal may span lines). */
function literalAt(text: string, at: number, language: LogLanguage): Literal | undefined {
  let i = at;
  let kind: LiteralKind = 'plain';
  let raw = false;
  if (language === 'python') {
    const prefix = /^[rRfFbBuU]{1,2}(?=["'])/.exec(text.slice(at, at + 3));
    if (prefix) {
      const letters = prefix[0].toLowerCase();
      if (letters.includes('b')) return undefined;
      if (letters.includes('f')) kind = 'fstring';
      raw = letters.includes('r');
      i += prefix[0].length;
    }
  }
  const quote = text[i];
  const quotes = language === 'javascript' ? '"\'`' : language === 'python' ? '"\'' : '"`';
  if (!quote || !quotes.includes(quote)) return undefined;
  if (language === 'python' && text.startsWith(quote.repeat(3), i)) return undefined; // docstring-like: not a message
  if (language === 'javascript' && quote === '`') kind = 'template';
  const multiline = quote === '`';
  if (language === 'go' && quote === '`') raw = true;
  let value = '';
  let j = i + 1;
  let depth = 0; // inside `${…}` of a template
  while (j < text.length && j - i <= MAX_LITERAL) {
    const c = text[j];
    if (c === '\n' && !multiline) return undefined;
    if (kind === 'template' && depth > 0) {
      if (c === '{') depth++;
      else if (c === '}') depth--;
      value += c;
      j++;
      continue;
    }
    if (c === '\\' && !raw) {
      const next = text[j + 1] ?? '';
      value += escaped(next);
      j += 2;
      continue;
    }
    if (kind === 'template' && c === '$' && text[j + 1] === '{') {
      depth = 1;
      value += '${';
      j += 2;
      continue;
    }
    if (c === quote) return { start: at, end: j + 1, value, kind };
    value += c;
    j++;
  }
  return undefined;
}

function escaped(next: string): string {
  switch (next) {
    case 'n':
      return '\n';
    case 't':
      return '\t';
    case 'r':
      return '\r';
    case '0':
      return '\0';
    default:
      return next;
  }
}

/** Whether the match at `at` is after a line comment's start on its line (`//`, or `#` in Python),
 *  counting quotes so that a `#` or `//` inside a string is not one. */
function inLineComment(text: string, lineStart: number, at: number, language: LogLanguage): boolean {
  let quote = '';
  for (let i = lineStart; i < at; i++) {
    const c = text[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
    } else if (c === '"' || c === "'" || c === '`') quote = c;
    else if (language === 'python' ? c === '#' : c === '/' && text[i + 1] === '/') return true;
  }
  return false;
}

function lineStartsOf(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

/** The 0-based line of an offset (binary search over the lines' starts). */
function lineAt(starts: readonly number[], offset: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (starts[mid] <= offset) low = mid;
    else high = mid - 1;
  }
  return low;
}
