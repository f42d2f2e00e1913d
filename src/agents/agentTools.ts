// The language model tools' implementations, loaded the first time a tool is prepared or called
// (bundled apart as dist/agents.js; see src/composition.ts). Each call: the input is checked, the window's
// deployment and client are taken together, requests go through a budget of their own, and the
// answer is text sized to a budget that names the deployment and frames what came from the
// service as data. Nothing here asks the person anything: a tool that changes something is
// confirmed by VS Code, from what prepareInvocation says, and prepareInvocation is where the write
// is resolved (core/agents/preparedWrites.ts): the call sends exactly what was shown, or nothing.
import {
  chartUpdatedReport,
  dashboardConflictReport,
  dashboardReport,
  dashboardsReport,
} from '../core/agents/dashboardReports';
import * as vscode from 'vscode';
import type { Deployment } from '../core/accounts/deployments';
import type { AxiomClient } from '../core/api/client';
import { cancelledError, isAxiomError } from '../core/api/errors';
import { resolveEndpoint } from '../core/api/baseUrl';
import { maskSecrets } from '../core/api/secrets';
import { datasetFromApl } from '../core/apl/aplText';
import { monitorLink, queryLink } from '../core/links';
import { escapeMarkdown, fencedCode } from '../core/markdown';
import { statusFromHistory, type MonitorStatus } from '../core/monitors/monitorStatus';
import { render } from '../core/phrase';
import { explainLimit } from '../core/run/limits';
import { queryToRun } from '../core/run/queryText';
import { customRange, rangeLabel, rangeRequest, type TimeRange } from '../core/run/timeRange';
import { loadStarredPages } from '../core/starred/starredPages';
import type { StarredQuery } from '../core/api/starred';
import { aplReferenceReport } from '../core/agents/aplReferenceReport';
import {
  isWriteTool,
  matchMonitor,
  prepareWrite,
  Preparations,
  sendPrepared,
  type Preparation,
  type SettingChange,
  type WriteTool,
} from '../core/agents/preparedWrites';
import {
  activeQueryReport,
  callFailedReport,
  compileErrorReport,
  datasetsReport,
  deploymentMovedReport,
  fieldsReport,
  historyReport,
  monitorConflictReport,
  monitorSavedReport,
  monitorsReport,
  annotationDoneReport,
  annotationsReport,
  notPreparedReport,
  queryReport,
  starredDoneReport,
  starredReport,
  unpreparedReport,
  type ActiveQuery,
  type StatusKnown,
} from '../core/agents/reports';
import {
  budgetFor,
  quoted,
  renderReport,
  signInReport,
  type Budget,
  type DeploymentLabel,
  type ToolReport,
} from '../core/agents/resultText';
import { ToolBudget } from '../core/agents/toolBudget';
import { eventPlaces, locateEvents, withLocations } from '../core/agents/workspaceLocations';
import type { ResultTable } from '../core/api/tabular';
import { resolvePlace } from '../platform/codeLocations';
import { TOOL_NAMES, type ToolInputs, type ToolName } from '../core/agents/toolSpecs';
import { validateInput } from '../core/agents/validate';
import { APL_LANGUAGE_ID } from '../platform/constants';
import type { ClientAccess } from '../platform/clientAccess';
import type { AgentRunner } from './agentRunner';
import { load } from '../platform/lazy';
import type { Log } from '../platform/log';
import { ChatQueries, handleChat } from './chatParticipant';
import { listDatasets } from '../core/datasets/datasets';
import {
  foundTracesReport,
  traceNotFoundReport,
  traceReport,
  whichTracesDatasetReport,
} from '../core/agents/traceReports';
import { findTraces } from '../core/traces/findTraces';
import { lookUpTrace } from '../core/traces/traceQuery';
import { TRACES_KIND } from '../core/traces/spans';
import { localize } from '../platform/l10n';

/** What the tools need of the monitors feature: the statuses its view keeps, and reading more. */
export interface MonitorStatuses {
  status(monitorId: string): MonitorStatus | undefined;
  readStatuses(ids: readonly string[], signal: AbortSignal): Promise<{ forbidden: boolean }>;
}

