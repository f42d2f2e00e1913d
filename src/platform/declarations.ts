// Each feature, declared once: what it contributes to VS Code (the ids package.json names too) and
// the bundle its bodies load from on first use. Everything else derives from this table: the
// command ids (COMMANDS in constants.ts, `axiom.<name>`), the views' ids, what each feature's
// registration hands VS Code at activation (entries.ts), the typed loader (src/features.ts),
// the build's list of lazily loaded bundles (esbuild.mjs imports this file), and the unit test that
// holds package.json's contributions and this table to each other (test/unit/platform/declarations.test.ts).
//
// Plain data with no import but the core's: the build reads it in plain Node, and every layer may.
//
// Adding a command: its name in its feature's `commands` below, its entry in package.json's
// contributes.commands (and its title in package.nls.json), and its body in the `commands` map the
// feature's bundle returns (`[COMMANDS.<name>]: …`), which the type checker holds to this list.
// A command that changes something in Axiom, in the person's settings or in their sign-in: its name
// in its feature's `changing` too ('first' or 'itself', with the arguments only the extension gives
// in `ownOnly`), and what it does in platform/outsideQuestion.ts's words; then a call from another
// extension or a link asks the person (platform/outsideCallers.ts). The declarations' unit test
// lists every such command.
// Adding a view: its id as the feature's `view`, its entry in contributes.views; the composition
// root (src/composition.ts) makes it with registerViewFeature (lazyEntries.ts), whose tree the bundle's view uses.
// Adding a language model tool: its name in the agents' `tools`, its entry in
// contributes.languageModelTools, and its input and body in the agents' code (core/agents/toolSpecs.ts,
// agents/agentTools.ts); activation registers every tool named here (entries.ts).
// Adding a feature with a bundle: its declaration here with `bundle: '<feature>/bundle'`, and one
// line in src/features.ts's BUNDLES (the type checker asks for it, the build checks it is the same file).

import { MONITOR_REMOTE_SCHEME, MONITOR_SCHEME } from '../core/monitors/monitorScheme';
import { STARRED_REMOTE_SCHEME, STARRED_SCHEME } from '../core/starred/starredUri';
import { DASHBOARD_REMOTE_SCHEME, DASHBOARD_SCHEME } from '../core/dashboards/dashboardScheme';
import { ANNOTATION_REMOTE_SCHEME, ANNOTATION_SCHEME } from '../core/annotations/annotationScheme';

/** How a command that changes something is held when called from outside the extension (another
 *  extension, a `command:` link, a keybinding: arguments the extension did not make), the same way
 *  for every one (platform/outsideCallers.ts). 'first': a modal question first, naming what it does
 *  and showing the arguments as data; declined, nothing runs. 'itself': its body asks the person,
 *  naming what changes, whatever arguments it is given: no question first. */
export type OutsideCall = 'first' | 'itself';

