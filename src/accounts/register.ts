import * as vscode from 'vscode';
import { COMMANDS } from '../platform/constants';
import type { Log } from '../platform/log';
import type { SettingsStore } from '../platform/settings';
import type { TokenStore } from '../platform/tokenStore';
import type { Accounts } from './accounts';
import type { Connection } from './connection';
import { setTokenCommand, signOutCommand } from './setToken';
import { testConnectionCommand } from './testConnection';

/** The token and the connection: Set API Token, Sign Out, Test Connection, and AXIOM_TOKEN taken in once. */
export function registerAccounts(context: vscode.ExtensionContext, deps: { connection: Connection; accounts: Accounts; settings: SettingsStore; tokens: TokenStore; log: Log }): vscode.Disposable[] {
  const { connection, accounts, settings, tokens, log } = deps;
  void tokens.importFromEnvironment(context.globalState).then((imported) => imported && log.info('took the token from AXIOM_TOKEN'));
  const register = vscode.commands.registerCommand;
  return [
    register(COMMANDS.setToken, setTokenCommand(accounts)),
    register(COMMANDS.signOut, signOutCommand(accounts)),
    register(COMMANDS.testConnection, testConnectionCommand(connection, settings, log)),
    register(COMMANDS.showLog, () => log.show()),
  ];
}
