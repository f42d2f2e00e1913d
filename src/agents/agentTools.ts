// The language model tools' implementations, loaded the first time a tool is prepared or called
// (bundled apart as dist/agents.js; see register.ts). Each call: the input is checked, the window's
// deployment and client are taken together, requests go through a budget of their own, and the
// answer is text sized to a budget that names the deployment and frames what came from the
// service as data. Nothing here asks the person anything: a tool that changes something is
// confirmed by VS Code, from what prepareInvocation says.
import * as vscode from 'vscode';
import type { Deployment } from '../core/accounts/deployments';
import type { AxiomClient } from '../core/api/client';
import { reasonFor } from '../core/api/errorAdvice';
import { cancelledError, isAxiomError } from '../core/api/errors';
import { resolveEndpoint } from '../core/api/baseUrl';
import type { Monitor } from '../core/api/schemas';
import { RequestBudget } from '../core/api/requestBudget';
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
import { whoAmI } from '../core/starred/whoAmI';
import type { StarredQuery } from '../core/api/starred';
import { aplReferenceReport } from '../core/agents/aplReferenceReport';
import {
  activeQueryReport,
  compileErrorReport,
  datasetsReport,
  fieldsReport,
  historyReport,
  monitorChanges,
  monitorRefusedReport,
  monitorSavedReport,
  monitorsReport,
  queryReport,
  starredDoneReport,
  starredReport,
  type ActiveQuery,
  type StatusKnown,
} from '../core/agents/reports';
import type { MonitorProblem } from '../core/monitors/monitorChecks';
import { changeMonitor, createMonitor, monitorRequestsThrough } from '../core/monitors/monitorWrites';
import {
  budgetFor,
  failureReport,
  renderReport,
  signInReport,
  type Budget,
  type DeploymentLabel,
  type ToolReport,
} from '../core/agents/resultText';
import { TOOL_NAMES, type ToolInputs, type ToolName } from '../core/agents/toolSpecs';
import { validateInput } from '../core/agents/validate';
import { APL_LANGUAGE_ID } from '../platform/constants';
import type { ClientAccess } from '../platform/clientAccess';
import type { AgentRunner } from './agentRunner';
import { load } from '../platform/lazy';
import type { Log } from '../platform/log';
import { ChatQueries, handleChat } from './chatParticipant';
import { listDatasets } from '../core/datasets/datasets';
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
}

/** Most histories one axiom_listMonitors call reads for statuses not known yet. */
const STATUS_READS_PER_CALL = 25;
/** A call whose requests would wait longer than this for the budget says so instead of waiting. */
const LONGEST_WAIT_MS = 10_000;
/** The APL reference is the extension's own text: it may take more room than a result. */
const REFERENCE_BUDGET: Budget = { rows: 400, chars: 20_000 };

type Session = { label: DeploymentLabel; deployment: Deployment; client: AxiomClient };

class OverBudget extends Error {
  constructor(readonly waitMs: number) {
    super('over budget');
  }
}

export class AgentTools implements vscode.Disposable {
  /** The tools' own requests: 2 at once, a quarter of the rate limit Axiom announces (the status
   *  checks have half; the rest is the person's). Monitor histories go through the checks' budget. */
  private readonly budget = new RequestBudget({ maxInFlight: 2, share: 0.25, assumedLimit: 60 });
  private readonly subscription: vscode.Disposable;
  private readonly tools = new Map<ToolName, vscode.LanguageModelTool<unknown>>();
  private readonly queries = new ChatQueries();

