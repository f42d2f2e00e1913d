import * as vscode from 'vscode';
import type { AxiomClient } from '../core/api/client';
import { adviceFor } from '../core/api/errorAdvice';
import { isAxiomError } from '../core/api/errors';
import { RequestBudget } from '../core/api/requestBudget';
import type { RecordedRun } from '../core/history/historyStore';
import { fieldText, type JsonObject } from '../core/json';
import { evaluate } from '../core/monitors/dryRun';
import { dryRunHistoryRun, dryRunMonitor, type DryRunEnding } from '../core/monitors/dryRunMonitor';
import {
  DRY_RUN_WORDS,
  readDryRunPageMessage,
  samplesFromMessage,
  type DryRunHostMessage,
  type DryRunResult,
} from '../core/monitors/dryRunProtocol';
import { DEFAULT_DRY_RUN_MS } from '../core/monitors/dryRunPlan';
import { queryField, readSettingsText } from '../core/monitors/monitorDocuments';
import { phrase } from '../core/phrase';
import {
  ADD_ANNOTATION_COMMAND,
  addAnnotationArgs,
  queryDatasets,
  readAnnotationsForChart,
  type AnnotationRequest,
  type ChartAnnotations,
  type ChartRange,
} from '../core/run/chartAnnotations';
import type { ClientAccess } from '../platform/clientAccess';
import { localize, say } from '../platform/l10n';
import type { Log } from '../platform/log';
import { pageOptions, setPage } from '../platform/webviewPage';
import type { MonitorFiles } from './monitorFiles';
import type { MonitorsView } from './monitorsView';
import { monitorFromArgs } from './pickMonitor';

export const DRY_RUN_VIEW_TYPE = 'axiom.dryRun';

interface Deps {
  access: ClientAccess;
  log: Log;
  view: MonitorsView;
  files: MonitorFiles;
  extensionUri: vscode.Uri;
  /** Records a dry run in the query history (the history feature's record). */
  record?(run: RecordedRun): void;
}

/** An open panel: the page, once it said it is ready, and what a change of its period runs. */
interface OpenPanel {
  panel: vscode.WebviewPanel;
  ready: Promise<void>;
  rerun?: (periodMs: number) => void;
  /** What the chart's annotation link or Add Annotation does. */
  annotate?: (request: AnnotationRequest) => void;
}

/** The datasets of a monitor's APL query (an MPL query names none the chart can ask about). */
function monitorDatasets(definition: JsonObject): string[] {
  return queryField(definition) === 'aplQuery' ? queryDatasets(fieldText(definition.aplQuery)) : [];
}

/** The dry run chart's annotations: those of the monitor's datasets over the period. */
function dryRunAnnotations(
  client: AxiomClient,
  definition: JsonObject,
  range: ChartRange,
  budget: RequestBudget,
  signal: AbortSignal,
): Promise<ChartAnnotations | undefined> {
  return readAnnotationsForChart(
    async (filter, aborted) => (await client.listAnnotations(filter, aborted)).annotations,
    monitorDatasets(definition),
    range,
    budget,
    signal,
  );
}

/** The chart's link, through VS Code's opener (with its prompt), or Add Annotation on the monitor's datasets. */
function addDryRunAnnotation(definition: JsonObject, request: AnnotationRequest, log: Log): void {
  if (request.type === 'openAnnotationUrl') {
    void vscode.env.openExternal(vscode.Uri.parse(request.url, true));
    return;
  }
  vscode.commands
    .executeCommand(
      ADD_ANNOTATION_COMMAND,
      addAnnotationArgs(monitorDatasets(definition), request.time, request.endTime),
    )
    .then(undefined, (error: unknown) => log.warn(`Add Annotation from the dry run's chart: ${String(error)}`));
}

/** What a dry run found (also what the command returns, for tests). */
export interface DryRunReport {
  name: string;
  count: number;
  realAlerts: number;
  queries: number;
  runs: number;
  /** Why nothing was asked (an MPL monitor). */
  noQuery?: string;
}

/**
 * The dry run: what the monitor as edited (its open query and settings documents, saved or not)
 * would have done over a period, beside the alerts it really raised then, in a panel with a chart.
 * Queries go through a budget as the status sweep's (4 in flight, half the announced limit), with
 * progress and cancel.
 */