/** What one feature contributes; every field but `commands` is optional. */
export interface FeatureDeclaration {
  /** The bundle its bodies are in (src/<bundle>.ts), loaded on first use; none: the bodies are at activation. */
  readonly bundle?: string;
  /** Its commands, by name: the id is `axiom.<name>` (package.json contributes.commands). */
  readonly commands: readonly string[];
  /** Those of its commands that change something in Axiom, in the person's settings or in their
   *  sign-in, by name, and how a call from outside is held (the question's words: outsideQuestion.ts). */
  readonly changing?: { readonly [command: string]: OutsideCall };
  /** Arguments of its commands only the extension's own code gives (a token, a home folder, a
   *  confirmation already given), by command: dropped from a call from outside. */
  readonly ownOnly?: { readonly [command: string]: readonly string[] };
  /** Its tree view (contributes.views), registered at activation with a provider that loads the bundle.
   *  Its context keys are named after it (`<view>.state`, `<view>.filtered`: constants.ts's viewKey). */
  readonly view?: string;
  /** The view's context keys beyond `state` and `filtered`, by name (`<view>.<key>`), which the
   *  manifest's `when` clauses read: the unit test holds the two to each other. */
  readonly viewKeys?: readonly string[];
  /** The schemes of its documents of records and of the service's version beside one. */
  readonly fileSystem?: { readonly scheme: string; readonly remote: string };
  /** The scheme of the queries it shows read-only (platform/openQuery.ts), whose tabs a reload
   *  restores without their text: the extension starts for them (activation event onFileSystem)
   *  and closes them (platform/restoredQueries.ts). */
  readonly readOnlyScheme?: string;
  /** Its custom editors' view types (contributes.customEditors). */
  readonly customEditors?: readonly string[];
  /** Its notebook types (contributes.notebooks). */
  readonly notebookTypes?: readonly string[];
  /** Its webview panels' types, brought back after a reload (activation event onWebviewPanel). */
  readonly webviewPanels?: readonly string[];
  /** Its language model tools' names (contributes.languageModelTools). */
  readonly tools?: readonly string[];
  /** Its chat participants' ids (contributes.chatParticipants). */
  readonly chatParticipants?: readonly string[];
  /** Its MCP server definition providers' ids (contributes.mcpServerDefinitionProviders). */
  readonly mcpServers?: readonly string[];
  /** Its authentication provider (contributes.authentication). */
  readonly authentication?: { readonly id: string; readonly label: string };
}

