import * as vscode from 'vscode';
import type { StarredQuery } from '../core/api/starred';
import { monitorQuery } from '../core/monitors/monitorQuery';
import type { StarredRow } from '../core/starred/starredTree';
import type { MonitorsView } from '../monitors/monitorsView';
import { monitorFromArgs } from '../monitors/pickMonitor';
import type { NotebookSeed } from './notebookCommands';

function aplOnly(name: string, apl: string | undefined): NotebookSeed | undefined {
  if (apl) return { name, apl };
  void vscode.window.showInformationMessage(vscode.l10n.t('“{0}” has no APL query to open as a notebook.', name));
  return undefined;
}

/** A monitor's query (its row, or one picked) to start a notebook with. */
export async function monitorSeed(arg: unknown, view: MonitorsView): Promise<NotebookSeed | undefined> {
  const monitor = await monitorFromArgs(arg, view);
  if (!monitor) return undefined;
  const query = monitorQuery(monitor);
  return aplOnly(monitor.name, query?.language === 'apl' ? query.text : undefined);
}

/** A starred query's row to start a notebook with. */
export function starredSeed(arg: unknown): NotebookSeed | undefined {
  const row = arg as Partial<StarredRow> | undefined;
  const query = typeof row === 'object' && row !== null && row.kind === 'query' ? (row.query as StarredQuery | undefined) : undefined;
  if (!query) return undefined;
  return aplOnly(query.name, query.query.apl);
}
