// A monitor's alert status in words: the row's prefix and the hover's lines.
import { escapeMarkdown } from '../markdown';
import type { StateChange } from '../api/parse';
import type { MonitorStatus } from './monitorStatus';
import { minutesWords } from './monitorWords';

/** "5m", "2h 3m", "3d 1h": how long since `since`, to the minute. */
export function agoWords(since: number, now: number): string {
  return minutesWords(Math.max(1, Math.floor((now - since) / 60_000)));
}

/** The row's words for a triggered monitor, e.g. "triggered 12m ago". */
export function triggeredWords(status: Extract<MonitorStatus, { kind: 'triggered' }>, now: number): string {
  return `triggered ${agoWords(status.since, now)} ago`;
}

/** The hover's lines about the status, as markdown; check ids come from the service and are escaped. */
export function statusHoverLines(status: MonitorStatus | undefined, formatDate: (d: Date) => string, now: number): string[] {
  if (!status) return ['Status: not known yet'];
  if (status.kind === 'normal') return ['Status: normal'];
  const lines = [`Status: **triggered** since ${escapeMarkdown(formatDate(new Date(status.since)))} (${agoWords(status.since, now)} ago)`];
  if (status.openChecks.length > 1 || status.openChecks[0] !== '') {
    const shown = status.openChecks.slice(0, 10).map(escapeMarkdown).join(', ');
    const more = status.openChecks.length > 10 ? ` and ${status.openChecks.length - 10} more` : '';
    lines.push(`Open: ${shown}${more}`);
  }
  return lines;
}

/** One line per change, newest first: "open · eu-west · 22 Nov 2026, 14:05". */
export function historyLines(changes: readonly StateChange[], formatDate: (d: Date) => string): { label: string; description: string; time: number }[] {
  return [...changes]
    .sort((a, b) => b.time - a.time || (a.state === 'closed' ? -1 : 1))
    .map((change) => ({ label: change.state, description: `${change.checkId} · ${formatDate(new Date(change.time))}`, time: change.time }));
}
