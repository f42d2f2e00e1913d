// The file an Apply command reads (Apply Monitor File, Apply Dashboard File): the one it is given,
// else the active editor's, when its name ends as the command's files do. An open document's text
// is read as edited, unsaved changes included; a file not open is read from disk. The text is then
// read by the command's own reader; a file it cannot read is said so, the same way for every kind.
// The difference Apply shows before it asks is between two documents of ApplyComparisons.
import * as vscode from 'vscode';
import type { Phrase } from '../core/phrase';
import { forgetWhenClosed } from './documentState';
import { localize, say } from './l10n';

/** What a command's reader makes of a file's text: what it read, or why it cannot be applied. */
export type ReadToApply<T> = ({ ok: true } & T) | { ok: false; problem: Phrase | string };

export interface FileKind<T> {
  /** How the command's files end (`.axiom-monitor.json`). */
  suffix: string;
  /** Said when there is no such file to apply. */
  askToOpen: string;
  read(text: string): ReadToApply<T>;
}

/** The file to apply, as its kind reads it; undefined after `askToOpen` or the reason it cannot be applied was shown. */
export async function fileToApply<T>(arg: unknown, kind: FileKind<T>): Promise<({ ok: true } & T) | undefined> {
  const uri = arg instanceof vscode.Uri ? arg : vscode.window.activeTextEditor?.document.uri;
  if (!uri || !uri.path.endsWith(kind.suffix)) {
    void vscode.window.showInformationMessage(kind.askToOpen);
    return undefined;
  }
  const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
  const text = open ? open.getText() : new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
  const read = kind.read(text);
  if (read.ok) return read;
  void vscode.window.showErrorMessage(localize('The file cannot be applied: {0}', say(read.problem)));
  return undefined;
}

/**
 * The two sides of an Apply's comparison (what Axiom has, what the file would make it), as read-only
 * documents at a scheme of the kind's own; each side's text is forgotten when its editor closes.
 */
export class ApplyComparisons implements vscode.Disposable {
  private readonly texts = new Map<string, string>();
  private shown = 0;
  private provider: vscode.Disposable | undefined;
  private readonly forgetting: vscode.Disposable;

  constructor(private readonly scheme: string) {
    this.forgetting = forgetWhenClosed(
      (uri) => (uri.scheme === scheme ? uri.toString() : undefined),
      (key) => this.texts.delete(key),
    );
  }

  /** A side named `name` with `text`: its URI, for vscode.diff. */
  show(name: string, text: string): vscode.Uri {
    this.provider ??= vscode.workspace.registerTextDocumentContentProvider(this.scheme, {
      provideTextDocumentContent: (uri) => this.texts.get(uri.toString()) ?? '',
    });
    const uri = vscode.Uri.from({ scheme: this.scheme, path: `/${++this.shown}/${name}` });
    this.texts.set(uri.toString(), text);
    return uri;
  }

  dispose(): void {
    this.forgetting.dispose();
    this.provider?.dispose();
  }
}
