// Preview Dashboard: a webview beside a dashboard document (one of the dashboards' own scheme, or a
// `*.axiom-dashboard.json` file) that draws its charts on its layout's grid, and draws a chart
// again as its query changes in the text, before any save. The runs and what the page is told are
// core/dashboards/previewRuns.ts's; this is the VS Code side: the panel, the document's edits, the
// page's messages.
import * as vscode from 'vscode';
import type { AxiomClient } from '../core/api/client';
import { DASHBOARD_FILE_ENDING } from '../core/dashboards/layoutCharts';
import { readDashboard } from '../core/dashboards/previewLayout';
import { PREVIEW_WORDS, readPreviewPageMessage, type PreviewHostMessage } from '../core/dashboards/previewProtocol';
import { PreviewRuns } from '../core/dashboards/previewRuns';
import {
  ADD_ANNOTATION_COMMAND,
  addAnnotationArgs,
  queryDatasets,
  type AnnotationRequest,
  type ChartAnnotations,
} from '../core/run/chartAnnotations';
import { PANEL_WORDS } from '../core/run/panelWords';
import type { QueryRuns } from '../core/run/queryOutcome';
import type { ResultsView } from '../core/run/resultsProtocol';
import { rangeLabel, type TimeRange } from '../core/run/timeRange';
import { localize, say } from '../platform/l10n';
import type { Log } from '../platform/log';
import { pageOptions, setPage } from '../platform/webviewPage';

export const DASHBOARD_PREVIEW_VIEW_TYPE = 'axiom.dashboardPreview';
/** An edit is read once the typing pauses this long: a chart runs again for what was meant, not for each key. */
const EDIT_PAUSE_MS = 300;

/** What the preview needs of the query runner (the run feature's): one run through the one runner,
 *  the client, and (for Add to Dashboard) the result of the results panel in front. */
export interface PreviewRunner extends QueryRuns {
  client(): Promise<AxiomClient | undefined>;
  /** The annotations a chart of the query draws over the range (the runner's one read per chart, within its budget). */
  annotations(client: AxiomClient, apl: string, range: TimeRange): Promise<ChartAnnotations | undefined>;
  shownResult(): ResultsView | undefined;
}

export interface PreviewDeps {
  extensionUri: vscode.Uri;
  runner: () => PreviewRunner;
  log: Log;
}

/** The page's words: the preview's own and the results panel's, which its tables and charts use. */
const WORDS = { ...PANEL_WORDS, ...PREVIEW_WORDS };

/** One preview: its panel, the document it follows, and what its page was sent (for the tests). */
export class DashboardPreview implements vscode.Disposable {
  readonly panel: vscode.WebviewPanel;
  readonly runs: PreviewRuns;
  /** The kinds of message sent to the page, in order. */
  readonly sent: string[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly subscriptions: vscode.Disposable[] = [];
  private closed = false;
  private readonly onClose = new vscode.EventEmitter<void>();
  readonly onDidDispose = this.onClose.event;

  constructor(
    readonly document: vscode.TextDocument,
    deps: PreviewDeps,
  ) {
    const name = document.uri.path.split('/').pop() ?? '';
    const title = localize('Preview: {0}', name);
    this.panel = vscode.window.createWebviewPanel(
      DASHBOARD_PREVIEW_VIEW_TYPE,
      title,
      { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
      pageOptions(deps.extensionUri),
    );
    this.runs = new PreviewRuns({
      runs: { query: (...args) => deps.runner().query(...args) },
      client: () => deps.runner().client(),
      annotations: (client, apl, range) => deps.runner().annotations(client, apl, range),
      post: (message) => this.post(message),
      rangeLabel: (range) => say(rangeLabel(range)),
      windowLabel: (label) => localize('Dashboard’s window ({0})', label),
      noClient: localize('Not signed in to Axiom.'),
    });
    setPage(this.panel.webview, deps.extensionUri, { bundle: 'dashboard', title, words: WORDS });
    this.subscriptions.push(
      this.panel.webview.onDidReceiveMessage((raw: unknown) => {
        const message = readPreviewPageMessage(raw);
        if (!message) return deps.log.warn('the dashboard preview sent a message that is not one of its own; ignored');
        if (message.type === 'ready') this.runs.ready();
        else if (message.type === 'range') this.runs.chooseRange(message.id);
        else if (message.type === 'annotation') this.annotate(message.id, message.request, deps.log);
        else
          vscode.env.clipboard.writeText(message.text).then(
            () => vscode.window.setStatusBarMessage(localize('Copied from the dashboard preview.'), 2000),
            (error: unknown) => deps.log.warn(`copying from the dashboard preview failed: ${String(error)}`),
          );
      }),
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (e.document !== document || !e.contentChanges.length) return;
        clearTimeout(this.timer);
        this.timer = setTimeout(() => this.runs.update(document.getText()), EDIT_PAUSE_MS);
      }),
      this.panel.onDidDispose(() => this.dispose()),
    );
    this.runs.update(document.getText());
  }

