import * as vscode from 'vscode';
import { KeyedDelay } from '../core/keyedDelay';

/** How long after typing stops a document is checked again. */
const DELAY_MS = 250;

/**
 * The life cycle of a language's local checks as diagnostics, the same for APL (diagnostics.ts) and
 * MPL (mplDiagnostics.ts): a collection of their own; a document checked when it opens (or a moment
 * after, as `checksOnOpen` says), again a moment after typing stops, and dropped when it closes or
 * becomes a document that is not checked; the documents already open checked after activation
 * returns, not during it. A subclass says which documents it checks and what their diagnostics are.
 */
export abstract class DocumentDiagnostics implements vscode.Disposable {
  protected readonly collection: vscode.DiagnosticCollection;
  private readonly pending = new KeyedDelay(DELAY_MS);
  /** Disposed with the diagnostics: the documents' events, and a subclass's own. */
  protected readonly subscriptions: vscode.Disposable[];
  private readonly initial: ReturnType<typeof setTimeout>;

  constructor(collectionName: string) {
    this.collection = vscode.languages.createDiagnosticCollection(collectionName);
    this.subscriptions = [
      vscode.workspace.onDidOpenTextDocument((document) =>
        this.checksOnOpen(document) ? this.check(document) : this.schedule(document),
      ),
      vscode.workspace.onDidChangeTextDocument(({ document }) => this.schedule(document)),
      vscode.workspace.onDidCloseTextDocument((document) => this.forget(document)),
    ];
    this.initial = setTimeout(() => {
      for (const document of vscode.workspace.textDocuments) this.check(document);
    }, 0);
  }

  /** Whether the document's text is checked: its language's, or a file that holds such text. */
  protected abstract checks(document: vscode.TextDocument): boolean;

  /** The document's diagnostics now (it is checked and open). */
  protected abstract diagnosticsOf(document: vscode.TextDocument): vscode.Diagnostic[];

  /** Whether a document is checked as it opens rather than a moment after; at once unless said. */
  protected checksOnOpen(_document: vscode.TextDocument): boolean {
    return true;
  }

  /** What a subclass keeps of a document (by its URI's text), dropped with its diagnostics. */
  protected forgetKept(_key: string): void {}

  /** Checks the document a moment after the last call for it; one that is not checked and holds none of ours is passed over. */
  protected schedule(document: vscode.TextDocument): void {
    if (!this.checks(document) && !this.collection.has(document.uri)) return;
    this.pending.schedule(document.uri.toString(), () => this.check(document));
  }

  /** Checks the document now; one that is closed or no longer checked (another language) keeps nothing of ours. */
  protected check(document: vscode.TextDocument): void {
    if (!this.checks(document) || document.isClosed) return this.forget(document);
    this.collection.set(document.uri, this.diagnosticsOf(document));
  }

  private forget(document: vscode.TextDocument): void {
    const key = document.uri.toString();
    this.pending.cancel(key);
    this.forgetKept(key);
    this.collection.delete(document.uri);
  }

  dispose(): void {
    clearTimeout(this.initial);
    this.pending.clear();
    for (const s of this.subscriptions) s.dispose();
    this.collection.dispose();
  }
}
