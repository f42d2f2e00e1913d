// The MPL TextMate grammar's row: every example of Axiom's MPL reference
// (test/support/mplReferenceExamples.ts) tokenized line by line as VS Code's tokenizer does, per
// character, beside the APL grammar tokenizing APL queries (the documentation's when a local copy
// was made, else the project's own) in the same run. `AXIOM_BENCH_ONLY=mpl-grammar` runs it alone.
import fs from 'node:fs';
import path from 'node:path';
import { PROJECT_QUERIES, VALID_QUERIES } from '../support/aplCorpus';
import { loadProjectGrammar, type Grammar } from '../support/mplGrammar';
import { MPL_EXAMPLES } from '../support/mplReferenceExamples';
import { projectRoot } from '../harness/codeServer.mjs';
import type { BenchRow, BenchTiming } from './benchTiming';

/** The texts, each from a fresh state, line after line; repeated so that a run takes long enough to time. */
function tokenizer(textmate: typeof import('vscode-textmate'), grammar: Grammar, texts: readonly string[][]) {
  return () => {
    const started = performance.now();
    for (const lines of texts) {
      let stack = textmate.INITIAL;
      for (const line of lines) stack = grammar.tokenizeLine2(line, stack).ruleStack;
    }
    return Promise.resolve(performance.now() - started);
  };
}

const characters = (texts: readonly string[][]) => texts.reduce((n, lines) => n + lines.join('\n').length, 0);

export async function mplGrammarRows(t: BenchTiming): Promise<{ rows: BenchRow[]; notes: string[] }> {
  const mpl = await loadProjectGrammar(projectRoot, 'syntaxes/axiom-mpl.tmLanguage.json');
  const apl = await loadProjectGrammar(projectRoot, 'syntaxes/axiom-apl.tmLanguage.json');
  const docsFile = path.join(projectRoot, '.vscode-test/apl-docs-queries.json');
  const aplQueries: string[] = fs.existsSync(docsFile)
    ? (JSON.parse(fs.readFileSync(docsFile, 'utf8')) as { queries: string[] }).queries
    : [...VALID_QUERIES, ...PROJECT_QUERIES];
  // Each corpus read five times a run: long enough a run that the machine's noise is a small part of it.
  const aplTexts = Array.from({ length: 5 }, () => aplQueries.map((q) => q.split('\n'))).flat();
  // The reference's examples are few: repeated to about the APL corpus's size, so that both runs are timed alike.
  const examples = MPL_EXAMPLES.map((e) => e.text.split('\n'));
  const repeat = Math.max(1, Math.round(characters(aplTexts) / characters(examples)));
  const mplTexts = Array.from({ length: repeat }, () => examples).flat();
  const [mplMs, aplMs, pairs] = await t.paired(
    t.quick ? 3 : 15,
    3,
    tokenizer(mpl.textmate, mpl.grammar, mplTexts),
    tokenizer(apl.textmate, apl.grammar, aplTexts),
  );
  const mplChars = characters(mplTexts);
  const aplChars = characters(aplTexts);
  const perChar = (ms: number, chars: number) => (ms * 1e6) / chars;
  const ours = perChar(mplMs, mplChars);
  const base = perChar(aplMs, aplChars);
  const source = fs.existsSync(docsFile) ? "APL docs' queries" : "the project's APL queries";
  return {
    rows: [
      {
        what: `MPL grammar, the reference's ${MPL_EXAMPLES.length} examples ×${repeat} (${mplChars.toLocaleString('en')} characters), per character`,
        ours: `${ours.toFixed(1)} ns (${t.ms(mplMs)})`,
        baseline: `APL grammar, ${source} (${aplChars.toLocaleString('en')} characters): ${base.toFixed(1)} ns (${t.ms(aplMs)})`,
        ratio: t.ratioAndSpread(
          ours,
          base,
          pairs.map((p) => (p * aplChars) / mplChars),
        ),
        target: t.target('≤ 1.0×', ours <= base),
      },
    ],
    notes: [
      `The MPL grammar row tokenizes the reference's examples (${MPL_EXAMPLES.length}, each from a fresh state) repeated ${repeat} times, beside ${aplQueries.length.toLocaleString('en')} APL queries (each corpus five times a run), and compares the time per character.`,
    ],
  };
}
