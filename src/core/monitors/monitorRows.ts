// The rows of the Monitors view: made once per list, in name order, each holding its monitor.
import type { Monitor } from '../api/schemas';
import { orderByKeys } from '../keyOrder';
import { monitorState, type MonitorState } from './monitorState';
import { monitorSummary, stateWords } from './monitorWords';
import { nameSortKey } from './nameSortKey';

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

/** The row's words: its state unless active, its type, condition and interval ("snoozed until 3 Mar,
 *  09:00 · Threshold · Above 100 · every 5m"). */
export function monitorRowWords(row: MonitorRow, formatDate: (d: Date) => string): string {
  const summary = monitorSummary(row.monitor);
  if (row.state === 'active') return summary;
  const state: MonitorState = row.state === 'snoozed' ? { kind: 'snoozed', until: new Date(Date.parse(row.monitor.disabledUntil ?? '')) } : { kind: 'disabled' };
  return `${stateWords(state, formatDate)} · ${summary}`;
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
