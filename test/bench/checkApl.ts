// The command-line APL checker (src/cli/checkApl.ts) on generated files, as CI would run it on a
// folder of them: what the checker does for a file (read it, check it, write its lines), in this
// process's CPU time. Twice the lines beside the lines (linear: ≤ 2.3×), a problem on every line beside
// the same lines valid (≤ 2×), and a 6 MB file beside reading it and splitting it into lines (≤ 10×).
// `AXIOM_BENCH_ONLY=check-apl npm run bench` runs only these rows.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ProblemOutput } from '../../src/core/apl/fileChecks';
import { fileProblems } from '../../src/core/monitors/checkedFiles';
import type { BenchRow, BenchTiming } from './benchTiming';

/** One query of generated stages, one a line: `| extend aN = abs(1)`, or a call of a function APL does not have. */
function generatedQuery(lines: number, unknownFunction: boolean): string {
  const stages: string[] = ["['logs']"];
  for (let i = 0; i < lines; i++) stages.push(`| extend a${i} = ${unknownFunction ? 'abz' : 'abs'}(1)`);
  return `${stages.join('\n')}\n`;
}

/** The checker's output: one for every file, as the command-line checker has. */
const output = new ProblemOutput();

/** What the checker does for one file, to the bytes it would print. */
function checkFile(file: string): Uint8Array[] {
  const text = fs.readFileSync(file, 'utf8');
  output.problems(file, text, fileProblems(file, text));
  return output.bytes();
}

export async function checkAplRows(
  t: BenchTiming,
  fileOfLines: (n: number) => string,
): Promise<{ rows: BenchRow[]; notes: string[] }> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-check-apl-'));
  const write = (name: string, text: string) => {
    const file = path.join(folder, name);
    fs.writeFileSync(file, text);
    return file;
  };
  // The process's CPU time (user + system, its threads included: the garbage collector's too), not
  // the clock's: on a machine shared by several sessions, time spent waiting for a core is no work.
  // Each run starts from a collected heap (node --expose-gc, as npm run bench runs), so that no run
  // pays for the garbage of the one before.
  const collect = (globalThis as { gc?: () => void }).gc;
  const timed = (work: () => unknown) => async () => {
    collect?.();
    const started = process.cpuUsage();
    work();
    const used = process.cpuUsage(started);
    return (used.user + used.system) / 1000;
  };
  const runs = t.quick ? 3 : 9;
  const rows: BenchRow[] = [];
  try {
    const valid20 = write('valid-20k.apl', generatedQuery(20_000, false));
    const valid40 = write('valid-40k.apl', generatedQuery(40_000, false));
    const invalid40 = write('invalid-40k.apl', generatedQuery(40_000, true));
    // About 6 MB of real queries (the documentation's, or the project's), apart by blank lines.
    let lines = 1000;
    while (fileOfLines(lines).length < 6_000_000) lines *= 2;
    const big = write('big.apl', fileOfLines(lines).slice(0, 6_000_000));

    const [twice, once, doublePairs] = await t.paired(
      runs,
      1,
      timed(() => checkFile(valid40)),
      timed(() => checkFile(valid20)),
    );
    rows.push({
      what: 'check-apl, one query of 40,000 stages',
      ours: t.ms(twice),
      baseline: `20,000 stages: ${t.ms(once)}`,
      ratio: t.ratioAndSpread(twice, once, doublePairs),
      target: t.target('≤ 2.3×', twice <= 2.3 * once),
    });
    const [invalid, valid, invalidPairs] = await t.paired(
      runs,
      1,
      timed(() => checkFile(invalid40)),
      timed(() => checkFile(valid40)),
    );
    rows.push({
      what: 'check-apl, 40,000 stages, an unknown function on each',
      ours: t.ms(invalid),
      baseline: `the same stages valid: ${t.ms(valid)}`,
      ratio: t.ratioAndSpread(invalid, valid, invalidPairs),
      target: t.target('≤ 2×', invalid <= 2 * valid),
    });
    const [checked, read, bigPairs] = await t.paired(
      runs,
      1,
      timed(() => checkFile(big)),
      timed(() => fs.readFileSync(big, 'utf8').split('\n')),
    );
    const bigLines = fs.readFileSync(big, 'utf8').split('\n').length;
    rows.push({
      what: `check-apl, a 6 MB file (${bigLines.toLocaleString('en')} lines of real queries)`,
      ours: t.ms(checked),
      baseline: `read + split into lines: ${t.ms(read)}`,
      ratio: t.ratioAndSpread(checked, read, bigPairs),
      target: t.target('≤ 10×', checked <= 10 * read),
    });
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
  return {
    rows,
    notes: [
      "The check-apl rows time what the checker does for a file in this process (read, check, its lines; not node's start), in CPU time (user + system), ours and the baseline alike.",
    ],
  };
}
