// What activate returns to the extension's own tests, and only to them (ExtensionMode.Test): the
// views, the features and the deployment's name, each made when first read. A library of its own
// (declarations.ts's TEST_LIBRARIES, loaded by features.ts) that the production build leaves out, so
// the composition root keeps to wiring and the .vsix holds no door to the features' insides.
import type * as vscode from 'vscode';
import type { AccountsFeature } from './accounts/bundle';
import type { AgentTools } from './agents/agentTools';
import type { AgentsFeature } from './agents/bundle';
import type { HostedMcpServer } from './agents/mcpServer';
import type { AnnotationsFeature } from './annotations/bundle';
import type { AnnotationsView } from './annotations/annotationsView';
import type { CodeActivityFeature } from './codeActivity/bundle';
import { draftStorageKey } from './core/drafts';
import type { MetricsCatalog } from './core/mpl/catalog';
import type { DashboardsFeature } from './dashboards/bundle';
import type { DashboardPreviewFeature } from './dashboards/previewBundle';
import type { DatasetsFeature } from './datasets/bundle';
import type { DatasetsView } from './datasets/datasetsView';
import type { HistoryFeature } from './history/bundle';
import type { HistoryView } from './history/historyView';
import type { QueryHistory } from './history/queryHistory';
import type { MonitorsFeature } from './monitors/bundle';
import type { DryRunPanels } from './monitors/dryRunPanel';
import type { MonitorForms } from './monitors/monitorForm';
import type { MonitorsView } from './monitors/monitorsView';
import type { NotebookFeature } from './notebook/bundle';
import type { Browser } from './platform/browser';
import { FEATURES, type FeatureDeclaration } from './platform/declarations';
import type { RecordFileSystem } from './platform/recordFileSystem';
import type { QueryRunner } from './run/queryRunner';
import type { RunFeature } from './run/bundle';
import type { StarredFeature } from './starred/bundle';
import type { StarredFiles } from './starred/starredFiles';
import type { StarredView } from './starred/starredView';
import type { TailFeature } from './tail/bundle';
import type { TracesFeature } from './traces/bundle';

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
  /** The commands with the arguments that only the extension's own code may give (a token, a
   *  home folder, a confirmation: platform/outsideCallers.ts) and no question first. */
  readonly own: AccountsFeature['own'] & StarredFeature['own'];
  /** The dashboards feature (its view, documents and own commands). */
  readonly dashboards: DashboardsFeature;
  /** Log activity's lenses and production errors' diagnostics. */
  readonly codeActivity: CodeActivityFeature;
  /** Open Trace's views and the trace lists (issue 50). */
  readonly traces: TracesFeature;
  /** Live tail: its panels open. */
  readonly tail: TailFeature;
  /** Axiom's hosted MCP server: registered only while its setting is on. */
  readonly hostedMcpServer: HostedMcpServer;
  /** The name of the deployment this window uses ('' for the one of axiom.url). */
  activeDeployment(): Promise<string>;
  /** The person's send of the record a document is of, as Send to Axiom does for the active editor. */
  sendDocument(uri: vscode.Uri): Promise<boolean>;
  /** Whether a record's document shows a draft (marked on its tab). */
  hasDraft(uri: vscode.Uri): boolean;
  /** Drops every draft kept in this editor's storage (between tests: records are shared by them). */
  forgetDrafts(): Promise<void>;
  /** The catalog MPL completion reads metrics, tags and values from (a test's own). */
  useMetricsCatalog(catalog: MetricsCatalog | undefined): void;
}

/** What the composition root hands over: each feature as the function that makes it on first use. */
export interface MadeFeatures {
  context: vscode.ExtensionContext;
  accounts: () => AccountsFeature;
  monitors: () => MonitorsFeature;
  starred: () => StarredFeature;
  run: () => RunFeature;
  notebooks: () => NotebookFeature;
  datasets: () => DatasetsFeature;
  history: () => HistoryFeature;
  annotations: () => AnnotationsFeature;
  agents: () => AgentsFeature;
  dashboardPreview: () => DashboardPreviewFeature;
  dashboards: () => DashboardsFeature;
  codeActivity: () => CodeActivityFeature;
  hostedMcpServer: HostedMcpServer;
  traces: () => TracesFeature;
  tail: () => TailFeature;
  /** The file system of a record kind's documents, by scheme (made when first asked). */
  recordFilesOf: (scheme: string) => RecordFileSystem | undefined;
  /** Gives MPL completion a test's catalog of metrics. */
  useMetricsCatalog: (catalog: MetricsCatalog | undefined) => void;
}

export function testApi(features: MadeFeatures): AxiomExtensionApi {
  return {
    get monitorsView() {
      return features.monitors().view;
    },
    get monitorForms() {
      return features.monitors().forms;
    },
    get dryRunPanels() {
      return features.monitors().dryRun;
    },
    get browser() {
      return features.accounts().browser;
    },
    get starredView() {
      return features.starred().view;
    },
    get starredFiles() {
      return features.starred().files;
    },
    get runner() {
      return features.run().runner();
    },
    get run() {
      return features.run();
    },
    get notebooks() {
      return features.notebooks();
    },
    get datasetsView() {
      return features.datasets().view;
    },
    get historyView() {
      return features.history().view;
    },
    get annotationsView() {
      return features.annotations().view;
    },
    get history() {
      return features.history().history;
    },
    get agentTools() {
      return features.agents().tools;
    },
    get dashboardPreview() {
      return features.dashboardPreview();
    },
    get own() {
      return { ...features.accounts().own, ...features.starred().own };
    },
    get dashboards() {
      return features.dashboards();
    },
    get codeActivity() {
      return features.codeActivity();
    },
    get traces() {
      return features.traces();
    },
    get tail() {
      return features.tail();
    },
    hostedMcpServer: features.hostedMcpServer,
    activeDeployment: async () => (await features.accounts().accounts.active()).name,
    sendDocument: async (uri) => (await features.recordFilesOf(uri.scheme)?.sendDocument(uri)) ?? false,
    hasDraft: (uri) => features.recordFilesOf(uri.scheme)?.hasDraft(uri) ?? false,
    useMetricsCatalog: features.useMetricsCatalog,
    forgetDrafts: async () => {
      for (const declared of Object.values(FEATURES) as FeatureDeclaration[])
        if (declared.fileSystem)
          await features.context.globalState.update(draftStorageKey(declared.fileSystem.scheme), undefined);
    },
  };
}