export const FEATURES = {
  /** The extension's log: Show Log is there from activation (its body is one line). */
  log: { commands: ['showLog'] },
  /** Get Started with Axiom (platform/walkthroughSteps.ts). */
  walkthrough: { commands: ['getStarted'] },
  /** Send to Axiom and Discard Draft, for every kind of record kept as documents (platform/recordFiles.ts):
   *  their bodies (a library: platform/draftCommands.ts) find the kind by the document's scheme. */
  drafts: {
    commands: ['sendToAxiom', 'discardDraft'],
    changing: { sendToAxiom: 'itself', discardDraft: 'itself' },
  },
  /** Deployments and their tokens, the window's connection, and the accounts commands. */
  accounts: {
    bundle: 'accounts/bundle',
    authentication: { id: 'axiom', label: 'Axiom' },
    commands: [
      'signIn',
      'setToken',
      'signOut',
      'switchDeployment',
      'addDeployment',
      'importCliConfig',
      'renameDeployment',
      'removeDeployment',
      'testConnection',
    ],
    changing: {
      signIn: 'first',
      setToken: 'itself',
      signOut: 'itself',
      switchDeployment: 'first',
      addDeployment: 'itself',
      importCliConfig: 'itself',
      renameDeployment: 'first',
      removeDeployment: 'itself',
    },
    ownOnly: {
      setToken: ['token', 'orgId'],
      signOut: ['confirmed'],
      addDeployment: ['name', 'url', 'orgId', 'token'],
      importCliConfig: ['home', 'confirmed'],
      removeDeployment: ['confirmed'],
    },
  },
  /** The Monitors view, its status poller, the commands on its rows and the monitors' documents. */
  monitors: {
    bundle: 'monitors/bundle',
    view: 'axiom.monitors',
    viewKeys: ['triggeredFirst', 'onlyTriggered'],
    fileSystem: { scheme: MONITOR_SCHEME, remote: MONITOR_REMOTE_SCHEME },
    readOnlyScheme: 'axiom-monitor-query',
    customEditors: ['axiom.monitorSettings'],
    commands: [
      'refreshMonitors',
      'openMonitorQuery',
      'openMonitorQueryInNewTab',
      'copyMonitorQuery',
      'openMonitorInAxiom',
      'starMonitorQuery',
      'showMonitorHistory',
      'monitorsTriggeredFirst',
      'monitorsByName',
      'monitorsOnlyTriggered',
      'filterMonitors',
      'clearMonitorsFilter',
      'monitorsShowAll',
      'showMoreMonitors',
      'editMonitor',
      'deleteMonitor',
      'disableMonitor',
      'enableMonitor',
      'snoozeMonitor',
      'duplicateMonitor',
      'newMonitorFromQuery',
      'dryRunMonitor',
      'exportMonitor',
      'exportAllMonitors',
      'applyMonitorFile',
    ],
    changing: {
      starMonitorQuery: 'first',
      deleteMonitor: 'itself',
      disableMonitor: 'itself',
      enableMonitor: 'itself',
      snoozeMonitor: 'itself',
      applyMonitorFile: 'itself',
    },
  },
  /** The Starred Queries view, Star this APL Query, its commands and the documents that save back to Axiom. */
  starred: {
    bundle: 'starred/bundle',
    view: 'axiom.starredQueries',
    viewKeys: ['owner', 'grouped'],
    fileSystem: { scheme: STARRED_SCHEME, remote: STARRED_REMOTE_SCHEME },
    commands: [
      'starQuery',
      'refreshStarredQueries',
      'loadMoreStarredQueries',
      'openStarredQuery',
      'copyStarredQuery',
      'openStarredQueryInAxiom',
      'renameStarredQuery',
      'deleteStarredQuery',
      'compareStarredQuery',
      'chooseStarredOwner',
      'showMyStarredQueries',
      'showTeamStarredQueries',
      'showAllStarredQueries',
      'filterStarredQueries',
      'filterStarredByDataset',
      'clearStarredFilter',
      'groupStarredByDataset',
      'listStarredQueries',
    ],
    changing: {
      starQuery: 'itself',
      renameStarredQuery: 'itself',
      deleteStarredQuery: 'itself',
    },
    ownOnly: {
      starQuery: ['apl', 'name', 'dataset'],
      deleteStarredQuery: ['confirmed'],
    },
  },
  /** Completion, hover, signature help, quick fixes and the checks as diagnostics. */
  language: { bundle: 'language/bundle', commands: [] },
  /** Run Query, the results panels, the time range, the CodeLens, Open Code Location. */
  run: {
    bundle: 'run/bundle',
    webviewPanels: ['axiom.results'],
    commands: ['runQuery', 'runMonitorQuery', 'runStarredQuery', 'chooseTimeRange', 'openCodePlace'],
  },
  /** APL notebooks: the serializer, the controller that runs cells, the notebook commands. */
  notebook: {
    bundle: 'notebook/bundle',
    notebookTypes: ['axiom-notebook'],
    commands: [
      'newAplQuery',
      'newNotebook',
      'openMonitorQueryAsNotebook',
      'openStarredQueryAsNotebook',
      'addToNotebook',
      'exportNotebookMarkdown',
      'chooseNotebookTimeRange',
      'newDashboardFromNotebook',
    ],
  },
  /** The Datasets view and the commands on its rows. */
  datasets: {
    bundle: 'datasets/bundle',
    view: 'axiom.datasets',
    commands: [
      'refreshDatasets',
      'filterDatasets',
      'clearDatasetsFilter',
      'retryDatasetFields',
      'queryDataset',
      'showRecentEvents',
      'copyDatasetName',
      'openDatasetInAxiom',
      'insertField',
      'copyField',
      'summarizeByField',
      // The metrics browser (datasets/metricsBrowser.ts).
      'queryMetric',
      'showMoreMetrics',
    ],
  },
  /** The query history on this machine (the one recorder of runs), its view and commands. */
  history: {
    bundle: 'history/bundle',
    view: 'axiom.queryHistory',
    commands: [
      'showQueryHistory',
      'refreshQueryHistory',
      'filterQueryHistory',
      'clearQueryHistoryFilter',
      'openHistoryQuery',
      'rerunHistoryQuery',
      'rerunHistoryQueryNow',
      'starHistoryQuery',
      'copyHistoryQuery',
      'removeHistoryEntry',
      'clearQueryHistory',
    ],
    changing: {
      starHistoryQuery: 'first',
      removeHistoryEntry: 'first',
      clearQueryHistory: 'itself',
    },
  },
  /** Annotations: Add Annotation (from the palette, a chart, the results panel's toolbar), the
   *  Annotations view, the commands on its rows and the annotations' JSON documents. */
  annotations: {
    bundle: 'annotations/bundle',
    view: 'axiom.annotations',
    fileSystem: { scheme: ANNOTATION_SCHEME, remote: ANNOTATION_REMOTE_SCHEME },
    commands: [
      'addAnnotation',
      'editAnnotation',
      'refreshAnnotations',
      'filterAnnotations',
      'clearAnnotationsFilter',
      'showMoreAnnotations',
      'deleteAnnotation',
      'copyAnnotationUrl',
      'openAnnotationUrl',
    ],
    changing: { addAnnotation: 'itself', deleteAnnotation: 'itself' },
  },
  /** The Dashboards view, the commands on its rows and the dashboards' JSON documents (issue 41). */
  dashboards: {
    bundle: 'dashboards/bundle',
    view: 'axiom.dashboards',
    fileSystem: { scheme: DASHBOARD_SCHEME, remote: DASHBOARD_REMOTE_SCHEME },
    commands: [
      'refreshDashboards',
      'filterDashboards',
      'clearDashboardsFilter',
      'openDashboard',
      'openDashboardInAxiom',
      'previewDashboardRow',
      'copyDashboardLink',
      'duplicateDashboard',
      'deleteDashboard',
      'exportDashboard',
      'exportAllDashboards',
      'applyDashboardFile',
    ],
    changing: {
      duplicateDashboard: 'itself',
      deleteDashboard: 'itself',
      applyDashboardFile: 'itself',
    },
    ownOnly: {
      deleteDashboard: ['confirmed'],
      applyDashboardFile: ['confirmed'],
    },
  },
  /** The language model tools for chat agents and the @axiom chat participant. */
  agents: {
    bundle: 'agents/bundle',
    commands: ['openChatQuery'],
    tools: [
      'axiom_listDatasets',
      'axiom_getDatasetFields',
      'axiom_runQuery',
      'axiom_getAplReference',
      'axiom_listMonitors',
      'axiom_getMonitorHistory',
      'axiom_listStarredQueries',
      'axiom_getActiveQuery',
      'axiom_starQuery',
      'axiom_updateMonitor',
      'axiom_createMonitor',
      'axiom_listAnnotations',
      'axiom_createAnnotation',
      'axiom_listDashboards',
      'axiom_getDashboard',
      'axiom_updateDashboardChart',
      'axiom_getTrace',
      'axiom_findTraces',
    ],
    chatParticipants: ['axiom-apl-community.axiom'],
    /** Axiom's hosted MCP server, offered to agent mode while axiom.hostedMcpServer.enabled is on (agents/mcpServer.ts). */
    mcpServers: ['axiom.hostedMcpServer'],
  },
  /** Preview Dashboard (a dashboard's charts drawn live beside its document) and Add to Dashboard (issue 41). */
  dashboardPreview: {
    bundle: 'dashboards/previewBundle',
    commands: ['previewDashboard', 'addToDashboard', 'editChartQuery'],
    changing: { addToDashboard: 'itself' },
  },
  /** Telemetry beside the code (issue 49): Show Log Activity (a lens above each log statement) and
   *  Show Production Errors (diagnostics where production throws); off until turned on. */
  codeActivity: {
    bundle: 'codeActivity/bundle',
    commands: [
      'showLogActivity',
      'hideLogActivity',
      'showLogStatementEvents',
      'showProductionErrors',
      'hideProductionErrors',
      'refreshProductionErrors',
      'showErrorEvents',
    ],
    changing: {
      showLogActivity: 'first',
      hideLogActivity: 'first',
      showProductionErrors: 'first',
      hideProductionErrors: 'first',
    },
  },
  /** Open Trace (the trace view), Slowest Traces and Failing Traces (issue 50). */
  traces: {
    bundle: 'traces/bundle',
    // A reload brings a trace view back waiting for Load again (nothing read by itself).
    webviewPanels: ['axiom.trace'],
    commands: ['openTrace', 'slowestTraces', 'failingTraces'],
  },
  /** Live tail (issue 50, item 3): Tail Dataset… and Tail This Query, each a panel that follows new
   *  events; a reload brings a tail back stopped, with Resume. */
  tail: {
    bundle: 'tail/bundle',
    webviewPanels: ['axiom.tail'],
    commands: ['tailDataset', 'tailQuery'],
    // A tail asks Axiom again and again: started from outside, the person says yes first.
    changing: { tailDataset: 'first', tailQuery: 'first' },
  },
} as const satisfies Record<string, FeatureDeclaration>;

