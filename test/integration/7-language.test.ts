// The Axiom APL language in a real editor: what the language configuration does as a person types.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { closeAllEditors } from './helpers';

async function aplEditor(text: string): Promise<vscode.TextEditor> {
  const document = await vscode.workspace.openTextDocument({ content: text, language: 'axiom-apl' });
  return vscode.window.showTextDocument(document);
}

function place(editor: vscode.TextEditor, line: number, character: number): void {
  const position = new vscode.Position(line, character);
  editor.selection = new vscode.Selection(position, position);
}

describe('Axiom APL: the language configuration in the editor', () => {
  afterEach(closeAllEditors);

  it('Enter after a trailing pipe indents the next line; Enter after a plain line does not', async () => {
    const editor = await aplEditor("['logs'] |");
    place(editor, 0, editor.document.lineAt(0).text.length);
    await vscode.commands.executeCommand('type', { text: '\n' });
    assert.match(editor.document.lineAt(1).text, /^\s+$/, 'the line after a pipe is indented');
    await vscode.commands.executeCommand('type', { text: 'where x > 1' });
    await vscode.commands.executeCommand('type', { text: '\n' });
    assert.equal(editor.document.lineAt(2).text, editor.document.lineAt(1).text.match(/^\s*/)?.[0], 'the next line keeps that indentation');
  });

  it('Toggle Line Comment writes //', async () => {
    const editor = await aplEditor("['logs']\n| where x > 1");
    place(editor, 1, 3);
    await vscode.commands.executeCommand('editor.action.commentLine');
    assert.equal(editor.document.lineAt(1).text, '// | where x > 1');
  });

  it('the word under the cursor (Add Selection to Next Find Match) takes project-away and $left whole', async () => {
    const editor = await aplEditor("['logs'] | project-away x | join (['b']) on $left.id == $right.id");
    place(editor, 0, 16);
    await vscode.commands.executeCommand('editor.action.addSelectionToNextFindMatch');
    assert.equal(editor.document.getText(editor.selection), 'project-away');
    place(editor, 0, editor.document.lineAt(0).text.indexOf('$left') + 2);
    await vscode.commands.executeCommand('editor.action.addSelectionToNextFindMatch');
    assert.equal(editor.document.getText(editor.selection), '$left');
  });
});
