// Where the cursor is in APL text, as completion, hover and signature help need to know it: after
// a pipe (an operator goes there), at the head of a query (a dataset), inside an expression
// (functions, fields, let names, keywords), or inside a string or comment (nothing). All of it is
// read from the syntax tree (syntaxNodes.ts) of the query block around the cursor (blank lines separate
// queries, as Run Query reads them); where nothing is typed yet a placeholder word is parsed at
// the cursor, so that the tree holds a node there. The VS Code side turns the answers into items.
import { blockAt, queryBlocks } from './queryBlocks';
import { declaredNames, datasetOfPipeline } from './fieldChecks';
import {
  findExpressionWord,
  findFunction,
  findOperator,
  type AplFunction,
  type AplOperator,
  type AplWord,
} from './reference';
import { quotedName } from './names';
import type { ParsedApl, Pipeline, Stage, SyntaxNode } from './syntaxNodes';
import { parseApl } from './syntaxParser';
import { pathAt } from './syntaxWalk';

export type CompletionContext =
  /** Inside a string or a comment: nothing to offer. */
  | { kind: 'none' }
  /** Right after a pipe. */
  | { kind: 'operator'; start: number; end: number }
  /** Where a dataset goes: the head of a query, or what union, join and lookup take. `quoted`: typing inside ['…. */
  | { kind: 'dataset'; start: number; end: number; quoted: boolean; letNames: string[]; atStatementStart: boolean }
  /** Inside an operator's arguments. `operator`: the tabular operator of this part of the query. */
  | {
      kind: 'expression';
      start: number;
      end: number;
      quoted: boolean;
      dataset?: string;
      operator?: string;
      letNames: string[];
    };

/** What stands for the word being typed when there is none yet: any name the grammar takes. */
const PLACEHOLDER = 'cursor__';
/** Operators whose list names datasets (before `on`). */
const NAMING_DATASETS = new Set(['union', 'join', 'lookup']);

/** The tree of the query block around `offset`, with a placeholder name there when no word is under it. */
interface Reading {
  parsed: ParsedApl;
  /** The offset in `parsed.text`. */
  at: number;
  /** Where `parsed.text` starts in the document. */
  base: number;
  /** The word under the offset in the document: what a chosen item replaces. */
  start: number;
  end: number;
}

/** The query block the offset is in, or the one it continues: on the line right after a block's end, the
 *  cursor is still in that query (a blank line would end it). */
function blockAround(text: string, offset: number): { start: number; end: number } | undefined {
  const block = blockAt(text, offset);
  if (block) return block;
  const before = queryBlocks(text.slice(0, offset)).at(-1);
  if (!before) return undefined;
  // A word at the cursor, read with the block: whether the parser breaks the query before it.
  const breaks = parseApl(`${text.slice(before.start, offset)}${PLACEHOLDER}`).queryBreaks;
  return breaks.some((b) => b.start >= before.end - before.start) ? undefined : { start: before.start, end: offset };
}

function readAt(text: string, offset: number): Reading {
  const block = blockAround(text, offset);
  const base = block?.start ?? offset;
  const blockText = block ? text.slice(block.start, block.end) : '';
  let start = offset;
  let end = offset;
  while (start > base && /[A-Za-z0-9_$!~-]/.test(text[start - 1])) start--;
  while (end < base + blockText.length && /[A-Za-z0-9_$-]/.test(text[end])) end++;
  const at = offset - base;
  if (start < end) return { parsed: parseApl(blockText), at, base, start, end };
  const withPlaceholder = `${blockText.slice(0, at)}${PLACEHOLDER}${blockText.slice(at)}`;
  return { parsed: parseApl(withPlaceholder), at: at + 1, base, start, end };
}

/** Whether the offset is inside a comment (a line comment runs to its end). */
function inComment(parsed: ParsedApl, at: number): boolean {
  return parsed.comments.some((c) => c.start < at && at <= c.end);
}

/** The innermost pipeline of a path, and its innermost stage after that pipeline. */
function stageOf(path: readonly SyntaxNode[]): { pipeline?: Pipeline; stage?: Stage; index: number } {
  for (let i = path.length - 1; i >= 0; i--) {
    const node = path[i];
    if (node.kind === 'stage') {
      const pipeline = path[i - 1]?.kind === 'pipeline' ? (path[i - 1] as Pipeline) : undefined;
      return { pipeline, stage: node, index: i };
    }
    if (node.kind === 'pipeline') return { pipeline: node, index: i };
  }
  return { index: -1 };
}

