import * as vscode from 'vscode';
import type { StarredQuery } from '../core/api/starred';
import { monitorQuery } from '../core/monitors/monitorQuery';
import type { MonitorsView } from './monitorsView';
import { monitorFromArgs } from './pickMonitor';
import { localize } from '../platform/l10n';

/** The starred feature's Star this APL Query, given at registration: with `apl`, it asks only for
 *  the name and the dataset. */
export type StarQuery = (args: { apl: string }) => Promise<StarredQuery | undefined>;

/** Star Query on a monitor: the star flow (the starred feature's, given), prompts included, with the monitor's APL. */
export function starMonitorQueryCommand(view: MonitorsView, starQuery: StarQuery) {
  return async (arg?: unknown): Promise<StarredQuery | undefined> => {
    const monitor = await monitorFromArgs(arg, view);
    if (!monitor) return undefined;
    const query = monitorQuery(monitor);
    if (query?.language !== 'apl') {
      void vscode.window.showInformationMessage(localize('The monitor “{0}” has no APL query to star.', monitor.name));
      return undefined;
    }
    return starQuery({ apl: query.text });
  };
}
