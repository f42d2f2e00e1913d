import * as vscode from 'vscode';
import type { MonitorsView } from './monitorsView';
import { monitorQuery } from '../core/monitors/monitorQuery';
import { monitorFromArgs } from './pickMonitor';

export function copyMonitorQueryCommand(view: MonitorsView) {
  return async (arg?: unknown): Promise<void> => {
    const monitor = await monitorFromArgs(arg, view);
    if (!monitor) return;
    const query = monitorQuery(monitor);
    if (!query) {
      void vscode.window.showInformationMessage(vscode.l10n.t('The monitor “{0}” has no query to copy.', monitor.name));
      return;
    }
    await vscode.env.clipboard.writeText(query.text);
    vscode.window.setStatusBarMessage(vscode.l10n.t('Copied the query of “{0}”.', monitor.name), 3000);
  };
}
