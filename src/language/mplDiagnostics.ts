import * as vscode from 'vscode';
import { checkMpl } from '../core/mpl/checks';
import { MPL_LANGUAGE_ID } from '../core/mpl/languageId';
import { KeyedDelay } from '../core/keyedDelay';
import { toDiagnostic } from './diagnostics';

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
  private readonly pending = new KeyedDelay(DELAY_MS);
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
    this.pending.schedule(document.uri.toString(), () => this.check(document));
  }

  private check(document: vscode.TextDocument): void {
    // A document that was Axiom MPL and became another language keeps nothing of ours.
    if (document.languageId !== MPL_LANGUAGE_ID || document.isClosed) return this.forget(document);
    this.collection.set(
      document.uri,
      checkMpl(document.getText()).map((p) => toDiagnostic(document, p, MPL_DIAGNOSTIC_SOURCE)),
    );
  }

  private forget(document: vscode.TextDocument): void {
    this.pending.cancel(document.uri.toString());
    this.collection.delete(document.uri);
  }

  dispose(): void {
    clearTimeout(this.initial);
    this.pending.clear();
    for (const s of this.subscriptions) s.dispose();
    this.collection.dispose();
  }
}
