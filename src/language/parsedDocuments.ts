import type * as vscode from 'vscode';
import type { ParsedApl } from '../core/apl/syntaxNodes';
import { load } from '../platform/lazy';

/** Each document's syntax tree, read once per version: the outline, folding, the let names and
 *  formatting ask for it one after another on each change. */
export class ParsedDocuments {
  private readonly trees = new WeakMap<vscode.TextDocument, { version: number; parsed: ParsedApl }>();

  of(document: vscode.TextDocument): ParsedApl {
    const kept = this.trees.get(document);
    if (kept && kept.version === document.version) return kept.parsed;
    const parsed = load('apl').parseApl(document.getText());
    this.trees.set(document, { version: document.version, parsed });
    return parsed;
  }
}
