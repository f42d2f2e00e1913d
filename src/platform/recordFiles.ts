import * as vscode from 'vscode';
import type { AxiomClient } from '../core/api/client';
import { adviceFor } from '../core/api/errorAdvice';
import { isAxiomError } from '../core/api/errors';
import type { JsonObject } from '../core/json';
import { phrase, type Phrase } from '../core/phrase';
import { deploymentUriQuery, recordKey, type RecordLocation } from '../core/recordUri';
import { forgetWhenClosed } from './documentState';
import { localize, say } from './l10n';
import type { Log } from './log';

/** A record fetched this recently is what a read takes, rather than asking again (stat, then
 *  readFile, come one after the other when a document opens). */
const FRESH_MS = 2000;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** An auto save marked by VS Code's will-save event is the one a write that follows within this time is. */
const AUTO_SAVE_MARK_MS = 10_000;

/** What a save does when the record changed in Axiom since its text was read. */
export type ConflictChoice = 'overwrite' | 'compare' | undefined;

/** A record read from the service: the record as sent, and its name. */
export interface ServiceRecord {
  raw: JsonObject;
  name: string;
}

/** The session a document's deployment is checked against: the window's deployment and client. */
export interface SessionSource {
  session(): Promise<{ deployment: { name: string }; client: AxiomClient | undefined }>;
}

/** What is said the same of every kind of record kept as documents. */
const COMPARING = phrase('Comparing with Axiom’s version');
const SAVING_NAMED = 'Saving “{0}”';
const COMPARE_TITLE = '“{0}”: Axiom’s ↔ yours';

/** The words said about a kind of record kept as documents. */
export interface RecordWords {
  opening: Phrase;
  saving: Phrase;
  deleted: string;
  otherDeployment: string;
  listed: string;
  created: string;
  deleteFrom: string;
  renameFrom: string;
  /** "Changed in Axiom since you opened it …" and the two refusals. */
  conflictQuestion: string;
  notSavedCompare: string;
  notSavedChanged: string;
}

/**
 * Records of the service as documents, one URI per record, part and deployment: reading one reads
 * the record from Axiom, saving one (Ctrl+S) puts it back. A save reads the record afresh and
 * changes only what the document's text holds, so nothing else of it is lost; if that part changed
 * in Axiom since the text was read, the save says so and offers to overwrite or to compare. A save
 * that fails throws, so that VS Code keeps the text unsaved.
 *
 * VS Code's own check of a save (the file's time and size) never fires here: a record's time
 * changes only when it is saved from here, and that check cannot see a change of the same length.
 *
 * A document belongs to the deployment it was opened from: while the window uses another one, its
 * reads, saves, comparisons and stats send nothing and fail, saying so (the text stays unsaved).
 * What is known of each document below is kept per record, part and deployment (recordKey).
 *
 * Each kind of record (starred queries, monitors) is a subclass: it says where its documents live,
 * how a record is read and written, which text a document shows of it, and the words said about
 * it. A record may show as several documents (parts: a monitor's query and its settings), each
 * saved on its own.
 */
