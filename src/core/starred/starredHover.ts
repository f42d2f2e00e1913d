// A starred query's hover: its APL in a code block, and dataset, owner, time range and options.
import type { StarredQuery } from '../api/starred';
import { APL_LANGUAGE_ID } from '../apl/languageId';
import { escapeMarkdown, fencedCode } from '../markdown';
import { USER_WORDS, userText, type UserNames, type UserWords } from '../users/userNames';

/** The hover's words, translated by the VS Code side (platform/l10n.ts `translated`). */
export const STARRED_HOVER_WORDS = {
  dataset: 'Dataset',
  owner: 'Owner',
  ownerYou: '{0} (you)',
  timeRange: 'Time range',
  fromTo: '{0} to {1}',
  from: 'from {0}',
  until: 'until {0}',
  options: 'Options',
};

export type StarredHoverWords = typeof STARRED_HOVER_WORDS;

const fill = (template: string, ...args: string[]) =>
  template.replace(/\{(\d)\}/g, (_, i: string) => args[Number(i)] ?? '');

/** Hover text as markdown. Every value from the service is escaped or fenced; the caller must
 *  still render it untrusted and without HTML. `me` is the caller's user id, or empty; the owner is
 *  named by `names` (core/users/userNames.ts), else `user <id>`. */
export function starredHoverMarkdown(
  query: StarredQuery,
  me: string,
  words: StarredHoverWords = STARRED_HOVER_WORDS,
  names: UserNames = new Map(),
  userWords: UserWords = USER_WORDS,
): string {
  const { startTime, endTime, queryOptions } = query.query;
  const range =
    startTime && endTime
      ? fill(words.fromTo, startTime, endTime)
      : startTime
        ? fill(words.from, startTime)
        : endTime
          ? fill(words.until, endTime)
          : undefined;
  const options =
    queryOptions && Object.keys(queryOptions).length
      ? Object.entries(queryOptions)
          .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
          .join(', ')
      : undefined;
  const person = userText(query.who, names, userWords);
  const owner = person ? (query.who === me ? fill(words.ownerYou, person) : person) : undefined;
  const fields: [string, string | undefined][] = [
    [words.dataset, query.dataset],
    [words.owner, owner],
    [words.timeRange, range],
    [words.options, options],
  ];
  const lines = [`**${escapeMarkdown(query.name)}**`, ''];
  for (const [label, value] of fields) if (value) lines.push(`${escapeMarkdown(label)}: ${escapeMarkdown(value)}  `);
  lines.push('', fencedCode(query.query.apl, APL_LANGUAGE_ID));
  return lines.join('\n');
}
