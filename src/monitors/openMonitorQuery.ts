import * as vscode from 'vscode';
import type { Monitor } from '../core/api/schemas';
import { monitorQuery } from '../core/monitors/monitorQuery';
import { COMMANDS } from '../platform/constants';
import { localize } from '../platform/l10n';
import { once } from '../platform/lazy';
import { ReadOnlyQueries } from '../platform/openQuery';
import { FEATURES } from '../platform/declarations';
import type { MonitorsView } from './monitorsView';
import { monitorFromArgs } from './pickMonitor';

/** One registration of the scheme for the extension host (the feature is made once, but its tests may make it again). */
const monitorQueries = once(
  () =>
    new ReadOnlyQueries(
      FEATURES.monitors.readOnlyScheme,
      localize(
        'This is the monitor’s query as Axiom has it, to read and run. To change the monitor, click Edit Monitor above the query; to keep a copy of your own, use File: Save As.',
      ),
    ),
);

/** Opens the monitor's query read-only, in a tab named after the monitor (`Checkout 5xx.apl`): nothing to
 *  save, so nothing asks on close; Edit Monitor above its first line opens it for editing. */
export function openMonitorQueryCommand(view: MonitorsView) {
  return async (arg?: unknown): Promise<vscode.TextEditor | undefined> => {
    const monitor = await monitorFromArgs(arg, view);
    if (!monitor) return undefined;
    const query = monitorQuery(monitor);
    if (!query) {
      void vscode.window.showInformationMessage(localize('The monitor “{0}” has no query to open.', monitor.name));
      return undefined;
    }
    return monitorQueries().open({
      key: monitor.id,
      name: monitor.name,
      text: query.text,
      language: query.language,
      actions: [editAction(monitor)],
    });
  };
}

/** The monitor as just sent: its read-only query, where one is open, shows the text sent. */
export function monitorSent(monitor: Monitor): void {
  const query = monitorQuery(monitor);
  if (query) monitorQueries.made?.refresh(monitor.id, query.text);
}

/** The read-only documents of the monitor's query (their tabs give way to Edit Monitor's). */
export function readOnlyQueryDocuments(monitorId: string): vscode.Uri[] {
  return monitorQueries.made?.documentsOf(monitorId) ?? [];
}

function editAction(monitor: Monitor): vscode.Command {
  return {
    title: localize('Edit Monitor'),
    tooltip: localize('Edit “{0}”: its query and settings, with a dry run before saving', monitor.name),
    command: COMMANDS.editMonitor,
    arguments: [monitor],
  };
}