/** The bundles that are not a feature's: plain libraries the features load on first use
 *  (src/platform/lazy.ts loads them). */
export const LIBRARIES = {
  /** The API client with undici and zod, Test Connection with Node's network modules, the CLI config reader. */
  client: 'core/accounts/clientBundle',
  /** The APL reference data (some 300 functions and operators), the lexer and the checks. */
  apl: 'core/apl/bundle',
  /** The question a changing command asks first when called from outside (platform/outsideCallers.ts). */
  outsideQuestion: 'platform/outsideQuestion',
  /** Send to Axiom and Discard Draft's bodies (the drafts' commands), loaded on their first call. */
  draftCommands: 'platform/draftCommands',
} as const;

/** The bundles above the features that activation loads (src/extension.ts): the composition (the features'
 *  wiring and the bodies of the entries that activation registers: src/composition.ts). */
export const ROOT_BUNDLES = {
  composition: 'composition',
} as const;

/** Bundles only the extension's own tests load (src/features.ts loads them): what activate returns
 *  to them (src/testApi.ts). The production build (the .vsix) leaves their files out. */
export const TEST_LIBRARIES = {
  testApi: 'testApi',
} as const;

export type Features = typeof FEATURES;
export type FeatureName = keyof Features;
/** The features whose bodies are in a bundle of their own (src/features.ts loads them). */
export type BundledFeature = { [N in FeatureName]: Features[N] extends { bundle: string } ? N : never }[FeatureName];
/** The features with a tree view. */
export type ViewFeature = { [N in FeatureName]: Features[N] extends { view: string } ? N : never }[FeatureName];
export type LibraryName = keyof typeof LIBRARIES;

