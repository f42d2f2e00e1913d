// The "run" bundle (src/features.ts): Run Query and its results panels, the time range in
// the status bar, the CodeLens above each query and the service's compile errors as diagnostics.
// Loaded with the first Axiom APL editor (the lens and the time range show there) or the first run.
import type * as vscode from 'vscode';
import type { RecordedRun } from '../core/history/historyStore';
import type { ClientAccess } from '../platform/clientAccess';
import { openCodePlace } from '../platform/codeLocations';
import { COMMANDS } from '../platform/constants';
import { once } from '../platform/lazy';
import type { Log } from '../platform/log';
import { openQueryInNewTab } from '../platform/openQuery';
import type { Deployments } from '../platform/webApp';
import { KEPT_CELLS } from '../core/run/resultsBudget';
import { readPanelState } from '../core/run/resultsProtocol';
import { QueryRunner } from './queryRunner';
import type { PageTraffic, ResultsPanel } from './resultsPanel';
import { runFromRowCommand, runQueryCommand } from './runCommands';
import { RunLens } from './runLens';
import { TimeRangeItem } from './timeRangeItem';

export interface RunDeps {
  extensionUri: vscode.Uri;
  /** Where the time range is remembered (per workspace). */
  memory: vscode.Memento;
  access: () => ClientAccess;
  deployments: () => Deployments;
  log: Log;
  /** Open a monitor's or a starred query's row as a document, for Run from its row (the monitors and starred features'). */
  openMonitorQuery: (arg: unknown) => Promise<vscode.TextEditor | undefined>;
  openStarredQuery: (arg: unknown) => Promise<vscode.TextEditor | undefined>;
  /** Told of every run that ends (the query history's recorder). */
  record?: (run: RecordedRun) => void;
  /** Heard when an annotation was added, changed or deleted: the open charts read theirs again. */
  onAnnotationsChanged: vscode.Event<void>;
}

/** A page may exchange many messages (a large result goes a slice a message): its first ones are kept. */
const TRAFFIC_KEPT = 1000;

/** The running feature, made once: the time range item, the runner (made at the first run), the
 *  lens, and the commands as functions; and, for the extension's test API, the panels open, what
 *  their pages exchanged, and the results budget. */
export function createRun(deps: RunDeps) {
  const timeRange = once(() => new TimeRangeItem(deps.memory));
  const panels: ResultsPanel[] = [];
  const budget = { keptCells: KEPT_CELLS };
  const traffic = new WeakMap<ResultsPanel, { received: string[]; sent: string[] }>();
  const runner = once(
    () =>
      new QueryRunner({
        extensionUri: deps.extensionUri,
        connection: deps.access(),
        deployments: deps.deployments(),
        timeRange: timeRange(),
        log: deps.log,
        record: deps.record,
        panels,
        keptCells: () => budget.keptCells,
        onAnnotationsChanged: deps.onAnnotationsChanged,
        watch: (panel, direction, kind) => {
          let kinds = traffic.get(panel);
          if (!kinds) traffic.set(panel, (kinds = { received: [], sent: [] }));
          if (kinds[direction].length < TRAFFIC_KEPT) kinds[direction].push(kind);
        },
      }),
  );
  const commands = {
    [COMMANDS.runQuery]: runQueryCommand(runner),
    [COMMANDS.runMonitorQuery]: runFromRowCommand(runner, deps.openMonitorQuery),
    [COMMANDS.runStarredQuery]: runFromRowCommand(runner, deps.openStarredQuery),
    [COMMANDS.chooseTimeRange]: () => timeRange().choose(),
    [COMMANDS.openCodePlace]: (place: unknown) => openCodePlace(place, deps.log),
  };
  /** APL in a new editor of its own, run there when asked: a compile error then has its place. */
  const openQuery = async (apl: string, run: boolean): Promise<void> => {
    const { document } = await openQueryInNewTab(apl, 'apl');
    if (run) await runner().run({ apl, documentUri: document.uri, version: document.version, startOffset: 0 });
  };
  return {
    runner,
    timeRange,
    openQuery,
    lens: new RunLens(),
    commands,
    /** The results panels open, newest last. */
    panels: panels as readonly ResultsPanel[],
    /** The kinds of message a panel's page and the panel exchanged, in order. */
    traffic: (panel: ResultsPanel): PageTraffic => traffic.get(panel) ?? { received: [], sent: [] },
    /** The values all panels may hold together (KEPT_CELLS: core/run/resultsBudget.ts). */
    budget,
    /** A results panel VS Code brought back after a reload, with what its page kept. */
    restore: (panel: vscode.WebviewPanel, state: unknown) => runner().restore(panel, readPanelState(state)),
    dispose(): void {
      runner.made?.dispose();
      timeRange.made?.dispose();
    },
  };
}

export type RunFeature = ReturnType<typeof createRun>;