export interface AgentToolDeps {
  access: ClientAccess;
  monitors: MonitorStatuses;
  /** The time range in the status bar. */
  timeRange: () => TimeRange;
  /** The one query runner: the query tool runs through it (its limits, its errors), recorded in the query history as an agent's run. */
  runner: () => AgentRunner;
  log: Log;
  /** Told of a query starred, to show it at once (the Starred Queries view). */
  onStarred: (created: StarredQuery) => void;
  /** Opens APL in a new editor, and runs it there when asked (the chat participant's buttons). */
  openQuery: (apl: string, run: boolean) => Promise<void>;
  /** Told of an annotation created, so that charts read them again. */
  onAnnotated: () => void;
}

/** Most histories one axiom_listMonitors call reads for statuses not known yet. */
const STATUS_READS_PER_CALL = 25;
/** The APL reference is the extension's own text: it may take more room than a result. */
const REFERENCE_BUDGET: Budget = { rows: 400, chars: 20_000 };

type Session = { label: DeploymentLabel; deployment: Deployment; client: AxiomClient };

export class AgentTools implements vscode.Disposable {
  /** The tools' own requests (monitor histories go through the status checks' budget). */
  private readonly budget = new ToolBudget();
  /** The writes prepared and not yet called (see core/agents/preparedWrites.ts). */
  private readonly preparations = new Preparations();
  private readonly subscription: vscode.Disposable;
  private readonly tools = new Map<ToolName, vscode.LanguageModelTool<unknown>>();
  private readonly queries = new ChatQueries();

  constructor(private readonly deps: AgentToolDeps) {
    this.subscription = deps.access.onRateLimit((limit) => this.budget.observe(limit));
    for (const name of TOOL_NAMES) {
      this.tools.set(name, {
        invoke: (options, token) => this.invoke(name, options, token),
        prepareInvocation: (options, token) => this.prepare(name, options.input, token),
      });
    }
  }

  /** The tool of that name; for a name package.json declares that this code does not know (a
   *  build out of step), one that says so. */
  tool(name: string): vscode.LanguageModelTool<unknown> {
    return (
      this.tools.get(name as ToolName) ?? {
        invoke: () =>
          new vscode.LanguageModelToolResult([
            new vscode.LanguageModelTextPart(
              `The tool ${name} is not available in this version of the Axiom extension.`,
            ),
          ]),
      }
    );
  }

  /** A request to @axiom. Its tools are called here, in this process: only reading ones. */
  chat(
    request: vscode.ChatRequest,
    context: vscode.ChatContext,
    stream: vscode.ChatResponseStream,
    token: vscode.CancellationToken,
  ): Promise<vscode.ChatResult> {
    const invokeTool = async (name: string, input: Record<string, unknown>, cancel: vscode.CancellationToken) => {
      if (isWriteTool(name)) throw new Error('the chat participant does not change anything');
      const result = await this.invoke(name as ToolName, { input, toolInvocationToken: undefined }, cancel);
      return result.content.map((part) => (part instanceof vscode.LanguageModelTextPart ? part.value : '')).join('');
    };
    return handleChat(request, context, stream, token, invokeTool, this.queries);
  }

  /** A button of the participant's answer: its APL in a new editor, run there when asked. An
   *  argument that names no answer of this session does nothing. */
  async openChatQuery(arg: unknown): Promise<void> {
    const { id, run } = (typeof arg === 'object' && arg !== null ? arg : {}) as { id?: unknown; run?: unknown };
    const apl = this.queries.get(id);
    if (apl !== undefined) await this.deps.openQuery(apl, run === true);
  }

