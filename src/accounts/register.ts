import * as vscode from 'vscode';
import { CONTEXT_KEYS } from '../platform/constants';
import { commandIds } from '../platform/declarations';
import { registerCommands } from '../platform/lazyEntries';
import type { AccountsFeature } from './bundle';
import { findCliSources } from './cliConfigPath';

/** Accounts: deployments and their tokens, the status bar item, the Accounts menu, Test Connection,
 *  and AXIOM_TOKEN taken in once. Thin: every body is in the accounts bundle, made by `feature`
 *  (also the authentication provider's, which the entries registered at activation: entries.ts). */
export function registerAccounts(feature: () => AccountsFeature): vscode.Disposable[] {
  // After activation, off its path: the status bar shows the deployment (when one is set up), the
  // environment's token is taken in, and the welcome's Import button looks for the CLI's file.
  const later = setTimeout(() => {
    if (process.env.AXIOM_TOKEN) void feature().importEnvironmentToken();
    feature().showStatus();
    void findCliSources().then(
      (found) => found.length && vscode.commands.executeCommand('setContext', CONTEXT_KEYS.cliConfigFound, true),
    );
  }, 0);
  return [
    new vscode.Disposable(() => clearTimeout(later)),
    ...registerCommands(commandIds('accounts'), () => feature().commands),
  ];
}
