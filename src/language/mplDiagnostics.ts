import * as vscode from 'vscode';
import { checkMpl, type MplProblem } from '../core/mpl/checks';
import { MPL_LANGUAGE_ID } from '../core/mpl/languageId';
import { say } from '../platform/l10n';

/** What the diagnostics say they come from, in the Problems view and on hover. */
export const MPL_DIAGNOSTIC_SOURCE = 'Axiom MPL';
const DELAY_MS = 250;

/**
 * The local checks of every open Axiom MPL document (core/mpl/checks.ts), as diagnostics: when it
 * opens, a moment after typing stops, dropped when it closes or becomes another language. No
 * network: the checks read the text alone.
 */
export class MplDiagnostics implements vscode.Disposable {
  private readonly collection = vscode.languages.createDiagnosticCollection(MPL_LANGUAGE_ID);
  private readonly pending = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly subscriptions: vscode.Disposable[];
  private readonly initial: ReturnType<typeof setTimeout>;

  constructor() {
    this.subscriptions = [
      vscode.workspace.onDidOpenTextDocument((document) => this.check(document)),
      vscode.workspace.onDidChangeTextDocument(({ document }) => this.schedule(document)),
      vscode.workspace.onDidCloseTextDocument((document) => this.forget(document)),
    ];
    // Documents already open are checked after activation returns, not during it.
    this.initial = setTimeout(() => vscode.workspace.textDocuments.forEach((d) => this.check(d)), 0);
  }

  private schedule(document: vscode.TextDocument): void {
    if (document.languageId !== MPL_LANGUAGE_ID && !this.collection.has(document.uri)) return;
    const key = document.uri.toString();
    clearTimeout(this.pending.get(key));
    this.pending.set(
      key,
      setTimeout(() => {
        this.pending.delete(key);
        this.check(document);
      }, DELAY_MS),
    );
  }

  private check(document: vscode.TextDocument): void {
    // A document that was Axiom MPL and became another language keeps nothing of ours.
    if (document.languageId !== MPL_LANGUAGE_ID || document.isClosed) return this.forget(document);
    this.collection.set(
      document.uri,
      checkMpl(document.getText()).map((p) => toDiagnostic(document, p)),
    );
  }

  private forget(document: vscode.TextDocument): void {
    const key = document.uri.toString();
    clearTimeout(this.pending.get(key));
    this.pending.delete(key);
    this.collection.delete(document.uri);
  }

  dispose(): void {
    clearTimeout(this.initial);
    for (const timer of this.pending.values()) clearTimeout(timer);
    for (const s of this.subscriptions) s.dispose();
    this.collection.dispose();
  }
}

function toDiagnostic(document: vscode.TextDocument, problem: MplProblem): vscode.Diagnostic {
  const diagnostic = new vscode.Diagnostic(
    new vscode.Range(document.positionAt(problem.start), document.positionAt(problem.end)),
    say(problem.message),
    problem.severity === 'warning' ? vscode.DiagnosticSeverity.Warning : vscode.DiagnosticSeverity.Error,
  );
  diagnostic.source = MPL_DIAGNOSTIC_SOURCE;
  diagnostic.code = problem.code;
  return diagnostic;
}
