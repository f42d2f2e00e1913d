import * as vscode from 'vscode';
import { monitorQuery } from '../core/monitors/monitorQuery';
import type { MonitorRow } from '../core/monitors/monitorRows';
import type { StarredRow } from '../core/starred/starredTree';
import type { NotebookSeed } from './notebookCommands';
import { localize } from '../platform/l10n';

function aplOnly(name: string, apl: string | undefined): NotebookSeed | undefined {
  if (apl) return { name, apl };
  void vscode.window.showInformationMessage(localize('“{0}” has no APL query to open as a notebook.', name));
  return undefined;
}

/** A monitor's query, from its row in the Monitors view, to start a notebook with. */
export function monitorSeed(arg: unknown): NotebookSeed | undefined {
  const row = arg as Partial<MonitorRow> | undefined;
  const monitor = typeof row === 'object' && row !== null ? row.monitor : undefined;
  if (typeof monitor?.name !== 'string') return undefined;
  const query = monitorQuery(monitor);
  return aplOnly(monitor.name, query?.language === 'apl' ? query.text : undefined);
}

/** A starred query, from its row in the Starred Queries view, to start a notebook with. */
export function starredSeed(arg: unknown): NotebookSeed | undefined {
  const row = arg as Partial<StarredRow> | undefined;
  const query = typeof row === 'object' && row !== null && row.kind === 'query' ? row.query : undefined;
  if (typeof query?.name !== 'string') return undefined;
  return aplOnly(query.name, typeof query.query?.apl === 'string' ? query.query.apl : undefined);
}