  /** The message while a tool runs; for a tool that changes something, its preparation and confirmation. */
  async prepare(
    name: ToolName,
    input: unknown,
    token?: vscode.CancellationToken,
  ): Promise<vscode.PreparedToolInvocation> {
    if (!isWriteTool(name)) return { invocationMessage: localize('Asking Axiom ({0})…', name) };
    const checked = validateInput(name, input);
    // Invalid input is said by the call, which sends nothing for it.
    if (!checked.ok) return { invocationMessage: localize('Checking the input…') };
    const controller = new AbortController();
    const cancel = token?.onCancellationRequested(() => controller.abort());
    try {
      const preparation = await prepareWrite(name, checked.value, () => this.deps.access.session(), {
        gate: (request) => this.budget.gate(request, controller.signal),
        signal: controller.signal,
      });
      this.preparations.remember(Preparations.key(name, input), preparation);
      return confirmationOf(preparation);
    } finally {
      cancel?.dispose();
    }
  }

  async invoke(
    name: ToolName,
    options: vscode.LanguageModelToolInvocationOptions<unknown>,
    token: vscode.CancellationToken,
  ): Promise<vscode.LanguageModelToolResult> {
    const started = Date.now();
    const controller = new AbortController();
    const cancel = token.onCancellationRequested(() => controller.abort());
    let report: ToolReport;
    let budget = budgetFor({ tokenBudget: options.tokenizationOptions?.tokenBudget });
    const checked = validateInput(name, options.input);
    try {
      if (!checked.ok) {
        report = { lines: [`The input of ${name} is not valid, so nothing was sent: ${checked.problems.join('; ')}.`] };
      } else if (name === 'axiom_getAplReference') {
        budget = {
          rows: REFERENCE_BUDGET.rows,
          chars: Math.max(
            budget.chars,
            Math.min(REFERENCE_BUDGET.chars, (options.tokenizationOptions?.tokenBudget ?? Infinity) * 3),
          ),
        };
        report = aplReferenceReport((checked.value as ToolInputs['axiom_getAplReference']).search, load('apl'));
      } else if (name === 'axiom_getActiveQuery') {
        report = activeQueryReport(await this.label().catch(() => undefined), this.activeQuery());
      } else if (isWriteTool(name)) {
        report = await this.sendWrite(name, options.input, controller.signal);
      } else {
        if (name === 'axiom_runQuery')
          budget = budgetFor({
            tokenBudget: options.tokenizationOptions?.tokenBudget,
            maxRows: (checked.value as ToolInputs['axiom_runQuery']).maxRows,
          });
        report = await this.withSession(name, (session) => this.call(name, checked.value, session, controller.signal));
      }
    } finally {
      cancel.dispose();
    }
    const { text, cut } = renderReport(report, budget);
    this.deps.log.info(
      `agent tool ${name}: ${text.length} characters${cut ? ' (cut to the budget)' : ''} in ${Date.now() - started} ms`,
    );
    return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(text)]);
  }

  /** The deployment and its client; without a token, how to sign in; a failure said as one. */
  private async withSession(name: ToolName, use: (session: Session) => Promise<ToolReport>): Promise<ToolReport> {
    let label: DeploymentLabel | undefined;
    try {
      const { deployment, client } = await this.deps.access.session();
      label = deploymentLabel(deployment);
      if (!client) return signInReport(label);
      return await use({ label, deployment, client });
    } catch (error) {
      return callFailedReport(label, name, error);
    }
  }

  /**
   * A write: its own preparation taken (the one VS Code's confirmation showed), then exactly what
   * was prepared sent, or nothing when it could not be prepared or anything moved since.
   */
  private async sendWrite(name: WriteTool, input: unknown, signal: AbortSignal): Promise<ToolReport> {
    const preparation = this.preparations.take(Preparations.key(name, input));
    let label: DeploymentLabel | undefined;
    try {
      const now = await this.deps.access.session();
      label = deploymentLabel(now.deployment);
      if (!preparation) return notPreparedReport(label);
      if (!preparation.ok)
        return unpreparedReport(
          preparation.deployment ? deploymentLabel(preparation.deployment) : label,
          name,
          preparation.why,
        );
      const outcome = await sendPrepared(preparation, now, {
        gate: (request) => this.budget.gate(request, signal),
        signal,
      });
      const { plan } = preparation;
      const { orgId } = preparation.deployment;
      const link = (id: string) => (orgId && now.client ? monitorLink(now.client.endpoint, orgId, id) : undefined);
      switch (outcome.kind) {
        case 'moved':
          return deploymentMovedReport(label, deploymentLabel(preparation.deployment));
        case 'signedOut':
          return signInReport(label);
        case 'conflict':
          return monitorConflictReport(label, plan.tool === 'axiom_updateMonitor' ? plan.id : '', outcome.fields);
        case 'updated': {
          const fields = plan.tool === 'axiom_updateMonitor' ? plan.changes.map(([field]) => field) : [];
          this.deps.log.info(`agent tool updated monitor ${outcome.record.monitor.id}: ${fields.join(', ')}`);
          return monitorSavedReport(label, outcome.record.monitor, 'updated', fields, link(outcome.record.monitor.id));
        }
        case 'created': {
          const { monitor } = outcome.record;
          this.deps.log.info(`agent tool created monitor ${monitor.id}`);
          const fields = plan.tool === 'axiom_createMonitor' ? Object.keys(plan.body) : [];
          return monitorSavedReport(label, monitor, 'created', fields, link(monitor.id));
        }
        case 'chartUpdated': {
          const { uid, chartId, changes } = plan as Extract<typeof plan, { tool: 'axiom_updateDashboardChart' }>;
          this.deps.log.info(`agent tool updated chart ${chartId} of dashboard ${uid}`);
          return chartUpdatedReport(
            label,
            outcome.record,
            chartId,
            changes.map(([field]) => field),
          );
        }
        case 'dashboardConflict':
          return dashboardConflictReport(label, outcome.uid);
        case 'annotated': {
          this.deps.log.info(`agent tool created annotation ${outcome.created.id}`);
          this.deps.onAnnotated();
          return annotationDoneReport(label, outcome.created);
        }
        case 'starred': {
          const { created } = outcome;
          this.deps.log.info(`agent tool starred query ${created.id}`);
          this.deps.onStarred(created);
          return starredDoneReport(
            label,
            created,
            orgId && now.client ? queryLink(now.client.endpoint, orgId, created.query.apl) : undefined,
          );
        }
      }
    } catch (error) {
      return callFailedReport(label, name, error);
    }
  }

  private async label(): Promise<DeploymentLabel> {
    return deploymentLabel(await this.deps.access.deployment());
  }

  /** A request within the tools' budget, or OverBudget when it would wait long for it. */
  private gate<T>(request: () => Promise<T>, signal: AbortSignal): Promise<T> {
    return this.budget.gate(request, signal);
  }

  private async call(name: ToolName, input: unknown, session: Session, signal: AbortSignal): Promise<ToolReport> {
    const { client, label } = session;
    switch (name) {
      case 'axiom_listDatasets': {
        const { filter } = input as ToolInputs['axiom_listDatasets'];
        // The datasets with their kind and description (core/datasets, as the Datasets view reads them).
        return datasetsReport(label, await this.gate(() => listDatasets(client, signal), signal), filter);
      }
      case 'axiom_getDatasetFields': {
        const { dataset } = input as ToolInputs['axiom_getDatasetFields'];
        try {
          return fieldsReport(label, dataset, await this.gate(() => client.listFields(dataset, signal), signal));
        } catch (error) {
          if (isAxiomError(error) && error.kind === 'notFound')
            return {
              deployment: label,
              lines: [
                `There is no dataset named ${quoted(dataset)} that this token may read. axiom_listDatasets lists the ones there are.`,
              ],
            };
          throw error;
        }
      }
      case 'axiom_runQuery':
        return this.runQuery(input as ToolInputs['axiom_runQuery'], session, signal);
      case 'axiom_getTrace':
        return this.getTrace(input as ToolInputs['axiom_getTrace'], session, signal);
      case 'axiom_findTraces':
        return this.findTraces(input as ToolInputs['axiom_findTraces'], session, signal);
      case 'axiom_listMonitors':
        return this.listMonitors(input as ToolInputs['axiom_listMonitors'], session, signal);
      case 'axiom_getMonitorHistory':
        return this.monitorHistory(input as ToolInputs['axiom_getMonitorHistory'], session, signal);
      case 'axiom_listDashboards': {
        const { filter } = input as ToolInputs['axiom_listDashboards'];
        const { dashboards } = await this.gate(() => client.listDashboards(signal), signal);
        return dashboardsReport(label, dashboards, filter);
      }
      case 'axiom_getDashboard': {
        const { uid } = input as ToolInputs['axiom_getDashboard'];
        try {
          return dashboardReport(label, await this.gate(() => client.getDashboard(uid, signal), signal));
        } catch (error) {
          if (isAxiomError(error) && error.kind === 'notFound')
            return {
              deployment: label,
              lines: [`There is no dashboard of uid ${quoted(uid)}. axiom_listDashboards lists the ones there are.`],
            };
          throw error;
        }
      }
      case 'axiom_listStarredQueries': {
        const { owner = 'mine', filter, dataset } = input as ToolInputs['axiom_listStarredQueries'];
        const gated = {
          listStarredQueries: (page: Parameters<AxiomClient['listStarredQueries']>[0], s?: AbortSignal) =>
            this.gate(() => client.listStarredQueries(page, s), signal),
        };
        const pages = await loadStarredPages(
          gated,
          { owner, dataset, qs: filter },
          { pageSize: 100, upTo: 100, signal },
        );
        return starredReport(label, pages.queries, owner, !pages.complete);
      }
      case 'axiom_listAnnotations': {
        const { datasets: named, days = 30 } = input as ToolInputs['axiom_listAnnotations'];
        const datasets = (named ?? '')
          .split(',')
          .map((d) => d.trim())
          .filter(Boolean);
        const end = new Date();
        const { annotations } = await this.gate(
          () => client.listAnnotations({ datasets, start: new Date(end.getTime() - days * 86_400_000), end }, signal),
          signal,
        );
        return annotationsReport(label, annotations, datasets, days);
      }
      default:
        return { deployment: label, lines: [`${name} needs no deployment.`] };
    }
  }

  private async runQuery(
    input: ToolInputs['axiom_runQuery'],
    { client, label }: Session,
    signal: AbortSignal,
  ): Promise<ToolReport> {
    const range = this.toolRange(input);
    if (!('kind' in range)) return { deployment: label, lines: [range.problem] };
    const { startTime, endTime } = rangeRequest(range);
    const rangeWords = `${render(rangeLabel(range))} (startTime ${startTime}, endTime ${endTime})`;
    // Through the runner, as Run Query goes: the history records the run as the agent's.
    const outcome = await this.gate(
      () => this.deps.runner().query(client, input.apl, range, signal, 0, 'agent'),
      signal,
    );
    switch (outcome.kind) {
      case 'result': {
        // The note in English, as the rest of the report: it is for the model.
        const limit = explainLimit(input.apl, outcome.result.tables, 'en');
        const report = queryReport(label, rangeWords, outcome.result, limit && render(limit));
        // As many rows as the budget may show: the rows the model reads.
        return this.withCodeLocations(report, outcome.result.tables, budgetFor({ maxRows: input.maxRows }).rows);
      }
      case 'compile':
        return compileErrorReport(label, input.apl, outcome.compile);
      case 'cancelled':
        throw cancelledError();
      case 'failed':
        throw outcome.error;
    }
  }

  /** The dataset named, else the only one of kind otel:traces:v1; a report when there is none or several. */
  private async tracesDataset(
    named: string | undefined,
    { client, label }: Session,
    signal: AbortSignal,
  ): Promise<string | ToolReport> {
    if (named) return named;
    const datasets = await this.gate(() => listDatasets(client, signal), signal);
    const traces = datasets.filter((d) => d.kind === TRACES_KIND).map((d) => d.name);
    return traces.length === 1 ? traces[0] : whichTracesDatasetReport(label, traces);
  }

  /** One run for the trace tools, as the query tool's go (the runner, the budget); a stop thrown or reported. */
  private async traceRun(
    session: Session,
    apl: string,
    range: TimeRange,
    signal: AbortSignal,
  ): Promise<{ tables: ResultTable[]; table: ResultTable | undefined } | { stop: ToolReport }> {
    const outcome = await this.gate(
      () => this.deps.runner().query(session.client, apl, range, signal, 0, 'agent'),
      signal,
    );
    switch (outcome.kind) {
      case 'result':
        return { tables: outcome.result.tables, table: outcome.result.tables[0] };
      case 'compile':
        return { stop: compileErrorReport(session.label, apl, outcome.compile) };
      case 'cancelled':
        throw cancelledError();
      case 'failed':
        throw outcome.error;
    }
  }

  private async getTrace(
    input: ToolInputs['axiom_getTrace'],
    session: Session,
    signal: AbortSignal,
  ): Promise<ToolReport> {
    const dataset = await this.tracesDataset(input.dataset, session, signal);
    if (typeof dataset !== 'string') return dataset;
    const found = await lookUpTrace<ToolReport>(
      { dataset, traceId: input.traceId, seenAt: input.seenAt },
      (apl, range) => this.traceRun(session, apl, range, signal),
    );
    switch (found.kind) {
      case 'stopped':
        return found.stop;
      case 'notFound':
        return traceNotFoundReport(session.label, input.traceId, dataset, render(found.widest.words));
      case 'found':
        return traceReport(
          session.label,
          {
            traceId: input.traceId,
            dataset,
            rangeWords: render(found.range.words),
            widened: found.widened,
            capped: found.trace.capped,
          },
          found.trace.tree,
        );
    }
  }

  private async findTraces(
    input: ToolInputs['axiom_findTraces'],
    session: Session,
    signal: AbortSignal,
  ): Promise<ToolReport> {
    const range = this.toolRange(input);
    if (!('kind' in range)) return { deployment: session.label, lines: [range.problem] };
    const dataset = await this.tracesDataset(input.dataset, session, signal);
    if (typeof dataset !== 'string') return dataset;
    const { service, search } = input;
    const found = await findTraces<ToolReport>({ dataset, service, search }, (apl) =>
      this.traceRun(session, apl, range, signal),
    );
    if ('stop' in found) return found.stop;
    return foundTracesReport(
      session.label,
      { dataset, service, search, rangeWords: render(rangeLabel(range)) },
      found.traces,
    );
  }

  /** The range a tool's startTime and endTime say, else the status bar's. */
  private toolRange(input: { startTime?: string; endTime?: string }): TimeRange | { problem: string } {
    if (input.startTime === undefined && input.endTime === undefined) return this.deps.timeRange();
    const custom = customRange(input.startTime ?? 'now-1h', input.endTime ?? 'now');
    return custom.ok
      ? custom.range
      : { problem: `The time range is not valid, so nothing ran: ${render(custom.problem)}` };
  }

  /** The answer with the workspace location of each of its first rows that names a place in code
   *  (core/agents/workspaceLocations.ts): each distinct path mapped once, never asking, nothing read. */
  private async withCodeLocations(
    report: ToolReport,
    tables: readonly ResultTable[],
    rows: number,
  ): Promise<ToolReport> {
    if (!vscode.workspace.workspaceFolders?.length) return report;
    const events = eventPlaces(tables, rows);
    if (events.length === 0) return report;
    const found = await locateEvents(events, async (place) => {
      const resolution = await resolvePlace(place);
      // Relative to the workspace (with the folder's name when there are several): the model needs no more.
      return 'uri' in resolution ? vscode.workspace.asRelativePath(resolution.uri) : undefined;
    });
    this.deps.log.info(
      `agent tool axiom_runQuery: ${events.length} rows name a place in code, ${found.located.length} in the workspace (${found.lookups} paths looked up)`,
    );
    return withLocations(report, events, found);
  }

  private async listMonitors(
    input: ToolInputs['axiom_listMonitors'],
    { client, label }: Session,
    signal: AbortSignal,
  ): Promise<ToolReport> {
    const { monitors } = await this.gate(() => client.listMonitors(signal), signal);
    const { monitors: statuses } = this.deps;
    const now = Date.now();
    const active = monitors.filter((m) => !m.disabled && !(m.disabledUntil && Date.parse(m.disabledUntil) > now));
    const unknown = active.filter((m) => !statuses.status(m.id)).map((m) => m.id);
    let forbidden = false;
    if (unknown.length)
      forbidden = (await statuses.readStatuses(unknown.slice(0, STATUS_READS_PER_CALL), signal)).forbidden;
    const status = (id: string): StatusKnown => statuses.status(id) ?? (forbidden ? 'unreadable' : 'unchecked');
    const unchecked = active.filter((m) => !statuses.status(m.id)).length;
    const report = monitorsReport(label, monitors, status, { ...input, unchecked: forbidden ? 0 : unchecked }, now);
    return forbidden
      ? {
          ...report,
          lines: [
            ...report.lines,
            'This token may not read monitor history (403), so whether monitors are triggered is unknown ("unreadable").',
          ],
        }
      : report;
  }

  private async monitorHistory(
    input: ToolInputs['axiom_getMonitorHistory'],
    { client, label }: Session,
    signal: AbortSignal,
  ): Promise<ToolReport> {
    const { monitors } = await this.gate(() => client.listMonitors(signal), signal);
    const monitor = matchMonitor(monitors, input.monitor);
    // A name two monitors have is said with both ids, as a change of one is.
    if (!('id' in monitor)) return unpreparedReport(label, 'axiom_getMonitorHistory', monitor);
    const hours = input.hours ?? 24;
    const end = new Date();
    const history = await this.gate(
      () => client.getMonitorHistory(monitor.id, new Date(end.getTime() - hours * 3600_000), end, signal),
      signal,
    );
    const status = this.deps.monitors.status(monitor.id) ?? statusFromHistory(history.changes);
    return historyReport(label, monitor, history.changes, hours, status);
  }

  /** The APL the person is looking at: the selection, else the query under the cursor of an APL editor. */
  private activeQuery(): ActiveQuery | undefined {
    const editor = vscode.window.activeTextEditor;
    if (!editor) return undefined;
    const { document } = editor;
    const isApl = document.languageId === APL_LANGUAGE_ID;
    if (!isApl && editor.selection.isEmpty) return undefined;
    const chosen = queryToRun(
      document.getText(),
      { start: document.offsetAt(editor.selection.start), end: document.offsetAt(editor.selection.end) },
      document.offsetAt(editor.selection.active),
    );
    if (!chosen.text.trim()) return undefined;
    const range = this.deps.timeRange();
    return {
      document: document.uri.path.split('/').pop() || document.uri.toString(),
      language: document.languageId,
      apl: chosen.text,
      from:
        chosen.source === 'selection' ? 'selection' : chosen.source === 'block' ? 'query under the cursor' : 'document',
      dataset: datasetFromApl(chosen.text),
      range: { label: render(rangeLabel(range)), ...rangeRequest(range) },
    };
  }

  dispose(): void {
    this.subscription.dispose();
  }
}

