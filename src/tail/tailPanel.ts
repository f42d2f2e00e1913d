// One live tail's panel: the page (webview/tail) beside the editor and the tail it shows
// (core/tail/tailSession.ts). It polls only while shown: hidden, the poll in flight is cut short and
// nothing waits; shown again, a poll when the next is due; closed, nothing more. Its requests go
// through the window's one budget for background requests (the status checks'). A panel VS Code
// brings back after a reload shows what it followed and sends nothing until Resume is pressed.
import * as vscode from 'vscode';
import { AxiomError } from '../core/api/errors';
import { phrase } from '../core/phrase';
import {
  openTraceArgument,
  readTailPageMessage,
  TAIL_WORDS,
  type TailHostMessage,
  type TailRowMessage,
  type TailState,
} from '../core/tail/tailProtocol';
import type { TailTarget } from '../core/tail/tailQuery';
import type { TailRow } from '../core/tail/tailRows';
import { MIN_INTERVAL_SECONDS, TailSession, type TailNews } from '../core/tail/tailSession';
import type { BackgroundRequests } from '../platform/backgroundRequests';
import type { ClientAccess } from '../platform/clientAccess';
import { openCodePlace } from '../platform/codeLocations';
import { SETTINGS } from '../platform/constants';
import { FEATURES } from '../platform/declarations';
import { localize, say } from '../platform/l10n';
import type { Log } from '../platform/log';
import { pageOptions, setPage } from '../platform/webviewPage';

/** The tail panels' webview type. */
const TAIL_VIEW_TYPE = FEATURES.tail.webviewPanels[0];

/** What every tail panel needs from the window. */
export interface TailPanelContext {
  extensionUri: vscode.Uri;
  access: () => ClientAccess;
  background: () => BackgroundRequests;
  log: Log;
}

const DEFAULT_INTERVAL_SECONDS = 2;
const DEFAULT_MAX_ROWS = 5000;
const MAX_MAX_ROWS = 50_000;
/** The command of the traces feature that opens a trace (issue 50, item 1). */
const OPEN_TRACE_COMMAND = 'axiom.openTrace';

function setting(name: string, fallback: number, min: number, max: number): number {
  const value = vscode.workspace.getConfiguration(SETTINGS.section).get<unknown>(name);
  return typeof value === 'number' && Number.isFinite(value) ? Math.min(max, Math.max(min, value)) : fallback;
}

export const intervalSeconds = () =>
  setting(SETTINGS.tailIntervalSeconds, DEFAULT_INTERVAL_SECONDS, MIN_INTERVAL_SECONDS, 300);
const maxRowsSetting = () => Math.floor(setting(SETTINGS.tailMaxRows, DEFAULT_MAX_ROWS, 1, MAX_MAX_ROWS));

function rowMessage(row: TailRow): TailRowMessage {
  return { time: Number.isNaN(row.time) ? null : row.time, fields: row.fields, values: row.values };
}

/** What the tail keeps of the query, in words. */
function keepsText(target: TailTarget, leftOut: readonly string[]): string {
  const conditions = target.conditions.length
    ? localize('Events of {0} where {1}.', target.dataset, target.conditions.join(localize(' and ')))
    : localize('Every event of {0}.', target.dataset);
  return leftOut.length
    ? `${conditions} ${localize('Left out of the query (a tail shows events as they come): {0}.', leftOut.join(', '))}`
    : conditions;
}

export class TailPanel implements vscode.Disposable {
  readonly panel: vscode.WebviewPanel;
  readonly session: TailSession;
  /** Started by the person (a command, or Resume after a reload): until then nothing is polled. */
  private started: boolean;
  private ready = false;
  private closed = false;
  private lastStatus?: TailHostMessage;
  private readonly title: string;
  private readonly subscriptions: vscode.Disposable[] = [];
  private readonly disposed = new vscode.EventEmitter<void>();
  readonly onDidDispose = this.disposed.event;

