// A monitor's alert status in words: the row's prefix and the hover's lines.
import { escapeMarkdown } from '../markdown';
import type { StateChange } from '../api/parse';
import type { MonitorStatus } from './monitorStatus';
import { fill } from '../phrase';
import { MONITOR_WORDS, type MonitorWords } from './monitorVocabulary';
import { minutesWords } from './monitorWords';

/** "5m", "2h 3m", "3d 1h": how long since `since`, to the minute. */
export function agoWords(since: number, now: number): string {
  return minutesWords(Math.max(1, Math.floor((now - since) / 60_000)));
}

/** The row's words for a triggered monitor, e.g. "triggered 12m ago". */
export function triggeredWords(
  status: Extract<MonitorStatus, { kind: 'triggered' }>,
  now: number,
  words: MonitorWords = MONITOR_WORDS,
): string {
  return fill(words.triggeredAgo, [agoWords(status.since, now)]);
}

/** Whether a check id names a group of the monitor's: a monitor without groups reports its one check
 *  as "all" (or no id at all), which is the monitor itself, not a group to name. */
export function isGroupCheck(checkId: string): boolean {
  return checkId !== '' && checkId !== 'all';
}

/** The hover's lines about the status, as markdown; check ids come from the service and are escaped. */
export function statusHoverLines(
  status: MonitorStatus | undefined,
  formatDate: (d: Date) => string,
  now: number,
  w: MonitorWords = MONITOR_WORDS,
): string[] {
  if (!status) return [w.statusUnknown];
  if (status.kind === 'normal') return [w.statusNormal];
  const lines = [
    fill(w.statusTriggered, [escapeMarkdown(formatDate(new Date(status.since))), agoWords(status.since, now)]),
  ];
  const groups = status.openChecks.filter(isGroupCheck);
  if (groups.length) {
    const shown = groups.slice(0, 10).map(escapeMarkdown).join(', ');
    lines.push(fill(w.statusOpen, [groups.length > 10 ? fill(w.andMore, [shown, String(groups.length - 10)]) : shown]));
  }
  return lines;
}

/** The hover's last few changes as a markdown list, newest first, in local time:
 *  "- 22 Nov 2026, 14:05 · triggered for eu-west", "- … · back to normal" (a monitor without
 *  groups). Check ids come from the service and are escaped. */
export function recentChangeLines(
  changes: readonly StateChange[],
  formatDate: (d: Date) => string,
  w: MonitorWords = MONITOR_WORDS,
): string[] {
  if (!changes.length) return [];
  const lines = [w.lastChanges, ''];
  for (const change of changes) {
    const open = change.state === 'open';
    const what = isGroupCheck(change.checkId)
      ? fill(open ? w.changeOpenedGroup : w.changeClosedGroup, [escapeMarkdown(change.checkId)])
      : open
        ? w.changeOpened
        : w.changeClosed;
    lines.push(`- ${escapeMarkdown(formatDate(new Date(change.time)))} · ${what}`);
  }
  return lines;
}

/** One line per change, newest first: "open · eu-west · 22 Nov 2026, 14:05". */
export function historyLines(
  changes: readonly StateChange[],
  formatDate: (d: Date) => string,
): { label: string; description: string; time: number }[] {
  return [...changes]
    .sort((a, b) => b.time - a.time || (a.state === 'closed' ? -1 : 1))
    .map((change) => ({
      label: change.state,
      description: `${change.checkId} · ${formatDate(new Date(change.time))}`,
      time: change.time,
    }));
}
