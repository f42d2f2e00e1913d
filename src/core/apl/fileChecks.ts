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
  return escapedLine(format, escapedName(format, file), place, severity, escapedMessage(format, message));
}

/** A file's name as its lines show it. */
function escapedName(format: ProblemFormat, file: string): string {
  return format === 'github' ? githubCommandValue(file, 'property') : oneLine(file);
}

/** A message as a line shows it. */
function escapedMessage(format: ProblemFormat, message: string): string {
  return format === 'github' ? githubCommandValue(message, 'message') : oneLine(message);
}

/** A problem's line, of a name and a message escaped already. */
function escapedLine(
  format: ProblemFormat,
  file: string,
  place: { line: number; column: number } | undefined,
  severity: FileProblem['severity'],
  message: string,
): string {
  if (format === 'github') {
    const at = place ? `,line=${place.line},col=${place.column}` : '';
    return `::${severity} file=${file}${at}::${message}`;
  }
  const at = place ? `:${place.line}:${place.column}` : '';
  return `${file}${at}: ${severity}: ${message}`;
}

/** Each problem as the line the checker prints (problems in the order of the text are placed in one
 *  pass over its lines). The file's name is escaped once, and each message once however often it
 *  is repeated (a file may misspell one name on every line). */
export function problemLines(
  name: string,
  text: string,
  problems: readonly FileProblem[],
  format: ProblemFormat = 'text',
): string[] {
  // The line and its start, walked forward from one problem to the next (problems in the order of
  // the text, as the checks give them); past one that goes back, the locator searches by halves.
  let line = 1;
  let lineStart = 0;
  let nextBreak = text.indexOf('\n');
  let placeOf: ((offset: number) => { line: number; column: number }) | undefined;
  const file = escapedName(format, name);
  // Each message rendered and escaped once: by the phrase (problems of one cause share it), then by its text.
  const byPhrase = new Map<Phrase, string>();
  const messages = new Map<string, string>();
  const lines = new Array<string>(problems.length);
  for (let i = 0; i < problems.length; i++) {
    const p = problems[i];
    let escaped = byPhrase.get(p.message);
    if (escaped === undefined) {
      const message = render(p.message);
      escaped = messages.get(message);
      if (escaped === undefined) {
        escaped = escapedMessage(format, message);
        messages.set(message, escaped);
      }
      byPhrase.set(p.message, escaped);
    }
    const offset = p.offset;
    if (!placeOf && offset < lineStart) placeOf = lineLocator(text);
    if (placeOf) {
      lines[i] = escapedLine(format, file, placeOf(offset), p.severity, escaped);
      continue;
    }
    while (nextBreak >= 0 && nextBreak < offset) {
      line++;
      lineStart = nextBreak + 1;
      nextBreak = text.indexOf('\n', lineStart);
      aplWork.lineSteps++;
    }
    lines[i] = escapedLine(format, file, { line, column: offset - lineStart + 1 }, p.severity, escaped);
  }
  return lines;
}
