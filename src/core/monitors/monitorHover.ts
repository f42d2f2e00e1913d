// A monitor's hover: every field worth reading, and its query in a code block.
import { MPL_LANGUAGE_ID } from '../mpl/languageId';
import type { Monitor } from '../api/schemas';
import { APL_LANGUAGE_ID } from '../apl/languageId';
import { escapeMarkdown, fencedCode } from '../markdown';
import { monitorState } from './monitorState';
import { fill } from '../phrase';
import { MONITOR_WORDS, type MonitorWords } from './monitorVocabulary';
import { conditionWords, lastChangeTime, minutesWords, stateWords, typeWords } from './monitorWords';
import type { MonitorStatus, StateChange } from './monitorStatus';
import { notifiersHoverWords, type NotifierIndex } from './monitorNotifiers';
import { agoWords, recentChangeLines, statusHoverLines } from './statusWords';

/** What the hover of a row in the view says beyond the monitor's settings. */
export interface HoverExtras {
  /** For a monitor that runs: its status (undefined until known) and its latest changes, newest first. */
  status?: { status: MonitorStatus | undefined; recent: readonly StateChange[] };
  /** The monitor's page in the web app, when the org id is known. */
  appLink?: string;
  /** The organisation's notifiers by id, when read: the hover names them. */
  notifiers?: NotifierIndex;
  /** The words to say it in (English without). */
  words?: MonitorWords;
}

/** The view's hover: the name, then the status, the last few changes in local time and a link to
 *  the monitor in the web app, then the settings and the query. */
export function monitorHoverMarkdown(
  monitor: Monitor,
  formatDate: (d: Date) => string,
  extras: HoverExtras,
  now: number = Date.now(),
): string {
  const w = extras.words ?? MONITOR_WORDS;
  const [title, ...rest] = monitorTooltipMarkdown(monitor, formatDate, now, extras.notifiers, w).split('\n');
  const top: string[] = [];
  if (extras.status) {
    top.push(...statusHoverLines(extras.status.status, formatDate, now, w).map((line) => `${line}  `));
    const recent = recentChangeLines(extras.status.recent, formatDate, w);
    if (recent.length) top.push('', ...recent);
  }
  // A web link (https only) is all an untrusted hover can follow; the address is made by
  // monitorLink, with the org and monitor ids percent-encoded, and its brackets escaped here.
  if (extras.appLink && /^https?:\/\//.test(extras.appLink))
    top.push('', `[${escapeMarkdown(w.openInAxiom)}](${extras.appLink.replace(/[()\s]/g, percentEncoded)})`);
  if (!top.length) return [title, ...rest].join('\n');
  return [title, '', ...top, ...rest].join('\n');
}

/** Hover text as markdown. Every value from the service is escaped or fenced; the
 *  caller must still render it untrusted and without HTML. */
export function monitorTooltipMarkdown(
  monitor: Monitor,
  formatDate: (d: Date) => string,
  now: number = Date.now(),
  notifiers?: NotifierIndex,
  w: MonitorWords = MONITOR_WORDS,
): string {
  const rows: [string, string | undefined][] = [
    [w.type, typeWords(monitor.type, w)],
    [w.state, stateWords(monitorState(monitor, now), formatDate, w)],
    [w.condition, conditionWords(monitor, w)],
    [w.column, monitor.columnName],
    [w.tolerance, monitor.tolerance === undefined ? undefined : String(monitor.tolerance)],
    [w.compareDays, monitor.compareDays === undefined ? undefined : String(monitor.compareDays)],
    // 0 is Go's unset number: no interval or range to speak of.
    [w.runsEvery, monitor.intervalMinutes ? minutesWords(monitor.intervalMinutes) : undefined],
    [w.overTheLast, monitor.rangeMinutes ? minutesWords(monitor.rangeMinutes) : undefined],
    [w.delay, monitor.secondDelay === undefined ? undefined : `${monitor.secondDelay}s`],
    [w.alertOnNoData, yesNo(monitor.alertOnNoData, w)],
    [w.notifyByGroup, yesNo(monitor.notifyByGroup, w)],
    [w.notifyEveryRun, yesNo(monitor.notifyEveryRun, w)],
    [w.resolvable, yesNo(monitor.resolvable, w)],
    [w.skipResolved, yesNo(monitor.skipResolved, w)],
    [
      w.triggerAfter,
      monitor.triggerAfterNPositiveResults === undefined
        ? undefined
        : fill(w.positiveResults, [String(monitor.triggerAfterNPositiveResults)]),
    ],
    [
      w.triggerFrom,
      monitor.triggerFromNRuns === undefined ? undefined : fill(w.runs, [String(monitor.triggerFromNRuns)]),
    ],
    [w.notifiers, notifiersHoverWords(monitor.notifierIds, notifiers, w)],
    [
      w.created,
      [monitor.createdBy && fill(w.by, [monitor.createdBy]), dateWords(monitor.createdAt, formatDate, w)]
        .filter(Boolean)
        .join(' ') || undefined,
    ],
    [w.lastChanged, lastChangeWords(monitor, formatDate, now, w)],
  ];
  const lines = [`**${escapeMarkdown(monitor.name)}**`];
  if (monitor.description) lines.push('', escapeMarkdown(monitor.description));
  lines.push('');
  for (const [label, value] of rows) {
    if (value !== undefined && value !== '') lines.push(`${label}: ${escapeMarkdown(value)}  `);
  }
  if (monitor.aplQuery !== undefined) lines.push('', fencedCode(monitor.aplQuery, APL_LANGUAGE_ID));
  if (monitor.mplQuery !== undefined) lines.push('', w.mplQuery, '', fencedCode(monitor.mplQuery, MPL_LANGUAGE_ID));
  return lines.join('\n');
}

function yesNo(value: boolean | undefined, w: MonitorWords): string | undefined {
  return value === undefined ? undefined : value ? w.yes : w.no;
}

/** "on 21 Nov 2026, 14:05 (3d 2h ago)", when the monitor changed after it was created. */
function lastChangeWords(
  monitor: Monitor,
  formatDate: (d: Date) => string,
  now: number,
  w: MonitorWords,
): string | undefined {
  const time = lastChangeTime(monitor);
  return time === undefined
    ? undefined
    : `${fill(w.on, [formatDate(new Date(time))])} (${fill(w.ago, [agoWords(time, now)])})`;
}

function dateWords(value: string | undefined, formatDate: (d: Date) => string, w: MonitorWords): string | undefined {
  if (!value) return undefined;
  const time = Date.parse(value);
  return Number.isNaN(time) ? value : fill(w.on, [formatDate(new Date(time))]);
}

/** A bracket or a space, percent-encoded (encodeURIComponent leaves brackets as they are). */
function percentEncoded(character: string): string {
  return character === '(' ? '%28' : character === ')' ? '%29' : encodeURIComponent(character);
}
