import * as vscode from 'vscode';
import { APL_LANGUAGE_ID } from '../platform/constants';
import type { MonitorsView } from './monitorsView';
import { monitorQuery } from '../core/monitors/monitorQuery';
import { monitorFromArgs } from './pickMonitor';

/** Opens the monitor's query in a new untitled tab (APL in the `apl` language); each call opens its own tab. */
export function openMonitorQueryCommand(view: MonitorsView) {
  return async (arg?: unknown): Promise<vscode.TextEditor | undefined> => {
    const monitor = await monitorFromArgs(arg, view);
    if (!monitor) return undefined;
    const query = monitorQuery(monitor);
    if (!query) {
      void vscode.window.showInformationMessage(vscode.l10n.t('The monitor “{0}” has no query to open.', monitor.name));
      return undefined;
    }
    const document = await vscode.workspace.openTextDocument({
      content: query.text,
      language: query.language === 'apl' ? APL_LANGUAGE_ID : 'plaintext',
    });
    return vscode.window.showTextDocument(document, { preview: false });
  };
}
