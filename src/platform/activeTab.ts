import * as vscode from 'vscode';

/** The document of the active tab: a text or custom editor's, a comparison's changed side. A tab of
 *  another kind (a webview, the walkthrough) has none, even while a text editor keeps the focus
 *  elsewhere. */
export function activeTabDocument(): vscode.Uri | undefined {
  const input = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
  if (input instanceof vscode.TabInputText || input instanceof vscode.TabInputCustom) return input.uri;
  if (input instanceof vscode.TabInputTextDiff) return input.modified;
  return undefined;
}
