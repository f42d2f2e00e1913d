// The "run" bundle (src/features.ts): Run Query and its results panels, the time range in
// the status bar, the CodeLens above each query and the service's compile errors as diagnostics.
// Loaded with the first Axiom APL editor (the lens and the time range show there) or the first run.
import type * as vscode from 'vscode';
import type { RecordedRun } from '../core/history/historyStore';
import type { ClientAccess } from '../platform/clientAccess';
import { COMMANDS } from '../platform/constants';
import { once } from '../platform/lazy';
import type { Log } from '../platform/log';
import { openQueryInNewTab } from '../platform/openQuery';
import type { Deployments } from '../platform/webApp';
import { readPanelState } from '../core/run/resultsProtocol';
import { QueryRunner } from './queryRunner';
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
  openMonitorQuery(arg: unknown): Promise<vscode.TextEditor | undefined>;
  openStarredQuery(arg: unknown): Promise<vscode.TextEditor | undefined>;
  /** Told of every run that ends (the query history's recorder). */
  record?(run: RecordedRun): void;
}

/** The running feature, made once: the time range item, the runner (made at the first run), the
 *  lens, and the commands as functions. */
export function createRun(deps: RunDeps) {
  const timeRange = once(() => new TimeRangeItem(deps.memory));
  const runner = once(
    () =>
      new QueryRunner({
        extensionUri: deps.extensionUri,
        connection: deps.access(),
        deployments: deps.deployments(),
        timeRange: timeRange(),
        log: deps.log,
        record: deps.record,
      }),
  );
  const commands = {
    [COMMANDS.runQuery]: runQueryCommand(runner),
    [COMMANDS.runMonitorQuery]: runFromRowCommand(runner, deps.openMonitorQuery),
    [COMMANDS.runStarredQuery]: runFromRowCommand(runner, deps.openStarredQuery),
    [COMMANDS.chooseTimeRange]: () => timeRange().choose(),
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
    /** A results panel VS Code brought back after a reload, with what its page kept. */
    restore: (panel: vscode.WebviewPanel, state: unknown) => runner().restore(panel, readPanelState(state)),
    dispose(): void {
      runner.made?.dispose();
      timeRange.made?.dispose();
    },
  };
}

export type RunFeature = ReturnType<typeof createRun>;
