import * as vscode from 'vscode';
import type { ChartAnnotations } from '../core/run/chartAnnotations';
import { readPanelMessage, type HostMessage, type PanelState, type ResultsView } from '../core/run/resultsProtocol';
import { PANEL_WORDS } from '../core/run/panelWords';
import { resultCells, type KeptResult } from '../core/run/resultsBudget';
import { firstPart, remainingRows } from '../core/run/resultsDelivery';
import { describePlace, openCodePlace } from '../platform/codeLocations';
import { COMMANDS, RESULTS_VIEW_TYPE } from '../platform/constants';
import { pageOptions, setPage } from '../platform/webviewPage';
import type { Log } from '../platform/log';
import { localize } from '../platform/l10n';

/** What a panel asks of whoever runs its queries. */
export interface PanelRequests {
  rerun(panel: ResultsPanel): void;
  cancel(panel: ResultsPanel): void;
  openInAxiom(panel: ResultsPanel): void;
  export(panel: ResultsPanel, format: 'csv' | 'json', table: number): unknown;
  /** Add Annotation on the panel's datasets, at a time or over a span of its chart (milliseconds), or now. */
  addAnnotation(panel: ResultsPanel, time?: number, endTime?: number): unknown;
}

/** The kinds of message a page and its panel exchanged, in order; the first rows sent ahead of the
 *  whole result (showFirstRows) as 'results:ahead'. */
export interface PageTraffic {
  /** What the page sent that the panel accepted. */
  readonly received: readonly string[];
  /** What the panel sent to the page. */
  readonly sent: readonly string[];
}

/** Told of each message a page and its panel exchange, by kind. */
export type PageWatch = (panel: ResultsPanel, direction: keyof PageTraffic, kind: string) => void;

/** What every panel of one runner shares. */
export interface PanelContext {
  extensionUri: vscode.Uri;
  requests: PanelRequests;
  log: Log;
  /** A number larger than each one it gave before: when a panel was last used (results let go
   *  the least recently used first). */
  nextUse(): number;
  watch?: PageWatch;
}

/** A panel VS Code brought back after a reload, and what its page kept. */
export interface Restored {
  panel: vscode.WebviewPanel;
  state: PanelState;
}

/** Whether `head` (a first part) is how `result` begins: the same tables, sizes and first rows' count. */
function sameStart(head: ResultsView, result: ResultsView): boolean {
  const first = firstPart(result);
  return (
    head.tables.length === first.tables.length &&
    head.tables.every((t, i) => {
      const other = first.tables[i];
      return (
        t.rowCount === other.rowCount &&
        t.fields.length === other.fields.length &&
        t.columns.every((c, j) => c.length === other.columns[j]?.length)
      );
    })
  );
}

/**
 * One results panel: a webview below or beside the editor whose query it shows (resultsPosition.ts). The page is rebuilt by
 * VS Code whenever the panel is hidden and shown again (no retained context: a result can be large),
 * so the last message of each kind is kept and sent again when the page says it is ready. The page
 * keeps the panel's document, query and pin for VS Code to give back after a reload: the panel then
 * comes back saying so, with Re-run (the results themselves are not kept).
 */
