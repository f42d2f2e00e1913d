// The "accounts" bundle (src/features.ts): deployments and their tokens, the window's
// connection that every feature's requests go through, the accounts commands, the deployment's
// status bar item and the Accounts menu's provider. Loaded the first time any of these is needed:
// just after activation when the status bar shows the deployment, else at the first request.
import * as vscode from 'vscode';
import { COMMANDS } from '../platform/constants';
import type { Log } from '../platform/log';
import type { AdviceHandlers } from '../platform/showAdvice';
import { MachineState } from '../platform/machineState';
import { SettingsStore } from '../platform/settings';
import { TokenStore } from '../platform/tokenStore';
import { Accounts, deploymentLabel, type SwitchRecord } from './accounts';
import { AxiomAuthenticationProvider } from './authProvider';
import { Connection } from './connection';
import { Browser } from '../platform/browser';
import { signInCommand, type RegisteredClients } from './signIn';
import { SignedInTokens } from './signedIn';
import {
  addDeploymentCommand,
  importCliConfigCommand,
  removeDeploymentCommand,
  renameDeploymentCommand,
  switchDeploymentCommand,
} from './deploymentCommands';
import { DeploymentStatus } from './deploymentStatus';
import { setTokenCommand, signOutCommand } from './setToken';
import { testConnectionCommand } from './testConnection';
import { BackgroundRequests } from '../platform/backgroundRequests';
import type { Transport } from '../core/api/transport';

export interface AccountsDeps {
  context: vscode.ExtensionContext;
  log: Log;
  /** Tells VS Code's Accounts menu that sessions changed. */
  sessionsChanged: (event: vscode.AuthenticationProviderAuthenticationSessionsChangeEvent) => void;
}

/** The accounts feature, made once: its model, the connection, and its commands as functions. */
export function createAccounts(deps: AccountsDeps) {
  const { context, log } = deps;
  // Sent with every request.
  const { version } = context.extension.packageJSON as { version?: unknown };
  const userAgent = `axiom-apl-vscode/${typeof version === 'string' ? version : '0.0.0'} (vscode ${vscode.version})`;
  const settings = new SettingsStore();
  const tokens = new TokenStore(context.secrets);
  const machine = new MachineState<SwitchRecord>(context.globalStorageUri.fsPath, 'deployment.json', {});
  // The connection's transport, for requests to the sign-in server.
  const transport = (): Transport => connection.transport();
  const signedIn = new SignedInTokens(tokens, log, userAgent, transport, context.globalStorageUri.fsPath);
  const accounts = new Accounts(settings, tokens, machine, log, process.env, (name: string): Promise<void> =>
    signedIn.revoke(name),
  );
  // What a failure's Set API Token, Sign In and Show Log do (signIn is made below, with the connection).
  const handlers: AdviceHandlers = {
    askForToken: () => setToken(),
    signIn: async () => (await signIn()) !== undefined,
    log,
  };
  const setToken = setTokenCommand(accounts, handlers);
  const connection = new Connection(settings, accounts, log, userAgent, handlers, signedIn);
  // The one budget of the requests no person made one by one (status checks, tail, lenses).
  const background = new BackgroundRequests(connection);
  const addDeployment = addDeploymentCommand(accounts);
  const importCli = importCliConfigCommand(accounts, log);
  const rename = renameDeploymentCommand(accounts);
  const remove = removeDeploymentCommand(accounts);
  const signOut = signOutCommand(accounts, handlers);
  // The client registered with each sign-in server: this machine's, not synced.
  const clients = new MachineState<RegisteredClients>(context.globalStorageUri.fsPath, 'sign-in-clients.json', {});
  const browser = new Browser();
  const signIn = signInCommand({
    accounts,
    tokens,
    settings,
    clients,
    transport,
    browser,
    log,
    handlers,
    userAgent,
    addWithToken: () => addDeployment(),
    rename: (name) => rename({ from: name }),
  });
  const switchDeployment = switchDeploymentCommand(accounts, {
    signIn: () => signIn(),
    add: () => addDeployment(),
    importCli: () => importCli(),
    rename,
    remove,
  });
  const authentication = new AxiomAuthenticationProvider(accounts, context.globalState, deps.sessionsChanged, () =>
    signIn(),
  );
  let status: DeploymentStatus | undefined;
  const disposables: vscode.Disposable[] = [
    authentication,
    background,
    connection,
    accounts,
    signedIn,
    clients,
    machine,
    tokens,
    settings,
  ];
  return {
    accounts,
    connection,
    /** The window's one budget for background requests (platform/backgroundRequests.ts). */
    background,
    /** How a person reads a deployment's name ('' is the settings deployment). */
    label(name: string): string {
      const deployment = accounts.find(name);
      return deployment ? deploymentLabel(deployment) : name;
    },
    authentication,
    /** Where addresses open in the browser: the extension's own tests follow them instead. */
    browser,
    commands: {
      // Called from outside, each asks (their declarations' `changing`, platform/outsideCallers.ts).
      [COMMANDS.signIn]: signIn,
      [COMMANDS.setToken]: setToken,
      [COMMANDS.signOut]: signOut,
      [COMMANDS.switchDeployment]: switchDeployment,
      [COMMANDS.addDeployment]: addDeployment,
      [COMMANDS.importCliConfig]: importCli,
      [COMMANDS.renameDeployment]: rename,
      [COMMANDS.removeDeployment]: remove,
      [COMMANDS.testConnection]: testConnectionCommand(connection, settings, log),
    },
    /** The commands as the extension's own code (and its tests) calls them: with the arguments only
     *  it may give (a token, a home folder to import from, a confirmation already given), and with
     *  no question first. */
    own: {
      signIn,
      setToken,
      addDeployment,
      importCliConfig: importCli,
      removeDeployment: remove,
      signOut,
      switchDeployment,
      renameDeployment: rename,
    },
    /** The status bar item naming the deployment: made and shown (when something is set up). */
    showStatus(): void {
      status ??= new DeploymentStatus(accounts);
    },
    /** Official Axiom clients read AXIOM_TOKEN: taken in once, when no token is stored yet. */
    async importEnvironmentToken(): Promise<void> {
      try {
        // For the deployment the window uses (which reads this machine's record of the last switch).
        if (await tokens.importFromEnvironment(context.globalState, await accounts.active()))
          log.info('took the token from AXIOM_TOKEN');
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
