// Editing help that reads the APL syntax tree, inside a real VS Code: Format Document and Format
// Selection, the Outline, folding, Go to Definition, Find References and Rename of let names, in an
// .apl file, in a notebook cell, and in a monitor's query document (an edit there, nothing sent).
// Its queries avoid the words language.test.ts looks for in completion lists (status, summarize,
// strlen): VS Code offers the words of other open documents of the language, and this file runs first.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as vscode from 'vscode';
import type { FakeAxiom } from '../support/fakeAxiom';
import { REALISTIC_MONITORS } from '../support/fixtures';
import { activateExtension, closeAllEditors, connectedFake, refreshedView, waitFor } from './helpers';

const QUERY = [
  '// errors by method',
  'let threshold=500;',
  "let errors=['http-logs']|where code>=threshold;",
  'errors|distinct method|take 10',
].join('\n');

const FORMATTED = [
  '// errors by method',
  'let threshold = 500;',
  "let errors = ['http-logs']",
  '    | where code >= threshold;',
  'errors',
  '| distinct method',
  '| take 10',
].join('\n');

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'axiom-apl-editing-'));
let files = 0;

async function aplFile(text: string): Promise<vscode.TextEditor> {
  const file = path.join(dir, `query-${++files}.apl`);
  fs.writeFileSync(file, text);
  const document = await vscode.workspace.openTextDocument(vscode.Uri.file(file));
  assert.equal(document.languageId, 'axiom-apl');
  return vscode.window.showTextDocument(document);
}

async function notebookCell(text: string): Promise<vscode.TextDocument> {
  const file = path.join(dir, `notebook-${++files}.axiom-notebook`);
  fs.writeFileSync(
    file,
    JSON.stringify({
      axiomNotebook: 1,
      cells: [
        { kind: 'markdown', source: '# Errors' },
        { kind: 'apl', source: text },
      ],
    }),
  );
  const notebook = await vscode.workspace.openNotebookDocument(vscode.Uri.file(file));
  await vscode.window.showNotebookDocument(notebook);
  const cell = notebook.cellAt(1).document;
  assert.equal(cell.languageId, 'axiom-apl');
  return cell;
}

async function formatted(document: vscode.TextDocument, range?: vscode.Range): Promise<void> {
  const options = { tabSize: 4, insertSpaces: true };
  const edits = range
    ? await vscode.commands.executeCommand<vscode.TextEdit[]>(
        'vscode.executeFormatRangeProvider',
        document.uri,
        range,
        options,
      )
    : await vscode.commands.executeCommand<vscode.TextEdit[]>(
        'vscode.executeFormatDocumentProvider',
        document.uri,
        options,
      );
  assert.ok(edits?.length, 'formatting has edits');
  const edit = new vscode.WorkspaceEdit();
  edit.set(document.uri, edits);
  assert.ok(await vscode.workspace.applyEdit(edit));
}

async function symbols(document: vscode.TextDocument): Promise<unknown[]> {
  const found = await waitFor('the outline', async () => {
    const list = await vscode.commands.executeCommand<vscode.DocumentSymbol[] | undefined>(
      'vscode.executeDocumentSymbolProvider',
      document.uri,
    );
    return list?.length ? list : undefined;
  });
  const described = (list: vscode.DocumentSymbol[]): unknown[] =>
    list.map((s) => (s.children.length ? [s.name, described(s.children)] : s.name));
  return described(found);
}

const at = (document: vscode.TextDocument, needle: string, plus = 1) =>
  document.positionAt(document.getText().indexOf(needle) + plus);

async function renamed(document: vscode.TextDocument, from: vscode.Position, to: string): Promise<void> {
  const edit = await vscode.commands.executeCommand<vscode.WorkspaceEdit>(
    'vscode.executeDocumentRenameProvider',
    document.uri,
    from,
    to,
  );
  assert.ok(await vscode.workspace.applyEdit(edit));
}

