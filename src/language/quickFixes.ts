import * as vscode from 'vscode';
import { load } from '../platform/lazy';
import { DIAGNOSTIC_SOURCE, type AplDiagnostics } from './diagnostics';
import { localize } from '../platform/l10n';

/**
 * "Did you mean …?": replaces an unknown operator or function by a known name close to it, and an
 * unknown field by the fields of its dataset close to it (as the check found them), written as a
 * query takes them (['quoted'] when the name needs it).
 */
export class AplQuickFixes implements vscode.CodeActionProvider {
  constructor(private readonly diagnostics: Pick<AplDiagnostics, 'problemAt'>) {}

  provideCodeActions(
    document: vscode.TextDocument,
    _range: vscode.Range,
    context: vscode.CodeActionContext,
  ): vscode.CodeAction[] {
    const actions: vscode.CodeAction[] = [];
    for (const diagnostic of context.diagnostics) {
      if (diagnostic.source !== DIAGNOSTIC_SOURCE) continue;
      const replacements = this.replacements(document, diagnostic);
      replacements.forEach((text, index) => {
        const action = new vscode.CodeAction(localize('Change to {0}', `'${text}'`), vscode.CodeActionKind.QuickFix);
        action.edit = new vscode.WorkspaceEdit();
        action.edit.replace(document.uri, diagnostic.range, text);
        action.diagnostics = [diagnostic];
        action.isPreferred = index === 0;
        actions.push(action);
      });
    }
    return actions;
  }

  /** What may replace the underlined text, best first: the names the check found close to it. */
  private replacements(document: vscode.TextDocument, diagnostic: vscode.Diagnostic): string[] {
    const code = diagnostic.code;
    if (code !== 'unknown-operator' && code !== 'unknown-function' && code !== 'unknown-field') return [];
    const apl = load('apl');
    const word = document.getText(diagnostic.range);
    const start = document.offsetAt(diagnostic.range.start);
    const end = document.offsetAt(diagnostic.range.end);
    const suggestions =
      this.diagnostics.problemAt(document.uri, start, end, code)?.suggestions ??
      // A diagnostic from before the last check (the document changed since): the reference's names close to it.
      (code === 'unknown-field'
        ? []
        : apl.suggest(
            word,
            code === 'unknown-operator' ? apl.TABULAR_OPERATORS.map((o) => o.name) : apl.FUNCTIONS.map((f) => f.name),
          ));
    if (code !== 'unknown-field') return suggestions;
    const bracketed = word.trimStart().startsWith('[');
    return suggestions.map((name) => (bracketed ? apl.quotedName(name) : apl.fieldReference(name)));
  }
}
