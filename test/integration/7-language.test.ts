// The Axiom APL language in a real editor: what the language configuration does as a person types.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activateExtension, closeAllEditors, waitFor } from './helpers';

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

  it('Enter after a trailing pipe indents the next line, and the line after keeps that indentation', async () => {
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

/** The extension's diagnostics of a document, once they satisfy `ready`. */
async function ourDiagnostics(uri: vscode.Uri, ready: (d: vscode.Diagnostic[]) => boolean, what: string): Promise<vscode.Diagnostic[]> {
  return waitFor(what, () => {
    const diagnostics = vscode.languages.getDiagnostics(uri).filter((d) => d.source === 'Axiom APL');
    return ready(diagnostics) ? diagnostics : undefined;
  });
}

describe('Axiom APL: checks in the editor', () => {
  before(activateExtension);
  afterEach(closeAllEditors);

  it('underlines a misspelt operator, offers the fix, and clears once it is fixed', async () => {
    const editor = await aplEditor("['logs']\n| wher status >= 500\n| take 10");
    const uri = editor.document.uri;
    const [diagnostic] = await ourDiagnostics(uri, (d) => d.length > 0, 'a diagnostic');
    assert.equal(diagnostic.code, 'unknown-operator');
    assert.equal(diagnostic.severity, vscode.DiagnosticSeverity.Error);
    assert.deepEqual([diagnostic.range.start.line, diagnostic.range.start.character, diagnostic.range.end.character], [1, 2, 6]);
    assert.match(diagnostic.message, /'wher'.*'where'/);

    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', uri, diagnostic.range, vscode.CodeActionKind.QuickFix.value);
    const fix = actions.find((a) => a.title.includes("'where'"));
    assert.ok(fix?.edit, `a quick fix to where among: ${actions.map((a) => a.title).join(', ')}`);
    await vscode.workspace.applyEdit(fix.edit);
    assert.equal(editor.document.lineAt(1).text, '| where status >= 500');
    await ourDiagnostics(uri, (d) => d.length === 0, 'the diagnostics to clear');
  });

  it('reports an unclosed string and a pipe with nothing after it where they are, and an unknown function as a warning', async () => {
    const editor = await aplEditor("['logs']\n| where msg == 'oops\n| extend n = nosuchfn(1)\n|");
    const diagnostics = await ourDiagnostics(editor.document.uri, (d) => d.length === 3, 'three diagnostics');
    const byCode = new Map(diagnostics.map((d) => [String(d.code), d]));
    assert.equal(editor.document.getText(byCode.get('unclosed-string')?.range), "'oops");
    assert.equal(editor.document.getText(byCode.get('unknown-function')?.range), 'nosuchfn');
    assert.equal(byCode.get('unknown-function')?.severity, vscode.DiagnosticSeverity.Warning);
    assert.deepEqual(byCode.get('empty-pipe')?.range.start, new vscode.Position(3, 0));
  });

  it('a valid query gets no diagnostics', async () => {
    const editor = await aplEditor("let t = 5m;\n['http-logs']\n| where _time > ago(t) and uri matches regex @'^/api'\n| parse-kv msg as (a:string) with (pair_delimiter=',', kv_delimiter='=')\n| project-away ['geo.city']\n| summarize count() by bin_auto(_time)");
    await new Promise((r) => setTimeout(r, 600));
    assert.deepEqual(vscode.languages.getDiagnostics(editor.document.uri).filter((d) => d.source === 'Axiom APL'), []);
  });

  it('a document of another language gets no diagnostics from this extension, nor one that stops being Axiom APL', async () => {
    const text = "['logs'] | wher x | extend y = nosuchfn(1) | where (";
    const plain = await vscode.workspace.openTextDocument({ content: text, language: 'plaintext' });
    await vscode.window.showTextDocument(plain);
    const apl = await aplEditor(text);
    await ourDiagnostics(apl.document.uri, (d) => d.length > 0, 'diagnostics on the APL document');
    assert.deepEqual(vscode.languages.getDiagnostics(plain.uri).filter((d) => d.source === 'Axiom APL'), []);
    await vscode.languages.setTextDocumentLanguage(apl.document, 'plaintext');
    await ourDiagnostics(apl.document.uri, (d) => d.length === 0, 'the diagnostics to go with the language');
  });
});
