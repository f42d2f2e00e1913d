import * as vscode from 'vscode';
import { CONTEXT_KEYS } from '../platform/constants';
import { commandIds } from '../platform/declarations';
import { registerCommands } from '../platform/lazyEntries';
import type { AccountsFeature } from './bundle';
import { findCliSources } from './cliConfigPath';

/** Accounts: deployments and their tokens, the status bar item, the Accounts menu, Test Connection,
 *  and AXIOM_TOKEN taken in once. Thin: every body is in the accounts bundle, made by `feature`. */
export function registerAccounts(deps: {
  feature: () => AccountsFeature;
  sessionsChanged: vscode.EventEmitter<vscode.AuthenticationProviderAuthenticationSessionsChangeEvent>;
}): vscode.Disposable[] {
  const { feature } = deps;
  // After activation, off its path: the status bar shows the deployment (when one is set up), the
  // environment's token is taken in, and the welcome's Import button looks for the CLI's file.
  const later = setTimeout(() => {
    if (process.env.AXIOM_TOKEN) void feature().importEnvironmentToken();
    feature().showStatus();
    void findCliSources().then(
      (found) => found.length && vscode.commands.executeCommand('setContext', CONTEXT_KEYS.cliConfigFound, true),
    );
  }, 0);
  const provider: vscode.AuthenticationProvider = {
    onDidChangeSessions: deps.sessionsChanged.event,
    getSessions: (scopes) => feature().authentication.getSessions(scopes),
    createSession: () => feature().authentication.createSession(),
    removeSession: (id) => feature().authentication.removeSession(id),
  };
  return [
    new vscode.Disposable(() => clearTimeout(later)),
    vscode.authentication.registerAuthenticationProvider('axiom', 'Axiom', provider, {
      supportsMultipleAccounts: true,
    }),
    ...registerCommands(commandIds('accounts'), () => feature().commands),
  ];
}
