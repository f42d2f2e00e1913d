// Open Trace, Slowest Traces and Failing Traces. Their arguments come from the extension's own
// pages ({ traceId, dataset?, seenAt? }; a Datasets view row) or from anywhere else (another
// extension, a link): read as data, and what is not valid is asked for as the palette asks. They
// change nothing, so no question is asked first. Every query goes through the one runner.
import * as vscode from 'vscode';
import type { AxiomClient } from '../core/api/client';
import { listDatasets } from '../core/datasets/datasets';
import { isJsonObject } from '../core/json';
import type { QueryOutcome, QueryRuns } from '../core/run/queryOutcome';
import { rangeLabel, resolveRangeEnd, type TimeRange } from '../core/run/timeRange';
import { findTraces, readServices, servicesQuery, type FoundTrace, type TraceSearch } from '../core/traces/findTraces';
import { MAX_SPANS } from '../core/traces/spanTree';
import { TRACES_KIND } from '../core/traces/spans';
import { readTraceState, type TraceState } from '../core/traces/traceProtocol';
import { isTraceId, lookUpTrace, type TraceRange } from '../core/traces/traceQuery';
import { durationWords } from '../core/traces/timespan';
import { localize, say } from '../platform/l10n';
import { TracePanel, type TracePanelDeps } from './tracePanel';

/** What the traces feature needs of the one query runner (the run feature's). */
export interface TraceRunner extends QueryRuns {
  client(): Promise<AxiomClient | undefined>;
}

export interface TraceCommandDeps extends TracePanelDeps {
  runner: () => TraceRunner;
  /** The time range in the status bar. */
  range: () => TimeRange;
}

/** What Open Trace is asked: from the extension's pages, or as the palette asks for it. */
export interface TraceRequest {
  traceId: string;
  dataset?: string;
  seenAt?: string;
}

const MAX_NAME_CHARS = 512;

/** An argument from anywhere as a trace request, or undefined (then the palette's questions). */
export function readTraceRequest(arg: unknown): TraceRequest | undefined {
  if (!isJsonObject(arg) || !isTraceId(arg.traceId)) return undefined;
  const request: TraceRequest = { traceId: arg.traceId.trim() };
  if (typeof arg.dataset === 'string' && arg.dataset.trim() && arg.dataset.length <= MAX_NAME_CHARS)
    request.dataset = arg.dataset;
  if (typeof arg.seenAt === 'string' && arg.seenAt.length <= 64 && Number.isFinite(Date.parse(arg.seenAt)))
    request.seenAt = arg.seenAt;
  return request;
}

/** The dataset a Datasets view row (or `{ dataset }`, or a name) names, if any. */
function datasetOf(arg: unknown): string | undefined {
  if (typeof arg === 'string') return arg.trim() && arg.length <= MAX_NAME_CHARS ? arg : undefined;
  if (!isJsonObject(arg)) return undefined;
  if (isJsonObject(arg.dataset) && typeof arg.dataset.name === 'string') return datasetOf(arg.dataset.name);
  return datasetOf(arg.dataset);
}

export class TraceCommands implements vscode.Disposable {
  /** The trace views open, by dataset and trace id. */
  readonly panels = new Map<string, TracePanel>();

  constructor(private readonly deps: TraceCommandDeps) {}

  /** Open Trace: the id and dataset from the argument, else asked; then the trace view. */
  async openTrace(arg?: unknown): Promise<TracePanel | undefined> {
    const given = readTraceRequest(arg);
    const traceId =
      given?.traceId ??
      (
        await vscode.window.showInputBox({
          title: localize('Open Trace'),
          prompt: localize('The trace id (trace_id) to open'),
          validateInput: (value) => (isTraceId(value) ? undefined : localize('A trace id is one line of text.')),
        })
      )?.trim();
    if (!traceId) return undefined;
    const client = await this.deps.runner().client();
    if (!client) return undefined;
    const dataset = given?.dataset ?? (await this.pickDataset(client, localize('Open Trace: which dataset holds it?')));
    if (!dataset) return undefined;
    return this.show(client, { traceId, dataset, seenAt: given?.seenAt });
  }

  /** A trace view VS Code brought back after a reload: it says which trace it showed and reads it
   *  again only when the person clicks Load again (a read costs their query budget). */
  restore(webviewPanel: vscode.WebviewPanel, state: unknown): void {
    const kept = readTraceState(state);
    if (!kept) {
      this.deps.log.info('a trace view came back without the trace it showed; closed');
      webviewPanel.dispose();
      return;
    }
    const key = JSON.stringify([kept.dataset, kept.traceId]);
    this.panels.get(key)?.dispose();
    const panel = new TracePanel(key, kept.traceId, this.deps, {
      panel: webviewPanel,
      state: kept,
      loadAgain: () => void this.loadAgain(panel, kept),
    });
    this.keep(panel);
  }

