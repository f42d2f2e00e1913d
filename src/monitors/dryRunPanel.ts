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
  type DryRunRuleMessage,
} from '../core/monitors/dryRunProtocol';
import { DEFAULT_DRY_RUN_MS, DRY_RUN_IN_FLIGHT } from '../core/monitors/dryRunPlan';
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
import { MONITOR_EDIT_COLUMNS } from './monitorEditColumns';
import { stepDone } from '../platform/walkthroughSteps';

export const DRY_RUN_VIEW_TYPE = 'axiom.dryRun';

interface Deps {
  access: ClientAccess;
  log: Log;
  view: MonitorsView;
  files: MonitorFiles;
  extensionUri: vscode.Uri;
  /** Records a dry run in the query history (the history feature's record). */
  record?(run: RecordedRun): void;
  /** Sets a field of a monitor's settings document, as the settings form does (the form's own edit). */
  editSetting?(uri: vscode.Uri, key: string, value: unknown): Promise<unknown>;
  /** Heard when an annotation was added, changed or deleted: each open chart reads its annotations again. */
  onAnnotationsChanged?: vscode.Event<void>;
}

/** An open panel: the page, once it said it is ready, and what a change of its period runs. */
interface OpenPanel {
  panel: vscode.WebviewPanel;
  ready: Promise<void>;
  rerun?: (periodMs: number) => void;
  /** Handles what the page sends. */
  heard(raw: unknown): void;
  /** What the chart's annotation link or Add Annotation does. */
  annotate?: (request: AnnotationRequest) => void;
  /** Reads the shown chart's annotations again and sends them to the page (once a result is shown). */
  rereadAnnotations?: () => Promise<void>;
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

/** What a run tells of its chart: its annotations' read, and the range they are of. */
interface DryRunChart {
  annotations?: Promise<ChartAnnotations | undefined>;
  range?: ChartRange;
}

/** A message posted to the page of a monitor's dry run. */
export interface DryRunPosted {
  deployment: string;
  id: string;
  message: DryRunHostMessage;
}

/** How often the result so far is sent while queries answer: a few times a second, not once per query. */
const PARTIAL_EVERY_MS = 150;

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
  const posted = new vscode.EventEmitter<DryRunPosted>();
  // An annotation added, changed or deleted (here, in a view, by an agent): every open chart reads its own again.
  deps.onAnnotationsChanged?.(() => {
    for (const open of panels.values()) void open.rereadAnnotations?.();
  });
  const keyOf = (deployment: string, id: string) => `${deployment}\u0000${id}`;

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
    chart: DryRunChart = {},
  ): Promise<DryRunResult> {
    const to = Date.now();
    chart.range = { from: to - periodMs, to };
    const budget = new RequestBudget({ maxInFlight: DRY_RUN_IN_FLIGHT, share: 0.5, assumedLimit: 60 });
    const listening = deps.access.onRateLimit((limit) => budget.observe(limit));
    const cancel = new AbortController();
    const onCancel = token.onCancellationRequested(() => cancel.abort());
    const record = (ending: DryRunEnding) => {
      const ran = dryRunHistoryRun(definition, { to, periodMs }, to, Date.now(), ending);
      if (ran) deps.record?.(ran);
    };
    // The result so far: the first at once (the rule, nothing seen), then at most every PARTIAL_EVERY_MS.
    let sentAt = 0;
    let latest: (() => DryRunResult) | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const send = () => {
      timer = undefined;
      sentAt = Date.now();
      if (latest) post(latest());
      latest = undefined;
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
        partial: (soFar) => {
          latest = soFar;
          const wait = sentAt + PARTIAL_EVERY_MS - Date.now();
          if (wait <= 0 && !timer) send();
          else timer ??= setTimeout(send, Math.max(0, wait));
        },
        progress: (count, total) => {
          progress.report({
            message: localize('{0} of {1} queries', count, total),
            increment: ((count - reported) / total) * 100,
          });
          reported = count;
        },
      });
      record({ outcome: 'ok', rows: done.rows, datasets: done.datasets });
      stepDone('dryRun');
      return done.result;
    } catch (error) {
      if (isAxiomError(error) && error.kind === 'cancelled')
        record({ outcome: 'failed', message: localize('Cancelled') });
      else if (isAxiomError(error) && error.compile)
        record({ outcome: 'compileError', message: error.compile.message });
      else record({ outcome: 'failed', message: say(adviceFor(error, phrase('The dry run')).message) });
      throw error;
    } finally {
      if (timer) clearTimeout(timer);
      listening.dispose();
      onCancel.dispose();
    }
  }

  /** The monitor's settings document, when it is open (the form's). */
  const settingsOf = (deployment: string, id: string) =>
    deps.files.documentsOf({ id, deployment, part: 'settings' })[0];

  /** The operator and threshold of a settings document's text, when it reads. */
  function ruleIn(document: vscode.TextDocument): DryRunRuleMessage | undefined {
    const read = readSettingsText(document.getText());
    if (!read.ok) return undefined;
    const { operator, threshold } = read.definition;
    return typeof operator === 'string' && typeof threshold === 'number'
      ? { type: 'rule', operator, threshold }
      : undefined;
  }

  function panelFor(key: string, name: string, deployment: string, id: string): OpenPanel {
    const open = panels.get(key);
    if (open) {
      open.panel.reveal(MONITOR_EDIT_COLUMNS.side, true);
      return open;
    }
    const title = localize('Dry Run: {0}', name);
    const panel = vscode.window.createWebviewPanel(
      DRY_RUN_VIEW_TYPE,
      title,
      { viewColumn: MONITOR_EDIT_COLUMNS.side, preserveFocus: true },
      { ...pageOptions(deps.extensionUri), retainContextWhenHidden: true },
    );
    const webview = panel.webview;
    setPage(webview, deps.extensionUri, { bundle: 'dryRun', title, words: DRY_RUN_WORDS });
    let isReady: () => void = () => undefined;
    const entry: OpenPanel = {
      panel,
      ready: new Promise<void>((resolve) => (isReady = resolve)),
      heard: (raw) => {
        const message = readDryRunPageMessage(raw);
        if (message?.type === 'ready') isReady();
        else if (message?.type === 'period') entry.rerun?.(message.periodMs);
        else if (message?.type === 'rule') void ruleFromPage(message);
        else if (message) entry.annotate?.(message);
      },
    };
    webview.onDidReceiveMessage((raw: unknown) => entry.heard(raw));
    // One threshold: the settings form's. A change there is told to the page; one in the page is
    // made in the form's document (when it is open), which tells the form.
    const ruleFromPage = async (rule: DryRunRuleMessage) => {
      const settings = settingsOf(deployment, id);
      if (!settings || !deps.editSetting) return;
      const now = ruleIn(settings);
      if (now?.operator !== rule.operator) await deps.editSetting(settings.uri, 'operator', rule.operator);
      if (now?.threshold !== rule.threshold) await deps.editSetting(settings.uri, 'threshold', rule.threshold);
    };
    const watching = vscode.workspace.onDidChangeTextDocument(({ document }) => {
      const location = deps.files.locate(document.uri);
      if (location?.id !== id || location.deployment !== deployment || location.part !== 'settings') return;
      const rule = ruleIn(document);
      if (rule) void entry.ready.then(() => postTo(deployment, id, rule));
    });
    panels.set(key, entry);
    panel.onDidDispose(() => {
      watching.dispose();
      panels.delete(key);
    });
    return entry;
  }

  /** Whether the panel of a monitor's dry run was closed. */
  const disposed = (deployment: string, id: string) => !panels.has(keyOf(deployment, id));

  /** Posts to the page of a monitor's dry run, and tells whoever listens (the tests inside VS Code). */
  function postTo(deployment: string, id: string, message: DryRunHostMessage): void {
    const open = panels.get(keyOf(deployment, id));
    if (!open) return;
    void open.panel.webview.postMessage(message);
    posted.fire({ deployment, id, message });
  }

  /** Runs the dry run of the monitor (a row, a monitor, one of its documents, or the active editor's) and shows it. */
  async function dryRun(arg?: unknown): Promise<DryRunReport | undefined> {
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
    /** The runs of this panel: a re-read belongs to the latest. */
    let runs = 0;
    const once = async (): Promise<DryRunReport | undefined> => {
      try {
        // A new monitor not created yet (a draft) is what its documents say; any other is read afresh.
        const record = deps.files.draftDefinition(deployment, id) ?? (await client.getMonitor(id)).raw;
        const definition = edited(record, deployment, id);
        const name = fieldText(definition.name, id);
        shown ??= panelFor(keyOf(deployment, id), name, deployment, id);
        shown.rerun = (ms) => {
          periodMs = ms;
          void once();
        };
        const { ready } = shown;
        // What is sent before the page said it is ready would be lost: it waits.
        const post = (message: DryRunHostMessage) => void ready.then(() => postTo(deployment, id, message));
        const chart: DryRunChart = {};
        shown.annotate = (request) => addDryRunAnnotation(definition, request, deps.log);
        const runOfPanel = ++runs;
        shown.rereadAnnotations = undefined;
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
        const range = chart.range;
        // The chart's annotations read again over the same range (one read, its own budget), while this run is the one shown.
        if (range)
          shown.rereadAnnotations = async () => {
            const budget = new RequestBudget({ maxInFlight: 1, share: 0.5, assumedLimit: 60 });
            const again = await dryRunAnnotations(client, definition, range, budget, new AbortController().signal);
            if (again && runOfPanel === runs && !disposed(deployment, id)) post({ type: 'annotations', chart: again });
          };
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
        if (shown) postTo(deployment, id, { type: 'failed', message });
        else void vscode.window.showErrorMessage(message);
        return undefined;
      }
    };
    return once();
  }

  return Object.assign(dryRun, {
    /** Each message posted to a dry run's page (the tests inside VS Code hear the page's side here). */
    onDidPost: posted.event,
    /** What the page of the dry run of a monitor's document sends, handled as its messages are (the tests send them here). */
    receive(uri: vscode.Uri, raw: unknown): void {
      const location = deps.files.locate(uri);
      if (location) panels.get(keyOf(location.deployment, location.id))?.heard(raw);
    },
  });
}

export type DryRunPanels = ReturnType<typeof dryRunCommand>;
