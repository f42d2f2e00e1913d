// The file an Apply command reads (Apply Monitor File, Apply Dashboard File): the one it is given,
// else the active editor's, when its name ends as the command's files do. An open document's text
// is read as edited, unsaved changes included; a file not open is read from disk.
import * as vscode from 'vscode';

/** The text of the file to apply; undefined after `askToOpen` was shown. */
export async function fileToApply(arg: unknown, suffix: string, askToOpen: string): Promise<string | undefined> {
  const uri = arg instanceof vscode.Uri ? arg : vscode.window.activeTextEditor?.document.uri;
  if (!uri || !uri.path.endsWith(suffix)) {
    void vscode.window.showInformationMessage(askToOpen);
    return undefined;
  }
  const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
  return open ? open.getText() : new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
}