/** A command's name (the id without `axiom.`), of one feature or of all. */
export type CommandName<N extends FeatureName = FeatureName> = Features[N]['commands'][number];
/** A command's id as package.json and VS Code know it. */
export type CommandId<N extends FeatureName = FeatureName> = `axiom.${CommandName<N>}`;

/** The commands that change something, by name. */
export type ChangingName = {
  [N in FeatureName]: Features[N] extends { changing: infer C } ? keyof C & string : never;
}[FeatureName];

/** How the command `id` is held when called from outside, and the arguments only the extension's
 *  own code gives it; undefined for a command that changes nothing. */
export function changingCommand(
  id: string,
): { name: ChangingName; asks: OutsideCall; ownOnly: readonly string[] } | undefined {
  const name = id.replace(/^axiom\./, '');
  for (const feature of Object.values(FEATURES) as FeatureDeclaration[])
    if (feature.changing && Object.hasOwn(feature.changing, name))
      return {
        name: name as ChangingName,
        asks: feature.changing[name],
        ownOnly: (feature.ownOnly && Object.hasOwn(feature.ownOnly, name) && feature.ownOnly[name]) || [],
      };
  return undefined;
}

/** The ids of a feature's commands. */
export function commandIds<N extends FeatureName>(name: N): CommandId<N>[] {
  return FEATURES[name].commands.map((command: CommandName<N>): CommandId<N> => `axiom.${command}`);
}
