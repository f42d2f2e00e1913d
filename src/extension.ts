// Composition root: lets each feature register its thin entries (command ids, views, providers),
// hands every disposable to VS Code, and wires the features together with functions. Nothing here
// loads a feature's implementation: each loads from its own bundle on first use (src/platform/lazy.ts).
import * as vscode from 'vscode';
import type { AccountsFeature } from './accounts/bundle';
import type { AgentsFeature } from './agents/bundle';
import { registerAgents } from './agents/register';
import type { Browser } from './platform/browser';
import { registerAccounts } from './accounts/register';
import { COMMANDS } from './platform/constants';
import { load, once } from './platform/lazy';
import { disposeIfMade } from './platform/lazyEntries';
import { Log } from './platform/log';
import type { DatasetsView } from './datasets/datasetsView';
import { registerDatasets } from './datasets/register';
import type { HistoryView } from './history/historyView';
import type { QueryHistory } from './history/queryHistory';
import { registerHistory } from './history/register';
import { registerLanguage } from './language/register';
import type { MonitorsView } from './monitors/monitorsView';
import type { MonitorForms } from './monitors/monitorForm';
import { registerMonitors } from './monitors/register';
import type { NotebookFeature } from './notebook/bundle';
import { registerNotebook } from './notebook/register';
import type { QueryRunner } from './run/queryRunner';
import { registerRun } from './run/register';
import { registerStarred } from './starred/register';
import type { StarredFiles } from './starred/starredFiles';
import type { StarredFeature } from './starred/bundle';
import type { StarredView } from './starred/starredView';

/** What activate returns to the extension's own tests: the views and the deployment's name. Only
 *  when VS Code runs those tests: the views hold the connection, and through it the tokens, which
 *  no other extension may reach but through VS Code's Accounts, with the person's consent. Each is
 *  loaded when first read. */
export interface AxiomExtensionApi {
  readonly monitorsView: MonitorsView;
  /** The monitor settings forms, as their pages see them and are heard. */
  readonly monitorForms: MonitorForms;
  /** Where the extension opens addresses in the browser: tests replace its `open` to follow them. */
  readonly browser: Browser;
  readonly starredView: StarredView;
  /** The starred documents' file system. */
  readonly starredFiles: StarredFiles;
  readonly runner: QueryRunner;
  readonly notebooks: NotebookFeature;
  readonly datasetsView: DatasetsView;
  readonly historyView: HistoryView;
  readonly history: QueryHistory;
  /** The language model tools' implementations, for calling prepareInvocation as VS Code would
   *  before a confirmation, and the chat participant's handler. */
  readonly agentTools: AgentsFeature;
  /** The commands with the arguments that only the extension's own code may give (a token, a
   *  home folder, a confirmation: platform/outsideArguments.ts); from outside they ask. */
  readonly own: AccountsFeature['own'] & StarredFeature['own'];
  /** The name of the deployment this window uses ('' for the one of axiom.url). */
  activeDeployment(): Promise<string>;
}

export function activate(context: vscode.ExtensionContext): AxiomExtensionApi | undefined {
  const log = new Log();
  const sessionsChanged = new vscode.EventEmitter<vscode.AuthenticationProviderAuthenticationSessionsChangeEvent>();
  const accounts = once((): AccountsFeature =>
    load('accounts').createAccounts({
      context,
      log,
      sessionsChanged: (event) => sessionsChanged.fire(event),
    }),
  );
  const access = () => accounts().connection;
  const deployments = () => accounts().accounts;
  const labelOf = (name: string) => accounts().label(name);

  const starred = registerStarred(() => ({
    memory: context.globalState,
    access: access(),
    deployments: deployments(),
    labelOf,
    log,
  }));
  const monitors = registerMonitors(() => ({
    access: access(),
    deployments: deployments(),
    labelOf,
    extensionUri: context.extensionUri,
    log,
    starQuery: (args) => starred.feature().commands[COMMANDS.starQuery](args),
    record: (ran) => void history.feature().history.record(ran),
  }));
  const run = registerRun({
    extensionUri: context.extensionUri,
    memory: context.workspaceState,
    access,
    deployments,
    log,
    openMonitorQuery: (arg) => monitors.feature().commands[COMMANDS.openMonitorQueryInNewTab](arg),
    openStarredQuery: (arg) => starred.feature().commands[COMMANDS.openStarredQuery](arg as never),
    // Every run is recorded in this machine's query history.
    record: (ran) => void history.feature().history.record(ran),
  });
  const runner = () => run.feature().runner();
  const notebooks = registerNotebook({ runner, deployments, handlers: () => access().handlers, log });
  const runQuery = (request: Parameters<QueryRunner['run']>[0]) => runner().run(request);
  const history = registerHistory(() => ({
    folder: context.globalStorageUri.fsPath,
    access: access(),
    deployments: deployments(),
    log,
    run: runQuery,
    star: (args) => starred.feature().commands[COMMANDS.starQuery](args),
  }));
  const language = registerLanguage({ access, log });
  // The Datasets view fills the cache completion reads: one cache, the language feature's.
  const datasets = registerDatasets(() => ({
    access: access(),
    deployments: deployments(),
    log,
    schema: language.feature().schema(),
    run: runQuery,
    range: () => run.feature().timeRange().range,
  }));
  const agents = registerAgents(context, () => ({
    access: access(),
    monitors: monitors.feature().view,
    timeRange: () => run.feature().timeRange().range,
    runner,
    log,
    onStarred: (created) => void starred.feature().view.added(created),
    openQuery: (apl, runIt) => run.feature().openQuery(apl, runIt),
  }));
  context.subscriptions.push(
    log,
    sessionsChanged,
    // Features are disposed before the accounts they use.
    ...monitors.disposables,
    ...starred.disposables,
    ...notebooks.disposables,
    ...run.disposables,
    ...datasets.disposables,
    ...history.disposables,
    ...language.disposables,
    ...agents.disposables,
    ...registerAccounts({ feature: accounts, log, sessionsChanged }),
    disposeIfMade(accounts),
  );
  if (context.extensionMode !== vscode.ExtensionMode.Test) return undefined;
  return {
    get monitorsView() {
      return monitors.feature().view;
    },
    get monitorForms() {
      return monitors.feature().forms;
    },
    get browser() {
      return accounts().browser;
    },
    get starredView() {
      return starred.feature().view;
    },
    get starredFiles() {
      return starred.feature().files;
    },
    get runner() {
      return run.feature().runner();
    },
    get notebooks() {
      return notebooks.feature();
    },
    get datasetsView() {
      return datasets.feature().view;
    },
    get historyView() {
      return history.feature().view;
    },
    get history() {
      return history.feature().history;
    },
    get agentTools() {
      return agents.feature();
    },
    get own() {
      return { ...accounts().own, ...starred.feature().own };
    },
    activeDeployment: async () => (await accounts().accounts.active()).name,
  };
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
