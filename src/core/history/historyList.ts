// The history as a person looks through it: searched by text, grouped by day, each run's end said
// as it was (a run its own take or limit stopped ended as asked: no warning).
import { ownLimit, type OwnLimit } from '../run/limits';
import type { HistoryEntry, RunOutcome } from './historyStore';

/** The entries whose query text or datasets hold every word of `text`, case aside. */
export function searchHistory(entries: readonly HistoryEntry[], text: string): HistoryEntry[] {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return [...entries];
  return entries.filter((entry) => {
    const haystack = `${entry.apl}\n${entry.datasets.join('\n')}`.toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}

export interface HistoryDay {
  /** The local day, as `YYYY-MM-DD`. */
  day: string;
  /** Midnight of that day, local time (ms since the epoch). */
  start: number;
  entries: HistoryEntry[];
}

/** Entries (newest first) in days (newest first), by the local calendar of the machine. */
export function groupByDay(entries: readonly HistoryEntry[]): HistoryDay[] {
  const days: HistoryDay[] = [];
  for (const entry of entries) {
    const date = new Date(entry.at);
    const day = `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
    let group = days[days.length - 1]?.day === day ? days[days.length - 1] : days.find((d) => d.day === day);
    if (!group)
      days.push(
        (group = { day, start: new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime(), entries: [] }),
      );
    group.entries.push(entry);
  }
  return days;
}

/** A query's first line with text, shortened: a history row's label. */
export function queryHeadline(apl: string, max = 80): string {
  const text = apl
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('//'))
    .join(' ');
  return text.length > max ? `${text.slice(0, max - 1)}…` : text || apl.trim().slice(0, max);
}

/** How a run's end is shown: as recorded, except that a run cut at the limit its own query sets
 *  (`take 100`) ended as asked, `ok`, with that limit; only the service's cap is a warning. */
export interface ShownOutcome {
  outcome: RunOutcome;
  ownLimit?: OwnLimit;
}

/** Per entry, once: a list of 1,000 runs parses each cut query once, not at each redraw. */
const shown = new WeakMap<HistoryEntry, ShownOutcome>();

export function shownOutcome(entry: HistoryEntry): ShownOutcome {
  if (entry.outcome !== 'limited') return { outcome: entry.outcome };
  let known = shown.get(entry);
  if (!known) {
    const own = ownLimit(entry.apl);
    known = own ? { outcome: 'ok', ownLimit: own } : { outcome: 'limited' };
    shown.set(entry, known);
  }
  return known;
}
