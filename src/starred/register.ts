import * as vscode from 'vscode';
import type { Accounts } from '../accounts/accounts';
import type { Connection } from '../accounts/connection';
import { COMMANDS } from '../platform/constants';
import type { Log } from '../platform/log';
import { RecentDatasets } from './recentDatasets';
import { starQueryCommand } from './starQuery';

/** Starred queries: Star this APL Query. */
export function registerStarred(context: vscode.ExtensionContext, deps: { connection: Connection; accounts: Accounts; log: Log }): vscode.Disposable[] {
  const starQuery = starQueryCommand({ connection: deps.connection, orgIds: deps.accounts, log: deps.log, recent: new RecentDatasets(context.globalState) });
  return [vscode.commands.registerCommand(COMMANDS.starQuery, starQuery)];
}
