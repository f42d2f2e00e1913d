// Broken versions of valid queries, one mistake each, by class: what the checks must catch (the
// unit tests, and the bench beside Axiom's engine). Each mutant is made from the query's tokens, so
// that the mistake lands where a person makes it, never inside a string or a comment. `variant`
// picks which place (and which way) among those the query offers; the same variant gives the same
// mutant.
import { lex, type Token } from '../../src/core/apl/lexer';
import { findFunction, findOperator } from '../../src/core/apl/reference';

export const MUTANT_CLASSES = [
  'misspelt operator',
  'missing bracket',
  'unclosed string',
  'misspelt function',
  'dangling comparison',
  'double comma',
  'empty extend',
  'by with nothing after',
  'pipe with no operator',
  'trailing pipe',
] as const;

export type MutantClass = (typeof MUTANT_CLASSES)[number];

const COMPARISONS = ['==', '!=', '>', '<', '>=', '<=', '=~', '!~', 'has', 'contains', '!startswith', 'in~'];

/** A query with one mistake of the class, or undefined when the query offers no place for it. */
export function mutate(query: string, kind: MutantClass, variant: number): string | undefined {
  const tokens = lex(query).filter((t) => t.kind !== 'comment');
  const pick = <T>(items: readonly T[]): T | undefined => (items.length ? items[variant % items.length] : undefined);
  switch (kind) {
    case 'misspelt operator': {
      const at = pick(tokens.filter((t, i) => t.kind === 'identifier' && tokens[i - 1]?.kind === 'pipe'));
      const word = at && misspell(at.text, variant, (w) => !findOperator(w));
      return at && word && replace(query, at, word);
    }
    case 'missing bracket': {
      const at = pick(
        tokens.filter((t) => (t.kind === 'punctuation' && '()[]{}'.includes(t.text)) || t.kind === 'quotedName'),
      );
      if (!at) return undefined;
      // A bracketed name loses its closing bracket; a bracket loses itself.
      return at.kind === 'quotedName'
        ? query.slice(0, at.end - 1) + query.slice(at.end)
        : query.slice(0, at.start) + query.slice(at.end);
    }
    case 'unclosed string': {
      const at = pick(tokens.filter((t) => t.kind === 'string' && !t.unterminated && !t.text.startsWith('```')));
      return at && query.slice(0, at.end - 1) + query.slice(at.end);
    }
    case 'misspelt function': {
      const at = pick(
        tokens.filter(
          (t, i) =>
            t.kind === 'identifier' &&
            tokens[i + 1]?.text === '(' &&
            tokens[i - 1]?.text !== '.' &&
            findFunction(t.text) !== undefined,
        ),
      );
      const word = at && misspell(at.text, variant, (w) => !findFunction(w));
      return at && word && replace(query, at, word);
    }
    case 'dangling comparison':
      return insertStage(
        query,
        tokens,
        variant,
        `| where ${fieldOf(tokens)} ${COMPARISONS[variant % COMPARISONS.length]}`,
      );
    case 'double comma': {
      const at = pick(tokens.filter((t) => t.kind === 'punctuation' && t.text === ','));
      return at && query.slice(0, at.end) + ',' + query.slice(at.end);
    }
    case 'empty extend':
      return insertStage(query, tokens, variant, `| extend ${variant % 2 ? 'computed' : fieldOf(tokens)} =`);
    case 'by with nothing after':
      return insertStage(query, tokens, variant, variant % 2 ? '| summarize count() by' : '| top 10 by');
    case 'pipe with no operator':
      return insertStage(query, tokens, variant, '|');
    case 'trailing pipe':
      return `${query}${variant % 2 ? ' |' : '\n|'}`;
  }
}

/** The stage inserted on a line of its own before one of the query's pipes at the start of a line, or at its end. */
function insertStage(query: string, tokens: Token[], variant: number, stage: string): string {
  const places = tokens
    .filter((t) => t.kind === 'pipe' && /^[ \t]*$/.test(query.slice(query.lastIndexOf('\n', t.start - 1) + 1, t.start)))
    .map((t) => t.start);
  const at = [...places, query.length][variant % (places.length + 1)];
  return at === query.length ? `${query}\n${stage}` : `${query.slice(0, at)}${stage}\n${query.slice(at)}`;
}

/** A field the query uses after where, else a usual one. */
function fieldOf(tokens: Token[]): string {
  const where = tokens.findIndex((t, i) => t.text === 'where' && tokens[i - 1]?.kind === 'pipe');
  const next = where >= 0 ? tokens[where + 1] : undefined;
  return next && (next.kind === 'identifier' || next.kind === 'quotedName') ? next.text : 'status';
}

/** A typo of a word, one of four kinds (two letters swapped, one dropped, one doubled, one changed),
 *  that `accept` takes (not a known name); undefined when none is. */
function misspell(word: string, variant: number, accept: (w: string) => boolean): string | undefined {
  const letters = [...word].map((c, i) => (/[a-z]/i.test(c) ? i : -1)).filter((i) => i >= 0);
  for (let attempt = 0; attempt < 8; attempt++) {
    const v = variant + attempt;
    const i = letters[v % letters.length];
    if (i === undefined) return undefined;
    let typo: string;
    switch (v % 4) {
      case 0:
        typo = i + 1 < word.length ? word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2) : word.slice(0, -1);
        break;
      case 1:
        typo = word.slice(0, i) + word.slice(i + 1);
        break;
      case 2:
        typo = word.slice(0, i + 1) + word.slice(i);
        break;
      default:
        typo = word.slice(0, i) + (word[i] === 'x' ? 'z' : 'x') + word.slice(i + 1);
    }
    if (typo !== word && /^[a-z_]/i.test(typo) && accept(typo)) return typo;
  }
  return undefined;
}

function replace(query: string, token: Token, text: string): string {
  return query.slice(0, token.start) + text + query.slice(token.end);
}
