// Facts read from a query's syntax tree (syntaxNodes.ts): the statement that runs, the dataset it reads,
// the operators of its pipeline, a name to offer for it. Strings and comments are the tree's
// trivia and literals, so a `|` or a word inside one is never taken for code.
import { lex } from './lexer';
import type { Expression, LetStatement, ParsedApl, Pipeline, QueryStatement, Stage, Statement } from './syntaxNodes';
import { parseApl } from './syntaxParser';
import { pathAt, textOf } from './syntaxWalk';

/** The statement whose rows a query returns: its last tabular statement (`let` and `set` only name things). */
export function mainQuery(parsed: ParsedApl): QueryStatement | undefined {
  for (let i = parsed.statements.length - 1; i >= 0; i--) {
    const statement = parsed.statements[i];
    if (statement.kind === 'query') return statement;
  }
  return undefined;
}

/** The stages piped after the source of the statement that runs, in order. */
export function mainStages(parsed: ParsedApl): Stage[] {
  return mainQuery(parsed)?.body.stages ?? [];
}

/** The dataset a query reads: the source of the statement that runs, followed through the `let`
 *  statements that name it (`let errors = ['logs'] | where …; errors | count` reads `logs`). */
export function datasetFromApl(apl: string): string | undefined {
  const parsed = parseApl(apl);
  const query = mainQuery(parsed);
  return query && datasetOfPipeline(parsed.statements, query.body, query.start);
}

/** The dataset of the query around an offset (a subquery's own, inside one): what completion and
 *  hover look fields up in. */
export function datasetAt(parsed: ParsedApl, offset: number): string | undefined {
  const path = pathAt(parsed, offset);
  for (let i = path.length - 1; i >= 0; i--) {
    const node = path[i];
    if (node.kind === 'pipeline') return datasetOfPipeline(parsed.statements, node, node.start);
    if (node.kind === 'let' && node.value?.kind === 'name')
      return datasetOfSource(parsed.statements, node.value, node.start);
  }
  // Between statements or in a `let` of a scalar: the statement that runs.
  const query = mainQuery(parsed);
  return query && offset >= query.start ? datasetOfPipeline(parsed.statements, query.body, query.start) : undefined;
}

function datasetOfPipeline(statements: readonly Statement[], pipeline: Pipeline, at: number): string | undefined {
  const source = pipeline.source;
  return source && source.kind !== 'stage' ? datasetOfSource(statements, source, at) : undefined;
}

/** A name read as a dataset, unless a `let` before `at` gives it a value: then that value's dataset. */
function datasetOfSource(
  statements: readonly Statement[],
  source: Expression,
  at: number,
  depth = 0,
): string | undefined {
  if (source.kind === 'pipeline') return depth > 20 ? undefined : datasetOfPipeline(statements, source, at);
  if (source.kind !== 'name' || !source.text) return undefined;
  // A bracketed name is a dataset whatever it holds (`['$ ']` too); a bare `$left`/`$right` is none.
  if (source.bracketed) return source.text;
  if (source.text.startsWith('$')) return undefined;
  const named = letBefore(statements, source.text, at);
  if (!named) return source.text;
  const value = named.value;
  return value && depth < 20 ? datasetOfSource(statements, value, named.start, depth + 1) : undefined;
}

/** The last `let` of a name that starts before `at` (APL reads names in order). */
function letBefore(statements: readonly Statement[], name: string, at: number): LetStatement | undefined {
  let found: LetStatement | undefined;
  for (const statement of statements)
    if (statement.kind === 'let' && statement.start < at && statement.name?.text === name) found = statement;
  return found;
}

/** Where a query may start in a person's words: at a bracketed name, or at a word a pipe follows. */
function queryStarts(text: string): number[] {
  const tokens = lex(text).filter((t) => t.kind !== 'comment');
  const starts: number[] = [];
  tokens.forEach((t, i) => {
    if (t.kind === 'quotedName' || (t.kind === 'identifier' && tokens[i + 1]?.kind === 'pipe')) starts.push(t.start);
  });
  return starts;
}

/**
 * Whether a person's words hold an APL query, as the parser reads it: from a bracketed name, or a
 * word a pipe follows, a tabular statement that reads a dataset (`['logs']`), or one that pipes into
 * one of APL's operators with no syntax problem up to the end of that first stage. Prose around it (a
 * question after it, too) does not matter.
 */
export function holdsQuery(text: string): boolean {
  return queryStarts(text)
    .slice(0, 20)
    .some((start) => {
      const parsed = parseApl(text.slice(start));
      const first = parsed.statements[0];
      if (first?.kind !== 'query') return false;
      const { source, stages } = first.body;
      if (source?.kind === 'name' && source.bracketed) return true;
      const stage = stages.at(0);
      return stage?.known === true && !parsed.problems.some((p) => p.start < stage.end && p.end > first.start);
    });
}

/** A tabular operator of a pipeline, and the number it takes when it starts with one (`take 10`). */
export interface PipelineOperator {
  name: string;
  count?: number;
}

/** The operators of the statement that runs, in order, with the count of each that starts with a number. */
export function operatorsOf(parsed: ParsedApl): PipelineOperator[] {
  const operators: PipelineOperator[] = [];
  for (const stage of mainStages(parsed)) {
    if (!stage.operator) continue;
    const first = stage.clauses[0]?.keyword ? undefined : stage.clauses[0]?.items[0];
    const number = first?.kind === 'literal' && first.type === 'number' ? textOf(parsed, first) : '';
    operators.push(
      /^\d+$/.test(number) ? { name: stage.operator.text, count: Number(number) } : { name: stage.operator.text },
    );
  }
  return operators;
}

/** A name to offer for a starred query: its dataset (or its first words) and its first operators, shortened. */
export function suggestQueryName(apl: string, dataset: string | undefined): string {
  const parsed = parseApl(apl);
  const operators = operatorsOf(parsed).map((op) => op.name);
  const query = mainQuery(parsed);
  const head = dataset ?? (query ? firstLine(textOf(parsed, query.body.source ?? query)) : undefined) ?? 'query';
  const text = operators.length ? `${head}: ${operators.slice(0, 3).join(', ')}` : head;
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}

function firstLine(text: string): string | undefined {
  return text.split('\n', 1)[0].trim() || undefined;
}

/** A change of the text: what lies in [start, end) becomes `text`. */
export interface TextEdit {
  start: number;
  end: number;
  text: string;
}

/** The text with the edits made (they do not overlap; any order). */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  let out = text;
  for (const edit of [...edits].sort((a, b) => b.start - a.start))
    out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  return out;
}
