import * as vscode from 'vscode';
import { toCsv, toJson } from '../core/run/export';
import { panelLocale } from '../core/run/panelWords';
import type { ResultTable } from '../core/api/tabular';
import type { Log } from './log';
import { localize } from './l10n';

/** Asks where to save a table of results, as CSV or JSON, and writes it there. */
/** `target` skips the question (tests, scripts). */
export async function exportTable(
  table: ResultTable,
  format: 'csv' | 'json',
  title: string,
  log: Log,
  target?: vscode.Uri,
): Promise<vscode.Uri | undefined> {
  const base =
    title
      .replace(/[^\p{L}\p{N}._-]+/gu, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'axiom-results';
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  const name = `${base}.${format}`;
  target ??= await vscode.window.showSaveDialog({
    title: format === 'csv' ? localize('Export results as CSV') : localize('Export results as JSON'),
    defaultUri: folder ? vscode.Uri.joinPath(folder, name) : undefined,
    filters: format === 'csv' ? { CSV: ['csv'] } : { JSON: ['json'] },
  });
  if (!target) return undefined;
  const saved = target;
  try {
    const text = format === 'csv' ? toCsv(table) : toJson(table);
    await vscode.workspace.fs.writeFile(target, Buffer.from(text, 'utf8'));
    log.info(`exported ${table.rowCount} rows as ${format}`);
    const open = localize('Open');
    void vscode.window
      .showInformationMessage(
        localize(
          'Exported {0} rows to {1}.',
          table.rowCount.toLocaleString(panelLocale(vscode.env.language)),
          vscode.workspace.asRelativePath(saved),
        ),
        open,
      )
      .then((choice) => {
        if (choice === open) void vscode.window.showTextDocument(saved);
      });
    return target;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    log.error(`export failed: ${message}`);
    void vscode.window.showErrorMessage(localize('Exporting the results failed: {0}', message));
    return undefined;
  }
}
