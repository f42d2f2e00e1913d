// Read-only queries (platform/openQuery.ts) after a reload, just after activation (the monitors'
// registration in the composition): kept apart from them so that the composition loads only this.
import * as vscode from 'vscode';

/**
 * Closes the tabs of read-only queries that the window brought back after a reload: their text was
 * this window's only (kept nowhere, as nothing of it is the person's), so they would open empty or
 * as "could not be opened". Called once, just after the activation such a tab asks for (the
 * activation event onFileSystem of its scheme). Opening the query again shows it.
 */
export async function closeRestoredReadOnlyQueries(scheme: string): Promise<void> {
  const restored = vscode.window.tabGroups.all
    .flatMap((group) => group.tabs)
    .filter((tab) => tab.input instanceof vscode.TabInputText && tab.input.uri.scheme === scheme);
  if (restored.length) await vscode.window.tabGroups.close(restored, true);
}