export class ResultsPanel implements vscode.Disposable, KeptResult {
  readonly panel: vscode.WebviewPanel;
  /** The newest result shown, for export, copy and Open in Axiom (none once let go: see drop). */
  result?: ResultsView;
  pinned = false;
  /** When the panel was last given a result or brought to the front. */
  lastUsed: number;
  /** The run whose result was let go to keep memory in bounds (the page offers Re-run). */
  private droppedRun?: number;
  private closedAlready = false;
  private lastRun?: HostMessage;
  /** The annotations of the newest run's chart, sent again to a page rebuilt. */
  private lastAnnotations?: HostMessage;
  /** The query the panel shows or runs, kept by the page across a reload. */
  private query?: string;
  /** Brought back after a reload, and not run since. */
  private restored = false;
  private ready = false;
  /** Counts the deliveries of a result begun: a delivery stops when a newer one begins. */
  private delivery = 0;
  /** The first rows sent ahead of the run's whole result (showFirstRows). */
  private ahead?: ResultsView;
  private readonly subscriptions: vscode.Disposable[] = [];
  private readonly closed = new vscode.EventEmitter<void>();
  readonly onDidDispose = this.closed.event;
  constructor(
    private readonly context: PanelContext,
    /** The document whose queries this panel shows. */
    readonly documentUri: string,
    title: string,
    /** A panel VS Code brought back after a reload, or the view column a new one opens in. */
    restored: Restored | vscode.ViewColumn = vscode.ViewColumn.Beside,
  ) {
    const { extensionUri } = context;
    this.lastUsed = context.nextUse();
    const options = pageOptions(extensionUri);
    if (typeof restored === 'object') {
      this.panel = restored.panel;
      this.panel.webview.options = options;
      this.query = restored.state.query;
      this.pinned = restored.state.pinned;
      this.restored = true;
    } else {
      this.panel = vscode.window.createWebviewPanel(
        RESULTS_VIEW_TYPE,
        title,
        { viewColumn: restored, preserveFocus: true },
        options,
      );
    }
    const webview = this.panel.webview;
    setPage(webview, extensionUri, { bundle: 'results', title, words: PANEL_WORDS });
    this.subscriptions.push(
      webview.onDidReceiveMessage((message: unknown) => this.receive(message)),
      this.panel.onDidDispose(() => this.dispose()),
      this.panel.onDidChangeViewState((e) => {
        if (e.webviewPanel.active) this.lastUsed = this.context.nextUse();
      }),
    );
  }

  /** A run started: the page keeps its results and shows the run going. */
  running(runId: number, query: string, rangeLabel: string): void {
    if (this.disposed) return;
    this.lastRun = { type: 'running', runId, query, rangeLabel };
    this.query = query;
    this.restored = false;
    this.post(this.lastRun);
    this.remember();
  }

  showResult(result: ResultsView): void {
    // The first rows went ahead (showFirstRows) when they are what this result begins with.
    const ahead = this.ahead?.runId === result.runId && sameStart(this.ahead, result);
    this.ahead = undefined;
    this.result = result;
    this.droppedRun = undefined;
    this.lastUsed = this.context.nextUse();
    this.lastRun = undefined;
    void this.deliver(result, ahead);
  }

  /**
   * A result's first rows, read before the whole answer was (client.runApl): the page paints them
   * at once; showResult then sends only the rest. Resolves once they were handed over.
   */
  async showFirstRows(head: ResultsView): Promise<void> {
    if (!this.ready || this.disposed) return;
    this.ahead = firstPart(head);
    this.lastRun = undefined;
    await this.send({ type: 'results', result: this.ahead }, 'results:ahead');
  }

  /** The values of the result held (0 when none). */
  get cells(): number {
    return this.result ? resultCells(this.result.tables) : 0;
  }

  get visible(): boolean {
    return !this.disposed && this.panel.visible;
  }

  /** Lets the result go (memory): the page clears its table and says so, with Re-run. */
  drop(): void {
    if (!this.result) return;
    this.droppedRun = this.result.runId;
    this.result = undefined;
    this.delivery++;
    this.post({ type: 'dropped', runId: this.droppedRun });
  }

  /**
   * Sends a result to the page: first the rows that fill the screen, at once, then the rest a
   * slice at a time, each after the one before was handed over (so that neither side holds more
   * than a slice in flight). Stops when a newer result is sent, the page is rebuilt (it then asks
   * again) or the panel closes. Resolves when it ends, whatever the reason.
   */
  private async deliver(result: ResultsView, firstRowsThere = false): Promise<void> {
    const delivery = ++this.delivery;
    if (!this.ready || this.disposed) return;
    const current = () => this.delivery === delivery && this.ready && !this.disposed;
    if (!firstRowsThere) await this.send({ type: 'results', result: firstPart(result) });
    for (const rows of remainingRows(result)) {
      if (!current() || !(await this.send(rows))) return;
    }
  }

  /** The annotations the chart of run `runId` draws (or why there are none): a message of their own,
   *  so that the rows are not sent again. */
  showAnnotations(runId: number, chart: ChartAnnotations): void {
    this.lastAnnotations = { type: 'annotations', runId, chart };
    this.post(this.lastAnnotations);
  }

  failed(runId: number, message: string): void {
    this.lastRun = { type: 'failed', runId, message };
    this.post(this.lastRun);
  }

  cancelled(runId: number): void {
    this.lastRun = { type: 'cancelled', runId };
    this.post(this.lastRun);
  }

