import * as vscode from 'vscode';
import { SETTINGS } from './constants';

export interface ConnectionSettings {
  url: string;
  orgId: string;
  timeoutMs: number;
}

const DEFAULT_TIMEOUT_SECONDS = 30;

/** Reads and writes the `axiom.*` settings; fires when any of them changes, in this window or another. */
export class SettingsStore implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private readonly listener = vscode.workspace.onDidChangeConfiguration((e) => {
    if (e.affectsConfiguration(SETTINGS.section)) this.changed.fire();
  });

  read(): ConnectionSettings {
    const config = vscode.workspace.getConfiguration(SETTINGS.section);
    const seconds = config.get<unknown>(SETTINGS.requestTimeoutSeconds);
    const timeout = typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, 600) : DEFAULT_TIMEOUT_SECONDS;
    return {
      url: String(config.get<unknown>(SETTINGS.url) ?? '').trim(),
      orgId: String(config.get<unknown>(SETTINGS.orgId) ?? '').trim(),
      timeoutMs: timeout * 1000,
    };
  }

  async saveOrgId(orgId: string): Promise<void> {
    await vscode.workspace.getConfiguration(SETTINGS.section).update(SETTINGS.orgId, orgId, vscode.ConfigurationTarget.Global);
  }

  dispose(): void {
    this.listener.dispose();
    this.changed.dispose();
  }
}
