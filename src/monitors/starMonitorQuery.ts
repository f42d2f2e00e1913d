import * as vscode from 'vscode';
import type { StarredQuery } from '../core/api/starred';
import { monitorQuery } from '../core/monitors/monitorQuery';
import { COMMANDS } from '../platform/constants';
import type { StarQueryArgs } from '../starred/starQuery';
import type { MonitorsView } from './monitorsView';
import { monitorFromArgs } from './pickMonitor';

/** Star Query on a monitor: the star flow, prompts included, with the monitor's APL. */
export function starMonitorQueryCommand(view: MonitorsView) {
  return async (arg?: unknown): Promise<StarredQuery | undefined> => {
    const monitor = await monitorFromArgs(arg, view);
    if (!monitor) return undefined;
    const query = monitorQuery(monitor);
    if (query?.language !== 'apl') {
      void vscode.window.showInformationMessage(vscode.l10n.t('The monitor “{0}” has no APL query to star.', monitor.name));
      return undefined;
    }
    const args: StarQueryArgs = { apl: query.text };
    return vscode.commands.executeCommand<StarredQuery | undefined>(COMMANDS.starQuery, args);
  };
}
