// Composition root: builds each object once, registers it, and hands every disposable to VS Code.
import * as vscode from 'vscode';
import { copyMonitorQueryCommand } from './monitors/copyMonitorQuery';
import { openMonitorInAxiomCommand } from './monitors/openMonitorInAxiom';
import { openMonitorQueryCommand } from './monitors/openMonitorQuery';
import { setTokenCommand, signOutCommand } from './accounts/setToken';
import { starMonitorQueryCommand } from './monitors/starMonitorQuery';
import { starQueryCommand } from './starred/starQuery';
import { testConnectionCommand } from './accounts/testConnection';
import { Connection } from './accounts/connection';
import { COMMANDS } from './platform/constants';
import { Log } from './platform/log';
import { RecentDatasets } from './starred/recentDatasets';
import { SettingsStore } from './platform/settings';
import { TokenStore } from './platform/tokenStore';
import { MonitorsView } from './monitors/monitorsView';

/** What activate returns: the monitors view, for integration tests and other extensions. */
export interface AxiomExtensionApi {
  monitorsView: MonitorsView;
}

export function activate(context: vscode.ExtensionContext): AxiomExtensionApi {
  const version = String((context.extension.packageJSON as { version?: unknown }).version ?? '0.0.0');
  const log = new Log();
  const settings = new SettingsStore();
  const tokens = new TokenStore(context.secrets);
  const connection = new Connection(settings, tokens, log, `axiom-apl-vscode/${version} (vscode ${vscode.version})`);
  const view = new MonitorsView(connection, log);
  const openQuery = openMonitorQueryCommand(view);
  const starQuery = starQueryCommand({ connection, settings, recent: new RecentDatasets(context.globalState), log });

  const register = vscode.commands.registerCommand;
  context.subscriptions.push(
    log,
    settings,
    tokens,
    connection,
    view,
    register(COMMANDS.setToken, setTokenCommand(tokens, settings)),
    register(COMMANDS.signOut, signOutCommand(tokens)),
    register(COMMANDS.refreshMonitors, () => view.refresh()),
    register(COMMANDS.openMonitorQuery, openQuery),
    register(COMMANDS.openMonitorQueryInNewTab, openQuery),
    register(COMMANDS.copyMonitorQuery, copyMonitorQueryCommand(view)),
    register(COMMANDS.openMonitorInAxiom, openMonitorInAxiomCommand(view, settings)),
    register(COMMANDS.starQuery, starQuery),
    register(COMMANDS.starMonitorQuery, starMonitorQueryCommand(view, starQuery)),
    register(COMMANDS.testConnection, testConnectionCommand(connection, settings, log)),
    register(COMMANDS.showLog, () => log.show()),
  );
  void tokens.importFromEnvironment(context.globalState).then((imported) => imported && log.info('took the token from AXIOM_TOKEN'));
  return { monitorsView: view };
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
