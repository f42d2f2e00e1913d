// How the command-line checker (src/cli/checkApl.ts) tells a problem of a file: each as a line
// `FILE:LINE:COL: error|warning: message` (line and column from 1, columns in UTF-16 code units as
// editors count them) or a GitHub Actions annotation, never more than one line. Which files it
// reads and their problems are the monitors side's (core/monitors/checkedFiles.ts), which knows
// monitor files as well as APL ones.
import { githubCommandValue, oneLine } from '../consoleText';
import { render, type Phrase } from '../phrase';
import { aplWork } from './aplWork';
import { lineLocator } from './lineColumn';

export interface FileProblem {
  /** Offset in the file's text. */
  offset: number;
  severity: 'error' | 'warning';
  message: Phrase;
}

/** How the checker writes a problem: `text`, `FILE:LINE:COL: severity: message` (the file name and
 *  the message through oneLine); `github`, GitHub Actions' annotation `::error file=…,line=…,col=…::message`. */
export type ProblemFormat = 'text' | 'github';

export const PROBLEM_FORMATS: readonly ProblemFormat[] = ['text', 'github'];

/** A problem as one line of the format: at a line and column of the file, or of the whole file. */
export function problemLine(
  format: ProblemFormat,
  file: string,
  place: { line: number; column: number } | undefined,
  severity: FileProblem['severity'],
  message: string,
): string {
  const head = lineHead(format, escapedName(format, file), severity);
  const tail = lineTail(format, severity, escapedMessage(format, message));
  if (!place) return head + tail;
  const [beforeLine, beforeColumn] = PLACE_SEPARATORS[format];
  return `${head}${beforeLine}${place.line}${beforeColumn}${place.column}${tail}`;
}

/** A file's name as its lines show it. */
function escapedName(format: ProblemFormat, file: string): string {
  return format === 'github' ? githubCommandValue(file, 'property') : oneLine(file);
}

/** A message as a line shows it. */
function escapedMessage(format: ProblemFormat, message: string): string {
  return format === 'github' ? githubCommandValue(message, 'message') : oneLine(message);
}

/** What a line says before its place, of a name escaped already: `FILE`, or `::error file=FILE`. */
function lineHead(format: ProblemFormat, file: string, severity: FileProblem['severity']): string {
  return format === 'github' ? `::${severity} file=${file}` : file;
}

/** What a line says after its place, of a message escaped already: `: error: MESSAGE`, or `::MESSAGE`. */
function lineTail(format: ProblemFormat, severity: FileProblem['severity'], message: string): string {
  return format === 'github' ? `::${message}` : `: ${severity}: ${message}`;
}

/** What a line writes before its line number and before its column: `:LINE:COL`, `,line=LINE,col=COL`. */
const PLACE_SEPARATORS: Record<ProblemFormat, readonly [string, string]> = {
  text: [':', ':'],
  github: [',line=', ',col='],
};

const ZERO = 48;
/** A chunk of output's size, unless one line needs more. */
const CHUNK_BYTES = 1 << 16;
/** The most a line's place takes beside its head and tail: two numbers of up to 16 digits and the
 *  github format's `,line=` and `,col=`. */
const PLACE_BYTES = 2 * 16 + 11;

const utf8 = new TextEncoder();

/**
 * The checker's output as UTF-8 bytes in chunks, each line ended by a line break: the same bytes as
 * its lines (`problemLine`) joined, written as they are made. A file's problems cost no string per
 * line: the file's name is escaped and encoded once, each message once however often it is repeated
 * (by its phrase, then by its text), and each line is those bytes copied with its numbers between.
 */
export class ProblemOutput {
  private written: Uint8Array[] = [];
  private chunk = new Uint8Array(CHUNK_BYTES);
  private used = 0;

  /** A line made already (`problemLine`). */
  line(line: string): void {
    const bytes = utf8.encode(`${line}\n`);
    this.room(bytes.length);
    this.used = putBytes(this.chunk, this.used, bytes);
  }

