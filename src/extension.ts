// Composition root: lets each feature register its thin entries (command ids, views, providers,
// as its declaration in platform/declarations.ts says), hands every disposable to VS Code, and wires
// the features together with functions: each gets what it needs of another as a function or a
// small interface (ports), never another feature's class or command map. Nothing here loads a
// feature's implementation: each is made from its bundle on first use (`load`, src/features.ts).
import * as vscode from 'vscode';
import type { AccountsFeature } from './accounts/bundle';
import type { AnnotationsDeps } from './annotations/bundle';
import type { AnnotationsView } from './annotations/annotationsView';
import type { AgentTools } from './agents/agentTools';
import { registerAgents } from './agents/register';
import { registerHostedMcpServer, type HostedMcpServer } from './agents/mcpServer';
import type { Browser } from './platform/browser';
import { registerAccounts } from './accounts/register';
import type { DashboardPreviewFeature } from './dashboards/previewBundle';
import type { DatasetsDeps } from './datasets/bundle';
import type { DatasetsView } from './datasets/datasetsView';
import { load } from './features';
import type { HistoryDeps } from './history/bundle';
import type { HistoryView } from './history/historyView';
import type { QueryHistory } from './history/queryHistory';
import { registerLanguage } from './language/register';
import type { MonitorsView } from './monitors/monitorsView';
import type { DryRunPanels } from './monitors/dryRunPanel';
import type { MonitorForms } from './monitors/monitorForm';
import { registerMonitors } from './monitors/register';
import type { NotebookFeature } from './notebook/bundle';
import { registerNotebook } from './notebook/register';
import { COMMANDS } from './platform/constants';
import { draftStorageKey } from './core/drafts';
import { commandIds, FEATURES, type FeatureDeclaration } from './platform/declarations';
import { load as loadLibrary, once } from './platform/lazy';
import {
  disposeIfMade,
  recordFilesOf,
  registerCommands,
  registerFeature,
  registerViewFeature,
} from './platform/lazyEntries';
import { Log } from './platform/log';
import { openWalkthrough, openWalkthroughOnFirstStart } from './platform/walkthroughSteps';
import type { RunFeature } from './run/bundle';
import type { QueryRunner } from './run/queryRunner';
import { registerRun } from './run/register';
import type { StarredDeps, StarredFeature } from './starred/bundle';
import type { StarredFiles } from './starred/starredFiles';
import type { StarredView } from './starred/starredView';
import type { DashboardsDeps, DashboardsFeature } from './dashboards/bundle';

/** What activate returns to the extension's own tests: the views and the deployment's name. Only
 *  when VS Code runs those tests: the views hold the connection, and through it the tokens, which
 *  no other extension may reach but through VS Code's Accounts, with the person's consent. Each is
 *  loaded when first read. */
