// Log activity's queries: ONE per file, that counts every log statement's message at once (a
// `case` over the messages' patterns, then a count and the last time per statement), and one per
// statement, that lists its events (a lens's click). Names are quoted with the APL helpers
// (core/apl/names.ts); messages become string literals here, every `\` and `"` escaped and no raw
// control character left (messagePattern.ts writes them as `\xHH` in a regular expression), so
// that any message text yields a query that parses and matches only what it should (property-tested
// in test/unit/code/logActivityQuery.test.ts). Plus the answer read back and the lens's words.
import type { TabularResult } from '../api/tabular';
import { quotedName } from '../apl/names';
import { phrase, type Phrase } from '../phrase';
import { isExact, patternRegex, type MessagePattern } from './messagePattern';

/** Where the logs are: a dataset and the field that holds a log line's message. */
export interface LogSource {
  readonly dataset: string;
  readonly messageField: string;
}

/** How often one message was logged in the range, and when last (ms since the epoch). */
export interface Activity {
  readonly count: number;
  readonly last?: number;
}

/** The column the file's query names each statement's pattern by (its index among the file's). */
export const STATEMENT_COLUMN = 'axiom_statement';
const COUNT_COLUMN = 'logged';
const LAST_COLUMN = 'last_logged';

/** A string literal as APL reads it: in double quotes, `\` and `"` escaped, line breaks and tabs as
 *  `\n`, `\r`, `\t`. Other control characters are never given (patternRegex writes them as `\xHH`). */
export function aplString(text: string): string {
  return `"${text.replace(/[\\"\n\r\t]/g, (c) => ({ '\n': '\\n', '\r': '\\r', '\t': '\\t' })[c] ?? `\\${c}`)}"`;
}

/** Whether a text holds a control character other than a line break or tab. */
function hasControl(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if ((code < 0x20 && code !== 0x0a && code !== 0x0d && code !== 0x09) || (code >= 0x7f && code <= 0x9f)) return true;
  }
  return false;
}

/** The test that a log line's message is the statement's: `==` for a message without placeholders,
 *  else an anchored regular expression. */
export function messageTest(field: string, pattern: MessagePattern): string {
  const exact = isExact(pattern) ? (pattern[0] ?? '') : undefined;
  return exact !== undefined && !hasControl(exact)
    ? `${quotedName(field)} == ${aplString(exact)}`
    : `${quotedName(field)} matches regex ${aplString(patternRegex(pattern))}`;
}

/** The key of a pattern: two statements that log the same message share one branch and one count. */
export function patternKey(pattern: MessagePattern): string {
  return patternRegex(pattern);
}

/** The file's one query: each distinct pattern a branch of a `case`, counted and dated by branch. */
export function activityQuery(source: LogSource, patterns: readonly MessagePattern[]): string {
  const branches = patterns.map((pattern, index) => `${messageTest(source.messageField, pattern)}, ${index}`);
  return [
    quotedName(source.dataset),
    `| extend ${STATEMENT_COLUMN} = case(${branches.join(', ')}, -1)`,
    `| where ${STATEMENT_COLUMN} >= 0`,
    `| summarize ${COUNT_COLUMN} = count(), ${LAST_COLUMN} = max(_time) by ${STATEMENT_COLUMN}`,
  ].join('\n');
}

/** A file's query and the pattern each branch counts (by key: a message logged from two places
 *  is one branch), for the statements of the file. */
export function fileActivityQuery(
  source: LogSource,
  statements: readonly { readonly pattern: MessagePattern }[],
): { apl: string; keys: string[] } {
  const distinct = new Map<string, MessagePattern>();
  for (const { pattern } of statements) {
    const key = patternKey(pattern);
    if (!distinct.has(key)) distinct.set(key, pattern);
  }
  return { apl: activityQuery(source, [...distinct.values()]), keys: [...distinct.keys()] };
}

/** The answer to a file's query by pattern key; a key absent was not logged in the range. */
export function readFileActivity(result: TabularResult, keys: readonly string[]): Map<string, Activity> {
  const byKey = new Map<string, Activity>();
  for (const [index, activity] of readActivity(result)) if (index < keys.length) byKey.set(keys[index], activity);
  return byKey;
}

/** One statement's events, newest first: what a lens's click runs in the results panel. */
export function statementQuery(source: LogSource, pattern: MessagePattern): string {
  return [
    quotedName(source.dataset),
    `| where ${messageTest(source.messageField, pattern)}`,
    '| order by _time desc',
  ].join('\n');
}

/** The counts of the file's query's answer, by the index of the pattern in the query. Rows of
 *  another shape are passed over (a statement absent from the answer was not logged). */
export function readActivity(result: TabularResult): Map<number, Activity> {
  const read = new Map<number, Activity>();
  const table = result.tables[0];
  if (!table) return read;
  const column = (name: string) => table.fields.findIndex((f) => f.name === name);
  const [which, count, last] = [column(STATEMENT_COLUMN), column(COUNT_COLUMN), column(LAST_COLUMN)];
  if (which < 0 || count < 0) return read;
  for (let row = 0; row < table.rowCount; row++) {
    const index = Number(table.columns[which]?.[row]);
    const n = Number(table.columns[count]?.[row]);
    if (!Number.isInteger(index) || index < 0 || !Number.isFinite(n) || n < 0) continue;
    const time = last >= 0 ? timeOf(table.columns[last]?.[row]) : undefined;
    read.set(index, { count: n, ...(time !== undefined && { last: time }) });
  }
  return read;
}

function timeOf(value: unknown): number | undefined {
  const time = typeof value === 'number' ? value : typeof value === 'string' ? Date.parse(value) : NaN;
  return Number.isFinite(time) ? time : undefined;
}

/** How long ago, roughly, as the lens says it: "just now", "3 min", "2 h", "5 days". */
export function sinceWords(since: number, now: number): Phrase {
  const minutes = Math.floor(Math.max(0, now - since) / 60_000);
  if (minutes < 1) return phrase('less than a minute');
  if (minutes < 60) return phrase('{0} min', minutes);
  if (minutes < 48 * 60) return phrase('{0} h', Math.floor(minutes / 60));
  return phrase('{0} days', Math.floor(minutes / (24 * 60)));
}

/** The lens's words: "2,314 in 24 h · 3 min ago", or "never logged in 24 h". */
export function activityWords(activity: Activity | undefined, rangeLabel: string, now: number): Phrase {
  if (!activity || activity.count === 0) return phrase('never logged in {0}', rangeLabel);
  const count = activity.count.toLocaleString('en-US');
  return activity.last === undefined
    ? phrase('{0} in {1}', count, rangeLabel)
    : phrase('{0} in {1} · {2} ago', count, rangeLabel, sinceWords(activity.last, now));
}
