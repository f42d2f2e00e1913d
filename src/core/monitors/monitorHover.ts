// A monitor's hover: every field worth reading, and its query in a code block.
import type { Monitor } from '../api/schemas';
import { escapeMarkdown, fencedCode } from '../markdown';
import { monitorState } from './monitorState';
import { conditionWords, minutesWords, stateWords, typeWords } from './monitorWords';

/** Hover text as markdown. Every value from the service is escaped or fenced; the
 *  caller must still render it untrusted and without HTML. */
export function monitorTooltipMarkdown(monitor: Monitor, formatDate: (d: Date) => string, now: number = Date.now()): string {
  const rows: [string, string | undefined][] = [
    ['Type', typeWords(monitor.type)],
    ['State', stateWords(monitorState(monitor, now), formatDate)],
    ['Condition', conditionWords(monitor)],
    ['Column', monitor.columnName],
    ['Tolerance', monitor.tolerance === undefined ? undefined : String(monitor.tolerance)],
    ['Compare days', monitor.compareDays === undefined ? undefined : String(monitor.compareDays)],
    // 0 is Go's unset number: no interval or range to speak of.
    ['Runs every', monitor.intervalMinutes ? minutesWords(monitor.intervalMinutes) : undefined],
    ['Over the last', monitor.rangeMinutes ? minutesWords(monitor.rangeMinutes) : undefined],
    ['Delay', monitor.secondDelay === undefined ? undefined : `${monitor.secondDelay}s`],
    ['Alert on no data', yesNo(monitor.alertOnNoData)],
    ['Notify by group', yesNo(monitor.notifyByGroup)],
    ['Notify every run', yesNo(monitor.notifyEveryRun)],
    ['Resolvable', yesNo(monitor.resolvable)],
    ['Skip resolved', yesNo(monitor.skipResolved)],
    ['Trigger after', monitor.triggerAfterNPositiveResults === undefined ? undefined : `${monitor.triggerAfterNPositiveResults} positive results`],
    ['Trigger from', monitor.triggerFromNRuns === undefined ? undefined : `${monitor.triggerFromNRuns} runs`],
    ['Notifiers', monitor.notifierIds?.length ? monitor.notifierIds.join(', ') : undefined],
    ['Created', [monitor.createdBy && `by ${monitor.createdBy}`, dateWords(monitor.createdAt, formatDate)].filter(Boolean).join(' ') || undefined],
  ];
  const lines = [`**${escapeMarkdown(monitor.name)}**`];
  if (monitor.description) lines.push('', escapeMarkdown(monitor.description));
  lines.push('');
  for (const [label, value] of rows) {
    if (value !== undefined && value !== '') lines.push(`${label}: ${escapeMarkdown(value)}  `);
  }
  if (monitor.aplQuery !== undefined) lines.push('', fencedCode(monitor.aplQuery, 'kusto'));
  if (monitor.mplQuery !== undefined) lines.push('', 'MPL query:', '', fencedCode(monitor.mplQuery, ''));
  return lines.join('\n');
}

function yesNo(value: boolean | undefined): string | undefined {
  return value === undefined ? undefined : value ? 'yes' : 'no';
}

function dateWords(value: string | undefined, formatDate: (d: Date) => string): string | undefined {
  if (!value) return undefined;
  const time = Date.parse(value);
  return Number.isNaN(time) ? value : `on ${formatDate(new Date(time))}`;
}

