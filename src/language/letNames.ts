import * as vscode from 'vscode';
import { load } from '../platform/lazy';
import { say } from '../platform/l10n';
import type { ParsedDocuments } from './parsedDocuments';

/** Go to Definition, Find References and Rename for the names `let` statements (and a function's
 *  parameters) give, within their document. */
export class AplLetNames implements vscode.DefinitionProvider, vscode.ReferenceProvider, vscode.RenameProvider {
  constructor(private readonly trees: ParsedDocuments) {}

  provideDefinition(document: vscode.TextDocument, position: vscode.Position): vscode.Location | undefined {
    const found = this.found(document, position);
    return found && new vscode.Location(document.uri, this.range(document, found.binding.definition));
  }

  provideReferences(
    document: vscode.TextDocument,
    position: vscode.Position,
    context: vscode.ReferenceContext,
  ): vscode.Location[] {
    const found = this.found(document, position);
    if (!found) return [];
    const names = [...(context.includeDeclaration ? [found.binding.definition] : []), ...found.binding.references];
    return names.map((name) => new vscode.Location(document.uri, this.range(document, name)));
  }

  prepareRename(document: vscode.TextDocument, position: vscode.Position): vscode.Range {
    const target = load('apl').renameTarget(this.trees.of(document), document.offsetAt(position));
    if ('refused' in target) throw new Error(say(target.refused));
    return this.range(document, target.at);
  }

  provideRenameEdits(document: vscode.TextDocument, position: vscode.Position, newName: string): vscode.WorkspaceEdit {
    const result = load('apl').renameLet(this.trees.of(document), document.offsetAt(position), newName);
    if ('refused' in result) throw new Error(say(result.refused));
    const edit = new vscode.WorkspaceEdit();
    for (const change of result.edits) edit.replace(document.uri, this.range(document, change), change.newText);
    return edit;
  }

  private found(document: vscode.TextDocument, position: vscode.Position) {
    return load('apl').bindingAt(this.trees.of(document), document.offsetAt(position));
  }

  private range(document: vscode.TextDocument, span: { start: number; end: number }): vscode.Range {
    return new vscode.Range(document.positionAt(span.start), document.positionAt(span.end));
  }
}
