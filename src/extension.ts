// Composition root: builds the adapters every feature shares, then lets each feature register
// itself, and hands every disposable to VS Code.
import * as vscode from 'vscode';
import { Accounts } from './accounts/accounts';
import { Connection } from './accounts/connection';
import { registerAccounts } from './accounts/register';
import { registerLanguage } from './language/register';
import type { MonitorsView } from './monitors/monitorsView';
import { registerMonitors } from './monitors/register';
import { Log } from './platform/log';
import { SettingsStore } from './platform/settings';
import { TokenStore } from './platform/tokenStore';
import { registerStarred } from './starred/register';

/** What activate returns: the monitors view, for integration tests and other extensions. */
export interface AxiomExtensionApi {
  monitorsView: MonitorsView;
}

export function activate(context: vscode.ExtensionContext): AxiomExtensionApi {
  const version = String((context.extension.packageJSON as { version?: unknown }).version ?? '0.0.0');
  const log = new Log();
  const settings = new SettingsStore();
  const tokens = new TokenStore(context.secrets);
  const accounts = new Accounts(settings, tokens, log);
  const connection = new Connection(settings, accounts, log, `axiom-apl-vscode/${version} (vscode ${vscode.version})`);
  const shared = { log, settings, tokens, accounts, connection };

  const monitors = registerMonitors(shared);
  context.subscriptions.push(log, settings, tokens, accounts, connection, ...registerAccounts(context, shared), ...monitors.disposables, ...registerStarred(context, shared), ...registerLanguage(context, shared));
  return { monitorsView: monitors.view };
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
