// Local checks of APL text, with no network: brackets and quotes that do not pair up, a pipe
// with nothing after it, a word after a pipe that is no tabular operator, a call of a function
// the reference does not know. Each problem has the exact range to underline. A valid query
// must never be reported (tested on every query of the project, a corpus written for it and
// Axiom's documentation), so each check stays on what it can be sure of.
import { phrase, type Phrase } from '../phrase';
import { lex, significant, type Token } from './lexer';
import {
  CLAUSE_WORDS,
  EXPRESSION_WORDS,
  FUNCTIONS,
  KIND_VALUES,
  QUERY_STARTS,
  TABULAR_OPERATORS,
  TYPE_NAMES,
  findFunction,
  findOperator,
} from './reference';

export type ProblemCode =
  | 'unclosed-string'
  | 'unclosed-bracket'
  | 'unmatched-bracket'
  | 'empty-pipe'
  | 'operator-expected'
  | 'unknown-operator'
  | 'unknown-function';

export interface Problem {
  code: ProblemCode;
  severity: 'error' | 'warning';
  start: number;
  end: number;
  message: Phrase;
  /** For an unknown operator or function: the known names it may have meant, best first. */
  suggestions?: string[];
}

const OPENERS: Record<string, string> = { '(': ')', '[': ']', '{': '}' };
const CLOSERS: Record<string, string> = { ')': '(', ']': '[', '}': '{' };

/** Words that may stand before a parenthesis without being a function call: in (…), with (…), kind=inner (…), datatable(…), typeof(…). */
const NOT_CALLS = new Set<string>([
  ...EXPRESSION_WORDS.map((w) => w.name).filter((w) => !w.includes(' ')),
  'matches',
  'regex',
  ...CLAUSE_WORDS,
  ...KIND_VALUES,
  ...QUERY_STARTS,
  ...TYPE_NAMES,
  ...TABULAR_OPERATORS.map((o) => o.name),
]);

export function checkApl(text: string): Problem[] {
  const all = lex(text);
  const tokens = significant(all);
  return [...checkStrings(tokens), ...checkBrackets(text, tokens), ...checkPipes(tokens), ...checkCalls(tokens)].sort(
    (a, b) => a.start - b.start || a.end - b.end,
  );
}

function checkStrings(tokens: Token[]): Problem[] {
  return tokens
    .filter((t) => t.kind === 'string' && t.unterminated)
    .map(
      (t) =>
        ({
          code: 'unclosed-string',
          severity: 'error',
          start: t.start,
          end: t.end,
          message: phrase('This string is not closed before the end of the line.'),
        }) satisfies Problem,
    );
}

function checkBrackets(text: string, tokens: Token[]): Problem[] {
  const problems: Problem[] = [];
  const open: { token: Token; index: number }[] = [];
  tokens.forEach((token, index) => {
    if (token.kind !== 'punctuation') return;
    if (OPENERS[token.text]) {
      open.push({ token, index });
      return;
    }
    const expected = CLOSERS[token.text];
    if (!expected) return;
    const top = open.at(-1);
    if (!top) {
      problems.push({
        code: 'unmatched-bracket',
        severity: 'error',
        start: token.start,
        end: token.end,
        message: phrase('{0} has no matching {1}.', quoted(token.text), quoted(expected)),
      });
    } else if (top.token.text !== expected) {
      const { line, column } = lineAndColumn(text, top.token.start);
      problems.push({
        code: 'unmatched-bracket',
        severity: 'error',
        start: token.start,
        end: token.end,
        message: phrase(
          '{0} does not close {1} (line {2}, column {3}), which needs {4}.',
          quoted(token.text),
          quoted(top.token.text),
          line,
          column,
          quoted(OPENERS[top.token.text]),
        ),
      });
      // The closer may belong to an opener further out (the inner ones were left open, and are
      // reported so); otherwise it is taken for a mistyped closer of the innermost one.
      if (open.some((o) => o.token.text === expected)) {
        while (open.length && open.at(-1)?.token.text !== expected) {
          const left = open.pop();
          if (left) problems.push(unclosed(left.token));
        }
      }
      open.pop();
    } else {
      open.pop();
    }
  });
  for (const { token, index } of open) {
    // ['name never closed: the unclosed string is the problem, already reported.
    if (token.text === '[' && tokens[index + 1]?.kind === 'string' && tokens[index + 1]?.unterminated) continue;
    problems.push(unclosed(token));
  }
  return problems;
}

