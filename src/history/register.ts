import * as vscode from 'vscode';
import { COMMANDS } from '../platform/constants';
import type { ClientSource } from '../platform/listView';
import { registerCommands } from '../platform/commands';
import type { Log } from '../platform/log';
import { historyCommands, type HistoryRun } from './historyCommands';
import { HistoryView } from './historyView';
import { QueryHistory, type ActiveDeployment } from './queryHistory';

/** The query history: the one recorder of runs (`history.record`), the Query History view and
 *  its commands, and Show Query History. Nothing is read from the disk until the view is shown or
 *  a run is recorded. */
export function registerHistory(
  context: vscode.ExtensionContext,
  deps: { connection: ClientSource; deployments: ActiveDeployment; log: Log; run: (request: HistoryRun) => Promise<unknown>; star: (args: { apl: string; dataset?: string }) => Promise<unknown> },
): { history: QueryHistory; view: HistoryView; disposables: vscode.Disposable[] } {
  const history = new QueryHistory(context.globalStorageUri.fsPath, deps.deployments, deps.log);
  const view = new HistoryView(deps.connection, deps.log, history);
  const commands = historyCommands({ view, history, run: deps.run, star: deps.star });
  const byId: Record<string, (...args: never[]) => unknown> = {
    ...commands,
    [COMMANDS.refreshQueryHistory]: () => view.refresh({ restart: true }),
  };
  const disposables = [history, view, ...registerCommands(byId)];
  return { history, view, disposables };
}
