// Whether the rows a query returned stop at a limit rather than at the end of the data: the
// service's default cap, or the query's own take/limit. A light scan of the query text of its own
// (the APL lexer belongs to the lazily loaded language bundle, and this runs with every result).
import { phrase, type Phrase } from '../phrase';
import type { ResultTable } from './resultsProtocol';

/** Rows the service returns at most when a query sets no limit. */
export const DEFAULT_ROW_CAP = 1000;

/** Operators that never add rows: after a `take N`, the result still cannot pass N. */
const KEEPS_ROWS = new Set([
  'project',
  'project-away',
  'project-keep',
  'project-rename',
  'project-reorder',
  'extend',
  'where',
  'sort',
  'order',
  'take',
  'limit',
]);

/** A note when the main table's rows stop at a limit, else undefined. */
/** `locale` writes the counts (1,000), as the panel writes its own. */
export function explainLimit(query: string, tables: readonly ResultTable[], locale = 'en-US'): Phrase | undefined {
  const grouped = (count: number) => count.toLocaleString(locale);
  const main = tables.find((t) => t.name !== '_totals');
  if (!main) return undefined;
  const operators = pipelineOperators(query);
  let own: { name: string; count: number } | undefined;
  for (let i = operators.length - 1; i >= 0; i--) {
    const { name, count } = operators[i];
    if ((name === 'take' || name === 'limit') && count !== undefined) {
      if (operators.slice(i + 1).every((later) => KEEPS_ROWS.has(later.name))) own = { name, count };
      break;
    }
  }
  if (own)
    return main.rowCount >= own.count
      ? phrase(
          'The result stops at {0} rows, the limit the query sets ({1} {2}).',
          grouped(own.count),
          own.name,
          own.count,
        )
      : undefined;
  const setsLimit = operators.some((o) => o.name === 'take' || o.name === 'limit');
  if (!setsLimit && main.rowCount >= DEFAULT_ROW_CAP) {
    return phrase(
      'Axiom returns at most {0} rows when a query sets no limit: there may be more. Add take or limit to the query to see more.',
      grouped(DEFAULT_ROW_CAP),
    );
  }
  return undefined;
}

/**
 * The tabular operators of the query's last statement, in order: the word after each `|` outside
 * parentheses, strings and comments, and the number right after it when there is one.
 */
export function pipelineOperators(query: string): { name: string; count?: number }[] {
  const statements = blankOut(query)
    .split(';')
    .filter((s) => s.trim());
  const last = statements[statements.length - 1] ?? '';
  const operators: { name: string; count?: number }[] = [];
  let depth = 0;
  for (let i = 0; i < last.length; i++) {
    const c = last[i];
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') depth = Math.max(0, depth - 1);
    else if (c === '|' && depth === 0) {
      const match = /^\s*([A-Za-z_][\w-]*)(?:\s+(\d+)\b)?/.exec(last.slice(i + 1, i + 200));
      if (match)
        operators.push(
          match[2] === undefined
            ? { name: match[1].toLowerCase() }
            : { name: match[1].toLowerCase(), count: Number(match[2]) },
        );
    }
  }
  return operators;
}

/** The query with strings and comments turned to spaces, so that their `|`, `;` and words are not read. */
export function blankOut(query: string): string {
  let out = '';
  let i = 0;
  while (i < query.length) {
    const c = query[i];
    if (c === '/' && query[i + 1] === '/') {
      const end = query.indexOf('\n', i);
      const stop = end < 0 ? query.length : end;
      out += ' '.repeat(stop - i);
      i = stop;
    } else if (c === '"' || c === "'" || (c === '@' && (query[i + 1] === '"' || query[i + 1] === "'"))) {
      const verbatim = c === '@';
      const quote = verbatim ? query[i + 1] : c;
      let j = i + (verbatim ? 2 : 1);
      while (j < query.length && query[j] !== quote && query[j] !== '\n') j += !verbatim && query[j] === '\\' ? 2 : 1;
      const stop = Math.min(j + 1, query.length);
      out += ' '.repeat(stop - i);
      i = stop;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}
