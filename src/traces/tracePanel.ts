// The trace view: a webview page (src/webview/trace) under the results panel's rules: a strict
// Content Security Policy and nonce (platform/webviewPage.ts), every value set as text by the page,
// every message from it read by readTracePageMessage and anything else dropped. It shows what the
// command read; Run as APL opens the query that read it; a span's code link opens through the one
// mapper (platform/codeLocations.ts), as the results panel's do.
import * as vscode from 'vscode';
import type { TraceTree } from '../core/traces/spanTree';
import {
  FIRST_TRACE_ROWS,
  readTracePageMessage,
  rowViews,
  TRACE_ROWS_CHUNK,
  TRACE_WORDS,
  traceView,
  type TraceHostMessage,
  type TraceState,
} from '../core/traces/traceProtocol';
import { openCodePlace } from '../platform/codeLocations';
import { localize } from '../platform/l10n';
import type { Log } from '../platform/log';
import { pageOptions, setPage } from '../platform/webviewPage';

export const TRACE_VIEW_TYPE = 'axiom.trace';

/** What the view says about the trace beside its spans. */
export interface TraceAbout {
  traceId: string;
  dataset: string;
  /** Sentences about the whole (the range widened, spans left out, cycles broken…). */
  notes: string[];
}

export interface TracePanelDeps {
  extensionUri: vscode.Uri;
  log: Log;
  /** Opens APL in a new editor and runs it there (the run feature's). */
  openQuery: (apl: string, run: boolean) => Promise<void>;
}

export class TracePanel implements vscode.Disposable {
  readonly panel: vscode.WebviewPanel;
  /** The kinds of message the page sent that were read, in order (the extension's tests). */
  readonly received: string[] = [];
  /** What the page shows (sent again to a page that says it is ready). */
  private shownMessage: TraceHostMessage | undefined;
  private trace: { tree: TraceTree; about: TraceAbout } | undefined;
  private apl: string | undefined;
  private ready = false;
  private closed = false;
  private readonly subscriptions: vscode.Disposable[] = [];
  private readonly onClose = new vscode.EventEmitter<void>();
  readonly onDidDispose = this.onClose.event;
  /** What the page keeps for a reload (sent to it with each trace shown). */
  private stateMessage: TraceHostMessage | undefined;
  /** Load again was clicked on a view brought back by a reload (its command reads the trace). */
  private loadAgain: (() => void) | undefined;

  /** A new view, or (`restored`) one VS Code brought back after a reload: that one says what it
   *  showed and reads nothing until the person clicks Load again. */
  constructor(
    readonly key: string,
    traceId: string,
    private readonly deps: TracePanelDeps,
    restored?: { panel: vscode.WebviewPanel; state: TraceState; loadAgain: () => void },
  ) {
    const title = localize('Trace {0}', traceId.length > 16 ? `${traceId.slice(0, 16)}…` : traceId);
    this.panel =
      restored?.panel ??
      vscode.window.createWebviewPanel(TRACE_VIEW_TYPE, title, vscode.ViewColumn.Active, {
        ...pageOptions(deps.extensionUri),
        retainContextWhenHidden: false,
      });
    if (restored) {
      this.panel.title = title;
      this.panel.webview.options = pageOptions(deps.extensionUri);
    }
    setPage(this.panel.webview, deps.extensionUri, { bundle: 'trace', title, words: TRACE_WORDS });
    this.subscriptions.push(
      this.panel.webview.onDidReceiveMessage((raw: unknown) => this.receive(raw)),
      this.panel.onDidDispose(() => this.dispose()),
    );
    if (!restored) {
      this.show({ type: 'loading', traceId });
      return;
    }
    const { state } = restored;
    this.loadAgain = restored.loadAgain;
    this.remember(state);
    this.show({
      type: 'restored',
      text: localize(
        'This view came back when the window reloaded; nothing was read. Load again reads trace {0} of {1} again, from {2} to {3}.',
        state.traceId,
        state.dataset,
        state.startTime,
        state.endTime,
      ),
    });
  }

  /** Keeps which trace the view shows, and over which range, for a reload to bring it back. */
  remember(state: TraceState): void {
    this.stateMessage = { type: 'state', state };
    if (this.ready && !this.closed) void this.panel.webview.postMessage(this.stateMessage);
  }

  /** Shows the trace read by `apl` (Run as APL opens that query): its first rows at once, the
   *  rest after, in chunks, as the results panel sends a large result. */
  showTrace(tree: TraceTree, about: TraceAbout, apl: string): void {
    this.apl = apl;
    this.trace = { tree, about };
    this.show({ type: 'trace', trace: traceView(tree, about, FIRST_TRACE_ROWS) });
    this.sendRest();
  }

  showFailure(message: string, apl?: string): void {
    this.apl = apl;
    this.trace = undefined;
    this.show({ type: 'failed', message });
  }

  /** The rows after the first ones, to a page that is ready. */
  private sendRest(): void {
    if (!this.ready || this.closed || !this.trace) return;
    const { tree, about } = this.trace;
    for (let start = FIRST_TRACE_ROWS; start < tree.rows.length; start += TRACE_ROWS_CHUNK)
      void this.panel.webview.postMessage({
        type: 'traceRows',
        traceId: about.traceId,
        start,
        rows: rowViews(tree, start, start + TRACE_ROWS_CHUNK),
      } satisfies TraceHostMessage);
  }

  /** What the page shows: the trace whole (all its rows), or what it says. */
  get shown(): TraceHostMessage | undefined {
    return this.trace ? { type: 'trace', trace: traceView(this.trace.tree, this.trace.about) } : this.shownMessage;
  }

  reveal(): void {
    this.panel.reveal();
  }

  private show(message: TraceHostMessage): void {
    this.shownMessage = message;
    if (this.ready && !this.closed) void this.panel.webview.postMessage(message);
  }

  /** A message from the page (any value: read before anything acts on it). */
  receive(raw: unknown): void {
    const message = readTracePageMessage(raw);
    if (!message) return this.deps.log.warn('the trace view sent a message that is not one of its own; ignored');
    this.received.push(message.type);
    switch (message.type) {
      case 'ready':
        this.ready = true;
        if (this.stateMessage) void this.panel.webview.postMessage(this.stateMessage);
        if (this.shownMessage) void this.panel.webview.postMessage(this.shownMessage);
        this.sendRest();
        return;
      case 'runAsApl':
        if (this.apl !== undefined)
          this.deps
            .openQuery(this.apl, true)
            .then(undefined, (error: unknown) =>
              this.deps.log.warn(`Run as APL from the trace view: ${String(error)}`),
            );
        return;
      case 'loadAgain': {
        // The person's click: the one read a view brought back by a reload makes.
        const load = this.loadAgain;
        this.loadAgain = undefined;
        load?.();
        return;
      }
      case 'openCodePlace':
        // The page's place is data, read as Open Code Location reads any (it opens only workspace files).
        void openCodePlace(message.place, this.deps.log);
        return;
    }
  }

  dispose(): void {
    if (this.closed) return;
    this.closed = true;
    for (const s of this.subscriptions.splice(0)) s.dispose();
    this.panel.dispose();
    this.onClose.fire();
    this.onClose.dispose();
  }
}
