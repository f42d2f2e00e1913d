// Exporting records as files into a folder, the same for every record kind (monitors, dashboards):
// the folder asked for in VS Code's dialog (a folder a caller gave is where the dialog opens, never
// taken without the person's choice, unless the extension's own code chose it), one distinct file
// name per record (core/fileName.ts), one question before any file there is overwritten, and the
// count of the files actually written.
import * as vscode from 'vscode';
import { distinctFileNames } from '../core/fileName';
import { localize } from './l10n';

/** One record to export: its name (the file's, made distinct) and the file's text. */
export interface ExportedRecord {
  readonly name: string;
  readonly text: string;
}

/** A record kind's files: their ending, the name of one whose record has none, and the words asked with. */
export interface ExportKind {
  readonly extension: string;
  readonly fallback: string;
  /** The folder dialog's title. */
  readonly title: string;
  /** What overwriting puts in the files, for the question ("Axiom’s monitors"). */
  readonly records: string;
}

/** What was written, and how many files there already were kept as they were. */
export interface ExportOutcome {
  readonly written: vscode.Uri[];
  readonly kept: number;
}

/**
 * The folder to export into: chosen in VS Code's folder dialog, opened at `given` when a caller
 * gave a folder (a command's argument may come from another extension or a link: the person still
 * chooses), else at the first workspace folder. `chosen`: the extension's own code chose `given`.
 */
export async function exportFolder(kind: ExportKind, given?: unknown, chosen = false): Promise<vscode.Uri | undefined> {
  const folder = given instanceof vscode.Uri ? given : undefined;
  if (folder && chosen) return folder;
  const picked = await vscode.window.showOpenDialog({
    canSelectFiles: false,
    canSelectFolders: true,
    canSelectMany: false,
    defaultUri: folder ?? vscode.workspace.workspaceFolders?.[0]?.uri,
    openLabel: localize('Export Here'),
    title: kind.title,
  });
  return picked?.[0];
}

/** Whether a file is there already. */
async function exists(uri: vscode.Uri): Promise<boolean> {
  try {
    await vscode.workspace.fs.stat(uri);
    return true;
  } catch {
    return false;
  }
}

/**
 * Writes each record to its own file in `folder`, under names apart on any file system. When some
 * of the files are there already, asks once: overwrite them all, skip them, or cancel (undefined:
 * nothing written).
 */
async function writeExport(
  kind: ExportKind,
  folder: vscode.Uri,
  records: readonly ExportedRecord[],
): Promise<ExportOutcome | undefined> {
  const names = distinctFileNames(
    records.map((record) => record.name),
    kind.fallback,
    kind.extension,
  );
  const uris = names.map((name) => vscode.Uri.joinPath(folder, name));
  const there = await Promise.all(uris.map(exists));
  const existing = there.filter(Boolean).length;
  let skipExisting = false;
  if (existing) {
    const [overwrite, skip] = [localize('Overwrite All'), localize('Skip Existing')];
    const folderName = folder.path.split('/').filter(Boolean).at(-1) ?? folder.path;
    const choice = await vscode.window.showWarningMessage(
      existing === 1
        ? localize('1 of the files to export is already in “{0}”.', folderName)
        : localize('{0} of the files to export are already in “{1}”.', existing, folderName),
      {
        modal: true,
        detail: localize('Overwrite them with {0}, or keep them and write only the files not there yet?', kind.records),
      },
      overwrite,
      skip,
    );
    if (choice !== overwrite && choice !== skip) return undefined;
    skipExisting = choice === skip;
  }
  const written: vscode.Uri[] = [];
  for (const [i, record] of records.entries()) {
    if (skipExisting && there[i]) continue;
    await vscode.workspace.fs.writeFile(uris[i], new TextEncoder().encode(record.text));
    written.push(uris[i]);
  }
  return { written, kept: skipExisting ? existing : 0 };
}

/** Export's end for one record, the same for every kind: its file written into `folder` (writeExport) and opened. */
export async function exportOneInto(
  kind: ExportKind,
  folder: vscode.Uri,
  record: ExportedRecord,
): Promise<vscode.Uri | undefined> {
  const [uri] = (await writeExport(kind, folder, [record]))?.written ?? [];
  if (uri) await vscode.window.showTextDocument(uri);
  return uri;
}

/**
 * Export All's end, the same for every kind: the records written into `folder` (writeExport), then
 * the person told how many (`exported`: the kind's words for the count written) and how many files
 * already there were kept. The files written, or undefined when the person cancelled.
 */
export async function exportAllInto(
  kind: ExportKind,
  folder: vscode.Uri,
  records: readonly ExportedRecord[],
  exported: (count: number) => string,
): Promise<vscode.Uri[] | undefined> {
  const outcome = await writeExport(kind, folder, records);
  if (!outcome) return undefined;
  void vscode.window.showInformationMessage(exportedMessage(exported(outcome.written.length), outcome));
  return outcome.written;
}

/** What an Export All says when done: `exported` (its kind's words for the count written), and the files kept. */
function exportedMessage(exported: string, { kept }: ExportOutcome): string {
  if (kept === 0) return exported;
  return `${exported} ${kept === 1 ? localize('1 file already there was kept.') : localize('{0} files already there were kept.', kept)}`;
}
