// Where Run Query opens its results (axiom.results.position): below the query's editor group by
// default, so that neither the query nor the table is squeezed into half the window's width; a
// second run reuses the panel where it is; "beside" opens it to the side as before.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { TYPED_TABULAR } from '../support/tabularFixtures';
import { activateExtension, useRunningFake, waitFor } from './helpers';

/** VS Code's editor layout (vscode.getEditorLayout): 0 lays the groups side by side, 1 one above another. */
interface EditorLayout {
  orientation: 0 | 1;
  groups: unknown[];
}
const ONE_ABOVE_ANOTHER = 1;
const SIDE_BY_SIDE = 0;

async function queryEditor(text: string): Promise<vscode.TextEditor> {
  const document = await vscode.workspace.openTextDocument({ content: text, language: 'axiom-apl' });
  return vscode.window.showTextDocument(document, { viewColumn: vscode.ViewColumn.One });
}

/** The editor group that holds a tab of this title. */
function groupOf(label: string): vscode.TabGroup | undefined {
  return vscode.window.tabGroups.all.find((group) => group.tabs.some((tab) => tab.label === label));
}

/** The editor group that holds the document's tab (an untitled one's title is its first line). */
function groupShowing(document: vscode.TextDocument): vscode.TabGroup | undefined {
  const shows = (tab: vscode.Tab) =>
    tab.input instanceof vscode.TabInputText && tab.input.uri.toString() === document.uri.toString();
  return vscode.window.tabGroups.all.find((group) => group.tabs.some(shows));
}

async function setPosition(value: string | undefined): Promise<void> {
  await vscode.workspace.getConfiguration('axiom').update('results.position', value, vscode.ConfigurationTarget.Global);
}

describe('Results position', () => {
  useRunningFake(() => TYPED_TABULAR);
  afterEach(() => setPosition(undefined));

  it('below by default: the results open in a new group under the query, the focus stays in the query', async () => {
    const editor = await queryEditor("['logs'] | count");
    const { run: results } = await activateExtension();
    assert.equal(vscode.window.tabGroups.all.length, 1, 'one editor group before the run');
    assert.ok(await vscode.commands.executeCommand('axiom.runQuery'));
    const panel = results.panels.at(-1)!;
    const resultsGroup = await waitFor('the results tab in a group', () => groupOf(panel.panel.title));
    const queryGroup = groupShowing(editor.document);
    assert.ok(queryGroup, 'the query is still in a group');
    assert.notEqual(resultsGroup, queryGroup, 'the results are not a tab in front of the query');
    assert.equal(panel.panel.viewColumn, resultsGroup.viewColumn);
    const layout = await vscode.commands.executeCommand<EditorLayout>('vscode.getEditorLayout');
    assert.equal(layout.groups.length, 2, 'two groups');
    assert.equal(layout.orientation, ONE_ABOVE_ANOTHER, 'one above the other, each the window’s width');
    // Groups are numbered in the order they appear: the query's (above) first.
    assert.ok(queryGroup.viewColumn < resultsGroup.viewColumn, 'the query above, its results below');
    await waitFor(
      'the query to keep the focus',
      () =>
        vscode.window.activeTextEditor?.document === editor.document &&
        vscode.window.tabGroups.activeTabGroup.viewColumn === queryGroup.viewColumn,
    );
  });

  it('a second run, and another query’s, show in that same group: no third group', async () => {
    const editor = await queryEditor("['logs'] | count");
    const { run: results } = await activateExtension();
    await vscode.commands.executeCommand('axiom.runQuery');
    const panel = results.panels.at(-1)!;
    const column = await waitFor('the panel in a group', () => panel.panel.viewColumn);
    await vscode.window.showTextDocument(editor.document, { viewColumn: vscode.ViewColumn.One });
    await vscode.commands.executeCommand('axiom.runQuery');
    assert.equal(results.panels.at(-1), panel, 'the same panel');
    assert.equal(panel.panel.viewColumn, column, 'in the same group');
    // Another query, in the query's group: its results join the first ones' group.
    const other = await queryEditor("['logs'] | take 1");
    await vscode.commands.executeCommand('axiom.runQuery');
    const second = results.panels.at(-1)!;
    assert.notEqual(second, panel, 'a panel of its own');
    assert.equal(await waitFor('the second panel in a group', () => second.panel.viewColumn), column);
    assert.equal(vscode.window.tabGroups.all.length, 2, 'still two groups');
    await waitFor(
      'the other query to keep the focus',
      () => vscode.window.activeTextEditor?.document === other.document,
    );
  });

  it('a run with no editor (Show Recent Events) opens below the editor in front, and joins the results there', async () => {
    const editor = await queryEditor("['logs'] | count");
    const { run: results } = await activateExtension();
    await vscode.commands.executeCommand('axiom.showRecentEvents', { dataset: 'http-logs' });
    const events = results.panels.at(-1)!;
    const column = await waitFor('the events’ panel in a group', () => events.panel.viewColumn);
    assert.notEqual(column, editor.viewColumn);
    const layout = await vscode.commands.executeCommand<EditorLayout>('vscode.getEditorLayout');
    assert.deepEqual([layout.groups.length, layout.orientation], [2, ONE_ABOVE_ANOTHER]);
    // The query's own run: in the same group, not a third.
    await vscode.window.showTextDocument(editor.document, { viewColumn: vscode.ViewColumn.One });
    await vscode.commands.executeCommand('axiom.runQuery');
    const query = results.panels.at(-1)!;
    assert.notEqual(query, events);
    assert.equal(await waitFor('the query’s panel in a group', () => query.panel.viewColumn), column);
    assert.equal(vscode.window.tabGroups.all.length, 2, 'still two groups');
  });

  it('beside, when the person prefers it: the results open to the right of the query', async () => {
    await setPosition('beside');
    const editor = await queryEditor("['logs'] | count");
    const { run: results } = await activateExtension();
    await vscode.commands.executeCommand('axiom.runQuery');
    const panel = results.panels.at(-1)!;
    await waitFor('the results tab in a group', () => groupOf(panel.panel.title));
    const layout = await vscode.commands.executeCommand<EditorLayout>('vscode.getEditorLayout');
    assert.equal(layout.groups.length, 2, 'two groups');
    assert.equal(layout.orientation, SIDE_BY_SIDE, 'side by side');
    assert.notEqual(panel.panel.viewColumn, editor.viewColumn);
  });
});
