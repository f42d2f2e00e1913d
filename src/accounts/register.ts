import fs from 'node:fs/promises';
import * as vscode from 'vscode';
import { COMMANDS, CONTEXT_KEYS } from '../platform/constants';
import type { Log } from '../platform/log';
import type { SettingsStore } from '../platform/settings';
import type { TokenStore } from '../platform/tokenStore';
import type { Accounts } from './accounts';
import { AxiomAuthenticationProvider } from './authProvider';
import type { Connection } from './connection';
import { addDeploymentCommand, cliConfigPath, importCliConfigCommand, removeDeploymentCommand, renameDeploymentCommand, switchDeploymentCommand } from './deploymentCommands';
import { DeploymentStatus } from './deploymentStatus';
import { setTokenCommand, signOutCommand } from './setToken';
import { testConnectionCommand } from './testConnection';

/** Accounts: deployments and their tokens, the status bar item, the Accounts menu, Test Connection, and AXIOM_TOKEN taken in once. */
export function registerAccounts(
  context: vscode.ExtensionContext,
  deps: { connection: Connection; accounts: Accounts; settings: SettingsStore; tokens: TokenStore; log: Log },
): vscode.Disposable[] {
  const { connection, accounts, settings, tokens, log } = deps;
  // For the deployment the window uses (which reads this machine's record of the last switch:
  // after activation, and only when there is a token to take).
  const importToken = process.env.AXIOM_TOKEN
    ? setTimeout(() => {
        void accounts
          .active()
          .then((deployment) => tokens.importFromEnvironment(context.globalState, deployment))
          .then((imported) => imported && log.info('took the token from AXIOM_TOKEN'))
          .catch((error: unknown) => log.warn(`AXIOM_TOKEN could not be stored: ${String(error)}`));
      }, 0)
    : undefined;
  // For the welcome's Import button; looked up after activation, off its path.
  void fs.access(cliConfigPath()).then(
    () => vscode.commands.executeCommand('setContext', CONTEXT_KEYS.cliConfigFound, true),
    () => undefined,
  );
  const authentication = new AxiomAuthenticationProvider(accounts);
  const register = vscode.commands.registerCommand;
  return [
    { dispose: () => clearTimeout(importToken) },
    new DeploymentStatus(accounts),
    authentication,
    vscode.authentication.registerAuthenticationProvider('axiom', 'Axiom', authentication, { supportsMultipleAccounts: true }),
    register(COMMANDS.setToken, setTokenCommand(accounts)),
    register(COMMANDS.signOut, signOutCommand(accounts)),
    register(COMMANDS.switchDeployment, switchDeploymentCommand(accounts)),
    register(COMMANDS.addDeployment, addDeploymentCommand(accounts)),
    register(COMMANDS.importCliConfig, importCliConfigCommand(accounts, log)),
    register(COMMANDS.renameDeployment, renameDeploymentCommand(accounts)),
    register(COMMANDS.removeDeployment, removeDeploymentCommand(accounts)),
    register(COMMANDS.testConnection, testConnectionCommand(connection, settings, log)),
    register(COMMANDS.showLog, () => log.show()),
  ];
}
