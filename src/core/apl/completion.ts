// Where the cursor is in APL text, as completion, hover and signature help need to know it: after
// a pipe (an operator goes there), at the head of a query (a dataset), inside an expression
// (functions, fields, let names, keywords), or inside a string or comment (nothing). Plain text
// work on the lexer's tokens; the VS Code side turns the answers into items.
import { blockAt } from '../run/queryText';
import { datasetAt } from './aplText';
import { lex, type Token } from './lexer';
import {
  QUERY_STARTS,
  findExpressionWord,
  findFunction,
  findOperator,
  type AplFunction,
  type AplOperator,
  type AplWord,
} from './reference';
import { quotedName } from './names';
import { parseApl } from './syntax';

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

const WORD_CHAR = /[A-Za-z0-9_$!~-]/;

/** The context at `offset`, and the range [start, end) that a chosen item replaces. */
export function completionContext(text: string, offset: number): CompletionContext {
  const tokens = lex(text);
  const here =
    tokens.find((t) => t.start < offset && offset < t.end) ??
    tokens.find((t) => t.end === offset && (t.kind === 'comment' || (t.kind === 'string' && t.unterminated)));
  if (here?.kind === 'comment') return { kind: 'none' };

  // Typing a quoted name: ['se| (an unclosed string right after a bracket) or inside ['service.name'].
  let start = offset;
  let end = offset;
  let quoted = false;
  let before: Token[];
  if (
    here?.kind === 'quotedName' ||
    (here?.kind === 'string' &&
      here.unterminated &&
      previous(tokens, here)?.text === '[' &&
      previous(tokens, here)?.end === here.start)
  ) {
    quoted = true;
    const open = here.kind === 'quotedName' ? here : (previous(tokens, here) as Token);
    start = open.start;
    end = here.end;
    before = tokens.filter((t) => t.end <= open.start && t.kind !== 'comment');
  } else if (here?.kind === 'string') {
    return { kind: 'none' };
  } else {
    while (start > 0 && WORD_CHAR.test(text[start - 1])) start--;
    while (end < text.length && /[A-Za-z0-9_$-]/.test(text[end])) end++;
    before = tokens.filter((t) => t.end <= start && t.kind !== 'comment');
  }

  const last = before.at(-1);
  const letNames = letNamesOf(tokens);
  if (last?.kind === 'pipe' && !quoted) return { kind: 'operator', start, end };
  if (!last || last.text === ';' || blankLineBetween(text, last.end, start))
    return { kind: 'dataset', start, end, quoted, letNames, atStatementStart: true };

  const segment = currentSegment(before);
  // union, join and lookup name datasets: after the operator, after kind=…, after a comma; not after `on`.
  const namesDatasets = segment.operator === 'union' || segment.operator === 'join' || segment.operator === 'lookup';
  const datasetSlot =
    last.text === segment.operator ||
    last.text === ',' ||
    last.text === '(' ||
    (last.kind === 'identifier' && before.at(-2)?.text === '=');
  if (namesDatasets && !segment.afterOn && datasetSlot)
    return { kind: 'dataset', start, end, quoted, letNames, atStatementStart: false };
  if (last.text === '(' && segment.parenHead)
    return { kind: 'dataset', start, end, quoted, letNames, atStatementStart: false };
  return {
    kind: 'expression',
    start,
    end,
    quoted,
    dataset: datasetOf(text, offset),
    operator: segment.operator,
    letNames,
  };
}

function previous(tokens: Token[], token: Token): Token | undefined {
  const index = tokens.indexOf(token);
  return index > 0 ? tokens[index - 1] : undefined;
}

/** The part of the query the cursor is in: its tabular operator, whether `on` was passed, and whether the last open parenthesis starts a subquery (join ( … ). */
function currentSegment(before: Token[]): { operator?: string; afterOn: boolean; parenHead: boolean } {
  let depth = 0;
  let afterOn = false;
  for (let i = before.length - 1; i >= 0; i--) {
    const t = before[i];
    if (t.text === ')' || t.text === ']' || t.text === '}') depth++;
    else if (t.text === '(' || t.text === '[' || t.text === '{') {
      if (depth === 0) {
        // A parenthesis right after join, lookup, union or kind=…: a subquery starts here.
        const opener = before[i - 1];
        const parenHead =
          i === before.length - 1 &&
          (opener?.text === 'join' ||
            opener?.text === 'lookup' ||
            opener?.text === 'union' ||
            (before[i - 2]?.text === '=' && before[i - 3]?.text === 'kind'));
        if (parenHead) return { afterOn: false, parenHead: true };
        depth = -1;
        continue;
      }
      depth--;
    } else if (depth <= 0 && t.kind === 'identifier' && t.text === 'on') afterOn = true;
    else if (depth <= 0 && t.kind === 'pipe') return { operator: before[i + 1]?.text, afterOn, parenHead: false };
    else if (depth <= 0 && t.text === ';') return { operator: headOperator(before[i + 1]), afterOn, parenHead: false };
  }
  return { operator: headOperator(before[0]), afterOn, parenHead: false };
}

/** A query that starts with union (or print, …) is in that operator until its first pipe. */
function headOperator(head: Token | undefined): string | undefined {
  return head?.kind === 'identifier' && QUERY_STARTS.includes(head.text) ? head.text : undefined;
}

