import type * as vscode from 'vscode';
import type { MonitorRow } from '../core/monitors/monitorRows';
import { COMMANDS, VIEWS } from '../platform/constants';
import { load, once, type Once } from '../platform/lazy';
import { disposeIfMade, LazyTree, registerCommands } from '../platform/lazyEntries';
import type { ListElement } from '../platform/listView';
import type { MonitorsDeps, MonitorsFeature } from './bundle';

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
  COMMANDS.monitorsShowAll,
] as const;

/** The Monitors view and the commands on its rows: the view's tree and the command ids, whose
 *  bodies load with the monitors bundle when the view is first shown or a command first runs. */
export function registerMonitors(deps: () => Omit<MonitorsDeps, 'tree'>): { feature: Once<MonitorsFeature>; disposables: vscode.Disposable[] } {
  const tree: LazyTree<ListElement<MonitorRow>> = new LazyTree(VIEWS.monitors, () => feature());
  const feature = once(() => load('monitors').createMonitors({ tree, ...deps() }));
  const disposables = [
    tree,
    disposeIfMade(feature),
    ...registerCommands(MONITOR_COMMANDS, () => feature().commands),
  ];
  return { feature, disposables };
}
