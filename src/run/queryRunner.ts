import * as vscode from 'vscode';
import type { AxiomClient } from '../core/api/client';
import { adviceFor } from '../core/api/errorAdvice';
import { RequestBudget } from '../core/api/requestBudget';
import {
  ADD_ANNOTATION_COMMAND,
  addAnnotationArgs,
  chartRange,
  queryDatasets,
  readAnnotationsForChart,
  type ChartAnnotations,
} from '../core/run/chartAnnotations';
import { isAxiomError } from '../core/api/errors';
import { queryLink } from '../core/links';
import { phrase } from '../core/phrase';
import { compileErrorRange } from '../core/run/queryText';
import { MPL_RUN_SOURCE, mplDataset } from '../core/run/mplTable';
import { planQuery, runPlanned } from '../core/run/queryPlan';
import { MPL_LANGUAGE_ID } from '../core/mpl/languageId';
import { resultsToDrop } from '../core/run/resultsBudget';
import { explainLimitOf } from '../core/run/limits';
import { panelLocale } from '../core/run/panelWords';
import type { RecordedRun, RunOutcome as RecordedOutcome } from '../core/history/historyStore';
import { resultFlags } from '../core/run/resultFlags';
import type { CompileError, QueryLanguage, QueryOutcome } from '../core/run/queryOutcome';
import type { PanelState, ResultsView } from '../core/run/resultsProtocol';
import type { TabularResult } from '../core/api/tabular';
import { rangeLabel, rangeRequest, type TimeRange } from '../core/run/timeRange';
import { localize, say } from '../platform/l10n';
import { openDocument } from '../platform/openQuery';
import { clientFor, type ClientAccess } from '../platform/clientAccess';
import type { Log } from '../platform/log';
import { showAdvice } from '../platform/showAdvice';
import { openAppPage, type Deployments } from '../platform/webApp';
import { exportTable } from '../platform/exportResults';
import { ResultsPanel, titleFor, type PanelContext, type PageWatch, type PanelRequests } from './resultsPanel';
import type { TimeRangeItem } from './timeRangeItem';
import { openWhereResultsGo } from './resultsPosition';
import { stepDone } from '../platform/walkthroughSteps';

/** A query to run, and where it came from: the document and the offset its text starts at, so
 *  that a compile error can be put where it belongs. */
export interface RunRequest {
  apl: string;
  documentUri: vscode.Uri;
  /** The document's version the text was taken from: a later edit moves things. */
  version: number;
  startOffset: number;
  /** The range to run over (a run from the history, say); absent: the status bar's. */
  range?: TimeRange;
  /** The query's language: APL unless said; MPL runs through the edge's `_mpl` (see query). */
  language?: QueryLanguage;
}

export type { QueryLanguage } from '../core/run/queryOutcome';

interface Deps {
  extensionUri: vscode.Uri;
  connection: ClientAccess;
  deployments: Deployments;
  timeRange: TimeRangeItem;
  log: Log;
  /** Told of every run that ends, however it ends (the query history). */
  record?: (run: RecordedRun) => void;
  /** Where the runner keeps the panels open, newest last (the run feature shows them). */
  panels: ResultsPanel[];
  /** The values all panels may hold together (resultsBudget.ts), read at each result. */
  keptCells(): number;
  /** Heard when an annotation was added, changed or deleted (here, from a chart, by an agent): the charts read theirs again. */
  onAnnotationsChanged: vscode.Event<void>;
  /** Told of each message a panel's page and the panel exchange. */
  watch?: PageWatch;
}

export type { QueryOutcome } from '../core/run/queryOutcome';

/** Annotations read, and none of them in range. */
const isEmpty = (chart: ChartAnnotations) => 'annotations' in chart && chart.annotations.length === 0;

/** The service's compile errors, apart from the local checks' diagnostics. */
const DIAGNOSTIC_SOURCE = 'Axiom';

/**
 * Runs queries and shows their results: one panel per document, reused by its next run unless
 * pinned; one run at a time per panel (a new run stops the one before); the panel keeps its
 * results until the new ones arrive. Compile errors become diagnostics in the document.
 */
