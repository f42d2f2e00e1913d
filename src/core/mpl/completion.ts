// What completion offers at an offset of MPL text, read from the tokens before it and the tree
// around it: a dataset where a query starts, a metric after `dataset:`, an operation after a pipe,
// a tag where a filter or `by` names one, a tag's values after a comparison, a function after `map`
// and `using`, a window after `to`, the words a stage takes next, a directive after `set`. The
// dataset and metric are the source's of the query the offset is in. No `vscode`, no network.
import { lexMpl, type MplToken } from './lexer';
import { KEYWORDS, type MplFunctionPlace } from './reference';
import type { MplPipeline, ParsedMpl } from './syntaxNodes';
import { parseMpl } from './syntaxParser';
import { mplPathAt, walkMpl } from './syntaxWalk';

interface Range {
  /** The word being typed (replaced by the item): from its start to its end. */
  start: number;
  end: number;
}

export type MplCompletionContext = Range &
  (
    | { kind: 'none' }
    | { kind: 'queryStart' }
    | { kind: 'metric'; dataset: string }
    | { kind: 'operation' }
    | { kind: 'tag'; dataset?: string; metric?: string }
    | { kind: 'tagValue'; dataset?: string; metric?: string; tag: string }
    | { kind: 'function'; place: MplFunctionPlace }
    | { kind: 'window' }
    | { kind: 'words'; words: string[] }
    | { kind: 'directive' }
  );

const COMPARISONS = new Set(['==', '!=', '<', '<=', '>', '>=']);
const FUNCTION_PLACES = new Set<string>(['align', 'group', 'bucket', 'compute']);

/** The completion context at an offset. */
export function mplCompletionContext(text: string, offset: number): MplCompletionContext {
  const tokens = lexMpl(text);
  // Nothing inside a string or a regex, nor in a comment (its end too: the line goes on being it).
  const quiet = tokens.find(
    (t) =>
      t.start < offset &&
      (offset < t.end || (offset === t.end && (t.kind === 'comment' || t.unterminated === true))) &&
      (t.kind === 'comment' || t.kind === 'string' || t.kind === 'regex'),
  );
  if (quiet) return { kind: 'none', start: offset, end: offset };
  // The word being typed: a name, a quoted name (even unclosed) or a variable that the offset ends or is in.
  const word = tokens.find(
    (t) =>
      (t.kind === 'identifier' || t.kind === 'quotedName' || t.kind === 'variable' || t.kind === 'duration') &&
      t.start < offset &&
      offset <= t.end,
  );
  const range: Range = word ? { start: word.start, end: word.end } : { start: offset, end: offset };
  const before = tokens.filter((t) => t.end <= range.start && t.kind !== 'comment');
  const p = before.at(-1);
  const p2 = before.at(-2);
  const parsed = parseMpl(text);
  if (!p || (p.kind === 'punctuation' && p.text === ';')) return { kind: 'queryStart', ...range };
  if (p.kind === 'pipe') return { kind: 'operation', ...range };
  if (p.kind === 'punctuation' && p.text === ':' && p2 && (p2.kind === 'identifier' || p2.kind === 'quotedName'))
    return { kind: 'metric', dataset: nameOf(p2), ...range };
  if (p.kind === 'identifier' && p.text === 'set' && startsQueryAt(before.length - 1, before))
    return { kind: 'directive', ...range };
  const source = sourceAt(parsed, range.start);
  const operation = operationBefore(before);
  if (p.kind === 'punctuation' && (p.text === '(' || p.text === ',') && opensGroup(before))
    return { kind: 'queryStart', ...range };
  if (p.kind === 'operator' && COMPARISONS.has(p.text) && p2 && (p2.kind === 'identifier' || p2.kind === 'quotedName'))
    return { kind: 'tagValue', tag: nameOf(p2), ...source, ...range };
  if (p.kind === 'identifier') {
    if (p.text === 'using' && operation && FUNCTION_PLACES.has(operation))
      return { kind: 'function', place: operation as MplFunctionPlace, ...range };
    if (p.text === 'map' && operation === 'map') return { kind: 'function', place: 'map', ...range };
    if (p.text === 'to' && (operation === 'align' || operation === 'bucket')) return { kind: 'window', ...range };
    if (operation === 'where' && ['where', 'and', 'or', 'not'].includes(p.text))
      return { kind: 'tag', ...source, ...range };
    if (p.text === 'by' && (operation === 'group' || operation === 'bucket'))
      return { kind: 'tag', ...source, ...range };
    if (p.text === operation) return nextWords(operation, range);
  }
  if (p.kind === 'punctuation' && p.text === '(' && operation === 'where') return { kind: 'tag', ...source, ...range };
  if (p.kind === 'punctuation' && p.text === ',' && (operation === 'group' || operation === 'bucket') && inBy(before))
    return { kind: 'tag', ...source, ...range };
  // After a by list or a window, the words the stage takes next.
  if ((operation === 'group' || operation === 'bucket') && inBy(before) && isName(p))
    return { kind: 'words', words: operation === 'bucket' ? ['to', 'using'] : ['using'], ...range };
  if ((operation === 'align' || operation === 'bucket') && p2?.kind === 'identifier' && p2.text === 'to')
    return { kind: 'words', words: ['using'], ...range };
  if (operation === 'where' && (isName(p) || p.kind === 'quotedName') && isFilterStart(p2))
    return { kind: 'words', words: ['==', '!=', '<', '<=', '>', '>=', 'is'], ...range };
  return { kind: 'none', ...range };
}

