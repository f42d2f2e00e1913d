import * as vscode from 'vscode';
import type { Connection } from '../accounts/connection';
import { APL_SELECTOR, COMMANDS } from '../platform/constants';
import type { Log } from '../platform/log';
import type { Deployments } from '../platform/webApp';
import { readPanelState } from '../core/run/resultsProtocol';
import { QueryRunner } from './queryRunner';
import { RESULTS_VIEW_TYPE } from './resultsPanel';
import { ROW_OPENERS, runFromRowCommand, runQueryCommand } from './runCommands';
import { RunLens } from './runLens';
import { TimeRangeItem } from './timeRangeItem';

/** Running APL: Run Query (keyboard, editor title, CodeLens, monitor and starred rows), the time
 *  range in the status bar, the results panels (also after a reload) and the service's compile
 *  errors as diagnostics. */
export function registerRun(context: vscode.ExtensionContext, deps: { connection: Connection; deployments: Deployments; log: Log }): { runner: () => QueryRunner; disposables: vscode.Disposable[] } {
  const timeRange = new TimeRangeItem(context.workspaceState);
  // Made at the first run, not at activation.
  let made: QueryRunner | undefined;
  const runner = () => (made ??= new QueryRunner({ extensionUri: context.extensionUri, connection: deps.connection, deployments: deps.deployments, timeRange, log: deps.log }));
  const register = vscode.commands.registerCommand;
  const disposables = [
    timeRange,
    new vscode.Disposable(() => made?.dispose()),
    register(COMMANDS.runQuery, runQueryCommand(runner)),
    register(COMMANDS.runMonitorQuery, runFromRowCommand(runner, ROW_OPENERS.monitor)),
    register(COMMANDS.runStarredQuery, runFromRowCommand(runner, ROW_OPENERS.starred)),
    register(COMMANDS.chooseTimeRange, () => timeRange.choose()),
    vscode.languages.registerCodeLensProvider(APL_SELECTOR, new RunLens()),
    // Panels open when the window reloaded come back (activation event onWebviewPanel:axiom.results).
    vscode.window.registerWebviewPanelSerializer(RESULTS_VIEW_TYPE, {
      deserializeWebviewPanel: async (panel, state) => runner().restore(panel, readPanelState(state)),
    }),
  ];
  return { runner, disposables };
}