/** The names let statements give, in order of appearance. */
export function letNamesOf(tokens: readonly Token[]): string[] {
  const names: string[] = [];
  tokens.forEach((t, i) => {
    const name = tokens[i + 1];
    if (t.kind === 'identifier' && t.text === 'let' && name?.kind === 'identifier' && !names.includes(name.text))
      names.push(name.text);
  });
  return names;
}

/** Whether a blank line lies between two offsets: in a file of several queries, as Kusto's tools read it, a new query starts after one. */
function blankLineBetween(text: string, from: number, to: number): boolean {
  return /\n[ \t\r]*\n/.test(text.slice(from, to));
}

/** The dataset the query around `offset` reads (aplText.ts's reading of its block's syntax tree). */
export function datasetOf(text: string, offset: number): string | undefined {
  const block = blockAt(text, offset) ?? { start: 0, end: text.length };
  return datasetAt(parseApl(text.slice(block.start, block.end)), offset - block.start);
}

export type HoverTarget =
  | { kind: 'operator'; start: number; end: number; operator: AplOperator }
  | { kind: 'function'; start: number; end: number; fn: AplFunction }
  | { kind: 'word'; start: number; end: number; word: AplWord };

/** What the word at `offset` is, when the reference knows it: an operator after a pipe, a function called, an expression word. */
export function hoverTarget(text: string, offset: number): HoverTarget | undefined {
  const tokens = lex(text).filter((t) => t.kind !== 'comment');
  const index = tokens.findIndex((t) => t.start <= offset && offset < t.end);
  const token = tokens[index];
  if (token?.kind !== 'identifier') return undefined;
  const { start, end, text: name } = token;
  const before = tokens[index - 1];
  const after = tokens[index + 1];
  if (before?.kind === 'pipe') {
    const operator = findOperator(name);
    if (operator) return { kind: 'operator', start, end, operator };
  }
  if (after?.text === '(') {
    const fn = findFunction(name);
    if (fn && before?.kind !== 'pipe') return { kind: 'function', start, end, fn };
  }
  if ((name === 'matches' || name === '!matches') && after?.text === 'regex') {
    const word = findExpressionWord(`${name} regex`);
    if (word) return { kind: 'word', start, end: after.end, word };
  }
  if (name === 'regex' && (before?.text === 'matches' || before?.text === '!matches')) {
    const word = findExpressionWord(`${before.text} regex`);
    if (word) return { kind: 'word', start: before.start, end, word };
  }
  const word = findExpressionWord(name);
  if (word && name !== 'not') return { kind: 'word', start, end, word };
  if (name === 'not') {
    const fn = findFunction('not');
    if (fn) return { kind: 'function', start, end, fn };
  }
  return undefined;
}

/** A field name at `offset` (bare or ['quoted']), with the dataset of its query: what a field hover shows. */
export function fieldAt(
  text: string,
  offset: number,
): { name: string; start: number; end: number; dataset: string } | undefined {
  const all = lex(text).filter((t) => t.kind !== 'comment');
  const index = all.findIndex((t) => t.start <= offset && offset < t.end);
  const token = all[index];
  if (!token || (token.kind !== 'identifier' && token.kind !== 'quotedName')) return undefined;
  const before = all[index - 1];
  if (
    before?.kind === 'pipe' ||
    all[index + 1]?.text === '(' ||
    before?.text === 'let' ||
    (token.kind === 'identifier' &&
      (findExpressionWord(token.text) || QUERY_STARTS.includes(token.text) || token.text.startsWith('$')))
  )
    return undefined;
  // The head of the query is its dataset, not a field.
  if (index === 0 || before?.text === ';') return undefined;
  const name = token.kind === 'quotedName' ? (token.value ?? '') : token.text;
  const dataset = datasetOf(text, offset);
  return dataset && name ? { name, start: token.start, end: token.end, dataset } : undefined;
}

/** The call around `offset`: the function and which of its arguments the cursor is in. */
export function signatureAt(text: string, offset: number): { fn: AplFunction; activeParameter: number } | undefined {
  const tokens = lex(text.slice(0, offset)).filter((t) => t.kind !== 'comment');
  let depth = 0;
  let commas = 0;
  for (let i = tokens.length - 1; i >= 0; i--) {
    const t = tokens[i];
    if (t.text === ')' || t.text === ']' || t.text === '}') depth++;
    else if (t.text === '[' || t.text === '{') {
      // An unclosed bracket inside the call, as in dynamic([1, 2: its commas are not the call's.
      if (depth > 0) depth--;
      else commas = 0;
    } else if (t.text === '(') {
      if (depth > 0) {
        depth--;
        continue;
      }
      const name = tokens[i - 1];
      const fn = name?.kind === 'identifier' && tokens[i - 2]?.kind !== 'pipe' ? findFunction(name.text) : undefined;
      if (!fn) return undefined;
      const last = Math.max(0, fn.parameters.length - 1);
      // A repeated tail (…, ...) keeps the last parameter active.
      return { fn, activeParameter: Math.min(commas, fn.parameters.at(-1) === '...' ? Math.max(0, last - 1) : last) };
    } else if (t.text === ',' && depth === 0) commas++;
    else if ((t.kind === 'pipe' || t.text === ';') && depth === 0) return undefined;
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
