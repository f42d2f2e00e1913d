import * as vscode from 'vscode';
import { aplPaths, aplProblemsInJson } from '../core/dashboards/dashboardChecks';
import { DASHBOARD_FILE_SUFFIX, DASHBOARD_SCHEME, readDashboardText } from '../core/dashboards/dashboardDocument';
import { say } from '../platform/l10n';
import { load } from '../platform/lazy';

/** Whether a document is a dashboard: one of Axiom's, or a dashboard file. */
export function isDashboardDocument(document: vscode.TextDocument): boolean {
  return document.uri.scheme === DASHBOARD_SCHEME || document.uri.path.endsWith(DASHBOARD_FILE_SUFFIX);
}

/**
 * The APL checks on every chart's query of a dashboard document or file, as diagnostics at their
 * place inside the JSON string (escapes counted), kept up to date as the text changes. The JSON
 * schema's own checks are VS Code's (package.json's jsonValidation).
 */
export function checkAplInDashboards(): vscode.Disposable {
  const diagnostics = vscode.languages.createDiagnosticCollection('axiom-dashboard-apl');
  const check = (document: vscode.TextDocument) => {
    if (!isDashboardDocument(document)) return;
    const text = document.getText();
    const read = readDashboardText(text);
    if (!read.ok) {
      diagnostics.delete(document.uri);
      return;
    }
    const { checkApl } = load('apl');
    const found = aplProblemsInJson(text, aplPaths(read.document), checkApl).map((p) => {
      const diagnostic = new vscode.Diagnostic(
        new vscode.Range(document.positionAt(p.start), document.positionAt(p.end)),
        say(p.message),
        p.severity === 'error' ? vscode.DiagnosticSeverity.Error : vscode.DiagnosticSeverity.Warning,
      );
      diagnostic.source = 'APL';
      return diagnostic;
    });
    diagnostics.set(document.uri, found);
  };
  vscode.workspace.textDocuments.forEach(check);
  return vscode.Disposable.from(
    diagnostics,
    vscode.workspace.onDidOpenTextDocument(check),
    vscode.workspace.onDidChangeTextDocument(({ document }) => check(document)),
    vscode.workspace.onDidCloseTextDocument((document) => diagnostics.delete(document.uri)),
  );
}