export abstract class RecordFiles<R extends ServiceRecord>
  implements vscode.FileSystemProvider, vscode.TextDocumentContentProvider, vscode.Disposable
{
  private readonly fileChanges = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  readonly onDidChangeFile = this.fileChanges.event;
  private readonly remoteChanges = new vscode.EventEmitter<vscode.Uri>();
  /** For the comparison's Axiom side (the subclass's remote scheme). */
  readonly onDidChange = this.remoteChanges.event;
  /** Per document, the record the document's text was read from: what a save checks the service against. */
  private readonly bases = new Map<string, JsonObject>();
  /** Per document, a record read while the document differed from it: its base once the document shows
   *  it. VS Code reads a document again at times (a reload after an open, say) and drops what it
   *  read when the text has unsaved changes: such a read must not become the base. */
  private readonly pending = new Map<string, JsonObject>();
  protected readonly subscriptions: vscode.Disposable[] = [];
  /** Per document, the time the document reports; it moves only when a save here changes the record. */
  private readonly times = new Map<string, number>();
  /** Per record (part ''), a record fetched just now, for the reads that follow. */
  private readonly fetched = new Map<string, { record: R; at: number }>();
  /** Per document, Axiom's version the person compared theirs with: a save over that one needs no question. */
  private readonly compared = new Map<string, JsonObject>();
  /** Per document, the text of Axiom's version shown in a comparison. */
  private readonly remoteText = new Map<string, string>();
  /** Records deleted from here (part ''): their documents are not read or saved again. */
  private readonly gone = new Set<string>();
  /** Per document (its URI), when VS Code last said it saves it by itself (auto save): that write is refused. */
  private readonly autoSaves = new Map<string, number>();
  /** Shown while the active editor's document of this kind has a change not sent to Axiom. */
  private readonly unsent: vscode.StatusBarItem;

  /** The scheme of this kind's documents. */
  protected abstract readonly scheme: string;
  /** The scheme of Axiom's version, shown beside the person's in a comparison. */
  protected abstract readonly remoteScheme: string;
  protected abstract readonly words: RecordWords;
  /** The location a URI of either scheme names. */
  protected abstract locationIn(uri: vscode.Uri): RecordLocation | undefined;
  protected abstract fetchRecord(client: AxiomClient, id: string): Promise<R>;
  protected abstract putRecord(client: AxiomClient, id: string, body: JsonObject): Promise<R>;
  /** A document's text of the record. */
  protected abstract textOf(raw: JsonObject, part: string): string;
  /** Whether a part reads the same in two versions of the record: a save is checked by it. */
  protected abstract partUnchanged(a: JsonObject, b: JsonObject, part: string): boolean;
  /**
   * The body that saves a document's text: the record read afresh with only what the text
   * changes changed (`base` is what the text was read from). Throws a FileSystemError with the
   * reason when the text cannot be saved.
   */
  protected abstract saveBody(fresh: JsonObject, base: JsonObject | undefined, part: string, text: string): JsonObject;
  protected abstract saved(record: R, location: RecordLocation): void;
  /** How a person reads a deployment's name ('' is the settings deployment). */
  protected abstract deploymentLabel(deployment: string): string;

  /** A save the service refused or that did not arrive (the document stays unsaved). */
  protected saveFailed(_location: RecordLocation, _error: unknown): void {
    // Nothing by default: a kind whose views show why a save failed is told here.
  }

  constructor(
    private readonly sessions: SessionSource,
    protected readonly log: Log,
    /**
     * The scheme of this kind's documents, the status bar item's name ("Axiom: monitor not sent"),
     * and, for a kind that shows a refused save's reasons at their fields, where it shows them: an
     * edit of the document makes them stale, and they are cleared.
     */
    { scheme, unsentName, refusals }: { scheme: string; unsentName: string; refusals?: vscode.DiagnosticCollection },
  ) {
    this.unsent = vscode.window.createStatusBarItem(`axiom.unsent.${scheme}`, vscode.StatusBarAlignment.Left, 100);
    this.unsent.name = unsentName;
    this.unsent.text = `$(cloud-upload) ${localize('Not sent to Axiom')}`;
    this.unsent.tooltip = localize(
      'This change is kept here and not sent yet: auto save never sends to Axiom. Save it yourself (Ctrl+S, File: Save) or click here to send it.',
    );
    this.unsent.command = 'workbench.action.files.save';
    const showUnsent = () => this.showUnsent(scheme);
    this.subscriptions.push(
      this.unsent,
      vscode.window.tabGroups.onDidChangeTabs(showUnsent),
      vscode.window.tabGroups.onDidChangeTabGroups(showUnsent),
      // The will-save event tells why a document is saved; writeFile cannot see it.
      vscode.workspace.onWillSaveTextDocument(({ document, reason }) => {
        if (document.uri.scheme !== scheme) return;
        if (reason === vscode.TextDocumentSaveReason.Manual) this.autoSaves.delete(document.uri.toString());
        else this.autoSaves.set(document.uri.toString(), Date.now());
      }),
      vscode.workspace.onDidChangeTextDocument(({ document }) => {
        if (document.uri.scheme !== this.scheme || document.isDirty) return;
        const location = this.locationIn(document.uri);
        const key = location && recordKey(location);
        const read = key === undefined ? undefined : this.pending.get(key);
        if (!location || key === undefined || !read || document.getText() !== this.textOf(read, location.part)) return;
        this.bases.set(key, read);
        this.pending.delete(key);
      }),
      vscode.workspace.onDidChangeTextDocument(({ document, contentChanges }) => {
        if (refusals && document.uri.scheme === scheme && contentChanges.length) refusals.delete(document.uri);
      }),
      // Closed, a document (and Axiom's version beside it) keeps nothing here.
      forgetWhenClosed(
        (uri) => {
          if (uri.scheme !== this.scheme && uri.scheme !== this.remoteScheme) return undefined;
          const location = this.locationIn(uri);
          return location && recordKey(location);
        },
        (key) => this.forget(key),
      ),
    );
    showUnsent();
  }

  /** The status bar item shows while the active tab is a document of this kind with unsaved changes (its text or its form). */
  private showUnsent(scheme: string): void {
    const tab = vscode.window.tabGroups.activeTabGroup.activeTab;
    const input = tab?.input;
    const uri =
      input instanceof vscode.TabInputText || input instanceof vscode.TabInputCustom
        ? input.uri
        : input instanceof vscode.TabInputTextDiff
          ? input.modified
          : undefined;
    if (tab?.isDirty && uri?.scheme === scheme) this.unsent.show();
    else this.unsent.hide();
  }

  /**
   * Whether this write is VS Code's auto save (after a delay, on focus or window change): it is
   * refused, so that nothing reaches Axiom that the person did not send. The text stays unsaved
   * (kept, and backed up by hot exit) until the person saves it. VS Code says the refusal once:
   * a document whose save failed is not auto saved again until a save by the person.
   */
  private refuseAutoSave(uri: vscode.Uri): void {
    const key = uri.toString();
    const marked = this.autoSaves.get(key);
    this.autoSaves.delete(key);
    if (marked === undefined || Date.now() - marked > AUTO_SAVE_MARK_MS) return;
    this.log.info(`${this.scheme}: auto save of ${uri.path} not sent (a save by the person sends it)`);
    throw vscode.FileSystemError.Unavailable(
      localize('Not sent to Axiom: auto save never sends. Your change is kept; save it yourself (Ctrl+S) to send it.'),
    );
  }

  /** Everything known of a document (record, part and deployment). */
  private forget(key: string): void {
    for (const map of [this.bases, this.pending, this.times, this.compared, this.remoteText]) map.delete(key);
    const [deployment, id] = JSON.parse(key) as [string, string, string];
    if (!this.documentsOf({ id, deployment }).some((d) => !d.isClosed)) {
      const whole = recordKey({ id, deployment, part: '' });
      this.fetched.delete(whole);
      this.gone.delete(whole);
    }
  }

  /** The location a document of this kind names, if it is one. */
  locate(uri: vscode.Uri): RecordLocation | undefined {
    return uri.scheme === this.scheme ? this.locationIn(uri) : undefined;
  }

  /** The URI of a record's part in a deployment: that of an open document of it, if there is one
   *  (so that a record has one document per deployment), else a new one at `path`. */
  protected documentUri(location: RecordLocation, path: string): vscode.Uri {
    return (
      this.documentsOf(location)[0]?.uri ??
      vscode.Uri.from({ scheme: this.scheme, path, query: deploymentUriQuery(location.deployment) })
    );
  }

  /** The open documents of a record (any part, or the one named) in a deployment. */
  documentsOf(location: { id: string; deployment: string; part?: string }): vscode.TextDocument[] {
    return vscode.workspace.textDocuments.filter((d) => {
      const other = this.locate(d.uri);
      return (
        other !== undefined &&
        other.id === location.id &&
        other.deployment === location.deployment &&
        (location.part === undefined || other.part === location.part)
      );
    });
  }

  /**
   * Fetches the record, for an open that follows at once (errors are the caller's to show). Open
   * documents of it with no unsaved change are brought up to date first (one with unsaved changes
   * keeps them: its save will see the difference).
   */
  async prefetch(client: AxiomClient, deployment: string, id: string): Promise<R> {
    const record = await this.fetchRecord(client, id);
    this.fetched.set(recordKey({ id, deployment, part: '' }), { record, at: Date.now() });
    const rereads: Promise<void>[] = [];
    for (const open of this.documentsOf({ id, deployment })) {
      const location = this.locationIn(open.uri);
      if (!location) continue;
      const key = recordKey(location);
      const base = this.bases.get(key);
      if (!base || open.isDirty || this.partUnchanged(base, record.raw, location.part)) continue;
      const text = this.textOf(record.raw, location.part);
      // A new time tells VS Code the document changed: it reads it again, from the record just fetched.
      this.times.set(key, Math.max(Date.now(), this.timeOf(key) + 1));
      rereads.push(
        new Promise<void>((resolve) => {
          const done = vscode.workspace.onDidChangeTextDocument((e) => {
            if (e.document === open && open.getText() === text) finish();
          });
          const timer = setTimeout(finish, 3000);
          function finish() {
            clearTimeout(timer);
            done.dispose();
            resolve();
          }
        }),
      );
      this.fileChanges.fire([{ type: vscode.FileChangeType.Changed, uri: open.uri }]);
    }
    await Promise.all(rereads);
    return record;
  }

  /** The record was deleted in a deployment: its open documents are told (VS Code marks them deleted; their text stays). */
  deleted(deployment: string, id: string): void {
    this.gone.add(recordKey({ id, deployment, part: '' }));
    this.fetched.delete(recordKey({ id, deployment, part: '' }));
    const uris = this.documentsOf({ id, deployment }).map((d) => d.uri);
    for (const uri of uris) {
      const location = this.locationIn(uri);
      if (!location) continue;
      const key = recordKey(location);
      this.bases.delete(key);
      this.pending.delete(key);
      this.compared.delete(key);
    }
    if (uris.length) this.fileChanges.fire(uris.map((uri) => ({ type: vscode.FileChangeType.Deleted, uri })));
  }

  /** Whether the record was deleted from here. */
  isGone(deployment: string, id: string): boolean {
    return this.gone.has(recordKey({ id, deployment, part: '' }));
  }

  /** The record a document's text was read from, if it was read here. */
  baseOf(uri: vscode.Uri): JsonObject | undefined {
    const location = this.locationIn(uri);
    return location && this.bases.get(recordKey(location));
  }

  /** Opens Axiom's version of the document beside its text; a save after this overwrites that version without asking. */
  async compare(uri: vscode.Uri, record?: R): Promise<void> {
    const location = this.locationOf(uri);
    const key = recordKey(location);
    const current = record ?? (await this.read(location, COMPARING));
    this.compared.set(key, current.raw);
    this.remoteText.set(key, this.textOf(current.raw, location.part));
    const remote = uri.with({ scheme: this.remoteScheme });
    this.remoteChanges.fire(remote);
    await vscode.commands.executeCommand('vscode.diff', remote, uri, localize(COMPARE_TITLE, current.name));
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    const location = this.locationIn(uri);
    return (location && this.remoteText.get(recordKey(location))) ?? '';
  }

  watch(): vscode.Disposable {
    // Changes come from this window (saves, deletes): they are announced as they happen.
    return new vscode.Disposable(() => undefined);
  }

  async stat(uri: vscode.Uri): Promise<vscode.FileStat> {
    // `/` and `/<id>` are folders, so that a save of a record deleted meanwhile comes to writeFile
    // (which says what happened) rather than to createDirectory.
    if (/^\/[^/]*$/.test(uri.path)) return { type: vscode.FileType.Directory, ctime: 0, mtime: 0, size: 0 };
    const location = this.locationOf(uri);
    const key = recordKey(location);
    let size: number;
    const base = this.bases.get(key);
    if (base) {
      await this.client(location, this.words.opening);
      size = encoder.encode(this.textOf(base, location.part)).byteLength;
    } else {
      // Not read yet: whether it exists is asked (unless it was just now), and the answer kept for the read that follows.
      const whole = recordKey({ ...location, part: '' });
      const record = this.justFetched(whole) ?? (await this.read(location, this.words.opening));
      if (!this.fetched.has(whole)) this.fetched.set(whole, { record, at: Date.now() });
      size = encoder.encode(this.textOf(record.raw, location.part)).byteLength;
    }
    return { type: vscode.FileType.File, ctime: 0, mtime: this.timeOf(key), size };
  }

  async readFile(uri: vscode.Uri): Promise<Uint8Array> {
    const location = this.locationOf(uri);
    const key = recordKey(location);
    const fetched = this.justFetched(recordKey({ ...location, part: '' }));
    if (fetched) await this.client(location, this.words.opening);
    const record = fetched ?? (await this.read(location, this.words.opening));
    const text = this.textOf(record.raw, location.part);
    const open = this.documentsOf(location)[0];
    if (!open || (!open.isDirty && open.getText() === text)) {
      this.bases.set(key, record.raw);
      this.pending.delete(key);
    } else {
      this.pending.set(key, record.raw);
    }
    return encoder.encode(text);
  }

  /** A save: refused when it is an auto save, otherwise the kind's write (writeRecord). */
  async writeFile(uri: vscode.Uri, content: Uint8Array): Promise<void> {
    this.refuseAutoSave(uri);
    await this.writeRecord(uri, content);
  }

  /** The person's save of a document: the record read afresh, checked, and one PUT. */
  protected async writeRecord(uri: vscode.Uri, content: Uint8Array): Promise<void> {
    const location = this.locationOf(uri);
    const { id } = location;
    const key = recordKey(location);
    const text = decoder.decode(content);
    const client = await this.client(location, this.words.saving);
    const fresh = await this.read(location, this.words.saving, client);
    const name = fresh.name;
    const base = this.bases.get(key);
    const compared = this.compared.get(key);
    if (
      base &&
      !this.partUnchanged(base, fresh.raw, location.part) &&
      !(compared && this.partUnchanged(compared, fresh.raw, location.part))
    ) {
      const choice = await this.askOnConflict(name);
      if (choice === 'compare') {
        await this.compare(uri, fresh);
        throw new vscode.FileSystemError(localize(this.words.notSavedCompare, name));
      }
      if (choice !== 'overwrite') throw new vscode.FileSystemError(localize(this.words.notSavedChanged, name));
    }
    const saved = await this.send(client, location, id, fresh, base, text);
    this.bases.set(key, saved.raw);
    this.pending.delete(key);
    this.compared.delete(key);
    this.times.set(key, Math.max(Date.now(), this.timeOf(key) + 1));
    this.log.info(`saved ${this.scheme} ${id} (${location.part})`);
    this.saved(saved, location);
  }

  /** The one PUT of a save: the document's text over the record read afresh (`fresh`, record `id`;
   *  `base` is what the text was read from). A failure is told, then thrown as VS Code's file error. */
  protected async send(
    client: AxiomClient,
    location: RecordLocation,
    id: string,
    fresh: R,
    base: JsonObject | undefined,
    text: string,
  ): Promise<R> {
    const body = this.saveBody(fresh.raw, base, location.part, text);
    try {
      return await this.putRecord(client, id, body);
    } catch (error) {
      this.saveFailed(location, error);
      throw this.fileError(error, phrase(SAVING_NAMED, fresh.name));
    }
  }

  /** The question a save asks when the record changed in Axiom. Not modal: VS Code asks the same of
   *  a file changed on disk with a notification, and the save waits for the answer. */
  protected async askOnConflict(name: string): Promise<ConflictChoice> {
    const [overwrite, compare] = [localize('Overwrite'), localize('Compare')];
    const choice = await vscode.window.showWarningMessage(
      localize(this.words.conflictQuestion, name),
      overwrite,
      compare,
    );
    return choice === overwrite ? 'overwrite' : choice === compare ? 'compare' : undefined;
  }

  readDirectory(): never {
    throw vscode.FileSystemError.NoPermissions(localize(this.words.listed));
  }

  createDirectory(): never {
    throw vscode.FileSystemError.NoPermissions(localize(this.words.created));
  }

  delete(): never {
    throw vscode.FileSystemError.NoPermissions(localize(this.words.deleteFrom));
  }

  rename(): never {
    throw vscode.FileSystemError.NoPermissions(localize(this.words.renameFrom));
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
    this.fileChanges.dispose();
    this.remoteChanges.dispose();
  }

  protected locationOf(uri: vscode.Uri): RecordLocation {
    const location = this.locationIn(uri);
    if (!location) throw vscode.FileSystemError.FileNotFound(uri);
    return location;
  }

  /** The record fetched within FRESH_MS, if any. */
  private justFetched(key: string): R | undefined {
    const early = this.fetched.get(key);
    return early && Date.now() - early.at < FRESH_MS ? early.record : undefined;
  }

  private timeOf(key: string): number {
    let time = this.times.get(key);
    if (time === undefined) this.times.set(key, (time = Date.now()));
    return time;
  }

  /** The client of the document's deployment: the window's, when it is the one the document was
   *  opened from; otherwise a failure that names both, and nothing is sent. */
  protected async client(location: RecordLocation, doing: Phrase): Promise<AxiomClient> {
    let session: Awaited<ReturnType<SessionSource['session']>>;
    try {
      session = await this.sessions.session();
    } catch (error) {
      throw this.fileError(error, doing);
    }
    if (session.deployment.name !== location.deployment) {
      const opened = this.deploymentLabel(location.deployment);
      const now = this.deploymentLabel(session.deployment.name);
      this.log.warn(`${this.scheme} ${location.id}: opened from another deployment than the one in use; nothing sent`);
      throw vscode.FileSystemError.Unavailable(localize(this.words.otherDeployment, opened, now));
    }
    if (!session.client)
      throw vscode.FileSystemError.NoPermissions(localize('Set an Axiom API token first (Axiom: Set API Token).'));
    return session.client;
  }

  protected async read(location: RecordLocation, doing: Phrase, client?: AxiomClient): Promise<R> {
    if (this.isGone(location.deployment, location.id))
      throw vscode.FileSystemError.FileNotFound(localize(this.words.deleted));
    const using = client ?? (await this.client(location, doing));
    try {
      return await this.fetchRecord(using, location.id);
    } catch (error) {
      throw this.fileError(error, doing);
    }
  }

  /** A failure as VS Code's file errors say it: not found, not allowed, or unavailable; the
   *  message is the sentence every other failure is said in. */
  protected fileError(error: unknown, doing: Phrase): vscode.FileSystemError {
    const advice = adviceFor(error, doing);
    this.log.error(advice.message);
    const message = say(advice.message);
    if (isAxiomError(error) && error.kind === 'notFound')
      return vscode.FileSystemError.FileNotFound(
        localize('{0} It may have been deleted in Axiom; your text is kept.', message),
      );
    if (isAxiomError(error) && (error.kind === 'auth' || error.kind === 'forbidden'))
      return vscode.FileSystemError.NoPermissions(message);
    return vscode.FileSystemError.Unavailable(message);
  }
}
