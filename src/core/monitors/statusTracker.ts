// Keeps every monitor's status current from its history, politely: each sweep asks a monitor only
// for the changes since the last answer (the first time, FIRST_LOOKBACK_MS back), every request
// goes through the request budget, and a token that may not read history stops the sweep at once.
import { isAxiomError } from '../api/errors';
import type { HistoryList, StateChange } from '../api/parse';
import { BudgetCancelled, type RequestBudget } from '../api/requestBudget';
import { foldChanges, statusOf, type CheckStates, type MonitorStatus } from './monitorStatus';

/**
 * How far back the first look at a monitor goes: 30 days. The history is a log of changes, so a
 * check that opened before this and never closed would read as normal; a month covers alerts
 * anyone is still acting on, and the answers stay small (changes, not runs).
 */
export const FIRST_LOOKBACK_MS = 30 * 24 * 3600_000;

/** Each later look starts this much before the last one ended, for changes recorded late. */
const OVERLAP_MS = 60_000;

/** How many of a monitor's latest changes are kept for its hover. */
export const RECENT_CHANGES = 5;

export interface HistorySource {
  getMonitorHistory(monitorId: string, start: Date, end: Date, signal?: AbortSignal): Promise<HistoryList>;
}

export interface SweepResult {
  /** Monitors whose history was read. */
  read: number;
  /** Monitors whose history could not be read this time (kept as they were). */
  failed: number;
  /** The token may not read history (403): the sweep stopped at the first refusal. */
  forbidden: boolean;
  /** Entries of histories that could not be read and were left out. */
  unreadable: number;
}

export class StatusTracker {
  private readonly checks = new Map<string, CheckStates>();
  private readonly readUntil = new Map<string, number>();
  private readonly statuses = new Map<string, MonitorStatus>();
  private readonly recent = new Map<string, StateChange[]>();

  /** The status worked out so far; undefined until the monitor's history has been read. */
  status(monitorId: string): MonitorStatus | undefined {
    return this.statuses.get(monitorId);
  }

  /** The monitor's latest changes seen so far, newest first (at most RECENT_CHANGES). */
  recentChanges(monitorId: string): readonly StateChange[] {
    return this.recent.get(monitorId) ?? [];
  }

  /** Forgets everything (another deployment or token: its monitors are others). */
  clear(): void {
    this.recent.clear();
    this.checks.clear();
    this.readUntil.clear();
    this.statuses.clear();
  }

  /**
   * Reads the histories of `ids`, in that order (the ones a person sees first), through `budget`.
   * `changed` hears each monitor whose status is new or different. Resolves when every monitor
   * was asked, or at the first 403, or when `signal` fires.
   */
  async sweep(
    source: HistorySource,
    ids: readonly string[],
    budget: RequestBudget,
    signal: AbortSignal,
    changed: (id: string, status: MonitorStatus, before: MonitorStatus | undefined) => void,
    now: () => number = Date.now,
  ): Promise<SweepResult> {
    const result: SweepResult = { read: 0, failed: 0, forbidden: false, unreadable: 0 };
    const stop = new AbortController();
    const onAbort = () => stop.abort();
    signal.addEventListener('abort', onAbort, { once: true });
    const one = async (id: string): Promise<void> => {
      const end = now();
      const previous = this.readUntil.get(id);
      const start = previous === undefined ? end - FIRST_LOOKBACK_MS : previous - OVERLAP_MS;
      let history: HistoryList;
      try {
        history = await budget.run(
          () => source.getMonitorHistory(id, new Date(start), new Date(end), stop.signal),
          stop.signal,
        );
      } catch (error) {
        if (error instanceof BudgetCancelled || stop.signal.aborted) return;
        if (isAxiomError(error) && error.kind === 'forbidden') {
          result.forbidden = true;
          stop.abort();
          return;
        }
        if (isAxiomError(error) && error.kind === 'rateLimited')
          budget.pauseUntil(error.retryAt?.getTime() ?? now() + 60_000);
        result.failed++;
        return;
      }
      // A sweep cancelled meanwhile (another deployment, say) writes nothing.
      if (stop.signal.aborted) return;
      result.read++;
      result.unreadable += history.unreadable;
      const checks = foldChanges(this.checks.get(id) ?? new Map(), history.changes);
      this.checks.set(id, checks);
      this.readUntil.set(id, end);
      if (history.changes.length) this.recent.set(id, latestChanges(this.recent.get(id) ?? [], history.changes));
      const status = statusOf(checks);
      const before = this.statuses.get(id);
      this.statuses.set(id, status);
      if (!before || JSON.stringify(before) !== JSON.stringify(status)) changed(id, status, before);
    };
    // As many workers as the budget lets run at once, each taking the next id in order.
    let next = 0;
    const worker = async () => {
      while (next < ids.length && !stop.signal.aborted) await one(ids[next++]);
    };
    try {
      await Promise.all(Array.from({ length: Math.min(budget.concurrency, ids.length) }, worker));
    } finally {
      signal.removeEventListener('abort', onAbort);
    }
    return result;
  }
}

/** The newest RECENT_CHANGES of both lists, newest first, each change once (looks overlap). At one
 *  moment a close goes before an open, as the history command lists them. */
export function latestChanges(kept: readonly StateChange[], added: readonly StateChange[]): StateChange[] {
  const seen = new Set<string>();
  const all: StateChange[] = [];
  for (const change of [...kept, ...added]) {
    const key = `${change.time}\n${change.state}\n${change.checkId}`;
    if (seen.has(key)) continue;
    seen.add(key);
    all.push(change);
  }
  return all
    .sort((a, b) => b.time - a.time || (a.state === b.state ? 0 : a.state === 'closed' ? -1 : 1))
    .slice(0, RECENT_CHANGES);
}
