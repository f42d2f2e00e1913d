import * as vscode from 'vscode';
import { APL_LANGUAGE_ID } from './constants';
import { localize } from './l10n';

/** Opens query text in a new untitled tab of its own (APL in the Axiom APL language, anything else as plain text). */
export async function openQueryInNewTab(text: string, language: 'apl' | 'other'): Promise<vscode.TextEditor> {
  const document = await vscode.workspace.openTextDocument({
    content: text,
    language: language === 'apl' ? APL_LANGUAGE_ID : 'plaintext',
  });
  return vscode.window.showTextDocument(document, { preview: false });
}

/** The open document of a URI (as text), if it is open. */
export function openDocument(uri: string): vscode.TextDocument | undefined {
  return vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri);
}

/** Copies a query's text, and says so in the status bar for a moment. */
export async function copyQueryText(text: string, name: string): Promise<void> {
  await vscode.env.clipboard.writeText(text);
  vscode.window.setStatusBarMessage(localize('Copied the query of “{0}”.', name), 3000);
}
