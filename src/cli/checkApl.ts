// `npm run check-apl -- FILE…`: the editor's APL and MPL checks on the command line, for a
// repository that keeps queries and monitors and wants CI to refuse a broken one. Each argument is
// a file (`*.apl`, `*.mpl`, or a monitor file `*.axiom-monitor.json`, whose aplQuery is checked) or
// a folder searched for them. Prints each problem as `FILE:LINE:COL: error|warning: message` (`--format github`: as a
// GitHub Actions annotation), each on one line whatever the names and the text hold; exits 1 when
// an error is found (or a file cannot be read), 2 when no file is named or the format is unknown,
// else 0 with no output.
import fs from 'node:fs';
import path from 'node:path';
import {
  PROBLEM_FORMATS,
  ProblemOutput,
  problemLine,
  type FileProblem,
  type ProblemFormat,
} from '../core/apl/fileChecks';
import { fileProblems, isCheckedFile } from '../core/monitors/checkedFiles';
import { checkMpl } from '../core/mpl/checks';
import { MPL_FILE_SUFFIX } from '../core/mpl/languageId';
import { phrase, render } from '../core/phrase';

/** The files an argument names: itself, or the checked files under a folder (hidden ones and node_modules left out). */
function filesOf(argument: string): string[] {
  if (!fs.statSync(argument).isDirectory()) return [argument];
  const found: string[] = [];
  for (const entry of fs.readdirSync(argument, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
    const file = path.join(argument, entry.name);
    if (entry.isDirectory()) found.push(...filesOf(file));
    else if (isCheckedFile(entry.name) || entry.name.endsWith(MPL_FILE_SUFFIX)) found.push(file);
  }
  return found.sort();
}

/** The format asked for (`--format NAME` or `--format=NAME`, `text` unless told) and the files. */
function readArguments(args: readonly string[]): { format: string; files: string[] } {
  let format = 'text';
  const files: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const argument = args[i];
    if (argument === '--format') format = args[++i] ?? '';
    else if (argument.startsWith('--format=')) format = argument.slice('--format='.length);
    else files.push(argument);
  }
  return { format, files };
}

function isFormat(format: string): format is ProblemFormat {
  return (PROBLEM_FORMATS as readonly string[]).includes(format);
}

function main(args: readonly string[]): number {
  const { format, files: named } = readArguments(args);
  if (!named.length || !isFormat(format)) {
    process.stderr.write(
      `${render(phrase('Usage: npm run check-apl -- [--format text|github] FILE… (APL files, MPL files, monitor files or folders)'))}\n`,
    );
    return 2;
  }
  const output = new ProblemOutput();
  let failed = false;
  const cannotRead = (file: string, error: unknown) => {
    output.line(
      problemLine(format, file, undefined, 'error', render(phrase('Cannot read it ({0}).', errorText(error)))),
    );
    failed = true;
  };
  for (const argument of named) {
    let files: string[];
    try {
      files = filesOf(argument);
    } catch (error) {
      cannotRead(argument, error);
      continue;
    }
    for (const file of files) {
      let text: string;
      try {
        text = fs.readFileSync(file, 'utf8');
      } catch (error) {
        cannotRead(file, error);
        continue;
      }
      const problems = file.endsWith(MPL_FILE_SUFFIX) ? mplProblems(text) : fileProblems(file, text);
      failed ||= problems.some((p) => p.severity === 'error');
      output.problems(file, text, problems, format);
    }
  }
  for (const bytes of output.bytes()) process.stdout.write(bytes);
  return failed ? 1 : 0;
}

/** The problems of an MPL file: the editor's checks (core/mpl/checks.ts). */
function mplProblems(text: string): FileProblem[] {
  return checkMpl(text).map((p) => ({ offset: p.start, severity: p.severity, message: p.message }));
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

process.exitCode = main(process.argv.slice(2));
