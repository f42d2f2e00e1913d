// Composition root: builds the adapters every feature shares, then lets each feature register
// itself, and hands every disposable to VS Code.
import * as vscode from 'vscode';
import { Accounts, type SwitchRecord } from './accounts/accounts';
import { Connection } from './accounts/connection';
import { registerAccounts } from './accounts/register';
import type { DatasetsView } from './datasets/datasetsView';
import { registerDatasets } from './datasets/register';
import type { HistoryView } from './history/historyView';
import type { QueryHistory } from './history/queryHistory';
import { registerHistory } from './history/register';
import { registerLanguage } from './language/register';
import { AplSchema } from './language/schema';
import type { MonitorsView } from './monitors/monitorsView';
import { registerMonitors } from './monitors/register';
import { Log } from './platform/log';
import { MachineState } from './platform/machineState';
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
  datasetsView: DatasetsView;
  historyView: HistoryView;
  history: QueryHistory;
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
  // Every run is recorded in the history; the history runs its queries again through the runner.
  const run = registerRun(context, { connection, deployments: accounts, log, record: (ran) => void history.history.record(ran) });
  const history = registerHistory(context, { connection, deployments: accounts, log, run: (request) => run.runner().run(request), star: (args) => starred.star(args) });
  // One cache of datasets and fields, for completion and the Datasets view.
  const schema = new AplSchema(connection, log);
  const datasets = registerDatasets({ connection, deployments: accounts, log, schema, run: (request) => run.runner().run(request), range: () => run.timeRange.range });
  context.subscriptions.push(log, settings, tokens, machine, accounts, connection, ...registerAccounts(context, shared), ...monitors.disposables, ...starred.disposables, schema, ...registerLanguage(context, { schema }), ...run.disposables, ...datasets.disposables, ...history.disposables);
  if (context.extensionMode !== vscode.ExtensionMode.Test) return undefined;
  return {
    monitorsView: monitors.view,
    starredView: starred.view,
    get runner() {
      return run.runner();
    },
    datasetsView: datasets.view,
    historyView: history.view,
    history: history.history,
    activeDeployment: async () => (await accounts.active()).name,
  };
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