  private async loadAgain(panel: TracePanel, kept: TraceState): Promise<void> {
    const client = await this.deps.runner().client();
    if (!client) return panel.showFailure(localize('This window is not connected to Axiom: the trace was not read.'));
    const range = { kind: 'custom', start: kept.startTime, end: kept.endTime } as const;
    await this.read(client, panel, {
      traceId: kept.traceId,
      dataset: kept.dataset,
      range: { range, words: rangeLabel(range) },
    });
  }

  private keep(panel: TracePanel): void {
    this.panels.set(panel.key, panel);
    panel.onDidDispose(() => {
      if (this.panels.get(panel.key) === panel) this.panels.delete(panel.key);
    });
  }

  private async show(client: AxiomClient, request: Required<Pick<TraceRequest, 'traceId' | 'dataset'>> & TraceRequest) {
    const key = JSON.stringify([request.dataset, request.traceId]);
    this.panels.get(key)?.dispose();
    const panel = new TracePanel(key, request.traceId, this.deps);
    this.keep(panel);
    return this.read(client, panel, request);
  }

  /** Reads the trace into `panel`: over `request.range` alone when given, else narrowest first. */
  private async read(
    client: AxiomClient,
    panel: TracePanel,
    request: { traceId: string; dataset: string; seenAt?: string; range?: TraceRange },
  ): Promise<TracePanel> {
    const controller = new AbortController();
    panel.onDidDispose(() => controller.abort());
    const found = await lookUpTrace<Stopped>(request, async (apl, range) => {
      const outcome = await this.deps.runner().query(client, apl, range, controller.signal, 0, 'trace');
      return outcome.kind === 'result' ? { tables: outcome.result.tables } : { stop: outcome };
    });
    switch (found.kind) {
      case 'stopped':
        panel.showFailure(failureText(found.stop));
        break;
      case 'notFound':
        panel.showFailure(
          localize(
            'No span of trace {0} in dataset {1} over {2}.',
            request.traceId,
            request.dataset,
            say(found.widest.words),
          ),
          found.apl,
        );
        break;
      case 'found': {
        const { tree, capped } = found.trace;
        const notes: string[] = [];
        if (found.widened) notes.push(localize('Found after widening the range to {0}.', say(found.range.words)));
        if (capped) notes.push(localize('The trace has more than {0} spans: the first {0} are shown.', MAX_SPANS));
        if (tree.missingParents)
          notes.push(
            localize('{0} parent spans are missing: their children are shown under them.', tree.missingParents),
          );
        if (tree.cyclesBroken) notes.push(localize('{0} parent cycles were broken.', tree.cyclesBroken));
        if (tree.duplicateIds) notes.push(localize('{0} spans share an id with another.', tree.duplicateIds));
        panel.showTrace(tree, { traceId: request.traceId, dataset: request.dataset, notes }, found.apl);
        // The range as instants ("the last hour" as the hour it was then), for a reload to read the same.
        const now = Date.now();
        const { range } = found.range;
        const [start, end] = range.kind === 'custom' ? [range.start, range.end] : [`now-${range.preset}`, 'now'];
        panel.remember({
          traceId: request.traceId,
          dataset: request.dataset,
          startTime: new Date(resolveRangeEnd(start, now)).toISOString(),
          endTime: new Date(resolveRangeEnd(end, now)).toISOString(),
        });
        this.deps.log.info(`opened a trace: ${tree.spans.length} spans, ${tree.rows.length} rows`);
        break;
      }
    }
    return panel;
  }

  /** A traces dataset: the only one, or picked among those of kind otel:traces:v1 (else among all). */
  private async pickDataset(client: AxiomClient, title: string): Promise<string | undefined> {
    let datasets;
    try {
      datasets = await listDatasets(client);
    } catch (error) {
      this.deps.log.warn(`listing datasets for a trace: ${String(error)}`);
      return vscode.window.showInputBox({ title, prompt: localize('The dataset name') });
    }
    const traces = datasets.filter((d) => d.kind === TRACES_KIND);
    if (traces.length === 1) return traces[0].name;
    const offered = traces.length ? traces : datasets;
    const picked = await vscode.window.showQuickPick(
      offered.map((d) => ({ label: plain(d.name), description: plain(d.kind ?? ''), name: d.name })),
      {
        title,
        placeHolder: traces.length
          ? undefined
          : localize('No dataset is of kind {0}: pick one that holds spans', TRACES_KIND),
      },
    );
    return picked?.name;
  }

