// The command-line checker's core (src/cli/checkApl.ts runs it on files): the problems of an APL
// file, or of the `aplQuery` of a monitor file placed in the file's own JSON text, each as a line
// `FILE:LINE:COL: error|warning: message` (line and column from 1, columns in UTF-16 code units as
// editors count them) or a GitHub Actions annotation, never more than one line. The same checks as
// the editor's (checkApl; the query placed in the JSON by aplInJson.ts, as the editor places it),
// and the monitor docs' rules on a monitor's query (monitorChecks.ts's checkQueryShape).
import { checkQueryShape } from '../monitors/monitorChecks';
import { MONITOR_FILE_SUFFIX, readMonitorFile } from '../monitors/monitorFile';
import { githubCommandValue, oneLine } from '../consoleText';
import { fieldText } from '../json';
import { phrase, render, type Phrase } from '../phrase';
import { aplProblemsInJson, aplStringsInJson } from './aplInJson';
import { aplPathsOf } from './aplInJsonFiles';
import { checkApl } from './checks';
import { lineLocator } from './syntax';

export interface FileProblem {
  /** Offset in the file's text. */
  offset: number;
  severity: 'error' | 'warning';
  message: Phrase;
}

/** Whether the checker reads a file of this name: APL files and monitor files. */
export function isCheckedFile(name: string): boolean {
  return name.endsWith('.apl') || name.endsWith(MONITOR_FILE_SUFFIX);
}

/** The problems of a file's text, by the kind its name says (a monitor file, else APL). */
export function fileProblems(name: string, text: string): FileProblem[] {
  if (!name.endsWith(MONITOR_FILE_SUFFIX))
    return checkApl(text).map((p) => ({ offset: p.start, severity: p.severity, message: p.message }));
  const read = readMonitorFile(text);
  if (!read.ok) return [{ offset: 0, severity: 'error', message: read.problem }];
  const apl = read.definition.aplQuery;
  if (typeof apl !== 'string') return [];
  const paths = aplPathsOf(name) ?? [];
  const place = aplStringsInJson(text, paths).at(0);
  if (!place) return [{ offset: 0, severity: 'error', message: phrase('The aplQuery field could not be found.') }];
  const problems: FileProblem[] = aplProblemsInJson(text, paths).map((p) => ({
    offset: p.start,
    severity: p.severity,
    message: p.message,
  }));
  for (const shape of checkQueryShape(fieldText(read.definition.type), apl))
    problems.push({ offset: place.start, severity: shape.level, message: shape.reason });
  return problems.sort((a, b) => a.offset - b.offset);
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
  if (format === 'github') {
    const at = place ? `,line=${place.line},col=${place.column}` : '';
    return `::${severity} file=${githubCommandValue(file, 'property')}${at}::${githubCommandValue(message, 'message')}`;
  }
  const at = place ? `:${place.line}:${place.column}` : '';
  return `${oneLine(file)}${at}: ${severity}: ${oneLine(message)}`;
}

/** Each problem as the line the checker prints (problems in the order of the text are placed in one
 *  pass over its lines). */
export function problemLines(
  name: string,
  text: string,
  problems: readonly FileProblem[],
  format: ProblemFormat = 'text',
): string[] {
  const placeOf = lineLocator(text);
  return problems.map((p) => problemLine(format, name, placeOf(p.offset), p.severity, render(p.message)));
}