function unclosed(token: Token): Problem {
  return {
    code: 'unclosed-bracket',
    severity: 'error',
    start: token.start,
    end: token.end,
    message: phrase('{0} is never closed: {1} is missing.', quoted(token.text), quoted(OPENERS[token.text])),
  };
}

function checkPipes(tokens: Token[]): Problem[] {
  const problems: Problem[] = [];
  tokens.forEach((pipe, index) => {
    if (pipe.kind !== 'pipe') return;
    const next = tokens[index + 1];
    if (!next || next.kind === 'pipe' || next.text === ';' || next.text === ')' || next.text === '}') {
      problems.push({
        code: 'empty-pipe',
        severity: 'error',
        start: pipe.start,
        end: pipe.end,
        message: phrase('Nothing follows this pipe: a tabular operator such as where or summarize is expected.'),
      });
    } else if (next.kind !== 'identifier') {
      problems.push({
        code: 'operator-expected',
        severity: 'error',
        start: next.start,
        end: next.end,
        message: phrase('A tabular operator is expected after the pipe, not {0}.', quoted(next.text)),
      });
    } else if (!findOperator(next.text)) {
      const suggestions = suggest(
        next.text,
        TABULAR_OPERATORS.map((o) => o.name),
      );
      problems.push({
        code: 'unknown-operator',
        severity: 'error',
        start: next.start,
        end: next.end,
        message: suggestions.length
          ? phrase('Unknown tabular operator {0}. Did you mean {1}?', quoted(next.text), quoted(suggestions[0]))
          : phrase('Unknown tabular operator {0}.', quoted(next.text)),
        suggestions,
      });
    }
  });
  return problems;
}

/** The names `let` gives, anywhere in the text: a call of one is no unknown function. */
export function letNames(tokens: readonly Token[]): Set<string> {
  const names = new Set<string>();
  tokens.forEach((t, i) => {
    const name = tokens[i + 1];
    if (t.kind === 'identifier' && t.text === 'let' && name?.kind === 'identifier') names.add(name.text);
  });
  return names;
}

function checkCalls(tokens: Token[]): Problem[] {
  const problems: Problem[] = [];
  const declared = letNames(tokens);
  const names = FUNCTIONS.map((f) => f.name);
  tokens.forEach((token, index) => {
    if (token.kind !== 'identifier' || tokens[index + 1]?.text !== '(') return;
    const before = tokens[index - 1];
    if (before?.kind === 'pipe' || before?.text === '.' || (before?.text === '=' && tokens[index - 2]?.text === 'kind'))
      return;
    const name = token.text;
    if (findFunction(name) || declared.has(name) || NOT_CALLS.has(name) || name.startsWith('$')) return;
    const suggestions = suggest(name, names);
    problems.push({
      code: 'unknown-function',
      severity: 'warning',
      start: token.start,
      end: token.end,
      message: suggestions.length
        ? phrase(
            "Unknown function {0}: APL's reference has no such function. Did you mean {1}?",
            quoted(name),
            quoted(suggestions[0]),
          )
        : phrase("Unknown function {0}: APL's reference has no such function.", quoted(name)),
      suggestions,
    });
  });
  return problems;
}

/** Known names close to a word: the same ignoring case, then by edit distance (at most a third of the word). */
export function suggest(word: string, known: readonly string[], limit = 3): string[] {
  const lower = word.toLowerCase();
  const scored = known
    .map((name) => {
      const candidate = name.toLowerCase();
      if (candidate === lower) return { name, score: 0 };
      const distance = editDistance(lower, candidate);
      return { name, score: distance <= Math.max(1, Math.floor(word.length / 3)) ? distance : Infinity };
    })
    .filter((s) => s.score !== Infinity)
    .sort((a, b) => a.score - b.score || a.name.length - b.name.length || a.name.localeCompare(b.name));
  return scored.slice(0, limit).map((s) => s.name);
}

/** Levenshtein distance, with a swap of two neighbours counted as one edit. */
function editDistance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 3) return Math.abs(a.length - b.length);
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) rows.push([i, ...new Array<number>(b.length).fill(0)]);
  for (let j = 0; j <= b.length; j++) rows[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      rows[i][j] = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        rows[i][j] = Math.min(rows[i][j], rows[i - 2][j - 2] + 1);
    }
  }
  return rows[a.length][b.length];
}

function quoted(text: string): string {
  return `'${text}'`;
}

/** 1-based line and column of an offset, as a person reads them. */
function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset; i++) {
    if (text[i] === '\n') {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}