  /** Slowest Traces or Failing Traces: a dataset (the row's, else picked), a service (picked from
   *  its service.name values), then the list; the trace picked opens. */
  async findTraces(search: TraceSearch, arg?: unknown): Promise<TracePanel | undefined> {
    const client = await this.deps.runner().client();
    if (!client) return undefined;
    const dataset = datasetOf(arg) ?? (await this.pickDataset(client, searchTitle(search)));
    if (!dataset) return undefined;
    const range = this.deps.range();
    const given = isJsonObject(arg) && typeof arg.service === 'string' ? arg.service : undefined;
    const service = given ?? (await this.pickService(client, dataset, range, search));
    if (!service) return undefined;
    const traces = await this.withProgress(localize('Finding traces of {0}…', service), (signal) =>
      this.find(client, dataset, service, search, range, signal),
    );
    if (!traces) return undefined;
    if (traces.length === 0) {
      void vscode.window.showInformationMessage(
        search === 'slowest'
          ? localize('No root span of {0} in {1} over {2}.', service, dataset, say(rangeLabel(range)))
          : localize('No failing span of {0} in {1} over {2}.', service, dataset, say(rangeLabel(range))),
      );
      return undefined;
    }
    const picked = await vscode.window.showQuickPick(traces.map(traceItem), {
      title: `${searchTitle(search)}: ${service} (${say(rangeLabel(range))})`,
      matchOnDescription: true,
      matchOnDetail: true,
    });
    if (!picked) return undefined;
    return this.show(client, { traceId: picked.trace.traceId, dataset, seenAt: picked.trace.seenAt || undefined });
  }

  /** The list a search shows (the extension's tests and the agents' tool read it too). */
  async find(
    client: AxiomClient,
    dataset: string,
    service: string,
    search: TraceSearch,
    range: TimeRange,
    signal: AbortSignal,
  ): Promise<FoundTrace[] | undefined> {
    const found = await findTraces<Stopped>({ dataset, service, search }, async (apl) => {
      const outcome = await this.deps.runner().query(client, apl, range, signal, 0, 'traces');
      return outcome.kind === 'result' ? { table: outcome.result.tables[0] } : { stop: outcome };
    });
    if ('traces' in found) return found.traces;
    if (found.stop.kind !== 'cancelled') void vscode.window.showErrorMessage(failureText(found.stop));
    return undefined;
  }

  private async pickService(
    client: AxiomClient,
    dataset: string,
    range: TimeRange,
    search: TraceSearch,
  ): Promise<string | undefined> {
    const services = await this.withProgress(localize('Reading the services of {0}…', dataset), async (signal) => {
      const outcome = await this.deps.runner().query(client, servicesQuery(dataset), range, signal, 0, 'traces');
      if (outcome.kind === 'result') return readServices(outcome.result.tables[0]);
      if (outcome.kind !== 'cancelled') void vscode.window.showErrorMessage(failureText(outcome));
      return undefined;
    });
    if (!services) return undefined;
    if (services.length === 0) {
      void vscode.window.showInformationMessage(
        localize('No span in {0} over {1} names a service.', dataset, say(rangeLabel(range))),
      );
      return undefined;
    }
    const picked = await vscode.window.showQuickPick(
      services.map((service) => ({ label: plain(service), service })),
      { title: `${searchTitle(search)}: ${localize('which service?')}` },
    );
    return picked?.service;
  }

  private withProgress<T>(title: string, work: (signal: AbortSignal) => Promise<T>): Thenable<T> {
    return vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title, cancellable: true },
      (_progress, token) => {
        const controller = new AbortController();
        token.onCancellationRequested(() => controller.abort());
        return work(controller.signal);
      },
    );
  }

  dispose(): void {
    for (const panel of [...this.panels.values()]) panel.dispose();
  }
}

/** Data in a quick pick's text: `$(name)` stays text rather than becoming an icon. */
function plain(text: string): string {
  return text.replace(/\$\(/g, '$\u200b(');
}

function searchTitle(search: TraceSearch): string {
  return search === 'slowest' ? localize('Slowest Traces') : localize('Failing Traces');
}

type Stopped = Exclude<QueryOutcome, { kind: 'result' }>;

function failureText(outcome: Stopped): string {
  return outcome.kind === 'cancelled' ? localize('Cancelled') : outcome.message;
}

/** One trace of the list as a quick pick item: its root, duration, span and error counts. */
function traceItem(trace: FoundTrace): vscode.QuickPickItem & { trace: FoundTrace } {
  const parts = [
    trace.durationNs === undefined ? localize('unknown duration') : durationWords(trace.durationNs),
    trace.spans === undefined ? undefined : localize('{0} spans', trace.spans),
    trace.errors ? localize('{0} errors', trace.errors) : undefined,
  ].filter((p): p is string => p !== undefined);
  return {
    label: plain(trace.name) || localize('(root span not found)'),
    ...(trace.errors ? { iconPath: new vscode.ThemeIcon('error') } : {}),
    description: parts.join(' · '),
    detail: plain([trace.service, trace.traceId, trace.seenAt].filter(Boolean).join(' · ')),
    trace,
  };
}
