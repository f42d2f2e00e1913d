// What a person reads about a monitor: the one-line summary, its state and the hover text.
// Plain strings only; the view turns them into VS Code objects.
import type { Monitor } from '../api/schemas';
import { orderByKeys } from '../keyOrder';

export type MonitorState = { kind: 'active' } | { kind: 'disabled' } | { kind: 'snoozed'; until: Date };

// Shared, as most monitors are in one of these: one object fewer per row of a large list.
const ACTIVE: MonitorState = Object.freeze({ kind: 'active' });
const DISABLED: MonitorState = Object.freeze({ kind: 'disabled' });

export function monitorState(monitor: Monitor, now: number = Date.now()): MonitorState {
  if (monitor.disabledUntil) {
    const until = Date.parse(monitor.disabledUntil);
    if (!Number.isNaN(until) && until > now) return { kind: 'snoozed', until: new Date(until) };
  }
  return monitor.disabled ? DISABLED : ACTIVE;
}

// Switches rather than lookup tables: a value the service sent may be any string ("valueOf" and
// "__proto__" included), and comparing against a few constants took a fifth of the time of an
// own-key lookup with a string that JSON.parse had just made.
function operatorWords(operator: string): string {
  switch (operator) {
    case 'BelowOrEqual':
      return 'At or below';
    case 'AboveOrEqual':
      return 'At or above';
    case 'AboveOrBelow':
      return 'Above or below';
    default:
      return operator;
  }
}

export function typeWords(type: string): string {
  switch (type) {
    case 'MatchEvent':
      return 'Match event';
    case 'AnomalyDetection':
      return 'Anomaly detection';
    default:
      return type;
  }
}

export function conditionWords(monitor: Monitor): string | undefined {
  const { operator, threshold } = monitor;
  const op = operator ? operatorWords(operator) : '';
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

// Large lists repeat a handful of intervals: their words are made once each (bounded, as the
// values come from the service).
const everyWords = new Map<number, string>();

function everyMinutes(minutes: number): string {
  let words = everyWords.get(minutes);
  if (words === undefined) {
    words = `every ${minutesWords(minutes)}`;
    if (everyWords.size < 1000) everyWords.set(minutes, words);
  }
  return words;
}

/** "Threshold · Above 100 · every 5m" */
export function monitorSummary(monitor: Monitor): string {
  let summary = typeWords(monitor.type);
  const condition = conditionWords(monitor);
  if (condition) summary += ` · ${condition}`;
  if (monitor.intervalMinutes !== undefined) summary += ` · ${everyMinutes(monitor.intervalMinutes)}`;
  return summary;
}

export function stateWords(state: MonitorState, formatDate: (d: Date) => string): string {
  switch (state.kind) {
    case 'active':
      return 'active';
    case 'disabled':
      return 'disabled';
    case 'snoozed':
      return `snoozed until ${formatDate(state.until)}`;
  }
}

/**
 * One row of the Monitors view: the monitor, and the label, description and state it shows. A
 * screen reader reads the label and the description (VS Code's default for tree items), which
 * name the state wherever the icon shows one that is not "active"; a label of its own per row
 * would add only that word, at the cost of one more string per monitor made and sent to the
 * workbench.
 */
export interface MonitorRow {
  readonly monitor: Monitor;
  label: string;
  description: string;
  state: MonitorState['kind'];
}

export function monitorRow(monitor: Monitor, formatDate: (d: Date) => string, now: number = Date.now()): MonitorRow {
  const state = monitorState(monitor, now);
  const summary = monitorSummary(monitor);
  return {
    monitor,
    label: monitor.name,
    description: state.kind === 'active' ? summary : `${stateWords(state, formatDate)} · ${summary}`,
    state: state.kind,
  };
}

/** The time the first snooze among these rows ends, if one does: their text is stale from then. */
export function firstSnoozeEnd(rows: readonly MonitorRow[], now: number = Date.now()): number | undefined {
  let first: number | undefined;
  for (const row of rows) {
    if (row.state !== 'snoozed') continue;
    const until = Date.parse(row.monitor.disabledUntil ?? '');
    if (until > now && (first === undefined || until < first)) first = until;
  }
  return first;
}

/** The longest run of backticks in the text decides the fence, so the query cannot close it. */
export function fencedCode(text: string, language: string): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return `${fence}${language}\n${text}\n${fence}`;
}