export function dryRunCommand(deps: Deps) {
  /** The open panels, per deployment and monitor: the page, once it said it is ready, and what a change of period runs. */
  const panels = new Map<string, OpenPanel>();

  /** The monitor's definition as edited: the record, with the settings and the query documents' texts over it. */
  function edited(record: JsonObject, deployment: string, id: string): JsonObject {
    const definition: JsonObject = { ...record };
    const settings = deps.files.documentsOf({ id, deployment, part: 'settings' })[0];
    if (settings) {
      const read = readSettingsText(settings.getText());
      if (read.ok) Object.assign(definition, read.definition);
    }
    const query = deps.files.documentsOf({ id, deployment, part: 'query' })[0];
    if (query) definition[queryField(record)] = query.getText();
    return definition;
  }

  /** One dry run, recorded in the query history however it ends (an MPL monitor's is not: nothing ran). */
  async function run(
    client: AxiomClient,
    definition: JsonObject,
    periodMs: number,
    post: (message: DryRunHostMessage) => void,
    token: vscode.CancellationToken,
    progress: vscode.Progress<{ message?: string; increment?: number }>,
    chart: { annotations?: Promise<ChartAnnotations | undefined> } = {},
  ): Promise<DryRunResult> {
    const to = Date.now();
    const budget = new RequestBudget({ maxInFlight: 4, share: 0.5, assumedLimit: 60 });
    const listening = deps.access.onRateLimit((limit) => budget.observe(limit));
    const cancel = new AbortController();
    const onCancel = token.onCancellationRequested(() => cancel.abort());
    const record = (ending: DryRunEnding) => {
      const ran = dryRunHistoryRun(definition, { to, periodMs }, to, Date.now(), ending);
      if (ran) deps.record?.(ran);
    };
    // The chart's annotations: one read alongside the queries, within their budget (sent after the result).
    chart.annotations = dryRunAnnotations(client, definition, { from: to - periodMs, to }, budget, cancel.signal);
    try {
      let reported = 0;
      const done = await dryRunMonitor(client, definition, {
        to,
        periodMs,
        budget,
        signal: cancel.signal,
        say,
        progress: (count, total) => {
          post({ type: 'progress', done: count, total });
          progress.report({
            message: localize('{0} of {1} queries', count, total),
            increment: ((count - reported) / total) * 100,
          });
          reported = count;
        },
      });
      record({ outcome: 'ok', rows: done.rows, datasets: done.datasets });
      return done.result;
    } catch (error) {
      if (isAxiomError(error) && error.kind === 'cancelled')
        record({ outcome: 'failed', message: localize('Cancelled') });
      else if (isAxiomError(error) && error.compile)
        record({ outcome: 'compileError', message: error.compile.message });
      else record({ outcome: 'failed', message: say(adviceFor(error, phrase('The dry run')).message) });
      throw error;
    } finally {
      listening.dispose();
      onCancel.dispose();
    }
  }

  function panelFor(key: string, name: string): OpenPanel {
    const open = panels.get(key);
    if (open) {
      open.panel.reveal(vscode.ViewColumn.Beside, true);
      return open;
    }
    const title = localize('Dry Run: {0}', name);
    const panel = vscode.window.createWebviewPanel(
      DRY_RUN_VIEW_TYPE,
      title,
      { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
      { ...pageOptions(deps.extensionUri), retainContextWhenHidden: true },
    );
    const webview = panel.webview;
    setPage(webview, deps.extensionUri, { bundle: 'dryRun', title, words: DRY_RUN_WORDS });
    let isReady: () => void = () => undefined;
    const entry: OpenPanel = { panel, ready: new Promise<void>((resolve) => (isReady = resolve)) };
    webview.onDidReceiveMessage((raw: unknown) => {
      const message = readDryRunPageMessage(raw);
      if (message?.type === 'ready') isReady();
      else if (message?.type === 'period') entry.rerun?.(message.periodMs);
      else if (message) entry.annotate?.(message);
    });
    panels.set(key, entry);
    panel.onDidDispose(() => panels.delete(key));
    return entry;
  }

  /** Runs the dry run of the monitor (a row, a monitor, one of its documents, or the active editor's) and shows it. */
  return async function dryRun(arg?: unknown): Promise<DryRunReport | undefined> {
    const uri =
      arg instanceof vscode.Uri ? arg : arg === undefined ? vscode.window.activeTextEditor?.document.uri : undefined;
    const location = uri && deps.files.locate(uri);
    const id = location?.id ?? (await monitorFromArgs(arg, deps.view))?.id;
    if (!id) return undefined;
    const session = await deps.access.session().catch(() => undefined);
    const client = session?.client;
    if (!session || !client) {
      void vscode.window.showWarningMessage(localize('Set an Axiom API token first.'));
      return undefined;
    }
    const deployment = location?.deployment ?? session.deployment.name;
    let periodMs = DEFAULT_DRY_RUN_MS;
    let shown: OpenPanel | undefined;
    const once = async (): Promise<DryRunReport | undefined> => {
      try {
        // A new monitor not created yet (a draft) is what its documents say; any other is read afresh.
        const record = deps.files.draftDefinition(deployment, id) ?? (await client.getMonitor(id)).raw;
        const definition = edited(record, deployment, id);
        const name = fieldText(definition.name, id);
        shown ??= panelFor(`${deployment}\u0000${id}`, name);
        shown.rerun = (ms) => {
          periodMs = ms;
          void once();
        };
        const target = shown.panel;
        const chart: { annotations?: Promise<ChartAnnotations | undefined> } = {};
        shown.annotate = (request) => addDryRunAnnotation(definition, request, deps.log);
        const post = (message: DryRunHostMessage) => void target.webview.postMessage(message);
        const result = await vscode.window.withProgress(
          {
            location: vscode.ProgressLocation.Notification,
            title: localize('Dry run of “{0}”', name),
            cancellable: true,
          },
          (progress, token) => run(client, definition, periodMs, post, token, progress, chart),
        );
        await shown.ready;
        post(result);
        const annotations = await chart.annotations;
        if (annotations) post({ type: 'annotations', chart: annotations });
        const outcome =
          result.noVerdict || result.matches || result.noQuery
            ? undefined
            : evaluate(samplesFromMessage(result), result.rule);
        return {
          name,
          count: outcome?.alerts.length ?? 0,
          realAlerts: result.realAlerts.length,
          queries: result.queries,
          runs: result.runs.length,
          ...(result.noQuery ? { noQuery: result.noQuery } : {}),
        };
      } catch (error) {
        const advice = adviceFor(error, phrase('The dry run'));
        deps.log.error(advice.message);
        const message = say(advice.message);
        if (shown) void shown.panel.webview.postMessage({ type: 'failed', message } satisfies DryRunHostMessage);
        else void vscode.window.showErrorMessage(message);
        return undefined;
      }
    };
    return once();
  };
}
