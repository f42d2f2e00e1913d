// A monitor in words: its type, condition, interval and state, and the one-line summary of a row.
import type { Monitor } from '../api/schemas';
import { formatDay } from '../format';
import type { MonitorState } from './monitorState';
import { fill } from '../phrase';
import { MONITOR_WORDS, type MonitorWords } from './monitorVocabulary';

// Switches rather than lookup tables: a value the service sent may be any string ("valueOf" and
// "__proto__" included), and comparing against a few constants took a fifth of the time of an
// own-key lookup with a string that JSON.parse had just made.
/** An operator in words ("At or above"); one the service did not send as a known operator, as sent. */
export function operatorWords(
  operator: string,
  words: Pick<MonitorWords, 'above' | 'below' | 'atOrAbove' | 'atOrBelow' | 'aboveOrBelow'>,
): string {
  switch (operator) {
    case 'Above':
      return words.above;
    case 'Below':
      return words.below;
    case 'BelowOrEqual':
      return words.atOrBelow;
    case 'AboveOrEqual':
      return words.atOrAbove;
    case 'AboveOrBelow':
      return words.aboveOrBelow;
    default:
      return operator;
  }
}

/** A monitor's type in words. One the service did not send, sent as no string, or left empty (Go's
 *  unset string) is unknown. */
export function typeWords(type: string | undefined, words: MonitorWords = MONITOR_WORDS): string {
  switch (type) {
    case undefined:
    case '':
      return words.unknownType;
    case 'MatchEvent':
      return words.matchEvent;
    case 'AnomalyDetection':
      return words.anomalyDetection;
    default:
      return type;
  }
}

export function conditionWords(monitor: Monitor, words: MonitorWords = MONITOR_WORDS): string | undefined {
  const { operator, threshold } = monitor;
  const op = operator ? operatorWords(operator, words) : '';
  if (threshold === undefined) return op || undefined;
  return op ? `${op} ${threshold}` : String(threshold);
}

/** 90 → "1h 30m", 1440 → "1d". */
export function minutesWords(minutes: number): string {
  if (!Number.isFinite(minutes) || minutes <= 0) return `${minutes}m`;
  const d = Math.floor(minutes / 1440);
  const h = Math.floor((minutes % 1440) / 60);
  const m = minutes % 60;
  return [d && `${d}d`, h && `${h}h`, m && `${m}m`].filter(Boolean).join(' ');
}

// Large lists repeat a handful of intervals: their words are made once each per table of words
// (bounded, as the values come from the service).
const everyWordsOf = new WeakMap<MonitorWords, Map<number, string>>();

export function everyMinutes(minutes: number, words: MonitorWords = MONITOR_WORDS): string {
  let everyWords = everyWordsOf.get(words);
  if (!everyWords) everyWordsOf.set(words, (everyWords = new Map<number, string>()));
  let text = everyWords.get(minutes);
  if (text === undefined) {
    text = fill(words.every, [minutesWords(minutes)]);
    if (everyWords.size < 1000) everyWords.set(minutes, text);
  }
  return text;
}

/** "Threshold · Above 100 · every 5m" */
export function monitorSummary(monitor: Monitor, words: MonitorWords = MONITOR_WORDS): string {
  let summary = typeWords(monitor.type, words);
  const condition = conditionWords(monitor, words);
  if (condition) summary += ` · ${condition}`;
  // 0 is Go's unset number: no interval to speak of.
  if (monitor.intervalMinutes) summary += ` · ${everyMinutes(monitor.intervalMinutes, words)}`;
  return summary;
}

export function stateWords(
  state: MonitorState,
  formatDate: (d: Date) => string,
  words: MonitorWords = MONITOR_WORDS,
): string {
  switch (state.kind) {
    case 'active':
      return words.active;
    case 'disabled':
      return words.disabled;
    case 'snoozed':
      return fill(words.snoozedUntil, [formatDate(state.until)]);
  }
}

/** When the monitor last changed, when the service says so and it is not its creation (the service
 *  names who created a monitor, `createdBy`, but no one for a later change). */
export function lastChangeTime(monitor: { createdAt?: string; updatedAt?: string }): number | undefined {
  if (!monitor.updatedAt || monitor.updatedAt === monitor.createdAt) return undefined;
  const time = Date.parse(monitor.updatedAt);
  return Number.isNaN(time) ? undefined : time;
}

/** The row's words for the last change: "changed 12m ago", "5h ago", "3d ago" within a week, else
 *  "changed 2 Apr 2025" (the hover has the exact time). */
export function changedWords(
  time: number,
  now: number,
  formatDay: (d: Date) => string,
  words: MonitorWords = MONITOR_WORDS,
): string {
  const minutes = Math.max(1, Math.floor((now - time) / 60_000));
  if (minutes >= 7 * 1440) return fill(words.changedOn, [formatDay(new Date(time))]);
  const ago =
    minutes < 60 ? `${minutes}m` : minutes < 1440 ? `${Math.floor(minutes / 60)}h` : `${Math.floor(minutes / 1440)}d`;
  return fill(words.changedAgo, [ago]);
}

/** changedWords for the rows of one list, seen at `now`: each distinct answer made once (a week's
 *  minutes, hours and days, and each older local day), so that 10,000 rows format a few dates. */
export function listChangedWords(now: number, words: MonitorWords = MONITOR_WORDS): (time: number) => string {
  const made = new Map<number, string>();
  return (time) => {
    const minutes = Math.max(1, Math.floor((now - time) / 60_000));
    let key: number;
    if (minutes < 60) key = minutes;
    else if (minutes < 1440) key = 100 + Math.floor(minutes / 60);
    else if (minutes < 7 * 1440) key = 200 + Math.floor(minutes / 1440);
    else {
      const date = new Date(time);
      key = date.getFullYear() * 10_000 + date.getMonth() * 100 + date.getDate();
    }
    let text = made.get(key);
    if (text === undefined) made.set(key, (text = changedWords(time, now, formatDay, words)));
    return text;
  };
}