  /** Closed by the person or disposed: it shows nothing more. */
  get disposed(): boolean {
    return this.closedAlready;
  }

  reveal(): void {
    if (!this.disposed) this.panel.reveal(undefined, true);
  }

  /** What the page keeps for VS Code to give back after a reload. */
  private remember(): void {
    if (this.query !== undefined)
      this.post({ type: 'remember', state: { documentUri: this.documentUri, query: this.query, pinned: this.pinned } });
  }

  private post(message: HostMessage): void {
    if (this.ready && !this.disposed) void this.send(message);
  }

  /** Resolves when VS Code handed the message over (false when it could not). */
  private send(message: HostMessage, kind: string = message.type): Thenable<boolean> {
    this.context.watch?.(this, 'sent', kind);
    return this.panel.webview.postMessage(message);
  }

  /** A message from the page (or given as the page would send it), read as data first. */
  receive(raw: unknown): void {
    const message = readPanelMessage(raw);
    if (!message) {
      this.context.log.warn('the results panel sent a message that is not one of its own; ignored');
      return;
    }
    this.context.watch?.(this, 'received', message.type);
    switch (message.type) {
      case 'ready':
        // A new page (first load, or shown again): it learns what the old one showed.
        this.ready = true;
        // A new page has none of the rows sent ahead: the whole result's first rows will go.
        this.ahead = undefined;
        this.post({ type: 'pinned', pinned: this.pinned });
        if (this.result) void this.deliver(this.result);
        if (this.droppedRun !== undefined) this.post({ type: 'dropped', runId: this.droppedRun });
        if (this.lastRun) this.post(this.lastRun);
        if (this.lastAnnotations) this.post(this.lastAnnotations);
        if (this.restored) this.post({ type: 'restored', runId: 0 });
        this.remember();
        return;
      case 'rerun':
        this.context.requests.rerun(this);
        return;
      case 'cancel':
        this.context.requests.cancel(this);
        return;
      case 'openInAxiom':
        this.context.requests.openInAxiom(this);
        return;
      case 'togglePin':
        this.setPinned(!this.pinned);
        return;
      case 'export':
        void this.context.requests.export(this, message.format, message.table);
        return;
      case 'openAnnotationUrl':
        // VS Code's opener, with its prompt for a site not yet trusted; the page never navigates.
        void vscode.env.openExternal(vscode.Uri.parse(message.url, true));
        return;
      case 'addAnnotation':
        void this.context.requests.addAnnotation(this, message.time, message.endTime);
        return;
      case 'openCodePlace':
        // The page's place is data, read as Open Code Location reads any (it opens only workspace files).
        void openCodePlace(message.place, this.context.log);
        return;
      case 'resolveCodePlace':
        // The hover of a link: the workspace file it opens, or why none (nothing asked, nothing opened).
        void describePlace(message.place).then((where) =>
          this.post({ type: 'codePlaceResolved', path: message.place.path, where }),
        );
        return;
      case 'openTrace':
        // The traces feature's command, which reads its argument as data (it changes nothing).
        void vscode.commands.executeCommand(COMMANDS.openTrace, { traceId: message.traceId, seenAt: message.seenAt });
        return;
      case 'copy':
        vscode.env.clipboard.writeText(message.text).then(
          () => vscode.window.setStatusBarMessage(localize('Copied from the query results.'), 2000),
          (error: unknown) => this.context.log.warn(`copying from the results failed: ${String(error)}`),
        );
        return;
    }
  }

  setPinned(pinned: boolean): void {
    this.pinned = pinned;
    this.post({ type: 'pinned', pinned });
    this.remember();
  }

  dispose(): void {
    if (this.closedAlready) return;
    this.closedAlready = true;
    this.ready = false;
    this.result = undefined;
    this.lastRun = undefined;
    this.lastAnnotations = undefined;
    for (const s of this.subscriptions.splice(0)) s.dispose();
    this.panel.dispose();
    this.closed.fire();
    this.closed.dispose();
  }
}

/** A short name for a query (an export's file name): its first line that says something, shortened. */
export function titleFor(query: string): string {
  const line =
    query
      .split(/\r?\n/)
      .map((l) => l.trim())
      .find((l) => l && !l.startsWith('//')) ?? query.trim();
  return line.length > 40 ? `${line.slice(0, 39)}…` : line || localize('Axiom results');
}
