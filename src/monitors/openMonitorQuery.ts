import * as vscode from 'vscode';
import { monitorQuery } from '../core/monitors/monitorQuery';
import { openQueryInNewTab } from '../platform/openQuery';
import type { MonitorsView } from './monitorsView';
import { monitorFromArgs } from './pickMonitor';
import { localize } from '../platform/l10n';

/** Opens the monitor's query in a new untitled tab (APL as Axiom APL); each call opens its own tab. */
export function openMonitorQueryCommand(view: MonitorsView) {
  return async (arg?: unknown): Promise<vscode.TextEditor | undefined> => {
    const monitor = await monitorFromArgs(arg, view);
    if (!monitor) return undefined;
    const query = monitorQuery(monitor);
    if (!query) {
      void vscode.window.showInformationMessage(localize('The monitor “{0}” has no query to open.', monitor.name));
      return undefined;
    }
    return openQueryInNewTab(query.text, query.language === 'apl' ? 'apl' : 'other');
  };
}
