import * as vscode from 'vscode';
import type { MonitorsView } from '../views/monitorsView';
import { monitorQuery } from '../core/monitorText';
import { monitorFromArgs } from './pickMonitor';

export function copyMonitorQueryCommand(view: MonitorsView) {
  return async (arg?: unknown): Promise<void> => {
    const monitor = await monitorFromArgs(arg, view);
    if (!monitor) return;
    const query = monitorQuery(monitor);
    if (!query) {
      void vscode.window.showInformationMessage(`The monitor “${monitor.name}” has no query to copy.`);
      return;
    }
    await vscode.env.clipboard.writeText(query.text);
    vscode.window.setStatusBarMessage(`Copied the query of “${monitor.name}”.`, 3000);
  };
}
