// Makes .vscode-test/apl-docs-queries.json (a local file, never committed: the queries come from a
// copy of another repository): the complete APL queries of Axiom's documentation
// (repository axiomhq/docs, MIT licence), as data for the tests and the benchmark. A query is a
// ```kusto block of content/docs/(query-reference)/apl that starts with a dataset (['…']); the
// other blocks are mostly syntax templates. Comments are dropped (the words are Axiom's; only the
// queries are kept), duplicates too.
//   node test/support/extractDocsQueries.mjs /path/to/a/checkout/of/axiomhq/docs
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const checkout = process.argv[2];
if (!checkout) throw new Error('usage: node test/support/extractDocsQueries.mjs CHECKOUT_OF_AXIOMHQ_DOCS');
const folder = 'content/docs/(query-reference)/apl';
const commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: checkout, encoding: 'utf8' }).trim();

const walk = (dir) =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((e) =>
      e.isDirectory() ? walk(path.join(dir, e.name)) : e.name.endsWith('.mdx') ? [path.join(dir, e.name)] : [],
    );

/** The text without its // comments (strings, plain and verbatim, are kept whole), lines right-trimmed. */
function withoutComments(apl) {
  let out = '';
  for (let i = 0; i < apl.length;) {
    const c = apl[i];
    const verbatim = c === '@' && (apl[i + 1] === "'" || apl[i + 1] === '"');
    if (verbatim || c === "'" || c === '"') {
      const quote = verbatim ? apl[i + 1] : c;
      let j = verbatim ? i + 2 : i + 1;
      while (j < apl.length && apl[j] !== quote && apl[j] !== '\n') j += !verbatim && apl[j] === '\\' ? 2 : 1;
      out += apl.slice(i, j + 1);
      i = j + 1;
    } else if (c === '/' && apl[i + 1] === '/') {
      while (i < apl.length && apl[i] !== '\n') i++;
    } else {
      out += c;
      i++;
    }
  }
  return out
    .split('\n')
    .map((l) => l.trimEnd())
    .filter((l) => l.trim() !== '')
    .join('\n');
}

const queries = new Set();
for (const file of walk(path.join(checkout, folder))) {
  const text = fs.readFileSync(file, 'utf8');
  for (const [, indent, body] of text.matchAll(/^([ \t]*)```kusto[^\n]*\n([\s\S]*?)^[ \t]*```/gm)) {
    const apl = body
      .split('\n')
      .map((l) => (l.startsWith(indent) ? l.slice(indent.length) : l))
      .join('\n')
      .trim();
    if (apl.startsWith("['")) queries.add(withoutComments(apl));
  }
}
const out = {
  about:
    "The complete APL queries in the APL reference of Axiom's documentation: data for the tests (no false alarms, grammar scopes) and the benchmark. Made by test/support/extractDocsQueries.mjs.",
  repository: 'axiomhq/docs',
  folder,
  commit,
  license: 'MIT License. Copyright (c) 2024 Axiom, Inc.',
  queries: [...queries],
};
const target = new URL('../../.vscode-test/apl-docs-queries.json', import.meta.url);
fs.mkdirSync(new URL('.', target), { recursive: true });
fs.writeFileSync(target, JSON.stringify(out, null, 1) + '\n');
console.log(`${out.queries.length} queries from ${commit.slice(0, 8)}`);