  constructor(private readonly deps: AgentToolDeps) {
    this.subscription = deps.access.onRateLimit((limit) => this.budget.observe(limit));
    for (const name of TOOL_NAMES) {
      this.tools.set(name, {
        invoke: (options, token) => this.invoke(name, options, token),
        prepareInvocation: (options) => this.prepare(name, options.input),
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
      if (name === 'axiom_starQuery') throw new Error('the chat participant does not change anything');
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

  /** The message while a tool runs, and for a tool that changes something, the confirmation. */
  async prepare(name: ToolName, input: unknown): Promise<vscode.PreparedToolInvocation> {
    if (name === 'axiom_updateMonitor' || name === 'axiom_createMonitor') return this.prepareMonitor(name, input);
    if (name !== 'axiom_starQuery') return { invocationMessage: localize('Asking Axiom ({0})…', name) };
    const checked = validateInput(name, input);
    let where: string;
    try {
      where = labelText(deploymentLabel(await this.deps.access.deployment()));
    } catch {
      where = localize('no deployment (nothing will be sent)');
    }
    if (!checked.ok) return { invocationMessage: localize('Checking the input…') };
    const { apl, name: queryName } = checked.value;
    const dataset = checked.value.dataset ?? datasetFromApl(apl) ?? '';
    const message = new vscode.MarkdownString(
      [
        localize('Star this query in Axiom, on the deployment **{0}**?', escapeMarkdown(where)),
        '',
        localize(
          'What will be sent: a starred query named **{0}**, dataset **{1}**, with this APL:',
          escapeMarkdown(queryName),
          escapeMarkdown(dataset || localize('none')),
        ),
        '',
        fencedCode(maskSecrets(apl), APL_LANGUAGE_ID),
      ].join('\n'),
    );
    return {
      invocationMessage: localize('Starring “{0}” in Axiom…', queryName),
      confirmationMessages: { title: localize('Star a query in Axiom ({0})', where), message },
    };
  }

  /**
   * The confirmation of a monitor change: the deployment, the monitor, and each setting from what
   * it is now to what will be sent (read from the service, which changes nothing); a new monitor's
   * settings as they will be sent. Always a confirmation, whatever is found: the call writes.
   */
  private async prepareMonitor(
    name: 'axiom_updateMonitor' | 'axiom_createMonitor',
    input: unknown,
  ): Promise<vscode.PreparedToolInvocation> {
    const checked = validateInput(name, input);
    let where = localize('no deployment (nothing will be sent)');
    const lines: string[] = [];
    try {
      const { deployment, client } = await this.deps.access.session();
      where = labelText(deploymentLabel(deployment));
      if (!checked.ok) lines.push(localize('The input is not valid: nothing will be sent.'));
      else if (name === 'axiom_createMonitor') {
        const settings = checked.value as ToolInputs['axiom_createMonitor'];
        lines.push(
          localize('Create a monitor named **{0}** with these settings:', escapeMarkdown(settings.name)),
          '',
          ...settingLines(
            Object.entries(settings)
              .filter(([key]) => key !== 'aplQuery')
              .map(([key, value]) => [key, undefined, value]),
          ),
        );
        lines.push('', fencedCode(maskSecrets(settings.aplQuery), APL_LANGUAGE_ID));
      } else {
        const wanted = checked.value as ToolInputs['axiom_updateMonitor'];
        const found = client && (await this.findMonitor(client, wanted.monitor, new AbortController().signal));
        if (!found)
          lines.push(
            localize('No monitor has the id or name **{0}**: nothing will be sent.', escapeMarkdown(wanted.monitor)),
          );
        else {
          const record = await client.getMonitor(found.id);
          const changes = monitorChanges(record.raw, wanted);
          lines.push(
            localize('Change the monitor **{0}** (id {1}):', escapeMarkdown(found.name), escapeMarkdown(found.id)),
            '',
            ...(changes.length ? settingLines(changes) : [localize('nothing differs from what it is now')]),
          );
          if (typeof wanted.aplQuery === 'string' && changes.some(([key]) => key === 'aplQuery'))
            lines.push('', fencedCode(maskSecrets(wanted.aplQuery), APL_LANGUAGE_ID));
        }
      }
    } catch (error) {
      lines.push(
        localize(
          'The monitor could not be read now ({0}); the call will read it again before changing anything.',
          escapeMarkdown(render(reasonFor(error))),
        ),
      );
    }
    const title =
      name === 'axiom_createMonitor'
        ? localize('Create a monitor in Axiom ({0})', where)
        : localize('Change a monitor in Axiom ({0})', where);
    const message = new vscode.MarkdownString(
      maskSecrets([localize('On the deployment **{0}**:', escapeMarkdown(where)), '', ...lines].join('\n')),
    );
    return { invocationMessage: title, confirmationMessages: { title, message } };
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
      if (error instanceof OverBudget) {
        return {
          deployment: label,
          lines: [
            `Nothing was sent: the tools' share of this token's rate limit is used for now. Try again in about ${Math.ceil(error.waitMs / 1000)} seconds.`,
          ],
        };
      }
      if (isAxiomError(error) && error.kind === 'cancelled')
        return { deployment: label, lines: ['Cancelled: the request was stopped.'] };
      return failureReport(
        label,
        name,
        render(reasonFor(error)),
        isAxiomError(error) && (error.kind === 'auth' || error.kind === 'config')
          ? 'Ask the person to run "Axiom: Set API Token" or "Axiom: Test Connection" from the Command Palette.'
          : undefined,
      );
    }
  }

  private async label(): Promise<DeploymentLabel> {
    return deploymentLabel(await this.deps.access.deployment());
  }

  /** A request within the tools' budget, or OverBudget when it would wait long for it. */
  private gate<T>(request: () => Promise<T>, signal: AbortSignal): Promise<T> {
    const wait = this.budget.nextStartIn();
    if (wait > LONGEST_WAIT_MS && wait !== Infinity) return Promise.reject(new OverBudget(wait));
    return this.budget.run(request, signal);
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
                `There is no dataset named ${JSON.stringify(dataset)} that this token may read. axiom_listDatasets lists the ones there are.`,
              ],
            };
          throw error;
        }
      }
      case 'axiom_runQuery':
        return this.runQuery(input as ToolInputs['axiom_runQuery'], session, signal);
      case 'axiom_listMonitors':
        return this.listMonitors(input as ToolInputs['axiom_listMonitors'], session, signal);
      case 'axiom_getMonitorHistory':
        return this.monitorHistory(input as ToolInputs['axiom_getMonitorHistory'], session, signal);
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
      case 'axiom_starQuery': {
        const { apl, name: queryName, dataset } = input as ToolInputs['axiom_starQuery'];
        const who = await this.gate(() => whoAmI(client), signal);
        const created = await this.gate(
          () =>
            client.createStarredQuery(
              {
                kind: 'apl',
                name: queryName,
                dataset: dataset ?? datasetFromApl(apl),
                who,
                query: { apl },
                metadata: {},
              },
              signal,
            ),
          signal,
        );
        this.deps.log.info(`agent tool starred query ${created.id}`);
        this.deps.onStarred(created);
        const orgId = session.deployment.orgId;
        return starredDoneReport(
          label,
          created,
          orgId ? queryLink(client.endpoint, orgId, created.query.apl) : undefined,
        );
      }
      case 'axiom_updateMonitor':
        return this.updateMonitor(input as ToolInputs['axiom_updateMonitor'], session, signal);
      case 'axiom_createMonitor':
        return this.createMonitor(input as ToolInputs['axiom_createMonitor'], session, signal);
      default:
        return { deployment: label, lines: [`${name} needs no deployment.`] };
    }
  }

  /** Only the settings named change: the monitor is read afresh and sent back whole with them (a PUT replaces it). */
  private async updateMonitor(
    input: ToolInputs['axiom_updateMonitor'],
    { client, label, deployment }: Session,
    signal: AbortSignal,
  ): Promise<ToolReport> {
    const found = await this.findMonitor(client, input.monitor, signal);
    if (!found)
      return {
        deployment: label,
        lines: [
          `No monitor has the id or name ${JSON.stringify(input.monitor)}; nothing was sent. axiom_listMonitors lists them.`,
        ],
      };
    const outcome = await changeMonitor(
      monitorRequestsThrough(client, (request) => this.gate(request, signal), signal),
      found.id,
      (fresh) => Object.fromEntries(monitorChanges(fresh, input).map(([key, , value]) => [key, value])),
      // What was there before is the service's to judge: only the settings changed are checked.
      { checking: 'changed' },
    );
    if (outcome.kind === 'refused') return monitorRefusedReport(label, this.refusals(outcome.problems));
    if (outcome.kind !== 'changed')
      return {
        deployment: label,
        lines: [`Nothing was sent: the monitor ${JSON.stringify(found.name)} already has these settings.`],
      };
    const fields = Object.keys(outcome.changes);
    this.deps.log.info(`agent tool updated monitor ${found.id}: ${fields.join(', ')}`);
    return monitorSavedReport(
      label,
      outcome.record.monitor,
      'updated',
      fields,
      deployment.orgId ? monitorLink(client.endpoint, deployment.orgId, found.id) : undefined,
    );
  }

  private async createMonitor(
    input: ToolInputs['axiom_createMonitor'],
    { client, label, deployment }: Session,
    signal: AbortSignal,
  ): Promise<ToolReport> {
    const outcome = await createMonitor(
      monitorRequestsThrough(client, (request) => this.gate(request, signal), signal),
      { ...input },
      { checking: 'all' },
    );
    if (outcome.kind === 'refused') return monitorRefusedReport(label, this.refusals(outcome.problems));
    // Declined cannot happen: nothing is asked here (VS Code confirmed the call before it ran).
    if (outcome.kind !== 'created') return { deployment: label, lines: ['Nothing was sent.'] };
    const created = outcome.record;
    this.deps.log.info(`agent tool created monitor ${created.monitor.id}`);
    return monitorSavedReport(
      label,
      created.monitor,
      'created',
      Object.keys(outcome.body),
      deployment.orgId ? monitorLink(client.endpoint, deployment.orgId, created.monitor.id) : undefined,
    );
  }

  /** The problems the service would refuse a body for, in words. */
  private refusals(problems: readonly MonitorProblem[]): { field: string; reason: string }[] {
    return problems.map((p) => ({ field: p.field, reason: render(p.reason) }));
  }

  private async findMonitor(client: AxiomClient, idOrName: string, signal: AbortSignal): Promise<Monitor | undefined> {
    const { monitors } = await this.gate(() => client.listMonitors(signal), signal);
    return monitors.find((m) => m.id === idOrName) ?? monitors.find((m) => m.name === idOrName);
  }

  private async runQuery(
    input: ToolInputs['axiom_runQuery'],
    { client, label }: Session,
    signal: AbortSignal,
  ): Promise<ToolReport> {
    let range: TimeRange;
    if (input.startTime !== undefined || input.endTime !== undefined) {
      const custom = customRange(input.startTime ?? 'now-1h', input.endTime ?? 'now');
      if (!custom.ok)
        return { deployment: label, lines: [`The time range is not valid, so nothing ran: ${render(custom.problem)}`] };
      range = custom.range;
    } else {
      range = this.deps.timeRange();
    }
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
        return queryReport(label, rangeWords, outcome.result, limit && render(limit));
      }
      case 'compile':
        return compileErrorReport(label, input.apl, outcome.compile);
      case 'cancelled':
        throw cancelledError();
      case 'failed':
        throw outcome.error;
    }
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
    const monitor = await this.findMonitor(client, input.monitor, signal);
    if (!monitor)
      return {
        deployment: label,
        lines: [`No monitor has the id or name ${JSON.stringify(input.monitor)}. axiom_listMonitors lists them.`],
      };
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

/** Settings as the confirmation lists them: `field`: now → then (a new monitor: the value). */
function settingLines(changes: readonly (readonly [string, unknown, unknown])[]): string[] {
  // A code span shows its text as typed; JSON has no line breaks, and backticks are swapped out.
  const shown = (value: unknown) => `\`${(JSON.stringify(value) ?? 'none').replace(/`/g, "'")}\``;
  return changes.map(([key, before, after]) =>
    before === undefined ? `- ${key}: ${shown(after)}` : `- ${key}: ${shown(before)} → ${shown(after)}`,
  );
}

function labelText(label: DeploymentLabel): string {
  return label.name ? `${label.name} (${label.host})` : label.host;
}