/** The editing help every kind of APL document gets, on a document holding QUERY. */
async function editingHelp(document: vscode.TextDocument): Promise<void> {
  // Outline: let statements, the query by its source, its stages.
  assert.deepEqual(await symbols(document), ['threshold', ['errors', ['where']], ['errors', ['distinct', 'take']]]);

  // Format Document, then nothing more to format.
  await formatted(document);
  assert.equal(document.getText(), FORMATTED);
  const again = await vscode.commands.executeCommand<vscode.TextEdit[]>(
    'vscode.executeFormatDocumentProvider',
    document.uri,
    { tabSize: 4, insertSpaces: true },
  );
  assert.equal(again?.length ?? 0, 0, 'formatted text has no edit');

  // Folding: the let over two lines, the query over three.
  const folds = await vscode.commands.executeCommand<vscode.FoldingRange[]>(
    'vscode.executeFoldingRangeProvider',
    document.uri,
  );
  assert.deepEqual(
    folds.map((f) => [f.start, f.end]).filter(([start]) => start >= 2),
    [
      [2, 3],
      [4, 6],
    ],
  );

  // Go to Definition and Find References of a let name.
  const use = at(document, 'threshold;');
  const definitions = await vscode.commands.executeCommand<(vscode.Location | vscode.LocationLink)[]>(
    'vscode.executeDefinitionProvider',
    document.uri,
    use,
  );
  const target = definitions.map((d) => ('targetRange' in d ? d.targetRange : d.range))[0];
  assert.deepEqual([target.start.line, target.start.character, target.end.character], [1, 4, 13]);
  const references = await vscode.commands.executeCommand<vscode.Location[]>(
    'vscode.executeReferenceProvider',
    document.uri,
    use,
  );
  assert.deepEqual(references.map((r) => r.range.start.line).sort(), [1, 3]);

  // Rename: every use follows; a clash or an invalid name is refused with a reason.
  await renamed(document, use, 'lowest');
  assert.equal(document.getText(), FORMATTED.replace(/threshold/g, 'lowest'));
  await assert.rejects(renamed(document, at(document, 'lowest;'), 'errors'), /already a name/);
  await assert.rejects(renamed(document, at(document, 'lowest;'), 'where'), /APL's own words/);
  await assert.rejects(renamed(document, at(document, 'lowest;'), '1x'), /not a valid name/);
  await assert.rejects(renamed(document, at(document, 'code >='), 'y'), /Only a name a let statement gives/);
}

describe('APL editing help in an .apl file', () => {
  before(activateExtension);
  afterEach(closeAllEditors);

  it('Outline, Format Document, folding, definition, references and rename of a let name', async () => {
    const editor = await aplFile(QUERY);
    await editingHelp(editor.document);
  });

  it('Format Document from the editor’s command, with the line width setting', async () => {
    const config = vscode.workspace.getConfiguration('axiom');
    await config.update('format.lineWidth', 40, vscode.ConfigurationTarget.Global);
    try {
      const editor = await aplFile("['logs'] | extend requests = count(), slow = countif(ms > 500), fast = ms < 10");
      await vscode.commands.executeCommand('editor.action.formatDocument');
      await waitFor('the formatted text', () => editor.document.getText().includes('\n| extend\n') || undefined);
      assert.equal(
        editor.document.getText(),
        "['logs']\n| extend\n    requests = count(),\n    slow = countif(ms > 500),\n    fast = ms < 10",
      );
    } finally {
      await config.update('format.lineWidth', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  it('Format Selection formats what the selection touches; a broken stage is kept as written', async () => {
    const editor = await aplFile("['logs']|where a==1|wher  b|take  1\n|count");
    await formatted(editor.document, new vscode.Range(0, 0, 0, 20));
    assert.equal(editor.document.getText(), "['logs']\n| where a == 1\n|wher  b|take  1\n|count");
    await formatted(editor.document);
    assert.equal(editor.document.getText(), "['logs']\n| where a == 1\n|wher  b\n| take 1\n| count");
  });

  it('an untitled APL document is formatted too', async () => {
    const document = await vscode.workspace.openTextDocument({ language: 'axiom-apl', content: "['x']|take 1" });
    await vscode.window.showTextDocument(document);
    await formatted(document);
    assert.equal(document.getText(), "['x']\n| take 1");
  });
});

describe('APL editing help in a notebook cell', () => {
  before(activateExtension);
  afterEach(closeAllEditors);

  it('Outline, Format Document, folding, definition, references and rename of a let name', async () => {
    const cell = await notebookCell(QUERY);
    await editingHelp(cell);
  });
});

describe('APL formatting in a monitor’s query document', () => {
  let fake: FakeAxiom;
  before(async () => {
    fake = await connectedFake(structuredClone(REALISTIC_MONITORS));
    await activateExtension();
  });
  after(async () => {
    for (const document of vscode.workspace.textDocuments.filter(
      (d) => d.isDirty && d.uri.scheme === 'axiom-monitor',
    )) {
      await vscode.window.showTextDocument(document);
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    }
    await closeAllEditors();
    await fake.stop();
  });

  it('is an edit in the editor: the document is changed, unsaved, and nothing reaches the service', async () => {
    const view = await refreshedView();
    const row = view.currentRows.find((r) => r.monitor.id === 'mon_go_3');
    const editor = await vscode.commands.executeCommand<vscode.TextEditor>('axiom.editMonitor', row);
    assert.ok(editor, 'the query opened');
    assert.equal(editor.document.uri.scheme, 'axiom-monitor');
    assert.equal(editor.document.languageId, 'axiom-apl');
    const requests = fake.requests.length;
    await formatted(editor.document);
    assert.equal(editor.document.getText(), "['auth']\n| where outcome == 'failure'");
    assert.equal(editor.document.isDirty, true, 'the person saves, or not');
    // The settings beside it may still be reading the notifiers (a GET); nothing else is asked.
    assert.deepEqual(
      fake.requests
        .slice(requests)
        .filter((r) => r.method !== 'GET' || r.path.includes('_apl'))
        .map((r) => `${r.method} ${r.path}`),
      [],
      'nothing was sent',
    );
    assert.deepEqual(await symbols(editor.document), [["['auth']", ['where']]]);
  });
});
