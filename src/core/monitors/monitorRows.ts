// The rows of the Monitors view: made once per list, in name order, each holding its monitor.
import type { Monitor } from '../api/schemas';
import { orderByKeys } from '../keyOrder';
import { monitorState, type MonitorState } from './monitorState';
import { MONITOR_WORDS, type MonitorWords } from './monitorVocabulary';
import { conditionWords, everyMinutes, stateWords, typeWords } from './monitorWords';
import { nameSortKey, nameSortPrefix } from './nameSortKey';

/** The Monitors view shows this many rows of a list, then a row that shows as many more: VS Code
 *  makes an item for every row it is given, and a page of them is as much as anyone scrolls (the
 *  view's filter finds any monitor of the list). */
export const MONITOR_ROWS_PER_PAGE = 500;

/**
 * One row of the Monitors view: the monitor, the label it shows and its state. Its words
 * (monitorRowWords) are made when the row is shown: the view shows a page of a long list at a time.
 * A screen reader reads the label and the description (VS Code's default for tree items), which
 * name the state wherever the icon shows one that is not "active"; a label of its own per row
 * would add only that word, at the cost of one more string per monitor made and sent to the
 * workbench.
 */
export interface MonitorRow {
  readonly monitor: Monitor;
  label: string;
  state: MonitorState['kind'];
}

export function monitorRow(monitor: Monitor, now: number = Date.now()): MonitorRow {
  return { monitor, label: monitor.name, state: monitorState(monitor, now).kind };
}

/** The row's words, the most telling first, as a narrow side bar cuts the end: its state unless
 *  active (a triggered monitor's comes before these, from the view), its condition, interval and
 *  type ("snoozed until 3 Mar, 09:00 · Above 100 · every 5m · Threshold"). */
export function monitorRowWords(
  row: MonitorRow,
  formatDate: (d: Date) => string,
  words: MonitorWords = MONITOR_WORDS,
): string {
  const { monitor } = row;
  const parts = [conditionWords(monitor, words)];
  // 0 is Go's unset number: no interval to speak of.
  if (monitor.intervalMinutes) parts.push(everyMinutes(monitor.intervalMinutes, words));
  parts.push(typeWords(monitor.type, words));
  const summary = parts.filter((part) => part !== undefined && part !== '').join(' · ');
  if (row.state === 'active') return summary;
  const state: MonitorState =
    row.state === 'snoozed'
      ? { kind: 'snoozed', until: new Date(Date.parse(row.monitor.disabledUntil ?? '')) }
      : { kind: 'disabled' };
  return `${stateWords(state, formatDate, words)} · ${summary}`;
}

/**
 * The time the first snooze among these rows ends, if a row says one: their text is stale from
 * then. A row that still says "snoozed" after its end counts too (its end is past: make the rows
 * again at once). The rows are asked, not the clock: a timer may fire a millisecond before the end
 * by `Date.now()`, and rows made again then still say "snoozed"; had that end been left out because
 * the clock had passed it by the time this was asked, no timer would be set and the row would say
 * "snoozed" until the next load.
 */
export function firstSnoozeEnd(rows: readonly MonitorRow[]): number | undefined {
  let first: number | undefined;
  for (const row of rows) {
    if (row.state !== 'snoozed') continue;
    const until = Date.parse(row.monitor.disabledUntil ?? '');
    if (first === undefined || until < first) first = until;
  }
  return first;
}

/**
 * The rows of a list, by name (see nameSortKey), equal names by id. Each monitor's sort key and
 * row are made in one pass in the list's own order, which is the order JSON.parse laid the
 * monitors out in memory, and only then put in name order: for 10,000 monitors that took 1–2.5 ms
 * less (of about 10) than sorting first and making the rows in name order, which reads the
 * monitors all over the heap.
 */
export function monitorRows(monitors: readonly Monitor[], now: number = Date.now()): MonitorRow[] {
  const keys = new Array<string>(monitors.length);
  const ids = new Array<string>(monitors.length);
  const rows = new Array<MonitorRow>(monitors.length);
  for (let i = 0; i < monitors.length; i++) {
    const monitor = monitors[i];
    keys[i] = nameSortKey(monitor.name);
    ids[i] = monitor.id;
    rows[i] = monitorRow(monitor, now);
  }
  const order = orderByKeys(keys, ids);
  const sorted = new Array<MonitorRow>(order.length);
  for (let i = 0; i < order.length; i++) sorted[i] = rows[order[i]];
  return sorted;
}

/** A list's first rows in name order, and every row when they are needed. */
export interface FirstRows {
  /** The first `count` rows of monitorRows(monitors), or all of them for a shorter list. */
  first: MonitorRow[];
  /** All rows in name order: `first`, the same objects, then the others; undefined when `first`
   *  is all of them. */
  all?: () => MonitorRow[];
}

/**
 * The first `count` (≥ 1) rows of a list in name order, without putting the others in order: a
 * view shows a page of a long list first. The candidates are the names whose key begins no later
 * than the count-th name's first three characters (nameSortPrefix, read from most names without a
 * key); only they get keys and are sorted. For 10,000 monitors that took 0.6 ms in a one-process
 * test, where the whole order took 3.4–4.5 ms. When names begin so alike that most are candidates,
 * the whole list is put in order at once instead. Each monitor is in `monitors` once (a parsed list).
 */
export function firstMonitorRows(monitors: readonly Monitor[], count: number, now: number = Date.now()): FirstRows {
  const n = monitors.length;
  if (n <= count) return { first: monitorRows(monitors, now) };
  const prefixes = new Float64Array(n);
  for (let i = 0; i < n; i++) prefixes[i] = nameSortPrefix(monitors[i].name);
  // The count-th smallest number; every name up to it is a candidate for the first rows.
  const last = kthSmallest(prefixes.slice(), count - 1);
  const candidates = monitors.filter((_, i) => prefixes[i] <= last);
  if (candidates.length > n / 2) {
    const rows = monitorRows(monitors, now);
    return { first: rows.slice(0, count), all: () => rows };
  }
  const first = monitorRows(candidates, now).slice(0, count);
  // The others after them, in order: the whole list agrees with the first rows even where two
  // monitors tie on name and id.
  const shown = new Set(first.map((row) => row.monitor));
  return {
    first,
    all: () => [
      ...first,
      ...monitorRows(
        monitors.filter((monitor) => !shown.has(monitor)),
        now,
      ),
    ],
  };
}

/**
 * The k-th smallest of `values` (from 0), which it reorders: Hoare's selection, in linear time on
 * average (sorting 10,000 numbers to pick one took 0.6 ms). A range still being split after
 * `rounds` (2·log₂ of the list's length: an input that defeats the middle pivot) is sorted instead,
 * so that no input is quadratic; the tests allow none, to check that way.
 */
export function kthSmallest(values: Float64Array, k: number, rounds = 2 * (32 - Math.clz32(values.length))): number {
  let from = 0;
  let to = values.length - 1;
  for (; from < to; rounds--) {
    if (rounds === 0) {
      values.subarray(from, to + 1).sort();
      break;
    }
    const pivot = values[(from + to) >> 1];
    let i = from;
    let j = to;
    while (i <= j) {
      while (values[i] < pivot) i++;
      while (values[j] > pivot) j--;
      if (i <= j) {
        const swap = values[i];
        values[i++] = values[j];
        values[j--] = swap;
      }
    }
    if (k <= j) to = j;
    else if (k >= i) from = i;
    else break;
  }
  return values[k];
}