/** The nearest pipeline of a path that has a dataset, and that dataset. */
function datasetAround(parsed: ParsedApl, path: readonly SyntaxNode[]): string | undefined {
  const declared = declaredNames(parsed);
  for (let i = path.length - 1; i >= 0; i--) {
    const node = path[i];
    if (node.kind === 'pipeline') {
      const dataset = datasetOfPipeline(node, declared);
      if (dataset !== undefined) return dataset;
    }
  }
  return undefined;
}

/** The names let statements give, in order of appearance. */
function letNamesIn(parsed: ParsedApl): string[] {
  return [...declaredNames(parsed)].filter((n) => n !== PLACEHOLDER);
}

/** The context at `offset`, and the range [start, end) that a chosen item replaces. */
export function completionContext(text: string, offset: number): CompletionContext {
  const reading = readAt(text, offset);
  const { parsed, at, base } = reading;
  if (inComment(parsed, at)) return { kind: 'none' };
  const path = pathAt(parsed, at);
  const here = path.at(-1);
  let { start, end } = reading;
  let quoted = false;
  if (here?.kind === 'literal' && here.type === 'string') {
    // Typing a quoted name: ['se| (an unclosed string right after a bracket); any other string holds nothing of ours.
    const unclosed = parsed.problems.some((p) => p.code === 'unclosed-string' && p.start === here.start);
    if (!unclosed || parsed.text[here.start - 1] !== '[' || at <= here.start) return { kind: 'none' };
    quoted = true;
    start = base + here.start - 1;
    end = offset;
    path.pop();
  } else if (here?.kind === 'name' && here.bracketed) {
    quoted = true;
    start = base + here.start;
    end = base + here.end;
  }
  const letNames = letNamesIn(parsed);
  const { pipeline, stage, index } = stageOf(path);
  const target = path.at(-1);
  if (stage && target === stage.operator && !quoted) return { kind: 'operator', start, end };
  // The first thing of a pipeline: a dataset (or a let name) at a statement's start, or as a subquery's.
  const sourceOfPipeline = pipeline && !stage && (target === pipeline.source || path[index + 1] === pipeline.source);
  if (sourceOfPipeline || !path.length) {
    const atStatementStart = index <= 1;
    return { kind: 'dataset', start, end, quoted, letNames, atStatementStart };
  }
  const operator = stage?.operator?.text;
  if (stage && operator && NAMING_DATASETS.has(operator)) {
    const clause = path[index + 1];
    const inList = clause?.kind === 'clause' && !clause.keyword;
    const rest = path.slice(index + 2, -1);
    if (inList && rest.every((n) => n.kind === 'list' || n.kind === 'paren'))
      return { kind: 'dataset', start, end, quoted, letNames, atStatementStart: false };
  }
  return {
    kind: 'expression',
    start,
    end,
    quoted,
    dataset: datasetAround(parsed, path),
    operator,
    letNames,
  };
}

/** The dataset the query around `offset` starts from: ['name'] or a bare name at the head of its statement. */
export function datasetOf(text: string, offset: number): string | undefined {
  const { parsed, at } = readAt(text, offset);
  return datasetAround(parsed, pathAt(parsed, at));
}

export type HoverTarget =
  | { kind: 'operator'; start: number; end: number; operator: AplOperator }
  | { kind: 'function'; start: number; end: number; fn: AplFunction }
  | { kind: 'word'; start: number; end: number; word: AplWord };

/** The tree of the block at `offset` (no placeholder) and the path there, in the block's offsets. */
function treeAt(text: string, offset: number): { parsed: ParsedApl; path: SyntaxNode[]; at: number; base: number } {
  const block = blockAround(text, offset);
  const base = block?.start ?? 0;
  const parsed = parseApl(block ? text.slice(block.start, block.end) : text);
  return { parsed, path: pathAt(parsed, offset - base), at: offset - base, base };
}

/** What the word at `offset` is, when the reference knows it: an operator after a pipe, a function called, an expression word. */
export function hoverTarget(text: string, offset: number): HoverTarget | undefined {
  const { path, at, base } = treeAt(text, offset);
  const here = path.at(-1);
  const parent = path.at(-2);
  if (here?.kind === 'binary' && here.operatorSpan.start <= at && at < here.operatorSpan.end) {
    const word = findExpressionWord(here.operator);
    if (word) return { kind: 'word', start: base + here.operatorSpan.start, end: base + here.operatorSpan.end, word };
    return undefined;
  }
  if (here?.kind !== 'name' || here.bracketed || at >= here.end) return undefined;
  const start = base + here.start;
  const end = base + here.end;
  if (parent?.kind === 'stage' && parent.operator === here) {
    const operator = findOperator(here.text);
    return operator && { kind: 'operator', start, end, operator };
  }
  if (parent?.kind === 'call' && parent.callee === here) {
    const fn = findFunction(here.text);
    return fn && { kind: 'function', start, end, fn };
  }
  const word = here.text === 'not' ? undefined : findExpressionWord(here.text);
  return word && { kind: 'word', start, end, word };
}