  /** Reads the document now (the next edit's pause is not waited for). */
  refresh(): void {
    clearTimeout(this.timer);
    this.runs.update(this.document.getText());
  }

  /** A tile chart's annotation link, through VS Code's opener (with its prompt); or Add Annotation on
   *  the datasets of the tile's query as the document has it now, at the point or span chosen. */
  private annotate(id: string, request: AnnotationRequest, log: Log): void {
    if (request.type === 'openAnnotationUrl') {
      void vscode.env.openExternal(vscode.Uri.parse(request.url, true));
      return;
    }
    const read = readDashboard(this.document.getText());
    const apl = read.ok ? read.dashboard.tiles.find((tile) => tile.id === id)?.apl : undefined;
    vscode.commands
      .executeCommand(
        ADD_ANNOTATION_COMMAND,
        addAnnotationArgs(queryDatasets(apl ?? ''), request.time, request.endTime),
      )
      .then(undefined, (error: unknown) => log.warn(`Add Annotation from the dashboard preview: ${String(error)}`));
  }

  reveal(): void {
    this.panel.reveal(vscode.ViewColumn.Beside, true);
  }

  private post(message: PreviewHostMessage): void {
    if (this.closed) return;
    this.sent.push(message.type);
    void this.panel.webview.postMessage(message);
  }

  dispose(): void {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.timer);
    this.runs.close();
    for (const s of this.subscriptions.splice(0)) s.dispose();
    this.panel.dispose();
    this.onClose.fire();
    this.onClose.dispose();
  }
}

/** Whether `document` is a dashboard the preview can follow: a dashboard file, or any document whose text is one. */
function isDashboardDocument(document: vscode.TextDocument): boolean {
  return document.uri.path.endsWith(DASHBOARD_FILE_ENDING) || readDashboard(document.getText()).ok;
}

/** The dashboard document a command is given (its URI) or the active editor's; `notOne` said when it is none. */
export async function dashboardDocumentOf(arg: unknown, notOne: string): Promise<vscode.TextDocument | undefined> {
  const uri = arg instanceof vscode.Uri ? arg : vscode.window.activeTextEditor?.document.uri;
  const document = uri && (await vscode.workspace.openTextDocument(uri));
  if (document && isDashboardDocument(document)) return document;
  void vscode.window.showInformationMessage(notOne);
  return undefined;
}

/** The Preview Dashboard command and the previews open (one per document). */
export function createPreviews(deps: PreviewDeps) {
  const open = new Map<string, DashboardPreview>();
  async function previewDashboard(arg?: unknown): Promise<DashboardPreview | undefined> {
    const document = await dashboardDocumentOf(
      arg,
      localize(
        'Open a dashboard (a dashboard of the Dashboards view, or a *.axiom-dashboard.json file) to preview it.',
      ),
    );
    if (!document) return undefined;
    const key = document.uri.toString();
    const existing = open.get(key);
    if (existing) {
      existing.reveal();
      return existing;
    }
    const preview = new DashboardPreview(document, deps);
    open.set(key, preview);
    preview.onDidDispose(() => open.delete(key));
    return preview;
  }
  return {
    previewDashboard,
    /** The previews open, by document. */
    open: open as ReadonlyMap<string, DashboardPreview>,
    dispose(): void {
      for (const preview of [...open.values()]) preview.dispose();
    },
  };
}
