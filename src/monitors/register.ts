import * as vscode from 'vscode';
import type { Accounts } from '../accounts/accounts';
import type { Connection } from '../accounts/connection';
import { MONITOR_WORDS, useMonitorVocabulary } from '../core/monitors/monitorVocabulary';
import { COMMANDS } from '../platform/constants';
import { translated } from '../platform/l10n';
import type { Log } from '../platform/log';
import { copyMonitorQueryCommand } from './copyMonitorQuery';
import { MonitorsView } from './monitorsView';
import { openMonitorInAxiomCommand } from './openMonitorInAxiom';
import { openMonitorQueryCommand } from './openMonitorQuery';
import { showMonitorHistoryCommand } from './showMonitorHistory';
import { starMonitorQueryCommand } from './starMonitorQuery';

/** The Monitors view and the commands on its rows. */
export function registerMonitors(deps: { connection: Connection; accounts: Accounts; log: Log }): { view: MonitorsView; disposables: vscode.Disposable[] } {
  // The words rows and hovers are made of, in the display language: translated once, when a row,
  // a hover or a status first needs them, not during activation.
  useMonitorVocabulary(() => translated(MONITOR_WORDS));
  const view = new MonitorsView(deps.connection, deps.log);
  const openQuery = openMonitorQueryCommand(view);
  const register = vscode.commands.registerCommand;
  const disposables = [
    view,
    register(COMMANDS.refreshMonitors, () => view.refresh()),
    register(COMMANDS.openMonitorQuery, openQuery),
    register(COMMANDS.openMonitorQueryInNewTab, openQuery),
    register(COMMANDS.copyMonitorQuery, copyMonitorQueryCommand(view)),
    register(COMMANDS.openMonitorInAxiom, openMonitorInAxiomCommand(view, deps.accounts)),
    register(COMMANDS.starMonitorQuery, starMonitorQueryCommand(view)),
    register(COMMANDS.showMonitorHistory, showMonitorHistoryCommand(view, deps.connection)),
    register(COMMANDS.monitorsTriggeredFirst, () => view.setArrangement({ triggeredFirst: true })),
    register(COMMANDS.monitorsByName, () => view.setArrangement({ triggeredFirst: false })),
    register(COMMANDS.monitorsOnlyTriggered, () => view.setArrangement({ onlyTriggered: true })),
    register(COMMANDS.monitorsShowAll, () => view.setArrangement({ onlyTriggered: false })),
  ];
  return { view, disposables };
}