/** A field name at `offset` (bare or ['quoted'], a dotted one whole), with the dataset of its query: what a field hover shows. */
export function fieldAt(
  text: string,
  offset: number,
): { name: string; start: number; end: number; dataset: string } | undefined {
  const { parsed, path, at, base } = treeAt(text, offset);
  let here = path.at(-1);
  if (here?.kind !== 'name' || at >= here.end || here.text.startsWith('$')) return undefined;
  let depth = path.length - 1;
  let name = here.text;
  // `geo.city`: the whole dotted name, wherever in it the cursor is.
  while (path[depth - 1]?.kind === 'member') {
    depth--;
    const member = path[depth] as Extract<SyntaxNode, { kind: 'member' }>;
    const dotted = dottedText(member);
    if (dotted === undefined) return undefined;
    here = member;
    name = dotted;
  }
  const parent = path[depth - 1];
  if (!isFieldPosition(here, parent) || findExpressionWord(name)) return undefined;
  const dataset = datasetAround(parsed, path.slice(0, depth + 1));
  return dataset === undefined ? undefined : { name, start: base + here.start, end: base + here.end, dataset };
}

function dottedText(node: SyntaxNode): string | undefined {
  if (node.kind === 'name') return node.text;
  if (node.kind !== 'member' || !node.member) return undefined;
  const object = dottedText(node.object);
  return object === undefined ? undefined : `${object}.${node.member.text}`;
}

/** Whether a name stands where a field may: not an operator, a function called, a dataset, a let name or a parameter's name. */
function isFieldPosition(node: SyntaxNode, parent: SyntaxNode | undefined): boolean {
  if (!parent) return false;
  switch (parent.kind) {
    case 'stage':
      return parent.operator !== node;
    case 'call':
      return parent.callee !== node;
    case 'pipeline':
      return parent.source !== node;
    case 'let':
    case 'set':
    case 'parameter':
    case 'typed':
      return false;
    case 'clause':
      return parent.keyword !== node;
    case 'sorted':
      return parent.expression === node;
    default:
      return true;
  }
}

/** The call around `offset`: the function and which of its arguments the cursor is in. */
export function signatureAt(text: string, offset: number): { fn: AplFunction; activeParameter: number } | undefined {
  const { parsed, at } = readAt(text, offset);
  const path = pathAt(parsed, at);
  for (let i = path.length - 1; i >= 0; i--) {
    const node = path[i];
    // datetime(…), dynamic(…), guid(…) are literals: their parentheses hold one value.
    if (node.kind === 'literal' && (node.type === 'dynamic' || node.type === 'datetime' || node.type === 'guid')) {
      const fn = findFunction(node.type);
      return fn && { fn, activeParameter: 0 };
    }
    if (node.kind === 'stage' || node.kind === 'pipeline') return undefined;
    if (node.kind !== 'call' || at <= node.callee.end) continue;
    const fn = findFunction(node.callee.text);
    if (!fn) return undefined;
    const argument = node.args.filter((a) => a.start < at).length - 1;
    const last = Math.max(0, fn.parameters.length - 1);
    // A repeated tail (…, ...) keeps the last parameter active.
    const cap = fn.parameters.at(-1) === '...' ? Math.max(0, last - 1) : last;
    return { fn, activeParameter: Math.min(Math.max(0, argument), cap) };
  }
  return undefined;
}

/** A name as it can be written in a query: bare when it is a plain identifier, ['quoted'] otherwise. */
export function fieldReference(name: string): string {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) && !findOperator(name) && !findExpressionWord(name)
    ? name
    : quotedName(name);
}

export { quotedName };

/** A snippet that calls the function with a placeholder for each required parameter. */
export function callSnippet(fn: AplFunction): string {
  const required = requiredParameters(fn.signature);
  if (!required.length) return `${fn.name}($0)`;
  return `${fn.name}(${required.map((p, i) => `\${${i + 1}:${p.replace(/[$}\\]/g, '\\$&')}}`).join(', ')})$0`;
}

/** The parameters before the first optional one. */
function requiredParameters(signature: string): string[] {
  const inner = signature.slice(signature.indexOf('(') + 1, signature.lastIndexOf(')'));
  const cut = inner.indexOf('[');
  return (cut < 0 ? inner : inner.slice(0, cut))
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p && p !== '...');
}
