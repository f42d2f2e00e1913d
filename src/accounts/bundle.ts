// The "accounts" bundle (src/platform/lazy.ts): deployments and their tokens, the window's
// connection that every feature's requests go through, the accounts commands, the deployment's
// status bar item and the Accounts menu's provider. Loaded the first time any of these is needed:
// just after activation when the status bar shows the deployment, else at the first request.
import * as vscode from 'vscode';
import { COMMANDS } from '../platform/constants';
import type { Log } from '../platform/log';
import { MachineState } from '../platform/machineState';
import { SettingsStore } from '../platform/settings';
import { TokenStore } from '../platform/tokenStore';
import { Accounts, deploymentLabel, type SwitchRecord } from './accounts';
import { AxiomAuthenticationProvider } from './authProvider';
import { Connection } from './connection';
import { addDeploymentCommand, importCliConfigCommand, removeDeploymentCommand, renameDeploymentCommand, switchDeploymentCommand } from './deploymentCommands';
import { DeploymentStatus } from './deploymentStatus';
import { setTokenCommand, signOutCommand } from './setToken';
import { testConnectionCommand } from './testConnection';

export interface AccountsDeps {
  context: vscode.ExtensionContext;
  log: Log;
  /** Sent with every request. */
  userAgent: string;
  /** Tells VS Code's Accounts menu that sessions changed. */
  sessionsChanged: (event: vscode.AuthenticationProviderAuthenticationSessionsChangeEvent) => void;
}

/** The accounts feature, made once: its model, the connection, and its commands as functions. */
export function createAccounts(deps: AccountsDeps) {
  const { context, log } = deps;
  const settings = new SettingsStore();
  const tokens = new TokenStore(context.secrets);
  const machine = new MachineState<SwitchRecord>(context.globalStorageUri.fsPath, 'deployment.json', {});
  const accounts = new Accounts(settings, tokens, machine, log);
  const setToken = setTokenCommand(accounts, log);
  const connection = new Connection(settings, accounts, log, deps.userAgent, () => setToken());
  const addDeployment = addDeploymentCommand(accounts);
  const importCli = importCliConfigCommand(accounts, log);
  const rename = renameDeploymentCommand(accounts);
  const remove = removeDeploymentCommand(accounts);
  const authentication = new AxiomAuthenticationProvider(accounts, context.globalState, deps.sessionsChanged, () => addDeployment());
  let status: DeploymentStatus | undefined;
  const disposables: vscode.Disposable[] = [authentication, connection, accounts, machine, tokens, settings];
  return {
    accounts,
    connection,
    /** How a person reads a deployment's name ('' is the settings deployment). */
    label(name: string): string {
      const deployment = accounts.find(name);
      return deployment ? deploymentLabel(deployment) : name;
    },
    authentication,
    commands: {
      [COMMANDS.setToken]: setToken,
      [COMMANDS.signOut]: signOutCommand(accounts, { askForToken: () => setToken(), log }),
      [COMMANDS.switchDeployment]: switchDeploymentCommand(accounts, { add: () => addDeployment(), importCli: () => importCli(), rename, remove }),
      [COMMANDS.addDeployment]: addDeployment,
      [COMMANDS.importCliConfig]: importCli,
      [COMMANDS.renameDeployment]: rename,
      [COMMANDS.removeDeployment]: remove,
      [COMMANDS.testConnection]: testConnectionCommand(connection, settings, log),
    },
    /** The status bar item naming the deployment: made and shown (when something is set up). */
    showStatus(): void {
      status ??= new DeploymentStatus(accounts);
    },
    /** Official Axiom clients read AXIOM_TOKEN: taken in once, when no token is stored yet. */
    async importEnvironmentToken(): Promise<void> {
      try {
        // For the deployment the window uses (which reads this machine's record of the last switch).
        if (await tokens.importFromEnvironment(context.globalState, await accounts.active())) log.info('took the token from AXIOM_TOKEN');
      } catch (error) {
        log.warn(`AXIOM_TOKEN could not be stored: ${String(error)}`);
      }
    },
    dispose(): void {
      status?.dispose();
      for (const d of disposables) d.dispose();
    },
  };
}

export type AccountsFeature = ReturnType<typeof createAccounts>;
