// The APL parser and the checks on its tree (src/core/apl/syntaxParser.ts, checks.ts) beside Axiom's own
// engine (@axiomhq/language-service-next, a devDependency) in the same run: false alarms on the
// documentation's queries, mutants of them caught per class, the time to parse and check the whole
// corpus, and the time to check a 2,000-line file again after one keystroke beside the Kusto
// TextMate grammar tokenizing that file; and how the time grows with the length (a 1 MB line, an
// 8,000-line file). `AXIOM_BENCH_ONLY=apl npm run bench` runs only these.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { checkApl } from '../../src/core/apl/checks';
import { parseApl } from '../../src/core/apl/syntaxParser';
import { PROJECT_QUERIES, VALID_QUERIES, docsQueries } from '../support/aplCorpus';
import { engineDiagnostics, engineRejects, loadEngine } from '../support/aplEngine';
import { MUTANT_CLASSES, mutate } from '../support/aplMutants';
import { BACKTRACKING_UNITS, repeatedTo } from '../support/backtrackingText';
import { projectRoot } from '../harness/codeServer.mjs';
import type { BenchRow, BenchTiming } from './benchTiming';

type IGrammar = import('vscode-textmate').IGrammar;

/** Our TextMate grammar and the Kusto one that @shikijs/langs ships, through vscode-textmate with
 *  oniguruma, as VS Code tokenizes. */
export async function loadGrammars(): Promise<{
  textmate: typeof import('vscode-textmate');
  apl: IGrammar;
  kusto: IGrammar;
}> {
  const require = createRequire(import.meta.url);
  const textmate = require('vscode-textmate') as typeof import('vscode-textmate');
  const oniguruma = require('vscode-oniguruma') as typeof import('vscode-oniguruma');
  await oniguruma.loadWASM(fs.readFileSync(require.resolve('vscode-oniguruma/release/onig.wasm')).buffer);
  const kusto = ((await import('@shikijs/langs/kusto')) as { default: { scopeName: string }[] }).default[0];
  const ours = JSON.parse(fs.readFileSync(path.join(projectRoot, 'syntaxes/axiom-apl.tmLanguage.json'), 'utf8')) as {
    scopeName: string;
  };
  const registry = new textmate.Registry({
    onigLib: Promise.resolve({
      createOnigScanner: (p: string[]) => new oniguruma.OnigScanner(p),
      createOnigString: (s: string) => new oniguruma.OnigString(s),
    }),
    loadGrammar: async (scope: string) => ([ours, kusto].find((g) => g.scopeName === scope) as never) ?? null,
  });
  const [apl, kql] = await Promise.all([registry.loadGrammar(ours.scopeName), registry.loadGrammar(kusto.scopeName)]);
  if (!apl || !kql) throw new Error('a grammar did not load');
  return { textmate, apl, kusto: kql };
}

export interface Timing extends BenchTiming {
  log: (...a: unknown[]) => void;
}

const percent = (n: number, of: number) => (of ? `${((100 * n) / of).toFixed(1)}%` : '–');