export class QueryRunner implements PanelRequests, vscode.Disposable {
  readonly diagnostics = vscode.languages.createDiagnosticCollection('axiom-apl-run');
  private readonly requests = new WeakMap<ResultsPanel, RunRequest>();
  private readonly running = new WeakMap<ResultsPanel, AbortController>();
  /** The query and range of the results each panel shows. */
  private readonly shown = new WeakMap<ResultsPanel, { apl: string; range: TimeRange }>();
  private nextRunId = 1;
  /** The id of each panel's newest run: a Retry of an older one is not made. */
  private readonly latest = new WeakMap<ResultsPanel, number>();
  private readonly listeners: vscode.Disposable[];
  /** Panels of an untitled document that was closed: a new document given its name gets a panel of its own. */
  private readonly closedDocuments = new WeakSet<ResultsPanel>();
  /** The panels being opened, by document (a new group below is made first). */
  private readonly opening = new Map<string, Promise<ResultsPanel>>();
  /** Counts the panels' uses: larger is more recent. */
  private uses = 0;
  /** What every panel of this runner shares. */
  private readonly panelContext: PanelContext;
  /** The charts' reads of annotations: the status checks' terms (4 in flight, half the announced limit). */
  private readonly annotationBudget = new RequestBudget({ maxInFlight: 4, share: 0.5, assumedLimit: 60 });

