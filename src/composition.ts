// The composition: lets each feature give the bodies of its entries (the commands, views, file
// systems and providers that the activation bundle registered: platform/entries.ts), registers what
// a feature needs only later (providers with their first document, serializers with their first
// panel), and wires the features together with functions: each gets what it needs of another as a
// function or a small interface (ports), never another feature's class or command map. Loaded on
// the first call of any entry, or just after activation returns (src/extension.ts); nothing here
// loads a feature's implementation: each is made from its bundle on first use (`load`, src/features.ts).
import * as vscode from 'vscode';
import type { AccountsFeature } from './accounts/bundle';
import type { AnnotationsDeps } from './annotations/bundle';
import { registerHostedMcpServer } from './agents/mcpServer';
import { registerAccounts } from './accounts/register';
import type { DatasetsDeps } from './datasets/bundle';
import { load, loadTestApi } from './features';
import type { HistoryDeps } from './history/bundle';
import type { QueryHistory } from './history/queryHistory';
import { registerLanguage } from './language/register';
import type { MetricsCatalog } from './core/mpl/catalog';
import { registerMonitors } from './monitors/register';
import { registerNotebook } from './notebook/register';
import { commandIds } from './platform/declarations';
import type { EntryTargets, Relays } from './platform/entries';
import { load as loadLibrary, once } from './platform/lazy';
import {
  commandBody,
  disposeIfMade,
  recordFilesOf,
  registerCommands,
  registerFeature,
  registerViewFeature,
  treeProvider,
} from './platform/lazyEntries';
import { Log } from './platform/log';
import { registerPanelFeature } from './platform/panelRestore';
import { openWalkthrough, openWalkthroughOnFirstStart } from './platform/walkthroughSteps';
import type { QueryRunner } from './run/queryRunner';
import { registerRun } from './run/register';
import type { StarredDeps } from './starred/bundle';
import type { DashboardsDeps } from './dashboards/bundle';
import type { AxiomExtensionApi } from './testApi';
import { registerCodeActivity } from './codeActivity/register';

/** Whether this build holds the test API (esbuild.mjs defines it: false in the build that ships,
 *  which leaves src/testApi.ts out). */
declare const AXIOM_TEST_API: boolean;

/** The composition made: what the entries forward to, the test API (the extension's own tests
 *  only), and what to dispose with the extension. */
export interface Composition extends vscode.Disposable {
  readonly targets: EntryTargets;
  testApi(): AxiomExtensionApi | undefined;
}

