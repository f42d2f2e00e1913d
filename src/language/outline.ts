import * as vscode from 'vscode';
import type { AplSymbol, SymbolKind } from '../core/apl/outline';
import { load } from '../platform/lazy';
import type { ParsedDocuments } from './parsedDocuments';

const SYMBOL_KINDS: Readonly<Record<SymbolKind, vscode.SymbolKind>> = {
  let: vscode.SymbolKind.Variable,
  function: vscode.SymbolKind.Function,
  set: vscode.SymbolKind.Property,
  query: vscode.SymbolKind.Struct,
  stage: vscode.SymbolKind.Operator,
};

/** The Outline (and breadcrumbs, Go to Symbol) of Axiom APL: its let statements and queries with
 *  their stages; and folding of statements and stages over several lines and of comment runs. */
export class AplOutline implements vscode.DocumentSymbolProvider, vscode.FoldingRangeProvider {
  constructor(private readonly trees: ParsedDocuments) {}

  provideDocumentSymbols(document: vscode.TextDocument): vscode.DocumentSymbol[] {
    const range = (start: number, end: number) =>
      new vscode.Range(document.positionAt(start), document.positionAt(end));
    const symbol = (s: AplSymbol): vscode.DocumentSymbol => {
      const made = new vscode.DocumentSymbol(
        s.name,
        s.detail,
        SYMBOL_KINDS[s.kind],
        range(s.start, s.end),
        range(s.selection.start, s.selection.end),
      );
      made.children = s.children.map(symbol);
      return made;
    };
    return load('apl').outlineSymbols(this.trees.of(document)).map(symbol);
  }

  provideFoldingRanges(document: vscode.TextDocument): vscode.FoldingRange[] {
    const ranges: vscode.FoldingRange[] = [];
    const starts = new Set<number>();
    for (const span of load('apl').foldingSpans(this.trees.of(document))) {
      const start = document.positionAt(span.start).line;
      const end = document.positionAt(span.end).line;
      // One range per first line (the outermost: spans come outermost first).
      if (end <= start || starts.has(start)) continue;
      starts.add(start);
      ranges.push(
        new vscode.FoldingRange(start, end, span.kind === 'comment' ? vscode.FoldingRangeKind.Comment : undefined),
      );
    }
    return ranges;
  }
}
