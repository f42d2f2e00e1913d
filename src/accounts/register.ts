import * as vscode from 'vscode';
import { COMMANDS, CONTEXT_KEYS } from '../platform/constants';
import type { Browser } from '../platform/browser';
import type { Log } from '../platform/log';
import { MachineState } from '../platform/machineState';
import type { SettingsStore } from '../platform/settings';
import type { TokenStore } from '../platform/tokenStore';
import type { Accounts } from './accounts';
import { AxiomAuthenticationProvider } from './authProvider';
import type { Connection } from './connection';
import { signInCommand, type RegisteredClients } from './signIn';
import { addDeploymentCommand, findCliSources, importCliConfigCommand, removeDeploymentCommand, renameDeploymentCommand, switchDeploymentCommand } from './deploymentCommands';
import { DeploymentStatus } from './deploymentStatus';
import { setTokenCommand, signOutCommand } from './setToken';
import { testConnectionCommand } from './testConnection';

/** Accounts: deployments and their tokens, the status bar item, the Accounts menu, Test Connection, and AXIOM_TOKEN taken in once. */
export function registerAccounts(
  context: vscode.ExtensionContext,
  deps: { connection: Connection; accounts: Accounts; settings: SettingsStore; tokens: TokenStore; log: Log; browser: Browser; userAgent: string },
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
  // For the welcome's Import button (either CLI's file); looked up after activation, off its path.
  void findCliSources().then((found) => found.length && vscode.commands.executeCommand('setContext', CONTEXT_KEYS.cliConfigFound, true));
  // The client registered with each sign-in server: this machine's, not synced.
  const clients = new MachineState<RegisteredClients>(context.globalStorageUri.fsPath, 'sign-in-clients.json', {});
  const addDeployment = addDeploymentCommand(accounts);
  const rename = renameDeploymentCommand(accounts);
  const signIn = signInCommand({ accounts, tokens, settings, clients, network: (url) => connection.network(url), browser: deps.browser, log, userAgent: deps.userAgent, addWithToken: () => addDeployment(), rename: (name) => rename({ from: name }) });
  const authentication = new AxiomAuthenticationProvider(accounts, () => signIn());
  const register = vscode.commands.registerCommand;
  return [
    { dispose: () => clearTimeout(importToken) },
    new DeploymentStatus(accounts),
    authentication,
    vscode.authentication.registerAuthenticationProvider('axiom', 'Axiom', authentication, { supportsMultipleAccounts: true }),
    clients,
    register(COMMANDS.signIn, signIn),
    register(COMMANDS.setToken, setTokenCommand(accounts)),
    register(COMMANDS.signOut, signOutCommand(accounts)),
    register(COMMANDS.switchDeployment, switchDeploymentCommand(accounts)),
    register(COMMANDS.addDeployment, addDeployment),
    register(COMMANDS.importCliConfig, importCliConfigCommand(accounts, log)),
    register(COMMANDS.renameDeployment, rename),
    register(COMMANDS.removeDeployment, removeDeploymentCommand(accounts)),
    register(COMMANDS.testConnection, testConnectionCommand(connection, settings, log)),
    register(COMMANDS.showLog, () => log.show()),
  ];
}
