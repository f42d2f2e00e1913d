import * as vscode from 'vscode';
import type { Connection } from '../accounts/connection';
import { COMMANDS } from '../platform/constants';
import type { Log } from '../platform/log';
import type { SettingsStore } from '../platform/settings';
import { RecentDatasets } from './recentDatasets';
import { starQueryCommand } from './starQuery';

/** Starred queries: Star this APL Query. */
export function registerStarred(context: vscode.ExtensionContext, deps: { connection: Connection; settings: SettingsStore; log: Log }): vscode.Disposable[] {
  const starQuery = starQueryCommand({ ...deps, recent: new RecentDatasets(context.globalState) });
  return [vscode.commands.registerCommand(COMMANDS.starQuery, starQuery)];
}
