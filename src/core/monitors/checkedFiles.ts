// The command-line checker's files (src/cli/checkApl.ts runs it on them): the problems of an APL
// file, or of the `aplQuery` of a monitor file placed in the file's own JSON text. The same checks
// as the editor's (checkApl; the query placed in the JSON by aplInJson.ts, as the editor places it),
// and the monitor docs' rules on a monitor's query (monitorChecks.ts's checkQueryShape). How each
// problem is written is apl/fileChecks.ts's.
import { aplProblemsInJson, aplStringsInJson } from '../apl/aplInJson';
import { aplPathsOf } from '../apl/aplInJsonFiles';
import { checkApl } from '../apl/checks';
import type { FileProblem } from '../apl/fileChecks';
import { fieldText } from '../json';
import { phrase } from '../phrase';
import { checkQueryShape } from './monitorChecks';
import { MONITOR_FILE_SUFFIX, readMonitorFile } from './monitorFile';

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
