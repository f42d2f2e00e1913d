import * as vscode from 'vscode';
import { rangeLabel, readStoredRange, storeRange, type TimeRange } from '../core/run/timeRange';
import { COMMANDS, NOTEBOOK_TYPE } from '../platform/constants';
import { localize, say } from '../platform/l10n';
import type { Runner } from './notebookRunner';
import { pickRange } from '../platform/pickRange';
import { activeNotebook } from './notebookCommands';

// A notebook's own time range: kept in its metadata (so in its file), chosen from the notebook's
// toolbar or a cell's status bar, shown on each APL cell; until one is chosen, the status bar's.

/** The notebook's own time range (its metadata), if it has one. */
export function notebookRange(notebook: vscode.NotebookDocument): TimeRange | undefined {
  return readStoredRange((notebook.metadata as { timeRange?: unknown } | undefined)?.timeRange);
}

/** The notebook toolbar's Time Range: the notebook's own, kept in the file (default: the status bar's). */
export async function chooseNotebookRange(runner: () => Runner, arg?: unknown): Promise<boolean> {
  const uri = (arg as { notebookEditor?: { notebookUri?: unknown } } | undefined)?.notebookEditor?.notebookUri;
  const notebook =
    (uri instanceof vscode.Uri &&
      vscode.workspace.notebookDocuments.find((n) => n.uri.toString() === uri.toString())) ||
    activeNotebook();
  if (!notebook) return false;
  const now = notebookRange(notebook) ?? runner().timeRange.range;
  const range = await pickRange(now, localize('Time range of this notebook’s queries'));
  if (!range) return false;
  const edit = new vscode.WorkspaceEdit();
  edit.set(notebook.uri, [
    vscode.NotebookEdit.updateNotebookMetadata({ ...notebook.metadata, timeRange: storeRange(range) }),
  ]);
  return vscode.workspace.applyEdit(edit);
}

/** Each APL cell's status bar: the range it runs over, a click away from another. */
export class RangeOnCells implements vscode.NotebookCellStatusBarItemProvider {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeCellStatusBarItems = this.changed.event;
  private readonly listener = vscode.workspace.onDidChangeNotebookDocument((e) => {
    if (e.metadata && e.notebook.notebookType === NOTEBOOK_TYPE) this.changed.fire();
  });

  constructor(private readonly runner: () => Runner) {}

  provideCellStatusBarItems(cell: vscode.NotebookCell): vscode.NotebookCellStatusBarItem[] {
    if (cell.kind !== vscode.NotebookCellKind.Code) return [];
    const own = notebookRange(cell.notebook);
    const label = say(rangeLabel(own ?? this.runner().timeRange.range));
    const item = new vscode.NotebookCellStatusBarItem(
      `$(history) ${label}`,
      vscode.NotebookCellStatusBarAlignment.Right,
    );
    item.command = { command: COMMANDS.chooseNotebookTimeRange, title: localize('Time Range') };
    item.tooltip = own
      ? localize('This notebook’s queries run over: {0}. Click to change.', label)
      : localize('Runs over the status bar’s range: {0}. Click to give this notebook its own.', label);
    item.accessibilityInformation = { label: localize('Axiom query time range: {0}', label) };
    return [item];
  }

  dispose(): void {
    this.listener.dispose();
    this.changed.dispose();
  }
}
