// What the property tests of APL rewrites compare: a query's meaning (its syntax tree without
// positions or comments) and its comments, and the documentation's queries when a local copy
// was made (test/support/extractDocsQueries.mjs; they come from another repository, so they are
// not committed).
import fs from 'node:fs';
import path from 'node:path';
import type { ParsedApl, SyntaxNode } from '../../src/core/apl/syntaxNodes';
import { parseApl } from '../../src/core/apl/syntaxParser';

/** A node as plain data: its kind and fields, without ranges or comments; literals and wildcards with their text. */
export type Meaning = { [key: string]: unknown };

/** Where a node is, not what it means, and the comments (compared on their own). */
const POSITIONAL = new Set(['start', 'end', 'operatorSpan', 'pipe', 'leadingComments', 'trailingComments']);

const isNode = (value: unknown): value is SyntaxNode =>
  typeof value === 'object' && value !== null && typeof (value as { kind?: unknown }).kind === 'string';

export function meaningOfNode(text: string, node: SyntaxNode): Meaning {
  const out: Meaning = {};
  for (const [key, value] of Object.entries(node)) {
    if (POSITIONAL.has(key) || value === undefined) continue;
    out[key] = Array.isArray(value)
      ? value.map((item: unknown) => (isNode(item) ? meaningOfNode(text, item) : item))
      : isNode(value)
        ? meaningOfNode(text, value)
        : value;
  }
  if (node.kind === 'literal' || node.kind === 'wildcard') out.text = text.slice(node.start, node.end);
  return out;
}

/** The statements of a query as plain data (what `deepEqual` compares). */
export function meaningOf(parsed: ParsedApl): Meaning[] {
  return parsed.statements.map((statement) => meaningOfNode(parsed.text, statement));
}

/** The meaning of one expression written alone (`bin(_time, 5m)`). */
export function meaningOfExpression(expression: string): Meaning {
  const parsed = parseApl(expression);
  const statement = parsed.statements[0];
  if (statement?.kind !== 'query' || !statement.body.source || statement.body.source.kind === 'stage')
    throw new Error(`not an expression: ${expression}`);
  return meaningOfNode(parsed.text, statement.body.source);
}

/** The comments of a query as written, in order. */
export const commentsOf = (parsed: ParsedApl) => parsed.comments.map((comment) => comment.text);

/** The queries of Axiom's documentation, or none when no local copy was made. */
export const DOCS_QUERIES: readonly string[] = (() => {
  const file = path.resolve('.vscode-test/apl-docs-queries.json');
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as { queries: string[] }).queries : [];
})();
