// The ids the extension shares with package.json: the features' (commands, views, editors...)
// derived from their declarations (declarations.ts), the settings' and context keys' here.
// COMMANDS and VIEWS are made on first read (lazyTable): activation reads neither. The file is
// built once per extension host (esbuild.mjs's ONCE_PER_HOST), so they are made once, whichever
// bundle reads them first.
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
  edge: 'edge',
  statusPollSeconds: 'monitorStatus.pollSeconds',
  statusNotify: 'monitorStatus.notify',
  datasetsRunAtOnce: 'datasets.runAtOnce',
  recentEventsCount: 'datasets.recentEventsCount',
  historyEnabled: 'history.enabled',
  historyMaxEntries: 'history.maxEntries',
  timeZone: 'timeZone',
  tailIntervalSeconds: 'tail.intervalSeconds',
  tailMaxRows: 'tail.maxRows',
  resultsPosition: 'results.position',
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

/** Context keys the manifest's `when` clauses read, but the views' own (viewKey). */
export const CONTEXT_KEYS = {
  /** The Axiom CLI's ~/.axiom.toml exists: the welcome offers to import it. */
  cliConfigFound: 'axiom.cliConfigFound',
} as const;

/** The keys every list view sets (platform/listView.ts): its state (which welcome shows) and whether a filter is on. */
type ListViewKey = 'state' | 'filtered';
type ViewKeyOf<Name extends ViewFeature> = Features[Name] extends { viewKeys: readonly (infer K extends string)[] }
  ? K
  : never;

/** A view's context key, named after the view: `viewKey('monitors', 'state')` is 'axiom.monitors.state'. */
export function viewKey<Name extends ViewFeature>(view: Name, key: ListViewKey | ViewKeyOf<Name>): string {
  return `${VIEWS[view]}.${key}`;
}

import { APL_LANGUAGE_ID } from '../core/apl/languageId';

export { APL_LANGUAGE_ID };

/** Only documents of the language axiom-apl, whatever their scheme (files, untitled tabs, virtual workspaces). */
export const APL_SELECTOR = { language: APL_LANGUAGE_ID } as const;
