import * as vscode from 'vscode';
import { MONITOR_REMOTE_SCHEME, MONITOR_SCHEME } from '../core/monitors/monitorScheme';
import type { MonitorRow } from '../core/monitors/monitorRows';
import { COMMANDS, VIEWS } from '../platform/constants';
import { load, once, type Once } from '../platform/lazy';
import { disposeIfMade, LazyFiles, LazyTree, onFirstEditor, registerCommands } from '../platform/lazyEntries';
import type { ListElement } from '../platform/listView';
import type { MonitorsDeps, MonitorsFeature } from './bundle';

/** The settings form's custom editor (package.json contributes.customEditors; its provider is the bundle's MonitorForms). */
const MONITOR_FORM_VIEW_TYPE = 'axiom.monitorSettings';

const MONITOR_COMMANDS = [
  COMMANDS.refreshMonitors,
  COMMANDS.openMonitorQuery,
  COMMANDS.openMonitorQueryInNewTab,
  COMMANDS.copyMonitorQuery,
  COMMANDS.openMonitorInAxiom,
  COMMANDS.starMonitorQuery,
  COMMANDS.showMonitorHistory,
  COMMANDS.monitorsTriggeredFirst,
  COMMANDS.monitorsByName,
  COMMANDS.monitorsOnlyTriggered,
  COMMANDS.filterMonitors,
  COMMANDS.clearMonitorsFilter,
  COMMANDS.monitorsShowAll,
  COMMANDS.showMoreMonitors,
  COMMANDS.editMonitor,
  COMMANDS.deleteMonitor,
  COMMANDS.disableMonitor,
  COMMANDS.enableMonitor,
  COMMANDS.snoozeMonitor,
  COMMANDS.duplicateMonitor,
  COMMANDS.newMonitorFromQuery,
  COMMANDS.dryRunMonitor,
  COMMANDS.exportMonitor,
  COMMANDS.exportAllMonitors,
  COMMANDS.applyMonitorFile,
] as const;

/** The Monitors view and the commands on its rows: the view's tree and the command ids, whose
 *  bodies load with the monitors bundle when the view is first shown or a command first runs. */
export function registerMonitors(deps: () => Omit<MonitorsDeps, 'tree' | 'files'>): {
  feature: Once<MonitorsFeature>;
  disposables: vscode.Disposable[];
} {
  const tree: LazyTree<ListElement<MonitorRow>> = new LazyTree(VIEWS.monitors, () => feature());
  // A monitor's documents (its query and its settings) and Axiom's version beside one.
  const files: LazyFiles = new LazyFiles(MONITOR_SCHEME, MONITOR_REMOTE_SCHEME, () => feature());
  // The settings form: VS Code asks for it when a settings document opens, or one is restored;
  // and the feature, which opens them (Edit, Duplicate, Compare's diff of two), registers it first.
  const form = onFirstEditor(MONITOR_FORM_VIEW_TYPE, () =>
    vscode.window.registerCustomEditorProvider(
      MONITOR_FORM_VIEW_TYPE,
      { resolveCustomTextEditor: (document, panel) => feature().forms.resolveCustomTextEditor(document, panel) },
      { webviewOptions: { retainContextWhenHidden: true } },
    ),
  );
  const feature: Once<MonitorsFeature> = once(() => {
    form.ensure();
    return load('monitors').createMonitors({ tree, files, ...deps() });
  });
  const disposables = [
    tree,
    files,
    form,
    disposeIfMade(feature),
    ...registerCommands(MONITOR_COMMANDS, () => feature().commands),
  ];
  return { feature, disposables };
}
