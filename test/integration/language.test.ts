// The Axiom APL language in a real editor: what the language configuration does as a person types.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as vscode from 'vscode';
import type { FakeAxiom } from '../support/fakeAxiom';
import { activateExtension, closeAllEditors, connectedFake, waitFor, signOut } from './helpers';

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
    assert.equal(
      editor.document.lineAt(2).text,
      editor.document.lineAt(1).text.match(/^\s*/)?.[0],
      'the next line keeps that indentation',
    );
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
async function ourDiagnostics(
  uri: vscode.Uri,
  ready: (d: vscode.Diagnostic[]) => boolean,
  what: string,
): Promise<vscode.Diagnostic[]> {
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
    assert.deepEqual(
      [diagnostic.range.start.line, diagnostic.range.start.character, diagnostic.range.end.character],
      [1, 2, 6],
    );
    assert.match(diagnostic.message, /'wher'.*'where'/);

    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>(
      'vscode.executeCodeActionProvider',
      uri,
      diagnostic.range,
      vscode.CodeActionKind.QuickFix.value,
    );
    const fix = actions.find((a) => a.title.includes("'where'"));
    assert.ok(fix?.edit, `a quick fix to where among: ${actions.map((a) => a.title).join(', ')}`);
    await vscode.workspace.applyEdit(fix.edit);
    assert.equal(editor.document.lineAt(1).text, '| where status >= 500');
    await ourDiagnostics(uri, (d) => d.length === 0, 'the diagnostics to clear');

    // Typing a new mistake brings a diagnostic back, a moment after the typing stops.
    await editor.edit((edit) =>
      edit.insert(new vscode.Position(2, editor.document.lineAt(2).text.length), '\n| summarise count()'),
    );
    const [again] = await ourDiagnostics(uri, (d) => d.length === 1, 'a diagnostic after typing');
    assert.equal(editor.document.getText(again.range), 'summarise');
  });

  it('reports an unclosed string and a pipe with nothing after it where they are, and an unknown function as a warning', async () => {
    const editor = await aplEditor("['logs']\n| where msg == 'oops\n| extend n = nosuchfn(1)\n|");
    const diagnostics = await ourDiagnostics(editor.document.uri, (d) => d.length === 3, 'three diagnostics');
    const byCode = new Map(diagnostics.map((d) => [String(typeof d.code === 'object' ? d.code.value : d.code), d]));
    assert.equal(editor.document.getText(byCode.get('unclosed-string')?.range), "'oops");
    assert.equal(editor.document.getText(byCode.get('unknown-function')?.range), 'nosuchfn');
    assert.equal(byCode.get('unknown-function')?.severity, vscode.DiagnosticSeverity.Warning);
    assert.deepEqual(byCode.get('empty-pipe')?.range.start, new vscode.Position(3, 0));
  });

  it('a valid query gets no diagnostics', async () => {
    const valid = await aplEditor(
      // Its fields are the fake's http-logs fields: an unknown one would be a warning.
      "let t = 5m;\n['http-logs']\n| where _time > ago(t) and method matches regex @'^G'\n| parse-kv method as (a:string) with (pair_delimiter=',', kv_delimiter='=')\n| project-away ['geo.city']\n| summarize count() by bin_auto(_time)",
    );
    // A document opened after it, with a mistake: once its diagnostic is there, the valid one has been checked too.
    const invalid = await aplEditor("['logs'] | wher x");
    await ourDiagnostics(invalid.document.uri, (d) => d.length === 1, 'the diagnostic of the later document');
    assert.deepEqual(
      vscode.languages.getDiagnostics(valid.document.uri).filter((d) => d.source === 'Axiom APL'),
      [],
    );
  });

  it("a monitor file's aplQuery is checked inside its JSON string, escapes and all, and again as it is edited", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'axiom-apl-in-json-'));
    const file = path.join(dir, 'errors.axiom-monitor.json');
    const apl = '[\'logs\']\n| where msg == "a\\tb"\n| wher x\n| where status ==';
    fs.writeFileSync(file, JSON.stringify({ name: 'Errors', type: 'threshold', aplQuery: apl }, null, 2));
    const document = await vscode.workspace.openTextDocument(vscode.Uri.file(file));
    const editor = await vscode.window.showTextDocument(document);
    assert.equal(document.languageId, 'json');
    const diagnostics = await ourDiagnostics(document.uri, (d) => d.length === 2, 'two diagnostics in the JSON');
    assert.deepEqual(
      diagnostics.map((d) => [d.code, document.getText(d.range)]),
      [
        ['unknown-operator', 'wher'],
        ['missing-operand', '=='],
      ],
    );
    const aplLine = document.lineAt(diagnostics[0].range.start.line).text;
    assert.match(aplLine, /"aplQuery": /, 'on the aplQuery line of the file');
    // Fixing the operator in the JSON text: its diagnostic goes, the other stays where it is.
    const wher = diagnostics[0].range;
    await editor.edit((edit) => edit.replace(wher, 'where'));
    const [left] = await ourDiagnostics(document.uri, (d) => d.length === 1, 'one diagnostic after the edit');
    assert.equal(document.getText(left.range), '==');
  });

  it('a document of another language gets no diagnostics from this extension, nor one that stops being Axiom APL', async () => {
    const text = "['logs'] | wher x | extend y = nosuchfn(1) | where (";
    const plain = await vscode.workspace.openTextDocument({ content: text, language: 'plaintext' });
    await vscode.window.showTextDocument(plain);
    const apl = await aplEditor(text);
    await ourDiagnostics(apl.document.uri, (d) => d.length > 0, 'diagnostics on the APL document');
    assert.deepEqual(
      vscode.languages.getDiagnostics(plain.uri).filter((d) => d.source === 'Axiom APL'),
      [],
    );
    await vscode.languages.setTextDocumentLanguage(apl.document, 'plaintext');
    await ourDiagnostics(apl.document.uri, (d) => d.length === 0, 'the diagnostics to go with the language');
  });
});

