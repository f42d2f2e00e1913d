// Whether the rows a query returned stop at a limit rather than at the end of the data: the
// service's default cap, or the query's own take/limit, read from the query's syntax tree.
import { operatorsOf, type PipelineOperator } from '../apl/aplText';
import { parseApl } from '../apl/syntaxParser';
import { phrase, type Phrase } from '../phrase';
import type { ResultTable } from '../api/tabular';

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
  return explainLimitOf(pipelineOperators(query), tables, locale);
}

/** explainLimit from the operators of the query's statement that runs, read already (queryPlan.ts). */
export function explainLimitOf(
  operators: readonly PipelineOperator[],
  tables: readonly ResultTable[],
  locale = 'en-US',
): Phrase | undefined {
  const grouped = (count: number) => count.toLocaleString(locale);
  const main = tables.find((t) => t.name !== '_totals');
  if (!main) return undefined;
  const own = ownLimitOf(operators);
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

/** The query's own limit on its rows: its last `take N` or `limit N`, when only operators that never
 *  add rows follow it; undefined when it sets none (or one that a later operator may pass). */
export function ownLimit(query: string): OwnLimit | undefined {
  return ownLimitOf(pipelineOperators(query));
}

export interface OwnLimit {
  name: string;
  count: number;
}

function ownLimitOf(operators: readonly PipelineOperator[]): OwnLimit | undefined {
  for (let i = operators.length - 1; i >= 0; i--) {
    const { name, count } = operators[i];
    if ((name === 'take' || name === 'limit') && count !== undefined)
      return operators.slice(i + 1).every((later) => KEEPS_ROWS.has(later.name)) ? { name, count } : undefined;
  }
  return undefined;
}

/** The tabular operators of the statement that runs (the last one), in order, each with the number
 *  it starts with when it does (`take 10`); strings, comments and subqueries are not read. */
export function pipelineOperators(query: string): PipelineOperator[] {
  return operatorsOf(parseApl(query));
}
