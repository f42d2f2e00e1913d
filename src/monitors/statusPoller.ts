import * as vscode from 'vscode';
import type { ClientAccess } from '../platform/clientAccess';
import { RequestBudget } from '../core/api/requestBudget';
import type { MonitorStatus } from '../core/monitors/monitorStatus';
import { StatusTracker } from '../core/monitors/statusTracker';
import { SETTINGS } from '../platform/constants';
import type { Log } from '../platform/log';

const DEFAULT_POLL_SECONDS = 60;
const MIN_POLL_SECONDS = 5;

/** A fresh budget: 4 in flight, half of the announced limit (60 a minute assumed until announced). */
function newBudget(): RequestBudget {
  return new RequestBudget({ maxInFlight: 4, share: 0.5, assumedLimit: 60 });
}

export interface StatusChange {
  id: string;
  before: MonitorStatus | undefined;
  after: MonitorStatus;
}

/**
 * Keeps the statuses of the shown monitors current: a sweep after each list load, then one every
 * `axiom.monitorStatus.pollSeconds`, only while the view is visible and the window focused. A
 * switch of deployment or token cancels what is in flight and forgets every status.
 */
export class StatusPoller implements vscode.Disposable {
  readonly tracker = new StatusTracker();
  private budget = newBudget();
  private sweeping?: AbortController;
  private timer?: ReturnType<typeof setTimeout>;
  private forbiddenSaid = false;
  /** When the last sweep started: a view shown again or a window focused again sweeps only when one is due. */
  private lastSweep = -Infinity;
  private readonly subscriptions: vscode.Disposable[];

  constructor(
    private readonly connection: ClientAccess,
    private readonly log: Log,
    /** The monitors to ask about, in the order a person sees them. */
    private readonly ids: () => string[],
    private readonly wanted: () => boolean,
    private readonly changed: (changes: StatusChange[]) => void,
  ) {
    this.subscriptions = [
      connection.onRateLimit((limit) => this.budget.observe(limit)),
      connection.onDidChange(() => {
        this.stop();
        this.tracker.clear();
        this.budget = newBudget();
        this.forbiddenSaid = false;
        this.lastSweep = -Infinity;
      }),
      vscode.window.onDidChangeWindowState(() => this.scheduleWhenDue()),
      vscode.workspace.onDidChangeConfiguration(
        (e) => e.affectsConfiguration(`${SETTINGS.section}.${SETTINGS.statusPollSeconds}`) && this.scheduleWhenDue(),
      ),
    ];
  }

  /** Sweeps when the next one is due (at once if none ran for an interval): for a view shown or a
   *  window focused again, so that switching windows back and forth asks nothing more. */
  scheduleWhenDue(): void {
    this.schedule(Math.max(0, this.lastSweep + this.interval() - Date.now()));
  }

  /** Sweeps after `delayMs` if the view is wanted; otherwise stops. */
  schedule(delayMs: number): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (!this.wanted() || !vscode.window.state.focused) {
      this.sweeping?.abort();
      return;
    }
    if (this.sweeping) return; // the sweep in flight schedules the next one
    this.timer = setTimeout(
      () => void this.sweep().catch((error: unknown) => this.log.warn(`monitor statuses: ${String(error)}`)),
      delayMs,
    );
  }

  private interval(): number {
    const seconds = vscode.workspace.getConfiguration(SETTINGS.section).get<unknown>(SETTINGS.statusPollSeconds);
    return (
      (typeof seconds === 'number' && Number.isFinite(seconds)
        ? Math.max(MIN_POLL_SECONDS, seconds)
        : DEFAULT_POLL_SECONDS) * 1000
    );
  }

  private async sweep(): Promise<void> {
    const controller = new AbortController();
    this.sweeping = controller;
    const started = Date.now();
    try {
      const client = await this.connection.client().catch(() => undefined);
      if (!client || controller.signal.aborted) return;
      const changes: StatusChange[] = [];
      const result = await this.tracker.sweep(client, this.ids(), this.budget, controller.signal, (id, after, before) =>
        changes.push({ id, before, after }),
      );
      if (result.forbidden && !this.forbiddenSaid) {
        this.forbiddenSaid = true;
        this.log.warn('monitor statuses are unknown: this token may not read monitor history (403)');
      }
      if (result.unreadable) this.log.warn(`left out ${result.unreadable} history entries that could not be read`);
      if (controller.signal.aborted) return;
      // Only a sweep that ran to the end counts: one cut short is made up when the view shows again.
      this.lastSweep = started;
      if (changes.length) this.changed(changes);
    } finally {
      if (this.sweeping === controller) this.sweeping = undefined;
      if (!controller.signal.aborted) this.schedule(this.interval());
    }
  }

  /**
   * Reads the statuses of these monitors now, through the same budget as the sweeps (for an agent
   * asking which monitors are triggered while the view has not shown them). Changes are told as a
   * sweep's are. Says whether the token may not read history.
   */
  async readStatuses(ids: readonly string[], signal: AbortSignal): Promise<{ forbidden: boolean }> {
    const client = await this.connection.client();
    if (!client || !ids.length) return { forbidden: false };
    const changes: StatusChange[] = [];
    const result = await this.tracker.sweep(client, ids, this.budget, signal, (id, after, before) =>
      changes.push({ id, before, after }),
    );
    if (changes.length) this.changed(changes);
    return { forbidden: result.forbidden };
  }

  /** Runs one request through the status checks' budget (the notifiers' list, read with each load). */
  budgeted<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    return this.budget.run(task, signal);
  }

  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.sweeping?.abort();
    this.sweeping = undefined;
  }

  dispose(): void {
    this.stop();
    for (const s of this.subscriptions) s.dispose();
  }
}
