// Send to Axiom and Discard Draft (a library, loaded on their first call): the person's acts on a record kept as documents
// (platform/recordFiles.ts). Ctrl+S in a record's editor, the editor's title and the status bar
// call them with nothing or with the active editor's document; the kind is found by its scheme.
import * as vscode from 'vscode';
import { activeTabDocument } from './activeTab';
import { confirm } from './confirm';
import { localize } from './l10n';
import type { RecordFileSystem } from './recordFileSystem';

/**
 * The document a draft command acts on: the active editor's, or the one given when it is that
 * same document (the editor's title hands it over). Another document given (a call from outside:
 * another extension, a link) is acted on only when the person says yes to a modal question naming it.
 */
async function documentToActOn(
  filesOf: RecordFilesOf,
  given: unknown,
  question: (name: string) => string,
  button: string,
): Promise<vscode.Uri | undefined> {
  const active = activeTabDocument() ?? vscode.window.activeTextEditor?.document.uri;
  const uri = given instanceof vscode.Uri ? given : active;
  if (!uri || !filesOf(uri.scheme)) {
    void vscode.window.showInformationMessage(
      localize('Open a monitor, a starred query, a dashboard or an annotation from its view first.'),
    );
    return undefined;
  }
  if (given instanceof vscode.Uri && given.toString() !== active?.toString()) {
    const name = decodeURIComponent(uri.path.split('/').pop() ?? uri.path);
    const detail = localize('Another extension or a link asked for this. The editor of that document shows its text.');
    if (!(await confirm(question(name), detail, button))) return undefined;
  }
  return uri;
}

/** Each kind's files by the scheme of its documents (platform/lazyEntries.ts's recordFilesOf). */
export type RecordFilesOf = (scheme: string) => RecordFileSystem | undefined;

/** Send to Axiom: the person's send of the record the active editor shows. */
export async function sendToAxiom(filesOf: RecordFilesOf, given?: unknown): Promise<boolean> {
  const uri = await documentToActOn(filesOf, given, (name) => localize('Send “{0}” to Axiom?', name), localize('Send'));
  return uri ? ((await filesOf(uri.scheme)?.sendDocument(uri)) ?? false) : false;
}

/** Discard Draft: the record the active editor shows back to Axiom's version. */
export async function discardDraft(filesOf: RecordFilesOf, given?: unknown): Promise<void> {
  const uri = await documentToActOn(
    filesOf,
    given,
    (name) => localize('Discard your draft of “{0}”?', name),
    localize('Discard'),
  );
  const files = uri && filesOf(uri.scheme);
  if (!uri || !files) return;
  const dirty = vscode.workspace.textDocuments.some((d) => d.uri.toString() === uri.toString() && d.isDirty);
  if (!files.hasDraft(uri) && !dirty) {
    vscode.window.setStatusBarMessage(localize('No draft to discard: this is Axiom’s version.'), 3000);
    return;
  }
  await files.discardDraft(uri);
}
