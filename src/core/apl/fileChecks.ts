// The command-line checker's core (src/cli/checkApl.ts runs it on files): the problems of an APL
// file, or of the `aplQuery` of a monitor file placed in the file's own JSON text, each as a line
// `FILE:LINE:COL: error|warning: message` (line and column from 1, columns in UTF-16 code units as
// editors count them). The same checks as the editor's (checkApl), and the monitor docs' rules on
// a monitor's query (monitorChecks.ts's checkQueryShape).
import { checkQueryShape } from '../monitors/monitorChecks';
import { MONITOR_FILE_SUFFIX, readMonitorFile } from '../monitors/monitorFile';
import { fieldText } from '../json';
import { phrase, render, type Phrase } from '../phrase';
import { checkApl } from './checks';
import { lineAndColumn } from './syntax';

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
  const place = stringValueOf(text, 'aplQuery');
  if (!place) return [{ offset: 0, severity: 'error', message: phrase('The aplQuery field could not be found.') }];
  const problems: FileProblem[] = checkApl(apl).map((p) => ({
    offset: place.offsetOf(p.start),
    severity: p.severity,
    message: p.message,
  }));
  for (const shape of checkQueryShape(fieldText(read.definition.type), apl))
    problems.push({ offset: place.start, severity: shape.level, message: shape.reason });
  return problems.sort((a, b) => a.offset - b.offset);
}

/** Each problem as the line the checker prints. */
export function problemLines(name: string, text: string, problems: readonly FileProblem[]): string[] {
  return problems.map((p) => {
    const { line, column } = lineAndColumn(text, p.offset);
    return `${name}:${line}:${column}: ${p.severity}: ${render(p.message)}`;
  });
}

/** The string value of a top-level key of a JSON object (text JSON.parse reads), with a map from
 *  offsets in the decoded string to offsets in the text. */
function stringValueOf(
  text: string,
  key: string,
): { start: number; offsetOf: (decoded: number) => number } | undefined {
  let depth = 0;
  let expectValueOf: string | undefined;
  let lastString: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      const { decoded, rawOffsets, end } = readString(text, i);
      if (depth === 1 && expectValueOf === key)
        return { start: i, offsetOf: (n) => rawOffsets[Math.max(0, Math.min(n, rawOffsets.length - 1))] };
      expectValueOf = undefined;
      lastString = decoded;
      i = end - 1;
    } else if (c === ':') {
      expectValueOf = depth === 1 ? lastString : undefined;
    } else if (c === '{' || c === '[') {
      depth++;
      expectValueOf = undefined;
    } else if (c === '}' || c === ']') {
      depth--;
    } else if (c === ',') {
      lastString = undefined;
      expectValueOf = undefined;
    }
  }
  return undefined;
}

/** A JSON string starting at `start` (its quote): its text, where each of its code units is in the
 *  source (one more for its end: the closing quote), and the offset after it. */
function readString(text: string, start: number): { decoded: string; rawOffsets: number[]; end: number } {
  let decoded = '';
  const rawOffsets: number[] = [];
  let i = start + 1;
  while (i < text.length && text[i] !== '"') {
    rawOffsets.push(i);
    if (text[i] !== '\\') {
      decoded += text[i++];
      continue;
    }
    const escape = text[i + 1];
    if (escape === 'u') {
      decoded += String.fromCharCode(parseInt(text.slice(i + 2, i + 6), 16));
      i += 6;
    } else {
      decoded += ESCAPES[escape] ?? escape;
      i += 2;
    }
  }
  rawOffsets.push(i);
  return { decoded, rawOffsets, end: i + 1 };
}

const ESCAPES: Readonly<Record<string, string>> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' };