export function compose(context: vscode.ExtensionContext, relays: Relays): Composition {
  const subscriptions: vscode.Disposable[] = [];
  const log = new Log();
  const { sessionsChanged } = relays;
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

  const starred = registerViewFeature('starred', relays, (tree: StarredDeps['tree']) =>
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
  const monitors = registerMonitors(relays, (tree) =>
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
  const history = registerViewFeature('history', relays, (tree: HistoryDeps['tree']) =>
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
  // MPL completion's metrics, tags and values (core/mpl/catalog.ts): the service's, as the metrics
  // info endpoints list them (the language bundle makes that catalog); the tests give theirs
  // (useMetricsCatalog).
  let metricsCatalog: MetricsCatalog | undefined;
  const language = registerLanguage(() =>
    load('language').createLanguage({ access, log, metricsCatalog: () => metricsCatalog }),
  );
  // The Datasets view fills the cache completion reads: one cache, the language feature's.
  const datasets = registerViewFeature('datasets', relays, (tree: DatasetsDeps['tree']) =>
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
  const annotations = registerViewFeature('annotations', relays, (tree: AnnotationsDeps['tree']) =>
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
  const dashboards = registerViewFeature('dashboards', relays, (tree: DashboardsDeps['tree']) =>
    load('dashboards').createDashboards({
      tree,
      access: access(),
      deployments: deployments(),
      labelOf,
      log,
      memory: context.globalState,
    }),
  );
  // The language model tools and the @axiom participant: their entries forward to the agents' bodies;
  // the participant's icon is set here, a moment after activation (a property VS Code sends on).
  for (const participant of relays.participants.values())
    participant.iconPath = vscode.Uri.joinPath(context.extensionUri, 'media', 'axiom.svg');
  const agents = registerFeature('agents', () =>
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
  // Open Trace, Slowest and Failing Traces: every query through the one runner.
  const traces = registerPanelFeature('traces', () =>
    load('traces').createTraces({
      extensionUri: context.extensionUri,
      log,
      runner,
      range: () => run.feature().timeRange().range,
      openQuery: (apl, runIt) => run.feature().openQuery(apl, runIt),
    }),
  );
  // Live tail: its polls share the status checks' budget (accounts().background).
  const tail = registerPanelFeature('tail', () =>
    load('tail').createTail({
      extensionUri: context.extensionUri,
      access,
      background: () => accounts().background,
      log,
      datasets: () => language.feature().schema().datasets(3000),
    }),
  );
  // Log activity and production errors (issue 49): off until turned on, then on the window's budget.
  const codeActivity = registerCodeActivity(() =>
    load('codeActivity').createCodeActivity({ access, background: () => accounts().background, run: runQuery, log }),
  );
  subscriptions.push(
    log,
    ...codeActivity.disposables,
    ...traces.disposables,
    ...tail.disposables,
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
    ...registerAccounts(accounts),
    // The features without a bundle: the log, the walkthrough and the drafts' two commands (the
    // type checker holds each id to its declaration).
    ...registerCommands(commandIds('log'), () => ({ 'axiom.showLog': () => log.show() })),
    ...registerCommands(commandIds('walkthrough'), () => ({
      'axiom.getStarted': () => openWalkthrough(context.extension.id),
    })),
    ...registerCommands(commandIds('drafts'), () => ({
      'axiom.sendToAxiom': (given?: unknown) => loadLibrary('draftCommands').sendToAxiom(recordFilesOf, given),
      'axiom.discardDraft': (given?: unknown) => loadLibrary('draftCommands').discardDraft(recordFilesOf, given),
    })),
    disposeIfMade(accounts),
    openWalkthroughOnFirstStart(context),
  );
  const targets: EntryTargets = {
    command: commandBody,
    tree: treeProvider,
    files: (scheme) => {
      const files = recordFilesOf(scheme);
      if (!files) throw new Error(`${scheme}: no feature has these files`);
      return files;
    },
    authentication: {
      getSessions: (scopes) => accounts().authentication.getSessions(scopes),
      createSession: () => accounts().authentication.createSession(),
      removeSession: (id) => accounts().authentication.removeSession(id),
    },
    notebookSerializer: notebooks.serializer,
    tool: (name) => agents.feature().tools.tool(name),
    chat: (request, chatContext, stream, token) => agents.feature().tools.chat(request, chatContext, stream, token),
  };
  // The extension's own tests (and only they) get the views and the features (src/testApi.ts, a
  // file the production build leaves out).
  const testApi = () =>
    AXIOM_TEST_API && context.extensionMode === vscode.ExtensionMode.Test
      ? loadTestApi().testApi({
          context,
          accounts,
          monitors: () => monitors.feature(),
          starred: () => starred.feature(),
          run: () => run.feature(),
          notebooks: () => notebooks.feature(),
          datasets: () => datasets.feature(),
          history: () => history.feature(),
          annotations: () => annotations.feature(),
          agents: () => agents.feature(),
          dashboardPreview: () => dashboardPreview.feature(),
          dashboards: () => dashboards.feature(),
          codeActivity: () => codeActivity.feature(),
          hostedMcpServer,
          traces: () => traces.feature(),
          tail: () => tail.feature(),
          recordFilesOf,
          useMetricsCatalog: (catalog) => {
            metricsCatalog = catalog;
          },
        })
      : undefined;
  return {
    targets,
    testApi,
    // In the order pushed (features before the accounts they use), each whatever the others do;
    // the first failure is thrown at the end, for VS Code to log.
    dispose: () => {
      const failures: unknown[] = [];
      for (const disposable of subscriptions)
        try {
          void disposable.dispose();
        } catch (error) {
          failures.push(error);
        }
      if (failures.length) throw failures[0];
    },
  };
}
