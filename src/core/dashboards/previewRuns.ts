// The dashboard preview's side that is no VS Code: from each version of the dashboard's text, what
// the page is told and which charts run. A chart runs again only when its query or kind changed
// (or the range did); its run before is stopped; at most PREVIEW_PARALLEL run at once; all stop when
// the preview closes. Each run goes through the one runner (QueryRuns: its deadline, limits and
// history rules). Plain TypeScript: the VS Code host (src/dashboards/previewPanel.ts) and the bench
// drive it alike.
//
// A time series' annotations: once its result is sent, those of its query's datasets over the range
// are read (the runner's one read per chart, within its budget) and sent in a message of their own,
// which the tile hands to its Chart as the results panel does.
import type { AxiomClient } from '../api/client';
import type { ChartAnnotations } from '../run/chartAnnotations';
import type { QueryRuns } from '../run/queryOutcome';
import { firstPart } from '../run/resultsDelivery';
import { DEFAULT_RANGE, PRESET_IDS, isPresetId, type TimeRange } from '../run/timeRange';
import { readDashboard, tileChanges, windowRange, type PreviewDashboard } from './previewLayout';
import { TILE_ROWS, type PreviewHostMessage, type RangeChoice } from './previewProtocol';
import { PreviewQueue } from './previewQueue';

/** The history's name for the preview's runs (QueryRuns' `source`). */
export const PREVIEW_SOURCE = 'dashboard';
/** The picker's choice that follows the dashboard's own window. */
export const DASHBOARD_WINDOW = 'dashboard';

export interface PreviewRunsDeps {
  runs: QueryRuns;
  /** The client, or undefined (not signed in: nothing runs). Asked once per round of runs. */
  client(): Promise<AxiomClient | undefined>;
  /** Hands a message to the page. */
  post(message: PreviewHostMessage): void;
  /** A range as a person reads it, and the picker's label of the dashboard's window. */
  rangeLabel(range: TimeRange): string;
  windowLabel(label: string): string;
  /** What the tile says when no client came (not signed in). */
  noClient: string;
  /** The annotations of a query's datasets over a range (undefined: it reads none): the runner's read for a
   *  chart. Absent, the charts draw none (the benchmark's preview). */
  annotations?(client: AxiomClient, apl: string, range: TimeRange): Promise<ChartAnnotations | undefined>;
}

export class PreviewRuns {
  private dashboard: PreviewDashboard | undefined;
  private choice: string = DASHBOARD_WINDOW;
  private readonly running = new Map<string, AbortController>();
  /** The newest message for each tile, sent again to a page that was rebuilt. */
  private readonly lastByTile = new Map<string, PreviewHostMessage>();
  /** The annotations of each tile's newest result, sent again after it to a page that was rebuilt. */
  private readonly annotationsByTile = new Map<string, PreviewHostMessage>();
  private nextRunId = 1;
  private closed = false;
  /** Every run started and not yet over: settled() waits for them. */
  private readonly pending = new Set<Promise<void>>();
  readonly queue = new PreviewQueue();

  constructor(private readonly deps: PreviewRunsDeps) {}

  /** The range runs use: the picker's preset, or the dashboard's window (the default range when it is unreadable). */
  get range(): TimeRange {
    if (isPresetId(this.choice)) return { kind: 'preset', preset: this.choice };
    return (this.dashboard && windowRange(this.dashboard.window)) ?? DEFAULT_RANGE;
  }

  /** A new version of the text: the page learns what changed; the charts whose query changed run. */
  update(text: string): void {
    if (this.closed) return;
    const read = readDashboard(text);
    if (!read.ok) {
      this.deps.post({ type: 'problem', problem: read.problem });
      return;
    }
    const before = this.dashboard;
    const windowBefore = before && windowRange(before.window);
    this.dashboard = read.dashboard;
    const changes = tileChanges(before, read.dashboard);
    const windowChanged =
      this.choice === DASHBOARD_WINDOW && JSON.stringify(windowBefore) !== JSON.stringify(this.range);
    for (const id of changes.removed) this.stop(id);
    if (changes.relayout || windowChanged) this.postDashboard();
    this.deps.post({ type: 'problem', problem: '' });
    // A new window (while the picker follows it) runs every chart again.
    this.start(before && windowChanged ? this.queryTiles() : changes.run);
  }

  /** The person chose a range: every chart runs again over it. */
  chooseRange(id: string): void {
    if (this.closed || !this.dashboard || (id !== DASHBOARD_WINDOW && !isPresetId(id)) || id === this.choice) return;
    this.choice = id;
    this.postDashboard();
    this.start(this.queryTiles());
  }

