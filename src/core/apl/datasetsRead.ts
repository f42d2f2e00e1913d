// The datasets a query reads, from its syntax tree: each tabular expression's source that is not a
// `let` name. Apart from the field checks (fieldChecks.ts) so that the API client, which sends a
// query to the edge that holds its datasets (core/api/edges.ts), reads them without the checks.
import type { ParsedApl, Pipeline, SyntaxNode } from './syntaxNodes';
import { walk } from './syntaxWalk';

/** The dataset each tabular expression starts from: `['logs'] | …` or `logs | …` when logs is no `let` name. */
export function datasetOfPipeline(pipeline: Pipeline, letNames: ReadonlySet<string>): string | undefined {
  const source = pipeline.source;
  if (source?.kind !== 'name' || source.text.startsWith('$')) return undefined;
  if (!source.bracketed && letNames.has(source.text)) return undefined;
  return source.text;
}

/** Every name `let` gives and every parameter of a function `let` defines, anywhere in the text. */
export function declaredNames(parsed: ParsedApl): Set<string> {
  const names = new Set<string>();
  walk(parsed, (node) => {
    if (node.kind === 'let' && node.name) names.add(node.name.text);
    else if (node.kind === 'function') for (const p of node.parameters) names.add(p.name.text);
  });
  return names;
}

/** The datasets the text's queries read, in the order of the text, each once (subqueries' included). */
export function datasetsRead(parsed: ParsedApl): string[] {
  const declared = declaredNames(parsed);
  const found: string[] = [];
  walk(parsed, (node) => {
    if (node.kind !== 'pipeline') return;
    const dataset = datasetOfPipeline(node, declared);
    if (dataset !== undefined && !found.includes(dataset)) found.push(dataset);
  });
  return found;
}

/** Operators whose first clause names tables the query reads besides its source. */
const TABLE_OPERANDS = new Set(['union', 'join', 'lookup']);

/**
 * Every dataset the text's queries read: their sources (datasetsRead), the tables `union`, `join`
 * and `lookup` name, and a `let` that names one, each once. What the API client routes a query by (core/api/edges.ts).
 */
export function datasetsQueried(parsed: ParsedApl): string[] {
  const declared = declaredNames(parsed);
  const found = datasetsRead(parsed);
  const add = (node: SyntaxNode | undefined): void => {
    if (node?.kind === 'paren') return add(node.inner);
    if (node?.kind !== 'name' || node.text.startsWith('$') || (!node.bracketed && declared.has(node.text))) return;
    if (!found.includes(node.text)) found.push(node.text);
  };
  walk(parsed, (node) => {
    // `let t = ['logs'];` names a table by a bracketed name alone.
    if (node.kind === 'let' && node.value?.kind === 'name' && node.value.bracketed) add(node.value);
    if (node.kind !== 'stage' || !node.operator || !TABLE_OPERANDS.has(node.operator.text.toLowerCase())) return;
    const operands = node.clauses.find((c) => !c.keyword);
    for (const item of operands?.items ?? []) add(item);
  });
  return found;
}
