// A monitor's notifiers by name: the organisation's notifiers (GET /v2/notifiers, read once per
// load of the Monitors view) indexed by id, and the words a hover and a row name them in. An id the
// list does not hold is a notifier deleted since: shown as such, never dropped. Without a list (not
// read yet, or the token may not read notifiers) the ids are shown as they are.
import { fill } from '../phrase';
import type { Notifier } from '../api/monitorRecord';
import { MONITOR_WORDS, type MonitorWords } from './monitorVocabulary';

export type NotifierIndex = ReadonlyMap<string, Notifier>;

export function notifierIndex(list: readonly Notifier[]): NotifierIndex {
  return new Map(list.map((n) => [n.id, n]));
}

/** The channel's kind in words: products by their names, the rest from the vocabulary; a kind this
 *  extension does not know as the service wrote it. */
export function channelWords(kind: string, words: MonitorWords = MONITOR_WORDS): string {
  switch (kind) {
    case 'slack':
      return 'Slack';
    case 'pagerduty':
      return 'PagerDuty';
    case 'opsgenie':
      return 'Opsgenie';
    case 'discord':
    case 'discordWebhook':
      return 'Discord';
    case 'microsoftTeams':
      return 'Microsoft Teams';
    case 'email':
      return words.channelEmail;
    case 'webhook':
    case 'customWebhook':
      return words.channelWebhook;
    default:
      return kind;
  }
}

/** One notifier: its name ("On-call"), with its channel in the hover ("On-call (PagerDuty)"). */
export function notifierLabel(
  id: string,
  index: NotifierIndex | undefined,
  withChannel: boolean,
  words: MonitorWords = MONITOR_WORDS,
): string {
  if (!index) return id;
  const notifier = index.get(id);
  if (!notifier) return fill(words.notifierGone, [id]);
  return withChannel && notifier.kind ? `${notifier.name} (${channelWords(notifier.kind, words)})` : notifier.name;
}

/** The hover's line: every notifier, by name and channel. */
export function notifiersHoverWords(
  ids: readonly string[] | undefined,
  index: NotifierIndex | undefined,
  words: MonitorWords = MONITOR_WORDS,
): string | undefined {
  return ids?.length ? ids.map((id) => notifierLabel(id, index, true, words)).join(', ') : undefined;
}

/** The row's words: "notifies On-call, Shop operations", past two "… and 3 more". */
export function notifiersRowWords(
  ids: readonly string[] | undefined,
  index: NotifierIndex | undefined,
  words: MonitorWords = MONITOR_WORDS,
): string | undefined {
  if (!ids?.length) return undefined;
  const shown = ids
    .slice(0, 2)
    .map((id) => notifierLabel(id, index, false, words))
    .join(', ');
  return fill(words.notifies, [ids.length > 2 ? fill(words.andMore, [shown, String(ids.length - 2)]) : shown]);
}

/** notifiersRowWords for the rows of one list: each distinct list of ids is put in words once (the
 *  rows of an organisation share a few lists of notifiers). Made per list and index. */
export function listNotifierWords(
  index: NotifierIndex | undefined,
  words: MonitorWords = MONITOR_WORDS,
): (ids: readonly string[] | undefined) => string | undefined {
  const made = new Map<string, string | undefined>();
  return (ids) => {
    if (!ids?.length) return undefined;
    const key = ids.length === 1 ? ids[0] : ids.join('\n');
    if (made.has(key)) return made.get(key);
    const text = notifiersRowWords(ids, index, words);
    if (made.size < 10_000) made.set(key, text);
    return text;
  };
}
