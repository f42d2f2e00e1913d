// Local checks of APL text, with no network, read from its syntax tree (syntaxNodes.ts): the syntax
// problems the parser finds (brackets and quotes that do not pair up, a pipe with nothing after
// it, a word after a pipe that is no tabular operator, an operator or `=` with nothing after it,
// two commas in a row, a clause word such as `by` with nothing after it), and the calls of
// functions the reference does not know or with a number of arguments the function does not
// take. Each problem has the exact range to underline. A valid query must never be reported
// (tested on every query of the project, a corpus written for it and Axiom's documentation).
import { phrase } from '../phrase';
import type { Problem } from './problem';
import { FUNCTION_NAMES, QUERY_STARTS, TYPE_NAMES, findFunction, type AplFunction } from './reference';
import { suggest } from './suggest';
import type { NodeReader, ParsedApl, Statement, SyntaxNode } from './syntaxNodes';
import { readProblems } from './syntaxParser';
import { walk } from './syntaxWalk';

export type { Problem, ProblemCode } from './problem';
export { suggest } from './suggest';

/** Words the tree may read as a call that are none: not(…), a type's literal such as long(…), range(…). */
const NOT_CALLS = new Set<string>(['not', ...QUERY_STARTS, ...TYPE_NAMES]);

/** The problems of a text. Each call is checked as it is read: nothing of the tree is kept (most
 *  queries of a file are read with no node made: readProblems), so that a file of many queries costs
 *  its length, not its length held in memory. */
export function checkApl(text: string): Problem[] {
  // One checker of calls, kept from text to text (its code stays as the engine optimized it).
  const calls = idleCallChecks ?? new CallChecks('');
  idleCallChecks = undefined;
  calls.begin(text);
  try {
    return calls.withSyntax(readProblems(text, calls));
  } finally {
    calls.begin('');
    idleCallChecks = calls;
  }
}

let idleCallChecks: CallChecks | undefined;

/** The problems of text already parsed: its syntax problems and those of its calls. */
export function checkParsed(parsed: ParsedApl): Problem[] {
  const calls = new CallChecks(parsed.text);
  for (const statement of parsed.statements) calls.read(statement);
  return calls.withSyntax(parsed.problems);
}

/** The names `let` gives, anywhere in the text: a call of one is no unknown function. */
export function letNames(parsed: ParsedApl): Set<string> {
  const names = new Set<string>();
  walk(parsed, (node) => {
    if (node.kind === 'let' && node.name) names.add(node.name.text);
  });
  return names;
}

const CLOSING_PARENTHESIS = 41;

let knownCalls: Map<string, { fn: AplFunction; min: number; max: number }> | undefined;

/** APL's function of a name with the numbers of arguments it takes, in one look-up (a file of many
 *  queries makes a call every few tokens); made on first use. */
function knownCall(name: string): { fn: AplFunction; min: number; max: number } | undefined {
  if (!knownCalls) {
    knownCalls = new Map();
    for (const fnName of FUNCTION_NAMES) {
      const fn = findFunction(fnName);
      if (fn) knownCalls.set(fnName, { fn, ...arityOf(fn.signature) });
    }
  }
  return knownCalls.get(name);
}

/** A call that is wrong unless a `let` of its name (anywhere in the text) makes it no call of APL's. */
interface SuspectCall {
  name: string;
  /** Its problem when the name is APL's function (a wrong number of arguments); else it is unknown. */
  problem?: Problem;
  start: number;
  end: number;
}

/** The calls' problems, statement by statement: unknown functions and wrong numbers of arguments.
 *  A `let` of a name anywhere in the text clears the calls of that name, before or after it, so the
 *  calls that may be wrong are kept (only those) until the text is read. */
class CallChecks implements NodeReader {
  constructor(private text: string) {}

  private declared = new Set<string>();
  private suspects: SuspectCall[] = [];

  /** Starts on a text (or lets go of the last, with ''). */
  begin(text: string): void {
    this.text = text;
    this.declared = new Set<string>();
    this.suspects = [];
  }

  private readonly visit = (node: SyntaxNode): void => {
    if (node.kind === 'call')
      this.call(node.callee.text, node.callee.start, node.callee.end, node.end, node.args.length);
    else if (node.kind === 'let' && node.name) this.let(node.name.text);
  };

  /** Reads the calls and lets of a statement of a tree in hand. */
  read(statement: Statement): void {
    walk(statement, this.visit);
  }

  let(name: string): void {
    this.declared.add(name);
  }