  /** A page (re)built: it is told the dashboard and each tile's newest state. */
  ready(): void {
    if (!this.dashboard) return;
    this.postDashboard();
    for (const message of this.lastByTile.values()) this.deps.post(message);
    for (const message of this.annotationsByTile.values()) this.deps.post(message);
  }

  /** Resolves when every run started so far is over. */
  async settled(): Promise<void> {
    while (this.pending.size) await Promise.all([...this.pending]);
  }

  /** Stops every run; nothing more is posted. */
  close(): void {
    this.closed = true;
    for (const id of [...this.running.keys()]) this.stop(id);
  }

  private queryTiles(): string[] {
    return (this.dashboard?.tiles ?? [])
      .filter((t) => t.apl !== undefined && t.drawing !== 'notDrawn')
      .map((t) => t.id);
  }

  private ranges(): RangeChoice[] {
    const window = this.dashboard && windowRange(this.dashboard.window);
    return [
      { id: DASHBOARD_WINDOW, label: this.deps.windowLabel(this.deps.rangeLabel(window ?? DEFAULT_RANGE)) },
      ...PRESET_IDS.map((preset) => ({ id: preset, label: this.deps.rangeLabel({ kind: 'preset', preset }) })),
    ];
  }

  private postDashboard(): void {
    const dashboard = this.dashboard;
    if (!dashboard) return;
    this.deps.post({
      type: 'dashboard',
      name: dashboard.name,
      tiles: dashboard.tiles,
      ranges: this.ranges(),
      range: this.choice,
    });
  }

  private stop(id: string): void {
    this.running.get(id)?.abort();
    this.running.delete(id);
    this.lastByTile.delete(id);
    this.annotationsByTile.delete(id);
  }

  private send(id: string, message: PreviewHostMessage): void {
    if (this.closed) return;
    this.lastByTile.set(id, message);
    this.annotationsByTile.delete(id);
    this.deps.post(message);
  }

  /** Whether run `runId` is the newest the tile was told of (no newer run started, the preview open). */
  private isNewest(id: string, runId: number): boolean {
    const last = this.lastByTile.get(id);
    return !this.closed && last !== undefined && 'runId' in last && last.runId === runId;
  }

  /** A time series' annotations over the range its result was read over, sent after the result. */
  private async sendAnnotations(id: string, runId: number, client: AxiomClient, apl: string, range: TimeRange) {
    const chart = await this.deps.annotations?.(client, apl, range);
    if (!chart || !this.isNewest(id, runId)) return;
    const message: PreviewHostMessage = { type: 'annotations', id, runId, chart };
    this.annotationsByTile.set(id, message);
    this.deps.post(message);
  }

  private start(ids: readonly string[]): void {
    if (!ids.length) return;
    // One client for the round: without one (not signed in), the question is asked once.
    let client: Promise<AxiomClient | undefined> | undefined;
    const clientOnce = () => (client ??= this.deps.client());
    for (const id of ids) {
      const run = this.runTile(id, clientOnce);
      this.pending.add(run);
      void run.finally(() => this.pending.delete(run));
    }
  }

  private async runTile(id: string, client: () => Promise<AxiomClient | undefined>): Promise<void> {
    const tile = this.dashboard?.tiles.find((t) => t.id === id);
    if (tile?.apl === undefined) return;
    this.running.get(id)?.abort();
    const controller = new AbortController();
    this.running.set(id, controller);
    const runId = this.nextRunId++;
    const current = () => this.running.get(id) === controller && !this.closed;
    this.send(id, { type: 'running', id, runId });
    const apl = tile.apl;
    const range = this.range;
    let ready: AxiomClient | undefined;
    const outcome = await this.queue.run(controller.signal, async () => {
      ready = await client();
      if (!ready) return undefined;
      return this.deps.runs.query(
        ready,
        apl,
        range,
        controller.signal,
        runId,
        PREVIEW_SOURCE,
        undefined,
        tile.language,
      );
    });
    if (!current()) return;
    this.running.delete(id);
    if (!outcome) this.send(id, { type: 'failed', id, runId, message: this.deps.noClient });
    else if (outcome.kind === 'result') {
      this.send(id, { type: 'result', id, runId, result: firstPart(outcome.result, TILE_ROWS) });
      if (tile.drawing === 'timeSeries' && tile.language === undefined && ready)
        await this.sendAnnotations(id, runId, ready, apl, range);
    } else if (outcome.kind !== 'cancelled') this.send(id, { type: 'failed', id, runId, message: outcome.message });
  }
}
