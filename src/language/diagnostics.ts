import * as vscode from 'vscode';
import type { Problem } from '../core/apl/checks';
import { APL_LANGUAGE_ID } from '../platform/constants';
import { load } from '../platform/lazy';
import { say } from '../platform/l10n';

/** What the diagnostics say they come from, in the Problems view and on hover. */
export const DIAGNOSTIC_SOURCE = 'Axiom APL';
const DELAY_MS = 250;

/**
 * The local checks of every open Axiom APL document, as diagnostics: run when a document opens,
 * and a moment after typing stops; dropped when it closes or becomes another language. Documents
 * of any other language id are never checked.
 */
export class AplDiagnostics implements vscode.Disposable {
  private readonly collection = vscode.languages.createDiagnosticCollection(APL_LANGUAGE_ID);
  private readonly pending = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly subscriptions: vscode.Disposable[];

  constructor() {
    this.subscriptions = [
      vscode.workspace.onDidOpenTextDocument((document) => this.check(document)),
      vscode.workspace.onDidChangeTextDocument((event) => this.schedule(event.document)),
      vscode.workspace.onDidCloseTextDocument((document) => this.forget(document)),
    ];
    // Documents already open are checked after activation returns, not during it.
    this.initial = setTimeout(() => {
      for (const document of vscode.workspace.textDocuments) this.check(document);
    }, 0);
  }

  private readonly initial: ReturnType<typeof setTimeout>;

  private schedule(document: vscode.TextDocument): void {
    if (document.languageId !== APL_LANGUAGE_ID) return;
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
    if (document.languageId !== APL_LANGUAGE_ID) {
      // A document that was Axiom APL and became another language keeps nothing of ours.
      this.collection.delete(document.uri);
      return;
    }
    if (document.isClosed) return;
    const problems = load('apl').checkApl(document.getText());
    this.collection.set(
      document.uri,
      problems.map((p) => toDiagnostic(document, p)),
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

function toDiagnostic(document: vscode.TextDocument, problem: Problem): vscode.Diagnostic {
  const range = new vscode.Range(document.positionAt(problem.start), document.positionAt(problem.end));
  const diagnostic = new vscode.Diagnostic(
    range,
    say(problem.message),
    problem.severity === 'warning' ? vscode.DiagnosticSeverity.Warning : vscode.DiagnosticSeverity.Error,
  );
  diagnostic.source = DIAGNOSTIC_SOURCE;
  diagnostic.code = problem.code;
  return diagnostic;
}