/** The deployment as results name it: its name, the API's host and the org id. */
function deploymentLabel(deployment: Deployment): DeploymentLabel {
  const endpoint = resolveEndpoint(deployment.url);
  const host = endpoint.ok ? endpoint.endpoint.host : deployment.url;
  return { name: deployment.name, host, ...(deployment.orgId ? { orgId: deployment.orgId } : {}) };
}

/**
 * The confirmation of a prepared write: the deployment, the target, and exactly what will be sent
 * (each setting from what it is now to what it will be). A write that cannot be prepared asks
 * nothing: its call sends nothing and says why.
 */
function confirmationOf(preparation: Preparation): vscode.PreparedToolInvocation {
  if (!preparation.ok)
    return {
      invocationMessage:
        preparation.why.kind === 'holdsSecret'
          ? localize('Nothing will be sent: the change would carry a value shaped like an Axiom token.')
          : localize('The change cannot be prepared: nothing will be sent.'),
    };
  // What will be sent is shown as it is: a body holding a token-like value was refused while
  // preparing (secretPlaces), so nothing in it is masked. The deployment's label is not sent.
  const where = maskSecrets(labelText(deploymentLabel(preparation.deployment)));
  const on = localize('On the deployment **{0}**:', escapeMarkdown(where));
  const { plan } = preparation;
  let title: string;
  let lines: string[];
  let invocationMessage: string | undefined;
  switch (plan.tool) {
    case 'axiom_starQuery':
      title = localize('Star a query in Axiom ({0})', where);
      invocationMessage = localize('Starring “{0}” in Axiom…', plan.body.name);
      lines = [
        localize('Star this query in Axiom, on the deployment **{0}**?', escapeMarkdown(where)),
        '',
        localize(
          'What will be sent: a starred query named **{0}**, dataset **{1}**, with this APL:',
          escapeMarkdown(plan.body.name),
          escapeMarkdown(plan.body.dataset || localize('none')),
        ),
        '',
        fencedCode(plan.body.query.apl, APL_LANGUAGE_ID),
      ];
      break;
    case 'axiom_createAnnotation':
      title = localize('Add an annotation in Axiom ({0})', where);
      lines = [
        on,
        '',
        localize('Add this annotation (the exact body that will be sent):'),
        '',
        fencedCode(JSON.stringify(plan.body, null, 2), 'json'),
      ];
      break;
    case 'axiom_createMonitor': {
      title = localize('Create a monitor in Axiom ({0})', where);
      const settings = Object.entries(plan.body).filter(([field]) => field !== 'aplQuery');
      lines = [
        on,
        '',
        localize('Create a monitor named **{0}** with these settings:', escapeMarkdown(String(plan.body.name))),
        '',
        ...settingLines(settings.map(([field, value]) => [field, undefined, value])),
        '',
        fencedCode(String(plan.body.aplQuery), APL_LANGUAGE_ID),
      ];
      break;
    }
    case 'axiom_updateDashboardChart': {
      title = localize('Change a dashboard chart in Axiom ({0})', where);
      const query = plan.changes.find(([field]) => field === 'query.apl');
      lines = [
        on,
        '',
        localize(
          'Change the chart **{0}** of the dashboard with uid **{1}** (sent with version {2}, the one read):',
          escapeMarkdown(plan.chartId),
          escapeMarkdown(plan.uid),
          String(plan.body.version),
        ),
        '',
        ...settingLines(plan.changes),
        ...(query ? ['', fencedCode(String(query[2]), APL_LANGUAGE_ID)] : []),
      ];
      break;
    }
    case 'axiom_updateMonitor': {
      title = localize('Change a monitor in Axiom ({0})', where);
      const query = plan.changes.find(([field]) => field === 'aplQuery');
      lines = [
        on,
        '',
        localize('Change the monitor **{0}** (id {1}):', escapeMarkdown(plan.name), escapeMarkdown(plan.id)),
        '',
        ...settingLines(plan.changes),
        ...(query ? ['', fencedCode(String(query[2]), APL_LANGUAGE_ID)] : []),
      ];
      break;
    }
  }
  const message = new vscode.MarkdownString(lines.join('\n'));
  return { invocationMessage: invocationMessage ?? title, confirmationMessages: { title, message } };
}

/** Settings as the confirmation lists them: `field`: now → then (a new monitor: the value). */
function settingLines(changes: readonly SettingChange[]): string[] {
  // A code span shows its text as typed (JSON has no line breaks): fenced by more backticks than
  // any run inside, with a space either side when the text holds one, so the value is shown as sent.
  const shown = (value: unknown) => {
    const text = JSON.stringify(value) ?? 'none';
    const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
    const fence = '`'.repeat(longest + 1);
    return longest ? `${fence} ${text} ${fence}` : `${fence}${text}${fence}`;
  };
  return changes.map(([key, before, after]) =>
    // What is there now is not sent: masked like any text from the service.
    before === undefined ? `- ${key}: ${shown(after)}` : `- ${key}: ${maskSecrets(shown(before))} → ${shown(after)}`,
  );
}

function labelText(label: DeploymentLabel): string {
  return label.name ? `${label.name} (${label.host})` : label.host;
}