  call(name: string, start: number, end: number, callEnd: number, args: number): void {
    if (name.startsWith('$')) return;
    const known = knownCall(name);
    if (known) {
      // An unclosed call is reported as such; its arguments are not counted.
      if (this.text.charCodeAt(callEnd - 1) !== CLOSING_PARENTHESIS) return;
      if (args >= known.min && args <= known.max) return;
      const problem = argumentCount(start, callEnd, args, known.fn);
      if (problem) this.suspects.push({ name, problem, start, end });
      return;
    }
    if (NOT_CALLS.has(name)) return;
    this.suspects.push({ name, start, end });
  }

  /** The syntax problems and the calls', in the order of the text. */
  withSyntax(syntax: Problem[]): Problem[] {
    const problems: Problem[] = [];
    // An unknown name's message and suggestions are found once, however often it is called.
    const unknown = new Map<string, Pick<Problem, 'message' | 'suggestions'>>();
    for (const suspect of this.suspects) {
      if (this.declared.has(suspect.name)) continue;
      if (suspect.problem) {
        problems.push(suspect.problem);
        continue;
      }
      let said = unknown.get(suspect.name);
      if (!said) {
        said = unknownFunction(suspect);
        unknown.set(suspect.name, said);
      }
      problems.push({
        code: 'unknown-function',
        severity: 'warning',
        start: suspect.start,
        end: suspect.end,
        message: said.message,
        suggestions: said.suggestions,
      });
    }
    if (!problems.length) return syntax;
    return inTextOrder(syntax, problems);
  }
}

const byPlace = (a: Problem, b: Problem) => a.start - b.start || a.end - b.end;

/** The syntax problems (in the order of the text) and the calls' (in the order the calls were read:
 *  the text's, but for a call inside another's arguments) as one list in the order of the text, the
 *  syntax's first where two have one range: the two merged when the calls' are in order (a file of
 *  many problems is not sorted again), else sorted. */
function inTextOrder(syntax: Problem[], calls: Problem[]): Problem[] {
  for (let i = 1; i < calls.length; i++)
    if (byPlace(calls[i - 1], calls[i]) > 0) return [...syntax, ...calls].sort(byPlace);
  if (!syntax.length) return calls;
  const merged: Problem[] = [];
  let s = 0;
  let c = 0;
  while (s < syntax.length && c < calls.length)
    merged.push(byPlace(syntax[s], calls[c]) <= 0 ? syntax[s++] : calls[c++]);
  while (s < syntax.length) merged.push(syntax[s++]);
  while (c < calls.length) merged.push(calls[c++]);
  return merged;
}

/** What is said of a call of a name APL does not have. */
function unknownFunction({ name }: SuspectCall): Pick<Problem, 'message' | 'suggestions'> {
  const suggestions = suggest(name, FUNCTION_NAMES);
  return {
    message: suggestions.length
      ? phrase(
          "Unknown function {0}: APL's reference has no such function. Did you mean {1}?",
          quoted(name),
          quoted(suggestions[0]),
        )
      : phrase("Unknown function {0}: APL's reference has no such function.", quoted(name)),
    suggestions,
  };
}

/** The problem of a call of `fn` from `start` to `end` with `given` arguments, if that is not a number it takes. */
function argumentCount(start: number, end: number, given: number, fn: AplFunction): Problem | undefined {
  const { min, max } = arityOf(fn.signature);
  if (given >= min && given <= max) return undefined;
  const expected =
    max === Infinity ? phrase('at least {0}', min) : min === max ? phrase('{0}', min) : phrase('{0} to {1}', min, max);
  return {
    code: 'argument-count',
    severity: 'error',
    start,
    end,
    message: phrase('{0} takes {1} arguments, not {2}: {3}.', quoted(fn.name), expected, given, fn.signature),
  };
}

const ARITY = new Map<string, { min: number; max: number }>();

/** How many arguments a signature as the reference writes it takes: `f(a, b, [c], [d, ...])` → 2 to ∞. */
export function arityOf(signature: string): { min: number; max: number } {
  const known = ARITY.get(signature);
  if (known) return known;
  const inner = signature.slice(signature.indexOf('(') + 1, signature.lastIndexOf(')'));
  let min = 0;
  let max = 0;
  let depth = 0;
  let part = '';
  const parts: string[] = [];
  for (const c of inner) {
    if (c === '[') depth++;
    if (c === ']') depth--;
    if (c === ',' && depth === 0) {
      parts.push(part.trim());
      part = '';
    } else part += c;
  }
  if (part.trim()) parts.push(part.trim());
  for (const p of parts) {
    if (p.includes('...')) max = Infinity;
    if (p.startsWith('[')) {
      max += p
        .slice(1, -1)
        .split(',')
        .filter((x) => x.trim() && !x.includes('...')).length;
    } else if (!p.includes('...')) {
      min++;
      max++;
    }
  }
  const arity = { min, max };
  ARITY.set(signature, arity);
  return arity;
}

function quoted(text: string): string {
  return `'${text}'`;
}
