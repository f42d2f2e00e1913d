// Every id the extension shares with package.json, in one place.

export const COMMANDS = {
  signIn: 'axiom.signIn',
  setToken: 'axiom.setToken',
  signOut: 'axiom.signOut',
  refreshMonitors: 'axiom.refreshMonitors',
  openMonitorQuery: 'axiom.openMonitorQuery',
  openMonitorQueryInNewTab: 'axiom.openMonitorQueryInNewTab',
  copyMonitorQuery: 'axiom.copyMonitorQuery',
  openMonitorInAxiom: 'axiom.openMonitorInAxiom',
  starQuery: 'axiom.starQuery',
  starMonitorQuery: 'axiom.starMonitorQuery',
  testConnection: 'axiom.testConnection',
  showLog: 'axiom.showLog',
  switchDeployment: 'axiom.switchDeployment',
  addDeployment: 'axiom.addDeployment',
  importCliConfig: 'axiom.importCliConfig',
  renameDeployment: 'axiom.renameDeployment',
  removeDeployment: 'axiom.removeDeployment',
  showMonitorHistory: 'axiom.showMonitorHistory',
  monitorsTriggeredFirst: 'axiom.monitorsTriggeredFirst',
  monitorsByName: 'axiom.monitorsByName',
  monitorsOnlyTriggered: 'axiom.monitorsOnlyTriggered',
  monitorsShowAll: 'axiom.monitorsShowAll',
  showMoreMonitors: 'axiom.showMoreMonitors',
  filterMonitors: 'axiom.filterMonitors',
  clearMonitorsFilter: 'axiom.clearMonitorsFilter',
  refreshStarredQueries: 'axiom.refreshStarredQueries',
  openStarredQuery: 'axiom.openStarredQuery',
  copyStarredQuery: 'axiom.copyStarredQuery',
  openStarredQueryInAxiom: 'axiom.openStarredQueryInAxiom',
  renameStarredQuery: 'axiom.renameStarredQuery',
  deleteStarredQuery: 'axiom.deleteStarredQuery',
  compareStarredQuery: 'axiom.compareStarredQuery',
  chooseStarredOwner: 'axiom.chooseStarredOwner',
  showMyStarredQueries: 'axiom.showMyStarredQueries',
  showTeamStarredQueries: 'axiom.showTeamStarredQueries',
  showAllStarredQueries: 'axiom.showAllStarredQueries',
  filterStarredQueries: 'axiom.filterStarredQueries',
  filterStarredByDataset: 'axiom.filterStarredByDataset',
  clearStarredFilter: 'axiom.clearStarredFilter',
  groupStarredByDataset: 'axiom.groupStarredByDataset',
  listStarredQueries: 'axiom.listStarredQueries',
  loadMoreStarredQueries: 'axiom.loadMoreStarredQueries',
  runQuery: 'axiom.runQuery',
  openChatQuery: 'axiom.openChatQuery',
  runMonitorQuery: 'axiom.runMonitorQuery',
  runStarredQuery: 'axiom.runStarredQuery',
  chooseTimeRange: 'axiom.chooseTimeRange',
  newNotebook: 'axiom.newNotebook',
  openMonitorQueryAsNotebook: 'axiom.openMonitorQueryAsNotebook',
  openStarredQueryAsNotebook: 'axiom.openStarredQueryAsNotebook',
  addToNotebook: 'axiom.addToNotebook',
  exportNotebookMarkdown: 'axiom.exportNotebookMarkdown',
  chooseNotebookTimeRange: 'axiom.chooseNotebookTimeRange',
  refreshDatasets: 'axiom.refreshDatasets',
  filterDatasets: 'axiom.filterDatasets',
  clearDatasetsFilter: 'axiom.clearDatasetsFilter',
  retryDatasetFields: 'axiom.retryDatasetFields',
  queryDataset: 'axiom.queryDataset',
  showRecentEvents: 'axiom.showRecentEvents',
  copyDatasetName: 'axiom.copyDatasetName',
  openDatasetInAxiom: 'axiom.openDatasetInAxiom',
  insertField: 'axiom.insertField',
  copyField: 'axiom.copyField',
  summarizeByField: 'axiom.summarizeByField',
  showQueryHistory: 'axiom.showQueryHistory',
  refreshQueryHistory: 'axiom.refreshQueryHistory',
  filterQueryHistory: 'axiom.filterQueryHistory',
  clearQueryHistoryFilter: 'axiom.clearQueryHistoryFilter',
  openHistoryQuery: 'axiom.openHistoryQuery',
  rerunHistoryQuery: 'axiom.rerunHistoryQuery',
  rerunHistoryQueryNow: 'axiom.rerunHistoryQueryNow',
  starHistoryQuery: 'axiom.starHistoryQuery',
  copyHistoryQuery: 'axiom.copyHistoryQuery',
  removeHistoryEntry: 'axiom.removeHistoryEntry',
  clearQueryHistory: 'axiom.clearQueryHistory',
  editMonitor: 'axiom.editMonitor',
  deleteMonitor: 'axiom.deleteMonitor',
  disableMonitor: 'axiom.disableMonitor',
  enableMonitor: 'axiom.enableMonitor',
  snoozeMonitor: 'axiom.snoozeMonitor',
  duplicateMonitor: 'axiom.duplicateMonitor',
  newMonitorFromQuery: 'axiom.newMonitorFromQuery',
  dryRunMonitor: 'axiom.dryRunMonitor',
  exportMonitor: 'axiom.exportMonitor',
  exportAllMonitors: 'axiom.exportAllMonitors',
  applyMonitorFile: 'axiom.applyMonitorFile',
} as const;

