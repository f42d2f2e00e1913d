import * as vscode from 'vscode';
import type { Connection } from '../accounts/connection';
import type { AxiomClient } from '../core/api/client';
import { adviceFor } from '../core/api/errorAdvice';
import { isAxiomError } from '../core/api/errors';
import type { JsonObject, StarredQuery, StarredRecord } from '../core/api/starred';
import { phrase, type Phrase } from '../core/phrase';
import { STARRED_SCHEME, starredIdFromPath, starredPath } from '../core/starred/starredUri';
import { bodyWithApl, sameQuery } from '../core/starred/writeBack';
import { APL_LANGUAGE_ID } from '../platform/constants';
import { say } from '../platform/l10n';
import type { Log } from '../platform/log';

/** The scheme of Axiom's version of a starred query, shown beside the person's in a comparison. */
export const STARRED_REMOTE_SCHEME = 'axiom-starred-remote';

/** A record fetched this recently is what a read takes, rather than asking again (stat, then
 *  readFile, come one after the other when a document opens). */
const FRESH_MS = 2000;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** What a save does when the query changed in Axiom since its text was read. */
export type ConflictChoice = 'overwrite' | 'compare' | undefined;

interface Deps {
  connection: Connection;
  log: Log;
  /** Told of each query saved here, for its row. */
  onSaved(query: StarredQuery): void;
}

/**
 * Starred queries as documents, one URI per query (`axiom-starred:/<id>/<name>.apl`): reading one
 * reads the query from Axiom, saving one (Ctrl+S) puts its APL back. A save reads the record afresh
 * and changes only its APL, so nothing else of it is lost; if its query changed in Axiom since the
 * text was read, the save says so and offers to overwrite or to compare. A save that fails throws,
 * so that VS Code keeps the text unsaved.
 *
 * VS Code's own check of a save (the file's time and size) never fires here: a query's time
 * changes only when it is saved from here, and that check cannot see a change of the same length.
 */