  constructor(
    private readonly context: TailPanelContext,
    readonly target: TailTarget,
    private readonly leftOut: readonly string[],
    restored?: { panel: vscode.WebviewPanel; filter: string },
  ) {
    this.title = localize('Tail: {0}', target.dataset);
    const options = pageOptions(context.extensionUri);
    if (restored) {
      this.panel = restored.panel;
      this.panel.webview.options = options;
      this.panel.title = this.title;
    } else
      this.panel = vscode.window.createWebviewPanel(
        TAIL_VIEW_TYPE,
        this.title,
        { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
        options,
      );
    this.started = !restored;
    this.session = new TailSession({
      target,
      query: (apl, range, signal) => this.query(apl, range, signal),
      budget: () => context.background().budget,
      intervalMs: () => intervalSeconds() * 1000,
      maxRows: maxRowsSetting(),
      wanted: () => this.started && !this.closed && this.panel.visible,
      told: (news) => this.tell(news),
    });
    if (restored?.filter) this.session.setFilter(restored.filter);
    setPage(this.panel.webview, context.extensionUri, { bundle: 'tail', title: this.title, words: TAIL_WORDS });
    this.subscriptions.push(
      this.panel.webview.onDidReceiveMessage((message: unknown) => this.receive(message)),
      this.panel.onDidDispose(() => this.dispose()),
      this.panel.onDidChangeViewState(() => this.shownOrHidden()),
      context.background().onDidReset(() => {
        // Another deployment or token: what is in flight is of the old one; the next poll asks the new.
        this.session.pause();
        this.session.wake();
      }),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration(`${SETTINGS.section}.${SETTINGS.tailMaxRows}`))
          this.session.rows.maxRows = maxRowsSetting();
      }),
    );
    if (this.started) {
      this.status(localize('Asking Axiom for the newest events of {0}…', target.dataset), 'info');
      this.session.start();
    }
  }

  /** Whether the tail polls now (started, shown, open). */
  get following(): boolean {
    return this.started && !this.closed && this.panel.visible;
  }

  reveal(): void {
    if (!this.closed) this.panel.reveal(undefined, true);
  }

  private async query(apl: string, range: { startTime: string; endTime: string }, signal: AbortSignal) {
    const client = await this.context.access().client();
    if (!client) throw new AxiomError('auth', phrase('This window has no Axiom token: set one or sign in to tail.'));
    return client.runApl(apl, range, signal);
  }

  private shownOrHidden(): void {
    if (this.closed || !this.started) return;
    if (this.panel.visible) {
      this.followingStatus();
      this.session.wake();
    } else {
      this.session.pause();
      this.status(localize('Paused while the panel is hidden.'), 'info');
    }
  }

  private followingStatus(): void {
    this.status(localize('Following {0}: a poll every {1} s.', this.target.dataset, intervalSeconds()), 'info');
  }

  private tell(news: TailNews): void {
    switch (news.kind) {
      case 'rows': {
        const { accepted } = news;
        if (this.lastStatus?.type === 'status' && this.lastStatus.tone === 'info') this.followingStatus();
        this.post({
          type: 'rows',
          rows: accepted.added.map(rowMessage),
          dropped: accepted.dropped,
          droppedTotal: this.session.rows.droppedTotal,
          maxRows: this.session.rows.maxRows,
        });
        const oldest = accepted.added.find((r) => !Number.isNaN(r.time))?.time;
        if (accepted.gap && oldest !== undefined) this.post({ type: 'gap', before: oldest });
        return;
      }
      case 'waiting':
        this.status(
          localize(
            'Waiting for the request budget (rate limit) until {0}; the tail goes on then.',
            new Date(news.until).toLocaleTimeString(),
          ),
          'warning',
        );
        return;
      case 'problem':
        this.context.log.warn(`live tail of ${this.target.dataset}: ${say(news.message)}`);
        this.status(say(news.message), 'error');
        return;
      case 'following':
        this.followingStatus();
        return;
      case 'reset':
        this.post({ type: 'reset' });
        return;
    }
  }

  private status(text: string, tone: 'info' | 'warning' | 'error'): void {
    const last = this.lastStatus;
    if (last?.type === 'status' && last.text === text && last.tone === tone) return;
    this.lastStatus = { type: 'status', text, tone };
    this.post(this.lastStatus);
  }

  private state(): TailState {
    return { dataset: this.target.dataset, conditions: [...this.target.conditions], filter: this.session.filter };
  }

  private post(message: TailHostMessage): void {
    if (this.ready && !this.closed) void this.panel.webview.postMessage(message);
  }

  private receive(raw: unknown): void {
    const message = readTailPageMessage(raw);
    if (!message) {
      this.context.log.warn('the tail panel sent a message that is not one of its own; ignored');
      return;
    }
    switch (message.type) {
      case 'ready':
        // A new page (first load, or shown again): it learns what the tail holds.
        this.ready = true;
        this.post({
          type: 'target',
          state: this.state(),
          title: this.title,
          keeps: keepsText(this.target, this.leftOut),
        });
        if (this.session.rows.size)
          this.post({
            type: 'rows',
            rows: this.session.rows.rows.map(rowMessage),
            dropped: 0,
            droppedTotal: this.session.rows.droppedTotal,
            maxRows: this.session.rows.maxRows,
          });
        if (!this.started) {
          this.status(
            localize('This tail stopped when the window reloaded. Resume to follow {0} again.', this.target.dataset),
            'info',
          );
          this.post({ type: 'restored' });
        } else if (this.lastStatus) this.post(this.lastStatus);
        return;
      case 'resume':
        if (this.started) return;
        this.started = true;
        this.followingStatus();
        this.session.start();
        return;
      case 'filter': {
        const problem = this.session.setFilter(message.text);
        if (problem) this.post({ type: 'filterRejected', text: say(problem) });
        else
          this.post({
            type: 'target',
            state: this.state(),
            title: this.title,
            keeps: keepsText(this.target, this.leftOut),
          });
        return;
      }
      case 'openTrace':
        vscode.commands
          .executeCommand(OPEN_TRACE_COMMAND, openTraceArgument(message))
          .then(undefined, (error: unknown) => {
            this.context.log.warn(`Open Trace from the tail: ${String(error)}`);
            void vscode.window.showWarningMessage(localize('Open Trace is not available: {0}', String(error)));
          });
        return;
      case 'openCodePlace':
        void openCodePlace(message.place, this.context.log);
        return;
    }
  }

  dispose(): void {
    if (this.closed) return;
    this.closed = true;
    this.ready = false;
    this.session.stop();
    for (const s of this.subscriptions.splice(0)) s.dispose();
    this.panel.dispose();
    this.disposed.fire();
    this.disposed.dispose();
  }
}
