import * as vscode from 'vscode';
import type { ClientAccess } from '../platform/clientAccess';
import type { AxiomClient } from '../core/api/client';
import { adviceFor } from '../core/api/errorAdvice';
import { isAxiomError } from '../core/api/errors';
import type { JsonObject, StarredQuery, StarredRecord } from '../core/api/starred';
import { phrase, type Phrase } from '../core/phrase';
import { STARRED_REMOTE_SCHEME, STARRED_SCHEME, starredKey, starredLocation, starredPath, starredUriQuery, type StarredLocation } from '../core/starred/starredUri';
import { bodyWithApl, sameQuery } from '../core/starred/writeBack';
import { APL_LANGUAGE_ID } from '../platform/constants';
import { forgetWhenClosed } from '../platform/documentState';
import { say } from '../platform/l10n';
import type { Log } from '../platform/log';


/** A record fetched this recently is what a read takes, rather than asking again (stat, then
 *  readFile, come one after the other when a document opens). */
const FRESH_MS = 2000;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** What a save does when the query changed in Axiom since its text was read. */
export type ConflictChoice = 'overwrite' | 'compare' | undefined;

interface Deps {
  connection: ClientAccess;
  log: Log;
  /** Told of each query saved here, for its row. */
  onSaved(query: StarredQuery): void;
  /** How a person reads a deployment's name ('' is the settings deployment). */
  labelOf(deployment: string): string;
}

/**
 * Starred queries as documents, one URI per query and deployment
 * (`axiom-starred:/<id>/<name>.apl?deployment=<name>`, no query part for the settings deployment,
 * as starredUri says): reading one
 * reads the query from Axiom, saving one (Ctrl+S) puts its APL back. A save reads the record afresh
 * and changes only its APL, so nothing else of it is lost; if its query changed in Axiom since the
 * text was read, the save says so and offers to overwrite or to compare. A save that fails throws,
 * so that VS Code keeps the text unsaved.
 *
 * VS Code's own check of a save (the file's time and size) never fires here: a query's time
 * changes only when it is saved from here, and that check cannot see a change of the same length.
 *
 * A document belongs to the deployment it was opened from: while the window uses another one, its
 * reads, saves, comparisons and stats send nothing and fail, saying so (the text stays unsaved).
 * What is known of each document below is kept per query and deployment (starredKey).
 */