  /** Each problem of a file as its line (problems in the order of the text are placed in one pass
   *  over its lines; past one that goes back, the locator searches by halves). */
  problems(name: string, text: string, problems: readonly FileProblem[], format: ProblemFormat = 'text'): void {
    if (!problems.length) return;
    const file = escapedName(format, name);
    const errorHead = utf8.encode(lineHead(format, file, 'error'));
    const warningHead = utf8.encode(lineHead(format, file, 'warning'));
    const [beforeLine, beforeColumn] = PLACE_SEPARATORS[format].map((separator) => utf8.encode(separator));
    // Each message's bytes found once: by its phrase (problems of one cause share it), then by its text.
    const errorTails = new Map<Phrase, Uint8Array>();
    const warningTails = new Map<Phrase, Uint8Array>();
    const tailsByText = new Map<string, Uint8Array>();
    let line = 1;
    let lineStart = 0;
    let nextBreak = text.indexOf('\n');
    let placeOf: ((offset: number) => { line: number; column: number }) | undefined;
    for (let i = 0; i < problems.length; i++) {
      const p = problems[i];
      const offset = p.offset;
      let column: number;
      if (!placeOf && offset < lineStart) placeOf = lineLocator(text);
      if (placeOf) {
        const place = placeOf(offset);
        line = place.line;
        column = place.column;
      } else {
        while (nextBreak >= 0 && nextBreak < offset) {
          line++;
          lineStart = nextBreak + 1;
          nextBreak = text.indexOf('\n', lineStart);
          aplWork.lineSteps++;
        }
        column = offset - lineStart + 1;
      }
      const isError = p.severity === 'error';
      const tails = isError ? errorTails : warningTails;
      const tail = tails.get(p.message) ?? newTail(format, p, tails, tailsByText);
      this.write(isError ? errorHead : warningHead, beforeLine, line, beforeColumn, column, tail);
    }
  }

  /** A problem's line: its head, its place and its tail (a small method of its own, optimized apart
   *  from the loop that calls it). */
  private write(
    head: Uint8Array,
    beforeLine: Uint8Array,
    line: number,
    beforeColumn: Uint8Array,
    column: number,
    tail: Uint8Array,
  ): void {
    this.room(head.length + PLACE_BYTES + tail.length);
    const chunk = this.chunk;
    let at = putBytes(chunk, this.used, head);
    at = putBytes(chunk, at, beforeLine);
    at = putNumber(chunk, at, line);
    at = putBytes(chunk, at, beforeColumn);
    at = putNumber(chunk, at, column);
    this.used = putBytes(chunk, at, tail);
  }

  /** The bytes written since the last call, in order (the output starts again empty). */
  bytes(): Uint8Array[] {
    if (this.used) {
      this.written.push(this.chunk.subarray(0, this.used));
      this.chunk = new Uint8Array(CHUNK_BYTES);
      this.used = 0;
    }
    const written = this.written;
    this.written = [];
    return written;
  }

  /** Room for `bytes` more in the chunk at hand: else it is kept and a new one taken. */
  private room(bytes: number): void {
    if (this.used + bytes <= this.chunk.length) return;
    if (this.used) this.written.push(this.chunk.subarray(0, this.used));
    this.chunk = new Uint8Array(Math.max(CHUNK_BYTES, bytes));
    this.used = 0;
  }
}

/** The bytes that end a problem's lines, rendered, escaped and encoded the first time its phrase is
 *  met (`tails`) and its text (`byText`: another phrase may say the same). */
function newTail(
  format: ProblemFormat,
  problem: FileProblem,
  tails: Map<Phrase, Uint8Array>,
  byText: Map<string, Uint8Array>,
): Uint8Array {
  const message = render(problem.message);
  const key = `${problem.severity} ${message}`;
  let tail = byText.get(key);
  if (tail === undefined) {
    tail = utf8.encode(`${lineTail(format, problem.severity, escapedMessage(format, message))}\n`);
    byText.set(key, tail);
  }
  tails.set(problem.message, tail);
  return tail;
}

/** Copies `bytes` into `chunk` at `at`; returns where they end. */
function putBytes(chunk: Uint8Array, at: number, bytes: Uint8Array): number {
  chunk.set(bytes, at);
  return at + bytes.length;
}

/** Writes a whole number's digits into `chunk` at `at`; returns where they end. */
function putNumber(chunk: Uint8Array, at: number, value: number): number {
  let end = at + 1;
  for (let rest = value; rest >= 10; rest = Math.floor(rest / 10)) end++;
  let rest = value;
  let digit = end;
  do {
    chunk[--digit] = ZERO + (rest % 10);
    rest = Math.floor(rest / 10);
  } while (rest > 0);
  return end;
}
