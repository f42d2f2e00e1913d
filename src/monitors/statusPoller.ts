import * as vscode from 'vscode';
import type { ClientAccess } from '../platform/clientAccess';
import type { BackgroundRequests } from '../platform/backgroundRequests';
import type { MonitorStatus } from '../core/monitors/monitorStatus';
import { StatusTracker } from '../core/monitors/statusTracker';
import { PollLoop } from '../core/polling/pollLoop';
import { SETTINGS } from '../platform/constants';
import type { Log } from '../platform/log';

const DEFAULT_POLL_SECONDS = 60;
const MIN_POLL_SECONDS = 5;

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
  private forbiddenSaid = false;
  private readonly loop: PollLoop;
  private readonly subscriptions: vscode.Disposable[];

  constructor(
    private readonly connection: ClientAccess,
    /** The window's one budget for background requests, shared with the other polling features. */
    private readonly background: BackgroundRequests,
    private readonly log: Log,
    /** The monitors to ask about, in the order a person sees them. */
    private readonly ids: () => string[],
    private readonly wanted: () => boolean,
    private readonly changed: (changes: StatusChange[]) => void,
  ) {
    this.loop = new PollLoop({
      round: (signal) => this.sweep(signal),
      intervalMs: () => this.interval(),
      wanted: () => this.wanted() && vscode.window.state.focused,
      failed: (error) => this.log.warn(`monitor statuses: ${String(error)}`),
    });
    this.subscriptions = [
      // A switch of deployment or token: a fresh budget (backgroundRequests.ts), nothing known.
      background.onDidReset(() => {
        this.loop.pause();
        this.tracker.clear();
        this.forbiddenSaid = false;
        this.loop.forgetLastRound();
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
    this.loop.scheduleWhenDue();
  }

  /** Sweeps after `delayMs` if the view is wanted; otherwise stops. */
  schedule(delayMs: number): void {
    this.loop.schedule(delayMs);
  }

  private interval(): number {
    const seconds = vscode.workspace.getConfiguration(SETTINGS.section).get<unknown>(SETTINGS.statusPollSeconds);
    return (
      (typeof seconds === 'number' && Number.isFinite(seconds)
        ? Math.max(MIN_POLL_SECONDS, seconds)
        : DEFAULT_POLL_SECONDS) * 1000
    );
  }

  private async sweep(signal: AbortSignal): Promise<void> {
    const client = await this.connection.client().catch(() => undefined);
    if (!client || signal.aborted) return;
    const changes: StatusChange[] = [];
    const result = await this.tracker.sweep(client, this.ids(), this.background.budget, signal, (id, after, before) =>
      changes.push({ id, before, after }),
    );
    if (result.forbidden && !this.forbiddenSaid) {
      this.forbiddenSaid = true;
      this.log.warn('monitor statuses are unknown: this token may not read monitor history (403)');
    }
    if (result.unreadable) this.log.warn(`left out ${result.unreadable} history entries that could not be read`);
    // Only a sweep that ran to the end counts (the loop's): one cut short is made up when the view shows again.
    if (!signal.aborted && changes.length) this.changed(changes);
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
    const result = await this.tracker.sweep(client, ids, this.background.budget, signal, (id, after, before) =>
      changes.push({ id, before, after }),
    );
    if (changes.length) this.changed(changes);
    return { forbidden: result.forbidden };
  }

  /** Runs one request through the status checks' budget (the notifiers' list, read with each load). */
  budgeted<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    return this.background.run(task, signal);
  }

  stop(): void {
    this.loop.pause();
  }

  dispose(): void {
    this.loop.stop();
    for (const s of this.subscriptions) s.dispose();
  }
}