export class StarredFiles implements vscode.FileSystemProvider, vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly fileChanges = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  readonly onDidChangeFile = this.fileChanges.event;
  private readonly remoteChanges = new vscode.EventEmitter<vscode.Uri>();
  /** For the comparison's Axiom side (STARRED_REMOTE_SCHEME). */
  readonly onDidChange = this.remoteChanges.event;
  /** Per document (query and deployment), the record the document's text was read from: what a save checks the service against. */
  private readonly bases = new Map<string, JsonObject>();
  /** Per document (query and deployment), a record read while the document differed from it: its base once the document shows
   *  it. VS Code reads a document again at times (a reload after an open, say) and drops what it
   *  read when the text has unsaved changes: such a read must not become the base. */
  private readonly pending = new Map<string, JsonObject>();
  private readonly subscriptions: vscode.Disposable[] = [];
  /** Per document (query and deployment), the time the document reports; it moves only when a save here changes the query. */
  private readonly times = new Map<string, number>();
  /** Per document (query and deployment), a record fetched just now, for the read that follows. */
  private readonly fetched = new Map<string, { record: StarredRecord; at: number }>();
  /** Per document (query and deployment), Axiom's version the person compared theirs with: a save over that one needs no question. */
  private readonly compared = new Map<string, JsonObject>();
  /** Per document (query and deployment), the APL of Axiom's version shown in a comparison. */
  private readonly remoteText = new Map<string, string>();
  /** Queries deleted from here (starredKey): their documents are not read or saved again. */
  private readonly gone = new Set<string>();

  constructor(private readonly deps: Deps) {
    this.subscriptions.push(
      vscode.workspace.onDidChangeTextDocument(({ document }) => {
        if (document.uri.scheme !== STARRED_SCHEME || document.isDirty) return;
        const location = starredLocation(document.uri.path, document.uri.query);
        const key = location && starredKey(location);
        const read = key === undefined ? undefined : this.pending.get(key);
        if (key === undefined || !read || document.getText() !== aplOf(read)) return;
        this.bases.set(key, read);
        this.pending.delete(key);
      }),
      // Closed, a query's document (and Axiom's version beside it) keeps nothing here.
      forgetWhenClosed(
        (uri) => {
          if (uri.scheme !== STARRED_SCHEME && uri.scheme !== STARRED_REMOTE_SCHEME) return undefined;
          const location = starredLocation(uri.path, uri.query);
          return location && starredKey(location);
        },
        (key) => this.forget(key),
      ),
    );
  }

  /** Everything known of a document (query and deployment). */
  private forget(key: string): void {
    for (const map of [this.bases, this.pending, this.times, this.fetched, this.compared, this.remoteText]) map.delete(key);
    this.gone.delete(key);
  }

  /** How many documents something is known of (for tests: none once all are closed). */
  get documentsKnown(): number {
    return new Set([...this.bases.keys(), ...this.pending.keys(), ...this.times.keys(), ...this.fetched.keys(), ...this.compared.keys(), ...this.remoteText.keys(), ...this.gone]).size;
  }

  /** The document's URI for a query of a deployment: that of an open document of it, if there is
   *  one, so that a query has one per deployment. */
  uriFor(deployment: string, query: StarredQuery): vscode.Uri {
    return (
      this.documentOf({ id: query.id, deployment })?.uri ??
      vscode.Uri.from({ scheme: STARRED_SCHEME, path: starredPath(query.id, query.name), query: starredUriQuery(deployment) })
    );
  }

  private documentOf(location: StarredLocation): vscode.TextDocument | undefined {
    return this.documentsOf(location)[0];
  }

  private documentsOf(location: StarredLocation): vscode.TextDocument[] {
    const key = starredKey(location);
    return vscode.workspace.textDocuments.filter((d) => {
      const other = d.uri.scheme === STARRED_SCHEME ? starredLocation(d.uri.path, d.uri.query) : undefined;
      return other !== undefined && starredKey(other) === key;
    });
  }

  /**
   * Fetches the query, for an open that follows at once (errors are the caller's to show). A
   * document of it still open from before, with no unsaved change, is brought up to date first
   * (one with unsaved changes keeps them: its save will see the difference).
   */
  async prefetch(client: AxiomClient, deployment: string, id: string): Promise<StarredRecord> {
    const record = await client.getStarredQuery(id);
    const location = { id, deployment };
    const key = starredKey(location);
    this.fetched.set(key, { record, at: Date.now() });
    const base = this.bases.get(key);
    const open = this.documentOf(location);
    if (base && open && !open.isDirty && !sameQuery(base, record.raw)) {
      // A new time tells VS Code the document changed: it reads it again, from the record just fetched.
      this.times.set(key, Math.max(Date.now(), this.timeOf(key) + 1));
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

  /** Opens the query's document for the deployment it was read from (Axiom APL, whatever `.apl` is associated with here). */
  async open(deployment: string, query: StarredQuery, options: vscode.TextDocumentShowOptions = {}): Promise<vscode.TextEditor> {
    let document = await vscode.workspace.openTextDocument(this.uriFor(deployment, query));
    if (document.languageId !== APL_LANGUAGE_ID) document = await vscode.languages.setTextDocumentLanguage(document, APL_LANGUAGE_ID);
    return vscode.window.showTextDocument(document, options);
  }

  /** The query was deleted in a deployment: its open document is told (VS Code marks it deleted; its text stays). */
  deleted(deployment: string, id: string): void {
    const location = { id, deployment };
    const key = starredKey(location);
    this.gone.add(key);
    this.bases.delete(key);
    this.pending.delete(key);
    this.fetched.delete(key);
    this.compared.delete(key);
    const uris = this.documentsOf(location).map((d) => d.uri);
    if (uris.length) this.fileChanges.fire(uris.map((uri) => ({ type: vscode.FileChangeType.Deleted, uri })));
  }

  /** Opens Axiom's version of the query beside the document's text; a save after this overwrites that version without asking. */
  async compare(uri: vscode.Uri, record?: StarredRecord): Promise<void> {
    const location = this.locationOf(uri);
    const key = starredKey(location);
    const current = record ?? (await this.read(location, phrase('Comparing with Axiom’s version')));
    this.compared.set(key, current.raw);
    this.remoteText.set(key, current.query.query.apl);
    const remote = uri.with({ scheme: STARRED_REMOTE_SCHEME });
    this.remoteChanges.fire(remote);
    await vscode.commands.executeCommand('vscode.diff', remote, uri, vscode.l10n.t('“{0}”: Axiom’s ↔ yours', current.query.name));
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.remoteText.get(starredKey(this.locationOf(uri))) ?? '';
  }

  watch(): vscode.Disposable {
    // Changes come from this window (saves, deletes): they are announced as they happen.
    return new vscode.Disposable(() => undefined);
  }

  async stat(uri: vscode.Uri): Promise<vscode.FileStat> {
    // `/` and `/<id>` are folders, so that a save of a query deleted meanwhile comes to writeFile
    // (which says what happened) rather than to createDirectory.
    if (/^\/[^/]*$/.test(uri.path)) return { type: vscode.FileType.Directory, ctime: 0, mtime: 0, size: 0 };
    const location = this.locationOf(uri);
    const key = starredKey(location);
    let size: number;
    const base = this.bases.get(key);
    if (base) {
      await this.checkDeployment(location, phrase('Opening the starred query'));
      size = encoder.encode(aplOf(base)).byteLength;
    } else {
      // Not read yet: whether it exists is asked (unless it was just now), and the answer kept for the read that follows.
      const record = this.justFetched(key) ?? (await this.read(location, phrase('Opening the starred query')));
      if (!this.fetched.has(key)) this.fetched.set(key, { record, at: Date.now() });
      size = encoder.encode(record.query.query.apl).byteLength;
    }
    return { type: vscode.FileType.File, ctime: 0, mtime: this.timeOf(key), size };
  }

  async readFile(uri: vscode.Uri): Promise<Uint8Array> {
    const location = this.locationOf(uri);
    const key = starredKey(location);
    const fetched = this.justFetched(key);
    if (fetched) await this.checkDeployment(location, phrase('Opening the starred query'));
    const record = fetched ?? (await this.read(location, phrase('Opening the starred query')));
    this.fetched.delete(key);
    const open = this.documentOf(location);
    if (!open || (!open.isDirty && open.getText() === record.query.query.apl)) {
      this.bases.set(key, record.raw);
      this.pending.delete(key);
    } else {
      this.pending.set(key, record.raw);
    }
    return encoder.encode(record.query.query.apl);
  }

  async writeFile(uri: vscode.Uri, content: Uint8Array): Promise<void> {
    const location = this.locationOf(uri);
    const { id } = location;
    const key = starredKey(location);
    const apl = decoder.decode(content);
    const client = await this.client(location, phrase('Saving the starred query'));
    const fresh = await this.read(location, phrase('Saving the starred query'), client);
    const name = fresh.query.name;
    const base = this.bases.get(key);
    const compared = this.compared.get(key);
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
    this.bases.set(key, saved.raw);
    this.pending.delete(key);
    this.compared.delete(key);
    this.times.set(key, Math.max(Date.now(), this.timeOf(key) + 1));
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

  private locationOf(uri: vscode.Uri): StarredLocation {
    const location = starredLocation(uri.path, uri.query);
    if (!location) throw vscode.FileSystemError.FileNotFound(uri);
    return location;
  }

  /** The record fetched for this document within FRESH_MS, if any. */
  private justFetched(key: string): StarredRecord | undefined {
    const early = this.fetched.get(key);
    return early && Date.now() - early.at < FRESH_MS ? early.record : undefined;
  }

  private timeOf(key: string): number {
    let time = this.times.get(key);
    if (time === undefined) this.times.set(key, (time = Date.now()));
    return time;
  }

  /** Fails, sending nothing, unless the window uses the deployment the document was opened from. */
  private async checkDeployment(location: StarredLocation, doing: Phrase): Promise<void> {
    await this.client(location, doing);
  }

  /** The client of the document's deployment: the window's, when it is the one the document was
   *  opened from; otherwise a failure that names both, and nothing is sent. */
  private async client(location: StarredLocation, doing: Phrase): Promise<AxiomClient> {
    let session: Awaited<ReturnType<ClientAccess['session']>>;
    try {
      session = await this.deps.connection.session();
    } catch (error) {
      throw this.fileError(error, doing);
    }
    if (session.deployment.name !== location.deployment) {
      const opened = this.deps.labelOf(location.deployment);
      const now = this.deps.labelOf(session.deployment.name);
      this.deps.log.warn(`starred query ${location.id}: opened from another deployment than the one in use; nothing sent`);
      throw vscode.FileSystemError.Unavailable(
        vscode.l10n.t('This starred query was opened from the deployment “{0}”, but this window now uses “{1}”: nothing was sent. Switch back to “{0}” to save it; your text is kept.', opened, now),
      );
    }
    if (!session.client) throw vscode.FileSystemError.NoPermissions(vscode.l10n.t('Set an Axiom API token first (Axiom: Set API Token).'));
    return session.client;
  }

  private async read(location: StarredLocation, doing: Phrase, client?: AxiomClient): Promise<StarredRecord> {
    if (this.gone.has(starredKey(location))) throw vscode.FileSystemError.FileNotFound(vscode.l10n.t('This starred query was deleted in Axiom; your text is kept. Star it again with Axiom: Star this APL Query.'));
    const using = client ?? (await this.client(location, doing));
    try {
      return await using.getStarredQuery(location.id);
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
