// Runs the grammar fixtures in test/grammar with vscode-tmgrammar-test, scope by scope: each .apl
// file against source.axiom-apl, and each .md file against VS Code's own Markdown grammar (taken
// from the test VS Code that setup.sh installs) with this extension's injection for fenced
// ```axiom-apl blocks. The grammars come from package.json's contributes.grammars, as VS Code
// reads them. Then every query of Axiom's APL documentation (a local copy, when one was made) is
// tokenized: its dataset must be a dataset and the word after each pipe a tabular operator.
// Prints "N passed, N failed" (a fixture file is one test, the documentation's queries one more)
// and exits non-zero on a failure.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const markdown = path.join(
  root,
  '.vscode-test/code-server/node_modules/code-server/lib/vscode/extensions/markdown-basics/syntaxes/markdown.tmLanguage.json',
);
if (!fs.existsSync(markdown)) {
  console.error(
    `VS Code's Markdown grammar is missing (${path.relative(root, markdown)}): run sh test/harness/setup.sh first`,
  );
  process.exit(2);
}
const fixtures = fs
  .readdirSync(path.join(root, 'test/grammar'))
  .filter((f) => /\.(apl|mpl|md)$/.test(f))
  .map((f) => `test/grammar/${f}`);
const cli = path.join(root, 'node_modules/vscode-tmgrammar-test/dist/unit.js');
const run = spawnSync(process.execPath, [cli, '--compact', '-g', markdown, ...fixtures], {
  cwd: root,
  encoding: 'utf8',
  timeout: 120_000,
});
// The Markdown grammar embeds dozens of languages that are not loaded here; their absence is expected.
const stderr = (run.stderr ?? '').split('\n').filter((l) => l && !l.startsWith('grammar not found for'));
process.stdout.write(run.stdout ?? '');
if (stderr.length) console.error(stderr.join('\n'));
if (run.error) console.error(`vscode-tmgrammar-test did not finish: ${run.error.message}`);
const failed = new Set([...(run.stdout ?? '').matchAll(/^ERROR (\S+?):\d+/gm)].map((m) => m[1]));
const passed = fixtures.filter(
  (f) => !failed.has(f) && new RegExp(`^✓ ${f.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} `, 'm').test(run.stdout ?? ''),
).length;

// The documentation's queries, tokenized by the same library that runs the fixtures.
const require = createRequire(import.meta.url);
const { createRegistry, loadConfiguration } = require('vscode-tmgrammar-test/dist/common/index.js');
const grammar = await createRegistry(
  loadConfiguration(path.join(root, 'package.json'), undefined, []).grammars,
).loadGrammar('source.axiom-apl');
// A local copy only (test/support/extractDocsQueries.mjs): the queries come from another repository.
const docsFile = path.join(root, '.vscode-test/apl-docs-queries.json');
const { queries } = fs.existsSync(docsFile) ? JSON.parse(fs.readFileSync(docsFile, 'utf8')) : { queries: [] };
if (!queries.length)
  console.log("- the documentation's queries: skipped, no local copy (see test/support/extractDocsQueries.mjs)");
const problems = [];
let pipes = 0;
for (const apl of queries) {
  const tokens = [];
  let stack = null;
  for (const line of apl.split('\n')) {
    const result = grammar.tokenizeLine(line, stack);
    stack = result.ruleStack;
    for (const t of result.tokens) {
      const text = line.slice(t.startIndex, t.endIndex);
      if (text.trim()) tokens.push({ text, scopes: t.scopes });
    }
  }
  const has = (token, scope) => token?.scopes.includes(scope);
  if (!has(tokens[1], 'entity.name.type.dataset.axiom-apl'))
    problems.push(`the dataset ${tokens[1]?.text} is not scoped as a dataset in:\n${apl}`);
  tokens.forEach((token, i) => {
    if (!has(token, 'keyword.operator.pipe.axiom-apl')) return;
    pipes++;
    if (!has(tokens[i + 1], 'keyword.other.operator.tabular.axiom-apl'))
      problems.push(`"${tokens[i + 1]?.text}" after a pipe is ${tokens[i + 1]?.scopes.slice(1).join(' ')} in:\n${apl}`);
  });
}
const checked = queries.length > 0;
const corpusOk = !checked || (problems.length === 0 && pipes > 0);
if (checked) {
  console.log(
    `${corpusOk ? '✓' : '✖'} ${queries.length} queries of Axiom's APL documentation: ${pipes} pipes, each followed by a tabular operator${problems.length ? `; ${problems.length} problems:` : ''}`,
  );
  for (const problem of problems.slice(0, 20)) console.log(problem);
}

const extra = checked ? 1 : 0;
console.log(
  `${passed + (checked && corpusOk ? 1 : 0)} passed, ${fixtures.length - passed + extra - (checked && corpusOk ? 1 : 0)} failed${checked ? '' : ', 1 skipped'}`,
);
process.exit(run.status === 0 && passed === fixtures.length && corpusOk ? 0 : 1);
