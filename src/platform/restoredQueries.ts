// Read-only queries (platform/openQuery.ts) after a reload, at activation (platform/entries.ts):
// kept apart from them so that activation loads only this.
import * as vscode from 'vscode';

/**
 * Closes the tabs of read-only queries that the window brought back after a reload: their text was
 * this window's only (kept nowhere, as nothing of it is the person's), so they would open empty or
 * as "could not be opened". Called once at activation, which such a tab asks for (the activation
 * event onFileSystem of its scheme), before VS Code reads it. Opening the query again shows it.
 */
export async function closeRestoredReadOnlyQueries(scheme: string): Promise<void> {
  const restored = vscode.window.tabGroups.all
    .flatMap((group) => group.tabs)
    .filter((tab) => tab.input instanceof vscode.TabInputText && tab.input.uri.scheme === scheme);
  if (restored.length) await vscode.window.tabGroups.close(restored, true);
}