  constructor(private readonly deps: Deps) {
    this.panelContext = {
      extensionUri: deps.extensionUri,
      requests: this,
      log: deps.log,
      nextUse: () => ++this.uses,
      watch: deps.watch,
    };
    // A compile error from the service is about the text it was sent: an edit there makes it stale.
    this.listeners = [
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (e.contentChanges.length && this.diagnostics.has(e.document.uri)) this.diagnostics.delete(e.document.uri);
      }),
      vscode.workspace.onDidCloseTextDocument((document) => {
        this.diagnostics.delete(document.uri);
        // An untitled document's name is given again to the next one: its panels are no longer its.
        if (document.isUntitled)
          for (const panel of this.deps.panels)
            if (panel.documentUri === document.uri.toString()) this.closedDocuments.add(panel);
      }),
      deps.connection.onRateLimit((limit) => this.annotationBudget.observe(limit)),
      deps.onAnnotationsChanged(() => void this.rereadAnnotations()),
    ];
  }

  /** The result of the results panel in front, else of the newest panel (Add to Notebook). */
  shownResult(): ResultsView | undefined {
    const panels = this.deps.panels;
    return (panels.find((p) => p.panel.active) ?? panels.at(-1))?.result;
  }

  /** The time range runs use (the status bar item). */
  get timeRange(): TimeRangeItem {
    return this.deps.timeRange;
  }

  /**
   * Runs the query in `target`, else in the document's panel. Resolves when the run is over,
   * whatever its end. A run replaced by a newer one in its panel, or whose panel was closed,
   * changes nothing when it ends: the newer run owns the panel.
   */
  async run(request: RunRequest, target?: ResultsPanel): Promise<ResultsView | undefined> {
    const client = await this.client();
    if (!client) return undefined;
    const panel = target && !target.disposed ? target : await this.panelFor(request.documentUri);
    this.running.get(panel)?.abort();
    const controller = new AbortController();
    this.running.set(panel, controller);
    this.requests.set(panel, request);
    const current = () => this.running.get(panel) === controller && !panel.disposed;
    this.diagnostics.delete(request.documentUri);

    const runId = this.nextRunId++;
    this.latest.set(panel, runId);
    const range = request.range ?? this.deps.timeRange.range;
    const label = say(rangeLabel(range));
    panel.running(runId, request.apl, label);
    panel.reveal();
    // The chart's annotations are read alongside the query, once; they go to the panel once its result did.
    const language = request.language ?? 'apl';
    const annotations =
      language === 'apl' ? this.annotations(client, request.apl, range, controller.signal) : Promise.resolve(undefined);
    try {
      // One sign of the run: the panel's own (its range, and Stop); no notification beside it.
      // A large answer's first rows go to the panel before the whole answer is parsed.
      const outcome = await this.query(
        client,
        request.apl,
        range,
        controller.signal,
        runId,
        language === 'mpl' ? MPL_RUN_SOURCE : 'query',
        (head) => (current() ? panel.showFirstRows(head) : undefined),
        language,
      );
      if (!current()) return undefined;
      switch (outcome.kind) {
        case 'result':
          panel.showResult(outcome.result);
          this.shown.set(panel, { apl: request.apl, range });
          this.keepWithinBudget(panel);
          // None to draw: nothing to send (the panel shows a new result without those of the one
          // before). The run is over by then: a newer run in the panel, or its closing, drops them.
          void annotations.then(
            (chart) =>
              chart &&
              !isEmpty(chart) &&
              this.latest.get(panel) === runId &&
              !panel.disposed &&
              panel.showAnnotations(runId, chart),
          );
          return outcome.result;
        case 'cancelled':
          panel.cancelled(runId);
          return undefined;
        case 'compile':
          this.showCompileError(request, outcome.compile);
          panel.failed(runId, outcome.message);
          return undefined;
        case 'failed': {
          panel.failed(runId, outcome.message);
          const retry = (await showAdvice(outcome.advice, this.deps.connection.handlers)) === 'retry';
          // Only while nothing newer was asked of the panel meanwhile (the notification may wait long).
          if (retry && this.latest.get(panel) === runId && !panel.disposed) return this.run(request, panel);
          return undefined;
        }
      }
    } finally {
      if (this.running.get(panel) === controller) this.running.delete(panel);
    }
  }

  /** The annotations of the query's datasets over the range (undefined: it reads none), within the budget. */
  annotations(
    client: AxiomClient,
    apl: string,
    range: TimeRange,
    signal?: AbortSignal,
  ): Promise<ChartAnnotations | undefined> {
    return readAnnotationsForChart(
      async (filter, aborted) => (await client.listAnnotations(filter, aborted)).annotations,
      queryDatasets(apl),
      chartRange(range),
      this.annotationBudget,
      signal,
    ).then((chart) => {
      if (chart && 'note' in chart) this.deps.log.warn(`the chart's annotations were not read (${chart.note})`);
      return chart;
    });
  }

  /**
   * Add Annotation (the annotations feature's command) on the datasets of the panel's query, at the
   * time or over the span its chart was clicked or dragged across; then the chart reads them again.
   */
  async addAnnotation(panel: ResultsPanel, time?: number, endTime?: number): Promise<void> {
    const shown = this.shown.get(panel);
    const request = this.requests.get(panel);
    const apl = shown?.apl ?? request?.apl ?? '';
    try {
      // The annotations feature says it added one (onAnnotationsChanged): every chart, this one too, reads them again.
      await vscode.commands.executeCommand(
        ADD_ANNOTATION_COMMAND,
        addAnnotationArgs(queryDatasets(apl), time, endTime),
      );
    } catch (error) {
      this.deps.log.warn(`Add Annotation from the chart: ${String(error)}`);
    }
  }

  /** Every open panel that shows a result reads the annotations of its chart again (one read per panel, within the budget). */
  async rereadAnnotations(): Promise<void> {
    const panels = this.deps.panels.filter((panel) => !panel.disposed && this.shown.has(panel));
    if (!panels.length) return;
    // Without a client nothing is asked: the charts keep what they show.
    const client = await this.deps.connection.client().catch(() => undefined);
    if (!client) return;
    await Promise.all(
      panels.map(async (panel) => {
        const shown = this.shown.get(panel);
        const runId = this.latest.get(panel);
        if (!shown || runId === undefined) return;
        const chart = await this.annotations(client, shown.apl, shown.range);
        if (chart && this.latest.get(panel) === runId && !panel.disposed) panel.showAnnotations(runId, chart);
      }),
    );
  }

  /** Older panels let their results go when the results held pass the budget (resultsBudget.ts). */
  private keepWithinBudget(newest: ResultsPanel): void {
    for (const panel of resultsToDrop(this.deps.panels, newest, this.deps.keptCells())) {
      this.deps.log.info(`let the results of an older panel go (${panel.cells} values) to keep memory in bounds`);
      panel.drop();
    }
  }

  /** The window's client, or, without a token, the question that asks for one (undefined if none comes). */
  client(): Promise<AxiomClient | undefined> {
    return clientFor(this.deps.connection, {
      doing: phrase('Running the query'),
      why: localize('Sign in to Axiom (or set an API token) to run queries.'),
      log: this.deps.log,
    });
  }

  /**
   * One run of APL (or, with `language` 'mpl', of MPL through the edge's `_mpl`, its series as a
   * table: core/run/mplTable.ts) over a range, as every run goes (Run Query, a notebook's cells,
   * the agents' query tool): the client's
   * request with the query deadline, the limit note, the log line, and the failure as what it is —
   * stopped, a compile error (its place for the caller to show), or advice with its actions.
   */
  async query(
    client: AxiomClient,
    apl: string,
    range: TimeRange,
    signal: AbortSignal,
    runId = 0,
    source = 'query',
    firstRows?: (head: ResultsView) => unknown,
    language: QueryLanguage = 'apl',
  ): Promise<QueryOutcome> {
    const label = say(rangeLabel(range));
    const started = Date.now();
    const record = (
      outcome: RecordedOutcome,
      details: Pick<RecordedRun, 'rows' | 'message' | 'datasets' | 'flags'> = {},
    ) =>
      this.deps.record?.({
        apl,
        range,
        startedAt: started,
        durationMs: Date.now() - started,
        outcome,
        source,
        ...details,
      });
    // The text parsed once for the whole run: where it goes and what its limit note reads (queryPlan.ts).
    const plan = planQuery(apl, language);
    const view = (answer: TabularResult): ResultsView => {
      const limit =
        language === 'apl'
          ? explainLimitOf(plan.operators, answer.tables, panelLocale(vscode.env.language))
          : undefined;
      return {
        runId,
        query: apl,
        rangeLabel: label,
        tables: answer.tables,
        status: { ...answer.status, limitNote: limit && say(limit) },
      };
    };
    try {
      // With firstRows, a large answer's first rows are shown before the whole is parsed (runApl).
      const answer = await runPlanned(
        client,
        plan,
        rangeRequest(range),
        signal,
        firstRows && ((head) => firstRows(view(head))),
      );
      const result = view(answer);
      this.deps.log.info(
        `ran a query: ${answer.tables.map((t) => t.rowCount).join(' + ')} rows in ${Date.now() - started} ms`,
      );
      stepDone('queryRun');
      record(result.status.limitNote ? 'limited' : 'ok', {
        rows: answer.tables.reduce((sum, t) => sum + t.rowCount, 0),
        datasets: answer.datasetNames,
        flags: resultFlags(answer.status),
      });
      return { kind: 'result', result };
    } catch (error) {
      if (isAxiomError(error) && error.kind === 'cancelled') {
        record('failed', { message: localize('Cancelled') });
        return { kind: 'cancelled' };
      }
      const compile = isAxiomError(error) ? error.compile : undefined;
      if (compile) {
        record('compileError', { message: compile.message });
        return { kind: 'compile', compile, message: localize('The query does not compile: {0}', compile.message) };
      }
      const advice = adviceFor(error, phrase('Running the query'));
      this.deps.log.error(advice.message);
      record('failed', { message: say(advice.message) });
      return { kind: 'failed', advice, message: say(advice.message), error };
    }
  }

  /**
   * A panel VS Code brought back after a reload: it shows that it was, and Re-run runs its query
   * again (from its document, over the range now chosen). Without a state it could use, it closes
   * rather than stay an empty page.
   */
  restore(webviewPanel: vscode.WebviewPanel, state: PanelState | undefined): void {
    let documentUri: vscode.Uri | undefined;
    try {
      documentUri = state && vscode.Uri.parse(state.documentUri, true);
    } catch {
      documentUri = undefined;
    }
    if (!state || !documentUri) {
      this.deps.log.warn('a results panel open before the reload kept nothing to show again; closed');
      webviewPanel.dispose();
      return;
    }
    this.deps.log.info('a results panel open before the reload is back; Re-run shows its results again');
    const panel = this.track(
      new ResultsPanel(this.panelContext, state.documentUri, webviewPanel.title, { panel: webviewPanel, state }),
    );
    // No version of the document matches: a compile error of a re-run is not placed in it.
    const language = openDocument(state.documentUri)?.languageId === MPL_LANGUAGE_ID ? 'mpl' : 'apl';
    this.requests.set(panel, { apl: state.query, documentUri, version: -1, startOffset: 0, language });
  }

  /** Re-run: the panel's last query, in the same panel (pinned or not), over the range now chosen. */
  rerun(panel: ResultsPanel): void {
    const request = this.requests.get(panel);
    if (request) void this.run({ ...request, range: undefined }, panel);
  }

  cancel(panel: ResultsPanel): void {
    this.running.get(panel)?.abort();
  }

  /** The query and range of the results on screen, in the web app; with none yet (the first run
   *  failed), the query asked for over the range now chosen. */
  openInAxiom(panel: ResultsPanel): void {
    const request = this.requests.get(panel);
    const shown = this.shown.get(panel) ?? (request && { apl: request.apl, range: this.deps.timeRange.range });
    if (!shown) return;
    // An MPL query opens with its metrics dataset beside it, as the web app's form takes it.
    const metricsDataset = request?.language === 'mpl' ? mplDataset(shown.apl) : undefined;
    void openAppPage(
      this.deps.deployments,
      phrase('Opening the query in Axiom'),
      (endpoint, orgId) => queryLink(endpoint, orgId, shown.apl, shown.range, undefined, metricsDataset),
      this.deps.connection.handlers,
    );
  }

  export(
    panel: ResultsPanel,
    format: 'csv' | 'json',
    table: number,
    target?: vscode.Uri,
  ): Promise<vscode.Uri | undefined> {
    const result = panel.result;
    const chosen = result?.tables[table];
    if (!result || !chosen) return Promise.resolve(undefined);
    return exportTable(chosen, format, titleFor(result.query), this.deps.log, target);
  }

  /** The service's compile error as a diagnostic where it is in the document (a notebook cell is one), unless the text moved since. */
  showCompileError(request: RunRequest, compile: CompileError): void {
    const document = openDocument(request.documentUri.toString());
    // The text moved since it was sent: the place the service names is no longer where it was.
    if (!document || document.version !== request.version) return;
    const { start, end } = compileErrorRange(
      compile,
      { text: request.apl, startOffset: request.startOffset },
      document.getText(),
    );
    const diagnostic = new vscode.Diagnostic(
      new vscode.Range(document.positionAt(start), document.positionAt(end)),
      compile.message,
      vscode.DiagnosticSeverity.Error,
    );
    diagnostic.source = DIAGNOSTIC_SOURCE;
    this.diagnostics.set(document.uri, [diagnostic]);
  }

  /** The document's panel, unless it is pinned or closed: then a new one, where axiom.results.position
   *  says (a run that asks while it opens waits for it rather than open a second). */
  private async panelFor(documentUri: vscode.Uri): Promise<ResultsPanel> {
    const key = documentUri.toString();
    const reusable = [...this.deps.panels]
      .reverse()
      .find((p) => p.documentUri === key && !p.pinned && !this.closedDocuments.has(p));
    if (reusable) return reusable;
    const opening = this.opening.get(key);
    if (opening) return opening;
    // Named by its document: several panels of queries on the same dataset stay told apart.
    const name = documentUri.path.split('/').pop() || documentUri.toString();
    const resultsColumns = [...this.deps.panels]
      .filter((p) => !p.disposed)
      .sort((a, b) => a.lastUsed - b.lastUsed)
      .map((p) => p.panel.viewColumn);
    const opened = openWhereResultsGo(key, resultsColumns, (column) =>
      this.track(new ResultsPanel(this.panelContext, key, localize('Results: {0}', name), column)),
    ).finally(() => this.opening.delete(key));
    this.opening.set(key, opened);
    return opened;
  }

  /** A new panel among the open ones, until it closes. */
  private track(panel: ResultsPanel): ResultsPanel {
    const panels = this.deps.panels;
    panels.push(panel);
    panel.onDidDispose(() => {
      this.running.get(panel)?.abort();
      const index = panels.indexOf(panel);
      if (index >= 0) panels.splice(index, 1);
    });
    return panel;
  }

  dispose(): void {
    for (const listener of this.listeners) listener.dispose();
    for (const panel of [...this.deps.panels]) panel.dispose();
    this.diagnostics.dispose();
  }
}
