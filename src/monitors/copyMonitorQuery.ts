import * as vscode from 'vscode';
import type { MonitorsView } from './monitorsView';
import { monitorQuery } from '../core/monitors/monitorQuery';
import { monitorFromArgs } from './pickMonitor';
import { copyQueryText } from '../platform/openQuery';
import { localize } from '../platform/l10n';

export function copyMonitorQueryCommand(view: MonitorsView) {
  return async (arg?: unknown): Promise<void> => {
    const monitor = await monitorFromArgs(arg, view);
    if (!monitor) return;
    const query = monitorQuery(monitor);
    if (!query) {
      void vscode.window.showInformationMessage(localize('The monitor “{0}” has no query to copy.', monitor.name));
      return;
    }
    await copyQueryText(query.text, monitor.name);
  };
}