export async function aplParserRows(
  t: Timing,
  fileOfLines: (n: number) => string,
): Promise<{ rows: BenchRow[]; notes: string[] }> {
  const rows: BenchRow[] = [];
  const notes: string[] = [];
  const docs = docsQueries();
  const corpus = docs.length ? docs : [...VALID_QUERIES, ...PROJECT_QUERIES];
  const source = docs.length
    ? "the documentation's queries"
    : "the project's own queries (no local copy of the documentation's)";
  const loadStarted = performance.now();
  loadEngine();
  engineDiagnostics("['warm'] | take 1");
  t.log(`apl: engine loaded and warmed in ${(performance.now() - loadStarted).toFixed(0)} ms`);

  // False alarms: valid queries with an error reported.
  const oursAlarms = corpus.filter((q) => checkApl(q).some((p) => p.severity === 'error'));
  const oursWarnings = corpus.filter((q) => checkApl(q).length > 0);
  const engineAlarms = corpus.filter((q) => engineRejects(q));
  rows.push({
    what: `false alarms: valid queries with an error, of ${corpus.length.toLocaleString('en')} (${docs.length ? 'docs' : 'project'})`,
    ours: `${oursAlarms.length} (with warnings: ${oursWarnings.length})`,
    baseline: `engine: ${engineAlarms.length}`,
    target: t.target('0', oursAlarms.length === 0 && oursWarnings.length === 0),
  });

  // Mutants, from the queries both read as valid, one per query and class.
  const rejected = new Set([...oursWarnings, ...engineAlarms]);
  const base = corpus.filter((q) => !rejected.has(q));
  for (const kind of MUTANT_CLASSES) {
    let made = 0;
    let ours = 0;
    let engine = 0;
    base.forEach((query, i) => {
      const mutant = mutate(query, kind, i);
      if (!mutant) return;
      made++;
      if (checkApl(mutant).length) ours++;
      if (engineRejects(mutant)) engine++;
    });
    const met = ours >= engine && (engine < 0.99 * made || ours >= 0.99 * made);
    rows.push({
      what: `mutants caught: ${kind} (${made.toLocaleString('en')})`,
      ours: percent(ours, made),
      baseline: `engine: ${percent(engine, made)}`,
      target: t.target('≥ the engine, ≥ 99% where it is', met),
    });
  }
  notes.push(
    `The APL rows read ${source}. The mutants are made from the ${base.length.toLocaleString('en')} of them that neither reads as wrong (test/support/aplMutants.ts: one mistake each, placed from the query's tokens); a mutant counts as caught when anything is reported (for ours, a misspelt function is a warning, the rest errors). The engine is Kusto.Language's KustoCode.Parse + GetDiagnostics with no schema, which reports syntax only: that is why it misses most misspelt functions.`,
  );

  // Speed: the whole corpus, parse and check, beside the engine's parse and diagnostics.
  const [oursMs, engineMs, pairs] = await t.paired(
    t.quick ? 3 : 9,
    2,
    async () => {
      const started = performance.now();
      for (const q of corpus) checkApl(q);
      return performance.now() - started;
    },
    async () => {
      const started = performance.now();
      for (const q of corpus) engineDiagnostics(q);
      return performance.now() - started;
    },
  );
  rows.push({
    what: `parse + check, ${corpus.length.toLocaleString('en')} queries`,
    ours: t.ms(oursMs),
    baseline: `engine parse + diagnostics: ${t.ms(engineMs)}`,
    ratio: t.ratioAndSpread(oursMs, engineMs, pairs),
    target: t.target('≤ 0.05×', oursMs <= 0.05 * engineMs),
  });

  // One keystroke in a 2,000-line file: the whole file parsed and checked again, beside the Kusto
  // grammar tokenizing the whole file (what an editor does at most after an edit at its top).
  const text = fileOfLines(2000);
  const lines = text.split('\n');
  const { textmate, kusto } = await loadGrammars();
  const where = text.indexOf('\n| where ', text.length >> 1);
  const middle = where < 0 ? text.length >> 1 : where + 9;
  let keystroke = 0;
  const [typedMs, grammarMs, typedPairs] = await t.paired(
    t.quick ? 5 : 31,
    3,
    async () => {
      keystroke++;
      const edited = `${text.slice(0, middle)}${keystroke % 2 ? 'x' : 'y'}${text.slice(middle)}`;
      const started = performance.now();
      checkApl(edited);
      return performance.now() - started;
    },
    async () => {
      const started = performance.now();
      let stack = textmate.INITIAL;
      for (const line of lines) stack = kusto.tokenizeLine2(line, stack).ruleStack;
      return performance.now() - started;
    },
  );
  rows.push({
    what: `check again after a keystroke, ${lines.length.toLocaleString('en')} lines`,
    ours: t.ms(typedMs),
    baseline: `Kusto grammar, the file: ${t.ms(grammarMs)}`,
    ratio: t.ratioAndSpread(typedMs, grammarMs, typedPairs),
    target: t.target('≤ 1.0×', typedMs <= grammarMs),
  });

  rows.push(...(await aplGrowthRows(t, fileOfLines)));
  return { rows, notes };
}

/**
 * How the time grows with the length, timed here and counted in the unit tests (the characters
 * read: test/unit/apl/checks.test.ts, syntaxParser.test.ts): linear stays near 1×, quadratic goes to 16×
 * for the line and 32× for the file.
 */
export async function aplGrowthRows(t: BenchTiming, fileOfLines: (n: number) => string): Promise<BenchRow[]> {
  const megabyte = BACKTRACKING_UNITS.map((unit) => repeatedTo(unit, 1 << 20));
  const sixteenth = BACKTRACKING_UNITS.map((unit) => repeatedTo(unit, 1 << 16));
  const [megabyteMs, sixteenthsMs, linePairs] = await t.paired(
    t.quick ? 3 : 5,
    1,
    async () => timeOf(() => megabyte.forEach((line) => checkApl(line))),
    async () => 16 * timeOf(() => sixteenth.forEach((line) => checkApl(line))),
  );
  const long = fileOfLines(8000);
  const short = fileOfLines(250);
  const [longMs, shortsMs, filePairs] = await t.paired(
    t.quick ? 3 : 9,
    2,
    async () => timeOf(() => parseApl(long)),
    async () => 32 * timeOf(() => parseApl(short)),
  );
  return [
    {
      what: `check a 1 MB line of what makes a lexer backtrack (${BACKTRACKING_UNITS.length} kinds)`,
      ours: t.ms(megabyteMs),
      baseline: `16 × a 64 KB line: ${t.ms(sixteenthsMs)}`,
      ratio: t.ratioAndSpread(megabyteMs, sixteenthsMs, linePairs),
      target: t.target('≤ 2×', megabyteMs <= 2 * sixteenthsMs),
    },
    {
      what: 'parse a file of 8,000 lines',
      ours: t.ms(longMs),
      baseline: `32 × a file of 250 lines: ${t.ms(shortsMs)}`,
      ratio: t.ratioAndSpread(longMs, shortsMs, filePairs),
      target: t.target('≤ 2×', longMs <= 2 * shortsMs),
    },
  ];
}

/** How long `work` takes, in ms. */
function timeOf(work: () => void): number {
  const started = performance.now();
  work();
  return performance.now() - started;
}
