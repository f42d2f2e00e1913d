// `npm run check-apl -- FILE…`: the editor's APL checks on the command line, for a repository that
// keeps queries and monitors and wants CI to refuse a broken one. Each argument is a file (`*.apl`,
// or a monitor file `*.axiom-monitor.json`, whose aplQuery is checked) or a folder searched for
// them. Prints each problem as `FILE:LINE:COL: error|warning: message`; exits 1 when an error is
// found (or a file cannot be read), 2 when no file is named, else 0 with no output.
import fs from 'node:fs';
import path from 'node:path';
import { fileProblems, isCheckedFile, problemLines } from '../core/apl/fileChecks';
import { phrase, render } from '../core/phrase';

/** The files an argument names: itself, or the checked files under a folder (hidden ones and node_modules left out). */
function filesOf(argument: string): string[] {
  if (!fs.statSync(argument).isDirectory()) return [argument];
  const found: string[] = [];
  for (const entry of fs.readdirSync(argument, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
    const file = path.join(argument, entry.name);
    if (entry.isDirectory()) found.push(...filesOf(file));
    else if (isCheckedFile(entry.name)) found.push(file);
  }
  return found.sort();
}

function main(args: readonly string[]): number {
  if (!args.length) {
    process.stderr.write(
      `${render(phrase('Usage: npm run check-apl -- FILE… (APL files, monitor files or folders)'))}\n`,
    );
    return 2;
  }
  const lines: string[] = [];
  let failed = false;
  for (const argument of args) {
    let files: string[];
    try {
      files = filesOf(argument);
    } catch (error) {
      lines.push(`${argument}: error: ${render(phrase('Cannot read it ({0}).', errorText(error)))}`);
      failed = true;
      continue;
    }
    for (const file of files) {
      let text: string;
      try {
        text = fs.readFileSync(file, 'utf8');
      } catch (error) {
        lines.push(`${file}: error: ${render(phrase('Cannot read it ({0}).', errorText(error)))}`);
        failed = true;
        continue;
      }
      const problems = fileProblems(file, text);
      failed ||= problems.some((p) => p.severity === 'error');
      lines.push(...problemLines(file, text, problems));
    }
  }
  if (lines.length) process.stdout.write(`${lines.join('\n')}\n`);
  return failed ? 1 : 0;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

process.exitCode = main(process.argv.slice(2));