export class StarredFiles implements vscode.FileSystemProvider, vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly fileChanges = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  readonly onDidChangeFile = this.fileChanges.event;
  private readonly remoteChanges = new vscode.EventEmitter<vscode.Uri>();
  /** For the comparison's Axiom side (STARRED_REMOTE_SCHEME). */
  readonly onDidChange = this.remoteChanges.event;
  /** Per id, the record the document's text was read from: what a save checks the service against. */
  private readonly bases = new Map<string, JsonObject>();
  /** Per id, a record read while the document differed from it: its base once the document shows
   *  it. VS Code reads a document again at times (a reload after an open, say) and drops what it
   *  read when the text has unsaved changes: such a read must not become the base. */
  private readonly pending = new Map<string, JsonObject>();
  private readonly subscriptions: vscode.Disposable[] = [];
  /** Per id, the time the document reports; it moves only when a save here changes the query. */
  private readonly times = new Map<string, number>();
  /** Per id, a record fetched just now, for the read that follows. */
  private readonly fetched = new Map<string, { record: StarredRecord; at: number }>();
  /** Per id, Axiom's version the person compared theirs with: a save over that one needs no question. */
  private readonly compared = new Map<string, JsonObject>();
  /** Per id, the APL of Axiom's version shown in a comparison. */
  private readonly remoteText = new Map<string, string>();
  /** Ids deleted from here: their documents are not read or saved again. */
  private readonly gone = new Set<string>();

  constructor(private readonly deps: Deps) {
    this.subscriptions.push(
      vscode.workspace.onDidChangeTextDocument(({ document }) => {
        if (document.uri.scheme !== STARRED_SCHEME || document.isDirty) return;
        const id = starredIdFromPath(document.uri.path);
        const read = id === undefined ? undefined : this.pending.get(id);
        if (id === undefined || !read || document.getText() !== aplOf(read)) return;
        this.bases.set(id, read);
        this.pending.delete(id);
      }),
    );
  }

  /** The document's URI for a query: that of an open document of it, if there is one, so that a query has one. */
  uriFor(query: StarredQuery): vscode.Uri {
    return this.documentOf(query.id)?.uri ?? vscode.Uri.from({ scheme: STARRED_SCHEME, path: starredPath(query.id, query.name) });
  }

  private documentOf(id: string): vscode.TextDocument | undefined {
    return vscode.workspace.textDocuments.find((d) => d.uri.scheme === STARRED_SCHEME && starredIdFromPath(d.uri.path) === id);
  }

  /**
   * Fetches the query, for an open that follows at once (errors are the caller's to show). A
   * document of it still open from before, with no unsaved change, is brought up to date first
   * (one with unsaved changes keeps them: its save will see the difference).
   */
  async prefetch(client: AxiomClient, id: string): Promise<StarredRecord> {
    const record = await client.getStarredQuery(id);
    this.fetched.set(id, { record, at: Date.now() });
    const base = this.bases.get(id);
    const open = this.documentOf(id);
    if (base && open && !open.isDirty && !sameQuery(base, record.raw)) {
      // A new time tells VS Code the document changed: it reads it again, from the record just fetched.
      this.times.set(id, Math.max(Date.now(), this.timeOf(id) + 1));
      const reread = new Promise<void>((resolve) => {
        const done = vscode.workspace.onDidChangeTextDocument((e) => {
          if (e.document === open && open.getText() === record.query.query.apl) finish();
        });
        const timer = setTimeout(finish, 3000);
        function finish() {
          clearTimeout(timer);
          done.dispose();
          resolve();
        }
      });
      this.fileChanges.fire([{ type: vscode.FileChangeType.Changed, uri: open.uri }]);
      await reread;
    }
    return record;
  }

  /** Opens the query's document (Axiom APL, whatever `.apl` is associated with here). */
  async open(query: StarredQuery, options: vscode.TextDocumentShowOptions = {}): Promise<vscode.TextEditor> {
    let document = await vscode.workspace.openTextDocument(this.uriFor(query));
    if (document.languageId !== APL_LANGUAGE_ID) document = await vscode.languages.setTextDocumentLanguage(document, APL_LANGUAGE_ID);
    return vscode.window.showTextDocument(document, options);
  }

  /** The query was deleted: its open document is told (VS Code marks it deleted; its text stays). */
  deleted(id: string): void {
    this.gone.add(id);
    this.bases.delete(id);
    this.pending.delete(id);
    this.fetched.delete(id);
    this.compared.delete(id);
    const uris = vscode.workspace.textDocuments.filter((d) => d.uri.scheme === STARRED_SCHEME && starredIdFromPath(d.uri.path) === id).map((d) => d.uri);
    if (uris.length) this.fileChanges.fire(uris.map((uri) => ({ type: vscode.FileChangeType.Deleted, uri })));
  }

  /** Opens Axiom's version of the query beside the document's text; a save after this overwrites that version without asking. */
  async compare(uri: vscode.Uri, record?: StarredRecord): Promise<void> {
    const id = this.idOf(uri);
    const current = record ?? (await this.read(id, phrase('Comparing with Axiom’s version')));
    this.compared.set(id, current.raw);
    this.remoteText.set(id, current.query.query.apl);
    const remote = uri.with({ scheme: STARRED_REMOTE_SCHEME });
    this.remoteChanges.fire(remote);
    await vscode.commands.executeCommand('vscode.diff', remote, uri, vscode.l10n.t('“{0}”: Axiom’s ↔ yours', current.query.name));
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.remoteText.get(this.idOf(uri)) ?? '';
  }

  watch(): vscode.Disposable {
    // Changes come from this window (saves, deletes): they are announced as they happen.
    return new vscode.Disposable(() => undefined);
  }

  async stat(uri: vscode.Uri): Promise<vscode.FileStat> {
    // `/` and `/<id>` are folders, so that a save of a query deleted meanwhile comes to writeFile
    // (which says what happened) rather than to createDirectory.
    if (/^\/[^/]*$/.test(uri.path)) return { type: vscode.FileType.Directory, ctime: 0, mtime: 0, size: 0 };
    const id = this.idOf(uri);
    let size: number;
    const base = this.bases.get(id);
    if (base) {
      size = encoder.encode(aplOf(base)).byteLength;
    } else {
      // Not read yet: whether it exists is asked (unless it was just now), and the answer kept for the read that follows.
      const record = this.justFetched(id) ?? (await this.read(id, phrase('Opening the starred query')));
      if (!this.fetched.has(id)) this.fetched.set(id, { record, at: Date.now() });
      size = encoder.encode(record.query.query.apl).byteLength;
    }
    return { type: vscode.FileType.File, ctime: 0, mtime: this.timeOf(id), size };
  }

  async readFile(uri: vscode.Uri): Promise<Uint8Array> {
    const id = this.idOf(uri);
    const record = this.justFetched(id) ?? (await this.read(id, phrase('Opening the starred query')));
    this.fetched.delete(id);
    const open = this.documentOf(id);
    if (!open || (!open.isDirty && open.getText() === record.query.query.apl)) {
      this.bases.set(id, record.raw);
      this.pending.delete(id);
    } else {
      this.pending.set(id, record.raw);
    }
    return encoder.encode(record.query.query.apl);
  }

  async writeFile(uri: vscode.Uri, content: Uint8Array): Promise<void> {
    const id = this.idOf(uri);
    const apl = decoder.decode(content);
    if (this.gone.has(id)) await this.read(id, phrase('Saving the starred query'));
    const client = await this.client(phrase('Saving the starred query'));
    const fresh = await this.read(id, phrase('Saving the starred query'), client);
    const name = fresh.query.name;
    const base = this.bases.get(id);
    const compared = this.compared.get(id);
    if (base && !sameQuery(base, fresh.raw) && !(compared && sameQuery(compared, fresh.raw))) {
      const choice = await this.askOnConflict(name);
      if (choice === 'compare') {
        await this.compare(uri, fresh);
        throw new vscode.FileSystemError(vscode.l10n.t('“{0}” was not saved: its query changed in Axiom. Compare the two, then save again to overwrite Axiom’s.', name));
      }
      if (choice !== 'overwrite') throw new vscode.FileSystemError(vscode.l10n.t('“{0}” was not saved: its query changed in Axiom since you opened it.', name));
    }
    let saved: StarredRecord;
    try {
      saved = await client.updateStarredQuery(id, bodyWithApl(fresh.raw, apl));
    } catch (error) {
      throw this.fileError(error, phrase('Saving “{0}”', name));
    }
    this.bases.set(id, saved.raw);
    this.pending.delete(id);
    this.compared.delete(id);
    this.times.set(id, Math.max(Date.now(), this.timeOf(id) + 1));
    this.deps.log.info(`saved starred query ${id}`);
    this.deps.onSaved(saved.query);
  }

  /** The question a save asks when the query changed in Axiom. Not modal: VS Code asks the same of
   *  a file changed on disk with a notification, and the save waits for the answer. */
  protected async askOnConflict(name: string): Promise<ConflictChoice> {
    const [overwrite, compare] = [vscode.l10n.t('Overwrite'), vscode.l10n.t('Compare')];
    const choice = await vscode.window.showWarningMessage(vscode.l10n.t('“{0}” changed in Axiom since you opened it. Overwrite Axiom’s query with yours, or compare the two first?', name), overwrite, compare);
    return choice === overwrite ? 'overwrite' : choice === compare ? 'compare' : undefined;
  }

  readDirectory(): never {
    throw vscode.FileSystemError.NoPermissions(vscode.l10n.t('Starred queries are listed in the Starred Queries view.'));
  }

  createDirectory(): never {
    throw vscode.FileSystemError.NoPermissions(vscode.l10n.t('Starred queries are created with Axiom: Star this APL Query.'));
  }

  delete(): never {
    throw vscode.FileSystemError.NoPermissions(vscode.l10n.t('Delete a starred query from the Starred Queries view.'));
  }

  rename(): never {
    throw vscode.FileSystemError.NoPermissions(vscode.l10n.t('Rename a starred query from the Starred Queries view.'));
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
    this.fileChanges.dispose();
    this.remoteChanges.dispose();
  }

  private idOf(uri: vscode.Uri): string {
    const id = starredIdFromPath(uri.path);
    if (!id) throw vscode.FileSystemError.FileNotFound(uri);
    return id;
  }

  /** The record fetched for this id within FRESH_MS, if any. */
  private justFetched(id: string): StarredRecord | undefined {
    const early = this.fetched.get(id);
    return early && Date.now() - early.at < FRESH_MS ? early.record : undefined;
  }

  private timeOf(id: string): number {
    let time = this.times.get(id);
    if (time === undefined) this.times.set(id, (time = Date.now()));
    return time;
  }

  private async client(doing: Phrase): Promise<AxiomClient> {
    let client: AxiomClient | undefined;
    try {
      client = await this.deps.connection.client();
    } catch (error) {
      throw this.fileError(error, doing);
    }
    if (!client) throw vscode.FileSystemError.NoPermissions(vscode.l10n.t('Set an Axiom API token first (Axiom: Set API Token).'));
    return client;
  }

  private async read(id: string, doing: Phrase, client?: AxiomClient): Promise<StarredRecord> {
    if (this.gone.has(id)) throw vscode.FileSystemError.FileNotFound(vscode.l10n.t('This starred query was deleted in Axiom; your text is kept. Star it again with Axiom: Star this APL Query.'));
    const using = client ?? (await this.client(doing));
    try {
      return await using.getStarredQuery(id);
    } catch (error) {
      throw this.fileError(error, doing);
    }
  }

  /** A failure as VS Code's file errors say it: not found, not allowed, or unavailable; the
   *  message is the sentence every other failure is said in. */
  private fileError(error: unknown, doing: Phrase): vscode.FileSystemError {
    const advice = adviceFor(error, doing);
    this.deps.log.error(advice.message);
    const message = say(advice.message);
    if (isAxiomError(error) && error.kind === 'notFound') return vscode.FileSystemError.FileNotFound(vscode.l10n.t('{0} It may have been deleted in Axiom; your text is kept.', message));
    if (isAxiomError(error) && (error.kind === 'auth' || error.kind === 'forbidden')) return vscode.FileSystemError.NoPermissions(message);
    return vscode.FileSystemError.Unavailable(message);
  }
}

function aplOf(record: JsonObject): string {
  const query = record.query as { apl?: unknown } | undefined;
  return typeof query?.apl === 'string' ? query.apl : '';
}