export const SETTINGS = {
  section: 'axiom',
  url: 'url',
  orgId: 'orgId',
  requestTimeoutSeconds: 'requestTimeoutSeconds',
  deployments: 'deployments',
  deployment: 'deployment',
  signInUrl: 'signInUrl',
  statusPollSeconds: 'monitorStatus.pollSeconds',
  statusNotify: 'monitorStatus.notify',
  datasetsRunAtOnce: 'datasets.runAtOnce',
  recentEventsCount: 'datasets.recentEventsCount',
  historyEnabled: 'history.enabled',
  historyMaxEntries: 'history.maxEntries',
} as const;

/** The notebook type of *.axiom-notebook files (package.json contributes.notebooks). */
export const NOTEBOOK_TYPE = 'axiom-notebook';

export const VIEWS = {
  monitors: 'axiom.monitors',
  starred: 'axiom.starredQueries',
  datasets: 'axiom.datasets',
  history: 'axiom.queryHistory',
} as const;

/** The results panels' webview type: VS Code brings them back after a reload through its serializer (run/register.ts). */
export const RESULTS_VIEW_TYPE = 'axiom.results';

/** Context keys the manifest's `when` clauses read. */
export const CONTEXT_KEYS = {
  /** The Axiom CLI's ~/.axiom.toml exists: the welcome offers to import it. */
  cliConfigFound: 'axiom.cliConfigFound',
  /** The Monitors view puts triggered monitors first / shows only those. */
  triggeredFirst: 'axiom.monitors.triggeredFirst',
  onlyTriggered: 'axiom.monitors.onlyTriggered',
  /** A filter is on in the Monitors view (a text, or Only Triggered). */
  monitorsFiltered: 'axiom.monitors.filtered',
} as const;

/** Context key read by the Monitors view's welcome content. */
export const MONITORS_STATE_KEY = 'axiom.monitors.state';

/** Context keys of the Starred Queries view: its state, whose queries it shows (mine, team, all),
 *  whether a filter is on, and whether it groups by dataset. */
export const STARRED_KEYS = {
  state: 'axiom.starred.state',
  owner: 'axiom.starred.owner',
  filtered: 'axiom.starred.filtered',
  grouped: 'axiom.starred.grouped',
} as const;

/** Context keys of the Datasets view: its state, and whether its filter is on. */
export const DATASETS_KEYS = { state: 'axiom.datasets.state', filtered: 'axiom.datasets.filtered' } as const;

/** Context keys of the Query History view: its state, and whether a search is on. */
export const HISTORY_KEYS = { state: 'axiom.history.state', filtered: 'axiom.history.filtered' } as const;

import { APL_LANGUAGE_ID } from '../core/apl/languageId';

export { APL_LANGUAGE_ID };

/** Only documents of the language axiom-apl, whatever their scheme (files, untitled tabs, virtual workspaces). */
export const APL_SELECTOR = { language: APL_LANGUAGE_ID } as const;