function nextWords(operation: string, range: Range): MplCompletionContext {
  const words: Record<string, string[]> = {
    align: ['to', 'using'],
    group: ['by', 'using'],
    bucket: ['by', 'to', 'using'],
  };
  return words[operation] ? { kind: 'words', words: words[operation], ...range } : { kind: 'none', ...range };
}

function isName(t: MplToken | undefined): boolean {
  return !!t && (t.kind === 'quotedName' || (t.kind === 'identifier' && !KEYWORDS.has(t.text)));
}

function isFilterStart(t: MplToken | undefined): boolean {
  return (
    !!t &&
    ((t.kind === 'identifier' && ['where', 'and', 'or', 'not'].includes(t.text)) ||
      (t.kind === 'punctuation' && t.text === '('))
  );
}

/** Whether the tokens since the stage's operation are a `by` list (the last keyword is `by`). */
function inBy(before: readonly MplToken[]): boolean {
  for (let k = before.length - 1; k >= 0; k--) {
    const t = before[k];
    if (t.kind === 'pipe') return false;
    if (t.kind === 'identifier' && ['by', 'to', 'using'].includes(t.text)) return t.text === 'by';
  }
  return false;
}

/** The operation of the stage the tokens end in: the word after the last pipe. */
function operationBefore(before: readonly MplToken[]): string | undefined {
  for (let k = before.length - 1; k >= 0; k--) {
    if (before[k].kind === 'pipe') {
      const word = before[k + 1];
      return word?.kind === 'identifier' ? word.text : undefined;
    }
  }
  return undefined;
}

function startsQueryAt(index: number, before: readonly MplToken[]): boolean {
  const previous = before[index - 1];
  return !previous || (previous.kind === 'punctuation' && previous.text === ';') || isQueryEnd(previous);
}

/** A token a query may end with, so that a `set` after it starts the next one. */
function isQueryEnd(t: MplToken): boolean {
  return t.kind !== 'pipe' && t.kind !== 'operator' && !(t.kind === 'identifier' && KEYWORDS.has(t.text));
}

/** Whether the innermost parenthesis still open is a group's (of queries to compute), not a
 *  call's (after a function's name) or a filter's (after where, and, or, not, or another of its). */
function opensGroup(before: readonly MplToken[]): boolean {
  const open: number[] = [];
  for (let k = 0; k < before.length; k++) {
    const t = before[k];
    if (t.kind !== 'punctuation') continue;
    if (t.text === '(') open.push(k);
    else if (t.text === ')') open.pop();
  }
  const at = open.at(-1);
  if (at === undefined) return false;
  const previous = before[at - 1];
  if (!previous) return true;
  if (previous.kind === 'identifier') return false;
  if (previous.kind === 'punctuation' && previous.text === '(') return operationBefore(before.slice(0, at)) !== 'where';
  return previous.kind !== 'pipe' && previous.kind !== 'operator';
}

/** The dataset and metric of the query the offset is in. */
function sourceAt(parsed: ParsedMpl, offset: number): { dataset?: string; metric?: string } {
  const path = mplPathAt(parsed, offset);
  let pipeline: MplPipeline | undefined;
  for (const node of path) if (node.kind === 'pipeline' && node.source?.kind === 'source') pipeline = node;
  // Past the end of every node (typing at the end of the text): the query that starts last before it.
  if (!pipeline)
    walkMpl(parsed, (node) => {
      if (node.kind === 'pipeline' && node.source?.kind === 'source' && node.start <= offset) pipeline = node;
    });
  const source = pipeline?.source?.kind === 'source' ? pipeline.source : undefined;
  return source ? { dataset: source.dataset.text, metric: source.metric?.text } : {};
}

function nameOf(t: MplToken): string {
  return t.kind === 'quotedName' ? (t.value ?? '') : t.text;
}