/** Escapes everything markdown could read as syntax, so text from the service shows as typed.
 *  `:` and `.` are escaped too: GFM turns bare `https://…`, `www.…` and e-mail addresses into links. */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!|<>~&:=]/g, (c) => `\\${c}`).replace(/\r\n?|\n/g, '  \n');
}

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
    ['Runs every', monitor.intervalMinutes === undefined ? undefined : minutesWords(monitor.intervalMinutes)],
    ['Over the last', monitor.rangeMinutes === undefined ? undefined : minutesWords(monitor.rangeMinutes)],
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

/** The monitor's query text: APL, or MPL for metrics monitors that have only that. */
export function monitorQuery(monitor: Monitor): { text: string; language: 'apl' | 'mpl' } | undefined {
  if (monitor.aplQuery?.trim()) return { text: monitor.aplQuery, language: 'apl' };
  if (monitor.mplQuery?.trim()) return { text: monitor.mplQuery, language: 'mpl' };
  return undefined;
}

// Names with none of these (capitals, characters beyond ASCII, numbers of two digits or more)
// are their own key: one scan, no copy.
const NEEDS_KEY = /[A-Z\u0080-\uffff]|\d\d/;
const NON_ASCII = /[^\x00-\x7f]/;
const HAS_LONG_NUMBER = /\d\d/;
const LONG_NUMBER = /\d{2,}/g;

/** A number of n ≥ 2 digits behind a capital saying n ("B" for two): it then sorts after every
 *  single digit and after shorter numbers, and by value among numbers as long. Keys hold no other
 *  capitals, as they are in lower case. */
function longNumber(digits: string): string {
  return String.fromCharCode(0x40 + Math.min(digits.length, 26)) + digits;
}

/**
 * The key a name sorts by, as a plain string: lower case, accents dropped (beyond ASCII), and
 * numbers by value, so that "b2" comes before "b10". Punctuation sorts by code point rather than by
 * the locale's rules (`:` to `@` fall between one-digit and longer numbers): the price of sorting
 * plain strings character by character (orderByKeys) instead of with a comparison callback (for
 * 10,000 names, Intl.Collator took 19–27 ms and orderByKeys 3.6–4.7; see the README). Single
 * digits are left as they are, so that most names need no new string: rewriting every number took
 * half the time of the sort.
 */
export function nameSortKey(name: string): string {
  if (!NEEDS_KEY.test(name)) return name;
  const key = NON_ASCII.test(name) ? name.toLowerCase().normalize('NFKD').replace(/\p{M}/gu, '') : name.toLowerCase();
  // Tested first: a global replace with a callback costs as much without a match (10,000 names
  // with capitals: keys in 3.1 ms this way, 4.5 without the test).
  return HAS_LONG_NUMBER.test(key) ? key.replace(LONG_NUMBER, longNumber) : key;
}

/**
 * The rows of a list, by name (see nameSortKey), equal names by id. Each monitor's sort key and
 * row are made in one pass in the list's own order, which is the order JSON.parse laid the
 * monitors out in memory, and only then put in name order: for 10,000 monitors that took 1–2.5 ms
 * less (of about 10) than sorting first and making the rows in name order, which reads the
 * monitors all over the heap.
 */
export function monitorRows(monitors: readonly Monitor[], formatDate: (d: Date) => string, now: number = Date.now()): MonitorRow[] {
  const keys = new Array<string>(monitors.length);
  const ids = new Array<string>(monitors.length);
  const rows = new Array<MonitorRow>(monitors.length);
  for (let i = 0; i < monitors.length; i++) {
    const monitor = monitors[i];
    keys[i] = nameSortKey(monitor.name);
    ids[i] = monitor.id;
    rows[i] = monitorRow(monitor, formatDate, now);
  }
  const order = orderByKeys(keys, ids);
  const sorted = new Array<MonitorRow>(order.length);
  for (let i = 0; i < order.length; i++) sorted[i] = rows[order[i]];
  return sorted;
}