export interface AxiomExtensionApi {
  readonly monitorsView: MonitorsView;
  /** The monitor settings forms, as their pages see them and are heard. */
  readonly monitorForms: MonitorForms;
  /** The dry runs' pages, as they are posted to and heard. */
  readonly dryRunPanels: DryRunPanels;
  /** Where the extension opens addresses in the browser: tests replace its `open` to follow them. */
  readonly browser: Browser;
  readonly starredView: StarredView;
  /** The starred documents' file system. */
  readonly starredFiles: StarredFiles;
  readonly runner: QueryRunner;
  /** The run feature: its open results panels, what their pages exchanged, the results budget. */
  readonly run: RunFeature;
  readonly notebooks: NotebookFeature;
  readonly datasetsView: DatasetsView;
  readonly historyView: HistoryView;
  readonly annotationsView: AnnotationsView;
  readonly history: QueryHistory;
  /** The language model tools' implementations, for calling prepareInvocation as VS Code would
   *  before a confirmation, and the chat participant's handler. */
  readonly agentTools: AgentTools;
  /** The dashboard previews open. */
  readonly dashboardPreview: DashboardPreviewFeature;
  /** Axiom's hosted MCP server: registered only while its setting is on. */
  readonly hostedMcpServer: HostedMcpServer;
  /** The commands with the arguments that only the extension's own code may give (a token, a
   *  home folder, a confirmation: platform/outsideCallers.ts) and no question first. */
  readonly own: AccountsFeature['own'] & StarredFeature['own'];
  /** The dashboards feature (its view, documents and own commands). */
  readonly dashboards: DashboardsFeature;
  /** The name of the deployment this window uses ('' for the one of axiom.url). */
  activeDeployment(): Promise<string>;
  /** The person's send of the record a document is of, as Send to Axiom does for the active editor. */
  sendDocument(uri: vscode.Uri): Promise<boolean>;
  /** Whether a record's document shows a draft (marked on its tab). */
  hasDraft(uri: vscode.Uri): boolean;
  /** Drops every draft kept in this editor's storage (between tests: records are shared by them). */
  forgetDrafts(): Promise<void>;
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
  // The ports between features: each a function that makes the feature it reaches on first use.
  const starQuery = (args: { apl: string; dataset?: string }) => starred.feature().starQuery(args);
  const record = (ran: Parameters<QueryHistory['record']>[0]) => void history.feature().history.record(ran);

