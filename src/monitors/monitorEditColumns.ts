import * as vscode from 'vscode';

/**
 * Where editing a monitor puts its parts: two editor groups at most, so that each keeps half of a
 * 1280 px window and the query is not cut off. Its query in the first group; its settings form in
 * the second; its dry run as a tab of the settings' group (dryRunPanel.ts), not a third group nor
 * a panel below: the dry run carries the threshold itself, mirrored with the form's, so the form
 * need not show beside it, and the query stays in view beside both.
 */
export const MONITOR_EDIT_COLUMNS = { query: vscode.ViewColumn.One, side: vscode.ViewColumn.Two } as const;
