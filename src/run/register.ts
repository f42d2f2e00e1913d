import * as vscode from 'vscode';
import type { Connection } from '../accounts/connection';
import { APL_SELECTOR, COMMANDS } from '../platform/constants';
import type { RecordedRun } from '../core/history/historyStore';
import type { Log } from '../platform/log';
import type { Deployments } from '../platform/webApp';
import { QueryRunner } from './queryRunner';
import { ROW_OPENERS, runFromRowCommand, runQueryCommand } from './runCommands';
import { RunLens } from './runLens';
import { TimeRangeItem } from './timeRangeItem';

/** Running APL: Run Query (keyboard, editor title, CodeLens, monitor and starred rows), the time
 *  range in the status bar, the results panels and the service's compile errors as diagnostics. */
export function registerRun(context: vscode.ExtensionContext, deps: { connection: Connection; deployments: Deployments; log: Log; record?: (run: RecordedRun) => void }): { runner: () => QueryRunner; timeRange: TimeRangeItem; disposables: vscode.Disposable[] } {
  const timeRange = new TimeRangeItem(context.workspaceState);
  // Made at the first run, not at activation.
  let made: QueryRunner | undefined;
  const runner = () => (made ??= new QueryRunner({ extensionUri: context.extensionUri, connection: deps.connection, deployments: deps.deployments, timeRange, log: deps.log, record: deps.record }));
  const register = vscode.commands.registerCommand;
  const disposables = [
    timeRange,
    new vscode.Disposable(() => made?.dispose()),
    register(COMMANDS.runQuery, runQueryCommand(runner)),
    register(COMMANDS.runMonitorQuery, runFromRowCommand(runner, ROW_OPENERS.monitor)),
    register(COMMANDS.runStarredQuery, runFromRowCommand(runner, ROW_OPENERS.starred)),
    register(COMMANDS.chooseTimeRange, () => timeRange.choose()),
    vscode.languages.registerCodeLensProvider(APL_SELECTOR, new RunLens()),
  ];
  return { runner, timeRange, disposables };
}