  const starred = registerViewFeature('starred', (tree: StarredDeps['tree']) =>
    load('starred').createStarred({
      tree,
      memory: context.globalState,
      access: access(),
      deployments: deployments(),
      labelOf,
      log,
    }),
  );
  // Fired when an annotation is added, changed or deleted: a chart or a view that shows
  // annotations listens (annotationsChanged.event) and reads them again.
  const annotationsChanged = new vscode.EventEmitter<void>();
  const monitors = registerMonitors((tree) =>
    load('monitors').createMonitors({
      tree,
      access: access(),
      background: accounts().background,
      deployments: deployments(),
      labelOf,
      extensionUri: context.extensionUri,
      log,
      memory: context.globalState,
      starQuery,
      record,
      onAnnotationsChanged: annotationsChanged.event,
    }),
  );
  const run = registerRun(() =>
    load('run').createRun({
      extensionUri: context.extensionUri,
      memory: context.workspaceState,
      access,
      deployments,
      log,
      openMonitorQuery: (arg) => monitors.feature().openQuery(arg),
      openStarredQuery: (arg) => starred.feature().openQuery(arg),
      // Every run is recorded in this machine's query history.
      record,
      onAnnotationsChanged: annotationsChanged.event,
    }),
  );
  const runner = () => run.feature().runner();
  // A first query reads a dataset that exists: the last one run on this deployment (the query
  // history), else the first the Datasets view lists (if the service answers within a moment).
  const startingDatasets = {
    recent: async () => (await history.feature().history.entries()).flatMap((entry) => entry.datasets),
    listed: () => language.feature().schema().datasets(3000),
  };
  const notebooks = registerNotebook(() =>
    load('notebook').createNotebook({
      runner,
      deployments,
      handlers: () => access().handlers,
      log,
      datasets: startingDatasets,
    }),
  );
  const runQuery = (request: Parameters<QueryRunner['run']>[0]) => runner().run(request);
  const history = registerViewFeature('history', (tree: HistoryDeps['tree']) =>
    load('history').createHistory({
      tree,
      folder: context.globalStorageUri.fsPath,
      access: access(),
      deployments: deployments(),
      log,
      run: runQuery,
      star: starQuery,
    }),
  );
  const language = registerLanguage(() => load('language').createLanguage({ access, log }));
  // The Datasets view fills the cache completion reads: one cache, the language feature's.
  const datasets = registerViewFeature('datasets', (tree: DatasetsDeps['tree']) =>
    load('datasets').createDatasets({
      tree,
      access: access(),
      deployments: deployments(),
      log,
      schema: language.feature().schema(),
      run: runQuery,
      range: () => run.feature().timeRange().range,
    }),
  );
  const annotations = registerViewFeature('annotations', (tree: AnnotationsDeps['tree']) =>
    load('annotations').createAnnotations({
      tree,
      access: access(),
      memory: context.globalState,
      log,
      changed: () => annotationsChanged.fire(),
      onDidChange: annotationsChanged.event,
      labelOf,
    }),
  );
  const dashboards = registerViewFeature('dashboards', (tree: DashboardsDeps['tree']) =>
    load('dashboards').createDashboards({
      tree,
      access: access(),
      deployments: deployments(),
      labelOf,
      log,
      memory: context.globalState,
    }),
  );
  const agents = registerAgents(context.extensionUri, () =>
    load('agents').createAgents({
      access: access(),
      monitors: monitors.feature().view,
      timeRange: () => run.feature().timeRange().range,
      runner,
      log,
      onStarred: (created) => void starred.feature().view.added(created),
      openQuery: (apl, runIt) => run.feature().openQuery(apl, runIt),
      onAnnotated: () => annotationsChanged.fire(),
    }),
  );
  // Axiom's hosted MCP server for agent mode, only while axiom.hostedMcpServer.enabled is on.
  const hostedMcpServer = registerHostedMcpServer();
  // Preview Dashboard (each chart runs through the one query runner) and Add to Dashboard.
  const dashboardPreview = registerFeature('dashboardPreview', () =>
    load('dashboardPreview').createDashboardPreview({ extensionUri: context.extensionUri, runner, access, log }),
  );
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
    ...dashboards.disposables,
    ...language.disposables,
    ...agents.disposables,
    hostedMcpServer,
    ...annotations.disposables,
    annotationsChanged,
    ...dashboardPreview.disposables,
    ...registerAccounts({ feature: accounts, sessionsChanged }),
    ...registerCommands(commandIds('log'), () => ({ [COMMANDS.showLog]: () => log.show() })),
    ...registerCommands(commandIds('walkthrough'), () => ({
      [COMMANDS.getStarted]: () => openWalkthrough(context.extension.id),
    })),
    ...registerCommands(commandIds('drafts'), () => ({
      [COMMANDS.sendToAxiom]: (given?: unknown) => loadLibrary('draftCommands').sendToAxiom(recordFilesOf, given),
      [COMMANDS.discardDraft]: (given?: unknown) => loadLibrary('draftCommands').discardDraft(recordFilesOf, given),
    })),
    disposeIfMade(accounts),
  );
  void openWalkthroughOnFirstStart(context);
  if (context.extensionMode !== vscode.ExtensionMode.Test) return undefined;
  return {
    get monitorsView() {
      return monitors.feature().view;
    },
    get monitorForms() {
      return monitors.feature().forms;
    },
    get dryRunPanels() {
      return monitors.feature().dryRun;
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
    get run() {
      return run.feature();
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
    get annotationsView() {
      return annotations.feature().view;
    },
    get history() {
      return history.feature().history;
    },
    get agentTools() {
      return agents.feature().tools;
    },
    get dashboardPreview() {
      return dashboardPreview.feature();
    },
    hostedMcpServer,
    get own() {
      return { ...accounts().own, ...starred.feature().own };
    },
    get dashboards() {
      return dashboards.feature();
    },
    activeDeployment: async () => (await accounts().accounts.active()).name,
    sendDocument: async (uri) => (await recordFilesOf(uri.scheme)?.sendDocument(uri)) ?? false,
    hasDraft: (uri) => recordFilesOf(uri.scheme)?.hasDraft(uri) ?? false,
    forgetDrafts: async () => {
      for (const declared of Object.values(FEATURES) as FeatureDeclaration[])
        if (declared.fileSystem)
          await context.globalState.update(draftStorageKey(declared.fileSystem.scheme), undefined);
    },
  };
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
