import * as vscode from 'vscode';
import type { Monitor } from '../core/api/schemas';
import type { MonitorRow } from '../core/monitors/monitorRows';
import { monitorSummary } from '../core/monitors/monitorWords';
import type { MonitorsView } from './monitorsView';
import { localize } from '../platform/l10n';

/** The monitor a tree action was invoked on (its row, from a menu; the monitor itself, from a
 *  click), or, from the command palette, one the person picks. */
export async function monitorFromArgs(arg: unknown, view: MonitorsView): Promise<Monitor | undefined> {
  if (isMonitor(arg)) return arg;
  const row = arg as Partial<MonitorRow> | undefined;
  if (typeof row === 'object' && row !== null && isMonitor(row.monitor)) return row.monitor;
  if (!view.currentMonitors.length) await view.refresh();
  const picked = await vscode.window.showQuickPick(
    view.currentMonitors.map((monitor) => ({
      label: monitor.name,
      description: monitorSummary(monitor, view.words),
      monitor,
    })),
    { title: localize('Axiom monitor'), placeHolder: localize('Pick a monitor'), matchOnDescription: true },
  );
  return picked?.monitor;
}

function isMonitor(value: unknown): value is Monitor {
  const m = value as Partial<Monitor> | undefined;
  return typeof m === 'object' && m !== null && typeof m.id === 'string' && typeof m.name === 'string';
}
