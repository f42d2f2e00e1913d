// Composition root: builds the adapters every feature shares, then lets each feature register
// itself, and hands every disposable to VS Code.
import * as vscode from 'vscode';
import { Accounts, type SwitchRecord } from './accounts/accounts';
import { Connection } from './accounts/connection';
import { registerAccounts } from './accounts/register';
import { registerLanguage } from './language/register';
import type { MonitorsView } from './monitors/monitorsView';
import { registerMonitors } from './monitors/register';
import { Log } from './platform/log';
import { MachineState } from './platform/machineState';
import { registerNotebook, type NotebookHandle } from './notebook/register';
import { SettingsStore } from './platform/settings';
import { TokenStore } from './platform/tokenStore';
import type { QueryRunner } from './run/queryRunner';
import { registerRun } from './run/register';
import { registerStarred } from './starred/register';
import type { StarredView } from './starred/starredView';

/** What activate returns to the extension's own tests: the views and the deployment's name. Only
 *  when VS Code runs those tests: the views hold the connection, and through it the tokens, which
 *  no other extension may reach but through VS Code's Accounts, with the person's consent. */
export interface AxiomExtensionApi {
  monitorsView: MonitorsView;
  starredView: StarredView;
  runner: QueryRunner;
  notebooks: NotebookHandle;
  /** The name of the deployment this window uses ('' for the one of axiom.url). */
  activeDeployment(): Promise<string>;
}

export function activate(context: vscode.ExtensionContext): AxiomExtensionApi | undefined {
  const version = String((context.extension.packageJSON as { version?: unknown }).version ?? '0.0.0');
  const log = new Log();
  const settings = new SettingsStore();
  const tokens = new TokenStore(context.secrets);
  const machine = new MachineState<SwitchRecord>(context.globalStorageUri.fsPath, 'deployment.json', {});
  const accounts = new Accounts(settings, tokens, machine, log);
  const connection = new Connection(settings, accounts, log, `axiom-apl-vscode/${version} (vscode ${vscode.version})`);
  const shared = { log, settings, tokens, accounts, connection };

  const monitors = registerMonitors(shared);
  const starred = registerStarred(context, shared);
  const run = registerRun(context, { connection, deployments: accounts, log });
  const notebooks = registerNotebook({ runner: run.runner, deployments: accounts, log, monitorsView: monitors.view });
  context.subscriptions.push(log, settings, tokens, machine, accounts, connection, ...registerAccounts(context, shared), ...monitors.disposables, ...starred.disposables, ...registerLanguage(context, shared), ...run.disposables, ...notebooks.disposables);
  if (context.extensionMode !== vscode.ExtensionMode.Test) return undefined;
  return {
    monitorsView: monitors.view,
    starredView: starred.view,
    get runner() {
      return run.runner();
    },
    notebooks: notebooks.handle,
    activeDeployment: async () => (await accounts.active()).name,
  };
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
