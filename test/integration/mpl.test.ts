// The Axiom MPL language in a real editor: .mpl files are Axiom MPL, a bad query is underlined at
// its place, completion offers the service's datasets and a catalog's metrics, Format Document.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as vscode from 'vscode';
import type { MetricsCatalog } from '../../src/core/mpl/catalog';
import type { FakeAxiom } from '../support/fakeAxiom';
import { activateExtension, closeAllEditors, connectedFake, signOut, waitFor } from './helpers';

const label = (item: vscode.CompletionItem) => (typeof item.label === 'string' ? item.label : item.label.label);

async function mplEditor(text: string): Promise<vscode.TextEditor> {
  const document = await vscode.workspace.openTextDocument({ content: text, language: 'axiom-mpl' });
  return vscode.window.showTextDocument(document);
}

async function completionsAt(editor: vscode.TextEditor, offset: number): Promise<vscode.CompletionItem[]> {
  const list = await vscode.commands.executeCommand<vscode.CompletionList>(
    'vscode.executeCompletionItemProvider',
    editor.document.uri,
    editor.document.positionAt(offset),
  );
  return list.items;
}

describe('Axiom MPL: the language in the editor', () => {
  let fake: FakeAxiom;
  let folder: string;
  before(async () => {
    await activateExtension();
    fake = await connectedFake();
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'axiom-mpl-'));
  });
  after(async () => {
    (await activateExtension()).useMetricsCatalog(undefined);
    await signOut();
    await fake.stop();
    fs.rmSync(folder, { recursive: true, force: true });
  });
  afterEach(closeAllEditors);

  it('an .mpl file is Axiom MPL', async () => {
    const file = path.join(folder, 'memory.mpl');
    fs.writeFileSync(file, '`otel-demo-metrics`:`go.memory.used`\n| align to 5m using avg\n');
    const document = await vscode.workspace.openTextDocument(file);
    assert.equal(document.languageId, 'axiom-mpl');
  });

  it('a misspelt operation is underlined at its place, with the name meant, and cleared once fixed', async () => {
    const editor = await mplEditor('`otel-demo-metrics`:`go.memory.used`\n| aling to 5m using avg');
    const uri = editor.document.uri;
    const [diagnostic] = await waitFor('a diagnostic', () => {
      const found = vscode.languages.getDiagnostics(uri).filter((d) => d.source === 'Axiom MPL');
      return found.length ? found : undefined;
    });
    assert.equal(diagnostic.code, 'unknown-operation');
    assert.equal(diagnostic.severity, vscode.DiagnosticSeverity.Error);
    assert.match(diagnostic.message, /Did you mean 'align'\?/);
    assert.deepEqual(
      [diagnostic.range.start.line, diagnostic.range.start.character, diagnostic.range.end.character],
      [1, 2, 7],
    );
    await editor.edit((edit) => edit.replace(new vscode.Range(1, 2, 1, 7), 'align'));
    await waitFor('no diagnostic', () =>
      vscode.languages.getDiagnostics(uri).some((d) => d.source === 'Axiom MPL') ? undefined : true,
    );
  });

  it('completes a dataset of the service where a query starts, and a metric of the catalog after it', async () => {
    const asked: string[] = [];
    const catalog: MetricsCatalog = {
      metrics: (dataset) => {
        asked.push(dataset);
        return Promise.resolve(['go.memory.used', 'http_requests']);
      },
      tags: () => Promise.resolve(['service.name']),
      tagValues: () => Promise.resolve(['checkout']),
    };
    (await activateExtension()).useMetricsCatalog(catalog);
    const editor = await mplEditor('');
    const dataset = await waitFor('a dataset offered', async () => {
      const items = await completionsAt(editor, 0);
      return items.find((i) => label(i) === 'http-logs');
    });
    assert.equal(
      dataset.insertText,
      '`http-logs`:',
      'a name with a dash in backquotes, and the colon before its metric',
    );
    await editor.edit((edit) => edit.insert(new vscode.Position(0, 0), '`http-logs`:'));
    const metrics = await waitFor('metrics offered', async () => {
      const items = await completionsAt(editor, editor.document.getText().length);
      return items.some((i) => label(i) === 'go.memory.used') ? items : undefined;
    });
    assert.equal(metrics.find((i) => label(i) === 'go.memory.used')?.insertText, '`go.memory.used`');
    assert.equal(metrics.find((i) => label(i) === 'http_requests')?.insertText, 'http_requests');
    assert.deepEqual([...new Set(asked)], ['http-logs']);
  });

  it('hover on an operation, and signature help inside a function, from the reference', async () => {
    const editor = await mplEditor('`a`:`b`\n| bucket to 5m using interpolate_cumulative_histogram(rate, 0.9)');
    const uri = editor.document.uri;
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>(
      'vscode.executeHoverProvider',
      uri,
      new vscode.Position(1, 4),
    );
    const shown = hovers
      .flatMap((h) => h.contents)
      .map((c) => (typeof c === 'string' ? c : c.value))
      .join('\n');
    assert.match(shown, /bucket \[by <tag>, …\] \[to <window>\] using <function>/);
    const help = await vscode.commands.executeCommand<vscode.SignatureHelp>(
      'vscode.executeSignatureHelpProvider',
      uri,
      new vscode.Position(1, editor.document.lineAt(1).text.indexOf('0.9')),
    );
    assert.equal(help.signatures[0].label, 'interpolate_cumulative_histogram(mode, spec, …)');
    assert.equal(help.activeParameter, 1);
  });

  it('Format Document puts each stage on its line', async () => {
    const editor = await mplEditor('`a`:`b`|where x==1|align to 5m using avg');
    const edits = await vscode.commands.executeCommand<vscode.TextEdit[]>(
      'vscode.executeFormatDocumentProvider',
      editor.document.uri,
      { tabSize: 2, insertSpaces: true },
    );
    const applied = new vscode.WorkspaceEdit();
    applied.set(editor.document.uri, edits);
    await vscode.workspace.applyEdit(applied);
    assert.equal(editor.document.getText(), '`a`:`b`\n| where x == 1\n| align to 5m using avg');
  });
});
