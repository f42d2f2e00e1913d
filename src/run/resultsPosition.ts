import * as vscode from 'vscode';
import { placeResults, readResultsPosition, type ResultsPosition } from '../core/run/resultsPlacement';
import { SETTINGS } from '../platform/constants';

/** `axiom.results.position`: below the query (the default) or beside it. */
export function resultsPositionSetting(): ResultsPosition {
  return readResultsPosition(
    vscode.workspace.getConfiguration(SETTINGS.section).get<unknown>(SETTINGS.resultsPosition),
  );
}

/** The editor that shows the document's query: the active one when it does, else one on screen. */
function queryEditor(documentUri: string): vscode.TextEditor | undefined {
  const shows = (editor: vscode.TextEditor | undefined) => editor?.document.uri.toString() === documentUri;
  const active = vscode.window.activeTextEditor;
  return shows(active) ? active : vscode.window.visibleTextEditors.find(shows);
}

/**
 * Opens a new results panel (`open` makes it in the view column given) where `axiom.results.position`
 * says: below the query's editor group, in the group of the results already open (`resultsColumns`,
 * the most recently used last) or in a new one; or beside, as VS Code's Beside does. The query's
 * editor keeps the focus: a new group below takes it, so it is given back.
 */
export async function openWhereResultsGo<T>(
  documentUri: string,
  resultsColumns: readonly (vscode.ViewColumn | undefined)[],
  open: (column: vscode.ViewColumn) => T,
): Promise<T> {
  const editor = queryEditor(documentUri);
  const editorsOpen = vscode.window.tabGroups.all.some((group) => group.tabs.length > 0);
  const placement = placeResults(resultsPositionSetting(), {
    queryColumn: editor?.viewColumn,
    resultsColumns,
    editorsOpen,
  });
  switch (placement.kind) {
    case 'beside':
      return open(vscode.ViewColumn.Beside);
    case 'active':
      return open(vscode.ViewColumn.Active);
    case 'group':
      return open(placement.column);
    case 'newGroupBelow':
      break;
  }
  const showQuery = () =>
    editor &&
    vscode.window.showTextDocument(editor.document, { viewColumn: placement.queryColumn, preserveFocus: false });
  try {
    // A new group goes below the active one: the query's group is made active first when it is not.
    if (editor && vscode.window.activeTextEditor !== editor) await showQuery();
    await vscode.commands.executeCommand('workbench.action.newGroupBelow');
  } catch {
    // No group could be made (the query's editor closed meanwhile, say): beside, as before.
    return open(vscode.ViewColumn.Beside);
  }
  const opened = open(vscode.ViewColumn.Active);
  await Promise.resolve(showQuery()).catch(() => undefined);
  return opened;
}
