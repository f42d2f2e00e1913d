// Composition root: builds each object once, registers it, and hands every disposable to VS Code.
import * as vscode from 'vscode';
import { copyMonitorQueryCommand } from './commands/copyMonitorQuery';
import { openMonitorInAxiomCommand } from './commands/openMonitorInAxiom';
import { openMonitorQueryCommand } from './commands/openMonitorQuery';
import { setTokenCommand, signOutCommand } from './commands/setToken';
import { starMonitorQueryCommand } from './commands/starMonitorQuery';
import { starQueryCommand } from './commands/starQuery';
import { testConnectionCommand } from './commands/testConnection';
import { Connection } from './connection';
import { COMMANDS } from './constants';
import { Log } from './log';
import { RecentDatasets } from './recentDatasets';
import { SettingsStore } from './settings';
import { TokenStore } from './tokenStore';
import { MonitorsView } from './views/monitorsView';

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
