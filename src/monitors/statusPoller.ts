import * as vscode from 'vscode';
import type { Connection } from '../accounts/connection';
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
  private readonly subscriptions: vscode.Disposable[];

  constructor(
    private readonly connection: Connection,
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
      }),
      vscode.window.onDidChangeWindowState(() => this.schedule(0)),
      vscode.workspace.onDidChangeConfiguration((e) => e.affectsConfiguration(`${SETTINGS.section}.${SETTINGS.statusPollSeconds}`) && this.schedule(0)),
    ];
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
    this.timer = setTimeout(() => void this.sweep(), delayMs);
  }

  private interval(): number {
    const seconds = vscode.workspace.getConfiguration(SETTINGS.section).get<unknown>(SETTINGS.statusPollSeconds);
    return (typeof seconds === 'number' && Number.isFinite(seconds) ? Math.max(MIN_POLL_SECONDS, seconds) : DEFAULT_POLL_SECONDS) * 1000;
  }

  private async sweep(): Promise<void> {
    const controller = new AbortController();
    this.sweeping = controller;
    try {
      const client = await this.connection.client().catch(() => undefined);
      if (!client || controller.signal.aborted) return;
      const changes: StatusChange[] = [];
      const result = await this.tracker.sweep(client, this.ids(), this.budget, controller.signal, (id, after, before) => changes.push({ id, before, after }));
      if (result.forbidden && !this.forbiddenSaid) {
        this.forbiddenSaid = true;
        this.log.warn('monitor statuses are unknown: this token may not read monitor history (403)');
      }
      if (result.unreadable) this.log.warn(`left out ${result.unreadable} history entries that could not be read`);
      if (changes.length) this.changed(changes);
    } finally {
      if (this.sweeping === controller) this.sweeping = undefined;
      if (!controller.signal.aborted) this.schedule(this.interval());
    }
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
