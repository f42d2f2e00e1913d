// The extension-host side of the person's windows (personWindow.ts): the returning window's first
// load, and which window an entry runs in.
import * as vscode from 'vscode';
import {
  PERSON_WINDOW,
  PERSON_WINDOW_PREPARE,
  RESTORED_NOTEBOOK,
  RESTORED_QUERY,
  type PersonWindow,
} from './personWindowNames';

export const EXTENSION_ID = 'axiom-apl-community.axiom-apl';

/** The window this extension host is in (bare when the harness did not say). */
export function personWindow(): PersonWindow {
  return (process.env[PERSON_WINDOW] as PersonWindow | undefined) ?? 'bare';
}

/** The token to prepare the returning window with, when this load is its preparation. */
export function preparingWith(): string | undefined {
  return process.env[PERSON_WINDOW_PREPARE] || undefined;
}

/** What the preparing load of the returning window does as a person would: signs in, opens the
 *  Axiom side bar, the query and the notebook; then gives VS Code time to keep its state. */
export async function prepareReturning(token: string): Promise<void> {
  const extension = vscode.extensions.getExtension(EXTENSION_ID);
  if (!extension) throw new Error('the extension is not loaded');
  const api = (await extension.activate()) as { own: { setToken(args: { token: string }): Promise<unknown> } };
  await api.own.setToken({ token });
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  if (!folder) throw new Error('the window has no workspace folder');
  await vscode.window.showTextDocument(vscode.Uri.joinPath(folder, RESTORED_QUERY), { preview: false });
  const notebook = await vscode.workspace.openNotebookDocument(vscode.Uri.joinPath(folder, RESTORED_NOTEBOOK));
  await vscode.window.showNotebookDocument(notebook, { preview: false });
  await vscode.commands.executeCommand('workbench.view.extension.axiom');
  // The browser's workbench writes its state to the profile on a short interval.
  await new Promise((resolve) => setTimeout(resolve, 4000));
}
