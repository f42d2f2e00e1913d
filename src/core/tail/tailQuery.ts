// What a live tail asks for: a dataset and the conditions its events must meet, read from a query's
// syntax tree (core/apl), never from its text by pattern. Tail This Query keeps the `where`s that
// lead the query (what comes after a stage that reshapes rows could name fields that stage made);
// the tail's own filter box is one more condition, checked by the parser before it is sent (its
// syntax problems: what a query cannot be sent with; the service says the rest).
import { quotedName } from '../apl/names';
import { mainQuery } from '../apl/aplText';
import { parseApl } from '../apl/syntaxParser';
import { textOf } from '../apl/syntaxWalk';
import { phrase, type Phrase } from '../phrase';

/** What a tail follows: the events of `dataset` that meet every condition. */
export interface TailTarget {
  readonly dataset: string;
  /** APL conditions (each the text after a `where`), all of which an event meets. */
  readonly conditions: readonly string[];
}

/** The operators whose stages only keep or drop events: kept by Tail This Query. */
const FILTERING = new Set(['where', 'filter']);

/**
 * The tail of a query: its dataset (the source of the statement that runs, a name) and the
 * conditions of the `where`s that lead its pipeline; the stages after them (summarize, project,
 * take…) are left out, and said. A phrase when the query cannot be followed: it does not parse, or
 * it reads no dataset by name.
 */
export function tailTargetOf(apl: string): { target: TailTarget; leftOut: string[] } | Phrase {
  const parsed = parseApl(apl);
  const error = parsed.problems.find((p) => p.severity === 'error');
  if (error) return phrase('The query has an error: {0}', error.message);
  if (parsed.statements.some((s) => s.kind !== 'query'))
    return phrase('A tail follows one query that reads a dataset; this one names things first (let, set).');
  const query = mainQuery(parsed);
  const source = query?.body.source;
  if (!query || !source || source.kind !== 'name' || !source.text || source.text.startsWith('$'))
    return phrase(
      'A tail follows a query that starts with a dataset, as in {0}.',
      "['http-logs'] | where status >= 500",
    );
  const conditions: string[] = [];
  const leftOut: string[] = [];
  for (const stage of query.body.stages) {
    const operator = stage.operator?.text.toLowerCase() ?? '';
    if (!leftOut.length && FILTERING.has(operator) && stage.clauses.length) {
      const first = stage.clauses[0];
      const last = stage.clauses[stage.clauses.length - 1];
      conditions.push(textOf(parsed, { start: first.start, end: last.end }).trim());
    } else leftOut.push(operator || '?');
  }
  return { target: { dataset: source.text, conditions }, leftOut };
}

/**
 * Checks one condition of the filter box as the parser reads it inside `| where …`: a phrase
 * naming the problem, or undefined when it is one condition and nothing more (no `|` that would
 * add a stage, no `;` that would add a statement).
 */
export function conditionProblem(condition: string): Phrase | undefined {
  const text = condition.trim();
  if (!text) return undefined;
  const apl = `_ | where ${text}`;
  const parsed = parseApl(apl);
  const error = parsed.problems.find((p) => p.severity === 'error');
  if (error) return phrase('The filter has an error: {0}', error.message);
  const query = parsed.statements.length === 1 ? mainQuery(parsed) : undefined;
  if (!query || query.body.stages.length !== 1 || parsed.comments.length || query.body.end < apl.length)
    return phrase(
      'The filter takes conditions only, as in {0} (no {1}, no comments).',
      "status >= 500 and service == 'checkout'",
      '|',
    );
  return undefined;
}

/**
 * The query of one poll: the target's events, newest first, at most `take` of them; the range of
 * the request (after the last seen, with an overlap) says which. Each condition is a stage of
 * its own, so that an `or` in one does not loosen another.
 */
export function tailApl(target: TailTarget, filter: string | undefined, take: number): string {
  const conditions = [...target.conditions, ...(filter?.trim() ? [filter.trim()] : [])];
  return [
    quotedName(target.dataset),
    ...conditions.map((c) => `| where ${c}`),
    '| sort by _time desc',
    `| take ${Math.max(1, Math.floor(take))}`,
  ].join('\n');
}
