import * as vscode from 'vscode';
import { load } from '../platform/lazy';
import { DIAGNOSTIC_SOURCE } from './diagnostics';
import { localize } from '../platform/l10n';

/** "Did you mean …?": replaces an unknown operator or function by a known name close to it. */
export class AplQuickFixes implements vscode.CodeActionProvider {
  provideCodeActions(
    document: vscode.TextDocument,
    _range: vscode.Range,
    context: vscode.CodeActionContext,
  ): vscode.CodeAction[] {
    const actions: vscode.CodeAction[] = [];
    for (const diagnostic of context.diagnostics) {
      if (
        diagnostic.source !== DIAGNOSTIC_SOURCE ||
        (diagnostic.code !== 'unknown-operator' && diagnostic.code !== 'unknown-function')
      )
        continue;
      const apl = load('apl');
      const word = document.getText(diagnostic.range);
      const known =
        diagnostic.code === 'unknown-operator'
          ? apl.TABULAR_OPERATORS.map((o) => o.name)
          : apl.FUNCTIONS.map((f) => f.name);
      apl.suggest(word, known).forEach((name, index) => {
        const action = new vscode.CodeAction(localize('Change to {0}', `'${name}'`), vscode.CodeActionKind.QuickFix);
        action.edit = new vscode.WorkspaceEdit();
        action.edit.replace(document.uri, diagnostic.range, name);
        action.diagnostics = [diagnostic];
        action.isPreferred = index === 0;
        actions.push(action);
      });
    }
    return actions;
  }
}
