// The ids the extension shares with package.json: the features' (commands, views, editors...)
// derived from their declarations (declarations.ts), the settings' and context keys' here.
// COMMANDS and VIEWS are made on first read (lazyTable): activation reads neither, and each bundle
// that imports this file made them as it loaded.
import { FEATURES, type CommandName, type Features, type ViewFeature } from './declarations';
import { lazyTable } from './lazyTable';

/** Every command's id by its name (`COMMANDS.runQuery` is 'axiom.runQuery'): derived from the
 *  features' declarations (declarations.ts), where a command is added. */
export const COMMANDS = /* @__PURE__ */ lazyTable(
  () =>
    Object.fromEntries(
      Object.values(FEATURES).flatMap((feature) => feature.commands.map((name) => [name, `axiom.${name}`])),
    ) as { readonly [Name in CommandName]: `axiom.${Name}` },
);

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
  timeZone: 'timeZone',
  tailIntervalSeconds: 'tail.intervalSeconds',
  tailMaxRows: 'tail.maxRows',
} as const;

/** The notebook type of *.axiom-notebook files (package.json contributes.notebooks). */
export const NOTEBOOK_TYPE = FEATURES.notebook.notebookTypes[0];

/** The tree views' ids, by their feature's name (`VIEWS.datasets` is 'axiom.datasets'). */
export const VIEWS = /* @__PURE__ */ lazyTable(
  () =>
    Object.fromEntries(
      Object.entries(FEATURES).flatMap(([name, feature]) => ('view' in feature ? [[name, feature.view]] : [])),
    ) as { readonly [Name in ViewFeature]: Features[Name]['view'] },
);

/** The results panels' webview type: VS Code brings them back after a reload through its serializer (run/register.ts). */
export const RESULTS_VIEW_TYPE = FEATURES.run.webviewPanels[0];

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
