import * as vscode from 'vscode';
import { safeFileName } from '../core/fileName';
import { APL_LANGUAGE_ID } from './constants';
import { MPL_LANGUAGE_ID } from '../core/mpl/languageId';
import { localize } from './l10n';

/** Opens query text in a new untitled tab of its own (APL in the Axiom APL language, MPL in Axiom
 *  MPL's, anything else as plain text). */
export async function openQueryInNewTab(text: string, language: 'apl' | 'mpl' | 'other'): Promise<vscode.TextEditor> {
  const document = await vscode.workspace.openTextDocument({
    content: text,
    language: language === 'apl' ? APL_LANGUAGE_ID : language === 'mpl' ? MPL_LANGUAGE_ID : 'plaintext',
  });
  return vscode.window.showTextDocument(document, { preview: false });
}

/** A query shown read-only: `key` tells records of the same name apart, `name` is the tab's. */
export interface ReadOnlyQuery {
  key: string;
  name: string;
  text: string;
  language: 'apl' | 'mpl' | 'other';
  /** What the person may do with it, as buttons (CodeLens) above its first line. */
  actions?: vscode.Command[];
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * Query text a person reads rather than writes (a monitor's query, as Axiom has it): a document of
 * a scheme of its own, named by the record (`Checkout 5xx.apl`), never dirty, so never counted as
 * unsaved nor asked about on close. Typing in it shows `readOnlyMessage` (what to do instead);
 * File: Save As keeps a copy of one's own. Opening the same record again shows the same tab, with
 * the text of now. What is not opened in this window is not found: a tab restored after a reload
 * is closed at activation (closeRestoredReadOnlyQueries).
 */
export class ReadOnlyQueries implements vscode.FileSystemProvider, vscode.CodeLensProvider, vscode.Disposable {
  private readonly texts = new Map<
    string,
    { key: string; content: Uint8Array; mtime: number; actions: vscode.Command[] }
  >();
  private readonly changed = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  readonly onDidChangeFile = this.changed.event;
  private readonly lensesChanged = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.lensesChanged.event;
  private readonly registrations: vscode.Disposable[];

  constructor(
    readonly scheme: string,
    readOnlyMessage: string,
  ) {
    this.registrations = [
      vscode.workspace.registerFileSystemProvider(scheme, this, {
        isCaseSensitive: true,
        isReadonly: new vscode.MarkdownString(readOnlyMessage),
      }),
      vscode.languages.registerCodeLensProvider({ scheme }, this),
    ];
  }

  /** Shows the query in its read-only tab (the one already open, if it is). */
  async open(query: ReadOnlyQuery): Promise<vscode.TextEditor> {
    const file = safeFileName(
      query.name,
      localize('query'),
      query.language === 'apl' ? '.apl' : query.language === 'mpl' ? '.mpl' : '.txt',
    );
    const uri = vscode.Uri.from({ scheme: this.scheme, path: `/${encodeURIComponent(query.key)}/${file}` });
    const known = this.texts.has(uri.toString());
    this.texts.set(uri.toString(), {
      key: query.key,
      content: encoder.encode(query.text),
      mtime: Date.now(),
      actions: query.actions ?? [],
    });
    if (known) {
      this.changed.fire([{ type: vscode.FileChangeType.Changed, uri }]);
      this.lensesChanged.fire();
    }
    let document = await vscode.workspace.openTextDocument(uri);
    const languageId = { apl: APL_LANGUAGE_ID, mpl: MPL_LANGUAGE_ID, other: undefined }[query.language];
    if (languageId && document.languageId !== languageId)
      document = await vscode.languages.setTextDocumentLanguage(document, languageId);
    return vscode.window.showTextDocument(document, { preview: false });
  }

  /** Gives the documents of `key` a new text (their record was just sent), without showing them:
   *  an open tab shows it at once, never a text older than what was sent. */
  refresh(key: string, text: string): void {
    const content = encoder.encode(text);
    const changed: vscode.FileChangeEvent[] = [];
    for (const [address, entry] of this.texts) {
      if (entry.key !== key || decoder.decode(entry.content) === text) continue;
      this.texts.set(address, { ...entry, content, mtime: Date.now() });
      changed.push({ type: vscode.FileChangeType.Changed, uri: vscode.Uri.parse(address) });
    }
    if (changed.length) this.changed.fire(changed);
  }

  /** The addresses of the documents of `key` (their tabs, to close). */
  documentsOf(key: string): vscode.Uri[] {
    return [...this.texts].filter(([, entry]) => entry.key === key).map(([address]) => vscode.Uri.parse(address));
  }

  private entry(uri: vscode.Uri) {
    const entry = this.texts.get(uri.toString());
    if (!entry) throw vscode.FileSystemError.FileNotFound(uri);
    return entry;
  }

  stat(uri: vscode.Uri): vscode.FileStat {
    const { content, mtime } = this.entry(uri);
    return {
      type: vscode.FileType.File,
      ctime: mtime,
      mtime,
      size: content.byteLength,
      permissions: vscode.FilePermission.Readonly,
    };
  }

  readFile(uri: vscode.Uri): Uint8Array {
    return this.entry(uri).content;
  }

  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    const actions = this.texts.get(document.uri.toString())?.actions ?? [];
    return actions.map((command) => new vscode.CodeLens(new vscode.Range(0, 0, 0, 0), command));
  }

  watch(): vscode.Disposable {
    return new vscode.Disposable(() => undefined);
  }

  readDirectory(uri: vscode.Uri): never {
    throw vscode.FileSystemError.FileNotADirectory(uri);
  }

  createDirectory(uri: vscode.Uri): never {
    throw vscode.FileSystemError.NoPermissions(uri);
  }

  writeFile(uri: vscode.Uri): never {
    throw vscode.FileSystemError.NoPermissions(uri);
  }

  delete(uri: vscode.Uri): never {
    throw vscode.FileSystemError.NoPermissions(uri);
  }

  rename(uri: vscode.Uri): never {
    throw vscode.FileSystemError.NoPermissions(uri);
  }

  dispose(): void {
    for (const registration of this.registrations) registration.dispose();
    this.changed.dispose();
    this.lensesChanged.dispose();
  }
}

/** The open document of a URI (as text), if it is open. */
export function openDocument(uri: string): vscode.TextDocument | undefined {
  return vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri);
}

/** Copies a query's text, and says so in the status bar for a moment. */
export async function copyQueryText(text: string, name: string): Promise<void> {
  await vscode.env.clipboard.writeText(text);
  vscode.window.setStatusBarMessage(localize('Copied the query of “{0}”.', name), 3000);
}