const label = (item: vscode.CompletionItem) => (typeof item.label === 'string' ? item.label : item.label.label);

async function completions(editor: vscode.TextEditor, marked: string): Promise<vscode.CompletionItem[]> {
  const offset = marked.indexOf('‸');
  await editor.edit((edit) =>
    edit.replace(new vscode.Range(0, 0, editor.document.lineCount, 0), marked.replace('‸', '')),
  );
  const list = await vscode.commands.executeCommand<vscode.CompletionList>(
    'vscode.executeCompletionItemProvider',
    editor.document.uri,
    editor.document.positionAt(offset),
  );
  return list.items;
}

describe('Axiom APL: completion, hover and signature help', () => {
  let fake: FakeAxiom;
  before(async () => {
    await activateExtension();
    fake = await connectedFake();
  });
  after(async () => {
    await signOut();
    await fake.stop();
  });
  afterEach(closeAllEditors);

  it('after a pipe: the tabular operators, hyphenated ones whole, most used first', async () => {
    const editor = await aplEditor('');
    const items = await completions(editor, "['http-logs']\n| proj‸");
    const operator = items.find((i) => label(i) === 'project-away');
    assert.ok(operator, 'project-away is offered');
    assert.equal(operator.kind, vscode.CompletionItemKind.Keyword);
    assert.equal(editor.document.getText(operator.range as vscode.Range), 'proj');
    assert.ok(!items.some((i) => label(i) === 'strlen'), 'no functions after a pipe');
    const where = items.find((i) => label(i) === 'where');
    assert.ok(where && (where.sortText ?? '') < (operator.sortText ?? ''));
  });

  it("the fields of the query's dataset come from the service, fetched once, beside functions with snippets and keywords", async () => {
    const editor = await aplEditor('');
    fake.reset();
    const fieldsOf = () => completions(editor, "['http-logs']\n| where ‸");
    const items = await waitFor('the fields of http-logs', async () => {
      const found = await fieldsOf();
      return found.some((i) => label(i) === 'status') ? found : undefined;
    });
    const status = items.find((i) => label(i) === 'status');
    assert.equal(status?.kind, vscode.CompletionItemKind.Field);
    assert.equal(status?.detail, 'integer');
    assert.equal(
      items.find((i) => label(i) === 'geo.city')?.insertText,
      "['geo.city']",
      'a name with a dot is inserted quoted',
    );
    assert.ok(!items.some((i) => label(i) === 'internal_id'), 'hidden fields are left out');
    const strlen = items.find((i) => label(i) === 'strlen');
    assert.equal(strlen?.kind, vscode.CompletionItemKind.Function);
    assert.equal((strlen?.insertText as vscode.SnippetString).value, 'strlen(${1:text})$0');
    assert.ok(items.some((i) => label(i) === 'has' && i.kind === vscode.CompletionItemKind.Keyword));
    await fieldsOf();
    await fieldsOf();
    // The checks of an earlier document may have asked for them before the reset: at most once, then.
    assert.ok(fake.requestsTo('GET /v2/datasets/http-logs/fields').length <= 1, 'the fields are fetched once');
  });

  it("typing inside [' offers quoted fields replacing what was typed", async () => {
    const editor = await aplEditor('');
    const items = await waitFor('quoted fields', async () => {
      const found = await completions(editor, "['http-logs']\n| project ['geo‸");
      return found.some((i) => label(i) === 'geo.city') ? found : undefined;
    });
    const city = items.find((i) => label(i) === 'geo.city');
    assert.equal(city?.insertText, "['geo.city']");
    assert.equal(editor.document.getText(city?.range as vscode.Range), "['geo");
    assert.ok(!items.some((i) => label(i) === 'strlen'), 'no functions inside a quoted name');
  });

  it('a quote typed after [ opens the quoted fields; a quote that starts a string opens nothing of ours', async () => {
    const editor = await aplEditor('');
    const byQuote = async (marked: string) => {
      await editor.edit((edit) =>
        edit.replace(new vscode.Range(0, 0, editor.document.lineCount, 0), marked.replace('‸', '')),
      );
      const list = await vscode.commands.executeCommand<vscode.CompletionList>(
        'vscode.executeCompletionItemProvider',
        editor.document.uri,
        editor.document.positionAt(marked.indexOf('‸')),
        "'",
      );
      return list.items;
    };
    const fields = await waitFor('quoted fields on a quote', async () => {
      const found = await byQuote("['http-logs']\n| project ['‸']");
      return found.some((i) => label(i) === 'geo.city') ? found : undefined;
    });
    assert.equal(fields.find((i) => label(i) === 'geo.city')?.insertText, "['geo.city']");
    const inString = await byQuote("['http-logs']\n| where method == '‸'");
    assert.ok(
      !inString.some((i) => ['strlen', 'status', 'summarize'].includes(label(i))),
      'nothing of ours in a string (words of the document may come from VS Code itself)',
    );
  });

  it('the head of a query: datasets from the service and let names', async () => {
    const editor = await aplEditor('');
    const items = await waitFor('the datasets', async () => {
      const found = await completions(editor, 'let errors = 1;\n‸');
      return found.some((i) => label(i) === 'sample-app') ? found : undefined;
    });
    assert.equal(items.find((i) => label(i) === 'sample-app')?.insertText, "['sample-app']");
    assert.ok(items.some((i) => label(i) === 'errors' && i.kind === vscode.CompletionItemKind.Variable));
  });

  it("without a token: the reference's names only, and no request", async () => {
    await signOut();
    try {
      const editor = await aplEditor('');
      fake.reset();
      const items = await completions(editor, "['sample-app']\n| where ‸");
      assert.ok(items.some((i) => label(i) === 'strlen'));
      assert.ok(!items.some((i) => i.kind === vscode.CompletionItemKind.Field));
      assert.equal(fake.requests.length, 0);
    } finally {
      await (await activateExtension()).own.setToken({ token: fake.token });
    }
  });

  it("completion never waits on a slow service: the reference's names at once, the fields when they come", async () => {
    const editor = await aplEditor('');
    // A dataset no other test asks about: the documents earlier tests left open are checked again
    // when the token comes back, and those checks would load sample-app's fields before the fault.
    const dataset = 'slow-app';
    fake.datasets.push(dataset);
    try {
      fake.fields[dataset] = [{ name: 'slow_field', type: 'string' }];
      fake.fail(`GET /v2/datasets/${dataset}/fields`, { delayMs: 6000, times: 1 });
      const marked = `['${dataset}']\n| where ‸`;
      const first = await completions(editor, marked);
      // Before the fields' answer (6 s): the reference's names, and not the field that answer brings.
      assert.ok(first.some((i) => label(i) === 'strlen'));
      assert.ok(!first.some((i) => label(i) === 'slow_field'), 'the completion waited for the fields');
      await waitFor(
        'the slow fields',
        async () => (await completions(editor, marked)).some((i) => label(i) === 'slow_field'),
        15_000,
      );
      assert.equal(fake.requestsTo(`GET /v2/datasets/${dataset}/fields`).length, 1);
    } finally {
      fake.datasets.splice(fake.datasets.indexOf(dataset), 1);
    }
  });

  it("hover: an operator's syntax, a function's signature, each with a sentence and its page; a field's type from the service", async () => {
    const editor = await aplEditor("['http-logs']\n| project-away status\n| extend n = strlen(method)");
    const hoverText = async (line: number, character: number) => {
      const hovers = await vscode.commands.executeCommand<vscode.Hover[]>(
        'vscode.executeHoverProvider',
        editor.document.uri,
        new vscode.Position(line, character),
      );
      return hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value))).join('\n');
    };
    const operator = await hoverText(1, 5);
    assert.match(operator, /project-away field1/);
    assert.match(operator, /Removes the given fields/);
    assert.match(operator, /https:\/\/axiom\.co\/docs\/apl\/tabular-operators\/project-away-operator/);
    const fn = await hoverText(2, 14);
    assert.match(fn, /strlen\(text\)/);
    assert.match(fn, /https:\/\/axiom\.co\/docs\/apl\/scalar-functions\/string-functions\/strlen/);
    const field = await waitFor('the field hover', async () => {
      const found = await hoverText(1, 17);
      return found.includes('integer') ? found : undefined;
    });
    assert.match(field, /\*\*status\*\*: integer/);
    assert.match(field, /HTTP status/, "the field's description from the service");
    assert.doesNotMatch(field, /APL reference/);
  });

  it('signature help names the argument under the cursor', async () => {
    const editor = await aplEditor("['http-logs'] | extend s = substring(method, 1, ");
    const help = await vscode.commands.executeCommand<vscode.SignatureHelp>(
      'vscode.executeSignatureHelpProvider',
      editor.document.uri,
      new vscode.Position(0, editor.document.lineAt(0).text.length),
    );
    assert.equal(help.signatures[0]?.label, 'substring(text, start, [length])');
    assert.equal(help.activeParameter, 2);
  });

  it('the snippets are offered in an Axiom APL document', async () => {
    const editor = await aplEditor('');
    const items = await completions(editor, 'errors‸');
    const snippet = items.find((i) => i.kind === vscode.CompletionItemKind.Snippet && label(i) === 'errors-over-time');
    assert.ok(
      snippet,
      `a snippet among: ${items
        .filter((i) => i.kind === vscode.CompletionItemKind.Snippet)
        .map(label)
        .join(', ')}`,
    );
  });

  it("completion after `by` and in a function's arguments offers the query's fields", async () => {
    const editor = await aplEditor('');
    for (const marked of ["['http-logs'] | summarize count() by ‸", "['http-logs']\n| extend n = strlen(‸)"]) {
      const items = await waitFor(`the fields in ${marked}`, async () => {
        const found = await completions(editor, marked);
        return found.some((i) => label(i) === 'status') ? found : undefined;
      });
      assert.equal(items.find((i) => label(i) === 'method')?.kind, vscode.CompletionItemKind.Field, marked);
      assert.ok(!items.some((i) => label(i) === 'where'), `no tabular operator in ${marked}`);
    }
  });

  /** Waits for the unknown-field warning of a document, applies its preferred quick fix, and waits for the warning to go. */
  async function fixUnknownField(document: vscode.TextDocument, misspelt: string, meant: string): Promise<void> {
    const [warning] = await ourDiagnostics(
      document.uri,
      (d) => d.some((x) => x.code === 'unknown-field'),
      `the unknown-field warning on ${misspelt}`,
    );
    assert.equal(warning.code, 'unknown-field');
    assert.equal(warning.severity, vscode.DiagnosticSeverity.Warning);
    assert.equal(document.getText(warning.range), misspelt);
    assert.match(warning.message, new RegExp(`'${misspelt}' is not a field of http-logs.*'${meant}'`));
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>(
      'vscode.executeCodeActionProvider',
      document.uri,
      warning.range,
      vscode.CodeActionKind.QuickFix.value,
    );
    const fix = actions.find((a) => a.isPreferred && a.title.includes(`'${meant}'`));
    assert.ok(fix?.edit, `a quick fix to ${meant} among: ${actions.map((a) => a.title).join(', ')}`);
    await vscode.workspace.applyEdit(fix.edit);
    await ourDiagnostics(document.uri, (d) => d.length === 0, 'the warning to clear');
  }

  it('an unknown field is a warning naming the field it may mean, with a quick fix; fields the query makes are no alarm', async () => {
    const editor = await aplEditor(
      "['http-logs']\n| where stauts >= 500\n| extend seconds = req_duration_ms / 1000\n| where seconds > 1",
    );
    await fixUnknownField(editor.document, 'stauts', 'status');
    assert.equal(editor.document.lineAt(1).text, '| where status >= 500');
  });

  it('the same in a notebook cell', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'axiom-language-')), 'fields.axiom-notebook');
    fs.writeFileSync(
      file,
      JSON.stringify({
        axiomNotebook: 1,
        cells: [{ kind: 'apl', source: "['http-logs']\n| summarize count() by mehtod" }],
      }),
    );
    const notebook = await vscode.workspace.openNotebookDocument(vscode.Uri.file(file));
    await vscode.window.showNotebookDocument(notebook);
    const cell = notebook.cellAt(0).document;
    await fixUnknownField(cell, 'mehtod', 'method');
    assert.equal(cell.lineAt(1).text, '| summarize count() by method');
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  it('a document of another language gets neither completion nor hover from this extension', async () => {
    const plain = await vscode.workspace.openTextDocument({
      content: "['http-logs'] | where x | project-away y",
      language: 'plaintext',
    });
    await vscode.window.showTextDocument(plain);
    const list = await vscode.commands.executeCommand<vscode.CompletionList>(
      'vscode.executeCompletionItemProvider',
      plain.uri,
      new vscode.Position(0, 16),
    );
    assert.ok(!list.items.some((i) => ['summarize', 'strlen', 'percentile'].includes(label(i))), 'none of our items');
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>(
      'vscode.executeHoverProvider',
      plain.uri,
      new vscode.Position(0, 30),
    );
    assert.ok(
      !hovers.some((h) => h.contents.some((c) => (typeof c === 'string' ? c : c.value).includes('APL reference'))),
    );
  });
});
