// Whether a monitor is alerting now, worked out from its history: the service keeps a log of
// state changes per check (one check per group for a monitor that groups by a field), and a check
// is open when it has an `open` after its last `closed`. The log may come in any order and in
// pieces (a first sweep, then each poll's newer changes): what is kept per check does not depend
// on the order the changes arrive in.

import type { StateChange } from '../api/parse';

export type { StateChange };

/** What is kept of one check: its last close, and the opens after it (usually none or one). */
interface CheckState {
  lastClosed: number;
  opens: number[];
}

/** Every check of one monitor seen so far. */
export type CheckStates = ReadonlyMap<string, CheckState>;

export type MonitorStatus =
  | { kind: 'normal' }
  /** `since`: when the longest-open check opened; `openChecks`: those open now, oldest first. */
  | { kind: 'triggered'; since: number; openChecks: string[] };

/** The checks with these changes folded in. An open and a close at the same moment: closed. */
export function foldChanges(previous: CheckStates, changes: readonly StateChange[]): CheckStates {
  const next = new Map<string, CheckState>();
  for (const [id, check] of previous) next.set(id, { lastClosed: check.lastClosed, opens: [...check.opens] });
  for (const change of changes) {
    let check = next.get(change.checkId);
    if (!check) next.set(change.checkId, (check = { lastClosed: -Infinity, opens: [] }));
    if (change.state === 'closed') {
      if (change.time > check.lastClosed) {
        check.lastClosed = change.time;
        const after = change.time;
        check.opens = check.opens.filter((open) => open > after);
      }
    } else if (change.time > check.lastClosed && !check.opens.includes(change.time)) {
      check.opens.push(change.time);
    }
  }
  return next;
}

export function statusOf(checks: CheckStates): MonitorStatus {
  const open: [string, number][] = [];
  for (const [id, check] of checks) {
    if (check.opens.length) open.push([id, Math.min(...check.opens)]);
  }
  if (!open.length) return { kind: 'normal' };
  open.sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return { kind: 'triggered', since: open[0][1], openChecks: open.map(([id]) => id) };
}

/** The status a history alone gives: no change in it at all is normal. */
export function statusFromHistory(changes: readonly StateChange[]): MonitorStatus {
  return statusOf(foldChanges(new Map(), changes));
}

/** The newest change among these, to ask the next poll only for what came after it. */
export function latestChange(changes: readonly StateChange[]): number | undefined {
  let latest: number | undefined;
  for (const change of changes) if (latest === undefined || change.time > latest) latest = change.time;
  return latest;
}
