import * as vscode from 'vscode';
import { formatDate } from '../core/format';
import { historyLines } from '../core/monitors/statusWords';
import { phrase } from '../core/phrase';
import { withClient, type ClientAccess } from '../platform/clientAccess';
import type { Log } from '../platform/log';
import type { MonitorsView } from './monitorsView';
import { monitorFromArgs } from './pickMonitor';
import { localize } from '../platform/l10n';

const RANGES = [
  { hours: 24, label: () => localize('Last 24 hours') },
  { hours: 24 * 7, label: () => localize('Last 7 days') },
  { hours: 24 * 30, label: () => localize('Last 30 days') },
];

/** Axiom: Show Monitor History: a monitor's state changes over a chosen range, newest first.
 *  Arguments for tests: the monitor (or its row) and `hours`. Returns the lines shown. */
export function showMonitorHistoryCommand(view: MonitorsView, access: ClientAccess, log: Log) {
  return async (arg?: unknown, hours?: number): Promise<string[] | undefined> => {
    const monitor = await monitorFromArgs(arg, view);
    if (!monitor) return undefined;
    const range =
      hours ??
      (
        await vscode.window.showQuickPick(
          RANGES.map((r) => ({ label: r.label(), hours: r.hours })),
          { title: localize('History of “{0}”', monitor.name) },
        )
      )?.hours;
    if (range === undefined) return undefined;
    const doing = phrase('Reading the history of “{0}”', monitor.name);
    return withClient(
      access,
      { doing, why: localize('Sign in to Axiom (or set an API token) to read monitor history.'), log },
      async (client) => {
        const end = new Date();
        const history = await vscode.window.withProgress(
          {
            location: vscode.ProgressLocation.Notification,
            title: localize('Reading the history of “{0}”…', monitor.name),
            cancellable: true,
          },
          (_p, token) => {
            const controller = new AbortController();
            token.onCancellationRequested(() => controller.abort());
            return client.getMonitorHistory(
              monitor.id,
              new Date(end.getTime() - range * 3600_000),
              end,
              controller.signal,
            );
          },
        );
        const lines = historyLines(history.changes, formatDate);
        if (!lines.length) {
          void vscode.window.showInformationMessage(
            localize('“{0}” did not change state in that time: it stayed as it was.', monitor.name),
          );
          return [];
        }
        void vscode.window.showQuickPick(
          lines.map((line) => ({
            label: line.label === 'open' ? `$(alert) ${localize('open')}` : `$(pass) ${localize('closed')}`,
            description: line.description,
          })),
          { title: localize('History of “{0}”, newest first', monitor.name), matchOnDescription: true },
        );
        return lines.map((line) => `${line.label} · ${line.description}`);
      },
    );
  };
}
