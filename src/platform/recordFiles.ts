import * as vscode from 'vscode';
import { activeTabDocument } from './activeTab';
import type { AxiomClient } from '../core/api/client';
import { adviceFor } from '../core/api/errorAdvice';
import { isAxiomError } from '../core/api/errors';
import type { JsonObject } from '../core/json';
import { fill, phrase, type Phrase } from '../core/phrase';
import { deploymentUriQuery, recordKey, type RecordLocation } from '../core/recordUri';
import { forgetWhenClosed } from './documentState';
import { DraftStore } from './draftStore';
import { localize, say, translated } from './l10n';
import type { Log } from './log';

/** A record fetched this recently is what a read takes, rather than asking again (stat, then
 *  readFile, come one after the other when a document opens). */
const FRESH_MS = 2000;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

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
/** What failed, when a send fails: "Saving “Checkout 5xx”". */
const savingNamed = (name: string): Phrase => phrase('Saving “{0}”', name);
/** The command that sends the active document's record (Ctrl+S in a record's editor, the editor's title, the status bar). */
const SEND_COMMAND = 'axiom.sendToAxiom';

/** The words said about a kind of record kept as documents: English templates, a table (a const
 *  named …_WORDS, so that `npm run l10n` extracts it) translated once, its holes filled when said. */
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
 * the record from Axiom. Editing is drafting, sending is the person's act:
 * - Every save VS Code makes (auto save, Save All, a save before debugging, another extension's
 *   save or write through workspace.fs) keeps the text as a draft of the record (DraftStore, per
 *   deployment, record and part; it survives a reload) and succeeds: nothing is sent, nothing
 *   looks like a failure. A draft is marked on its tab, offers Send to Axiom and Discard Draft in the
 *   editor's title, and says in the status bar what sending would change.
 * - Sending (`sendDocument`: Ctrl+S in the record's editor, Send to Axiom, a form's Save) takes
 *   the text each open editor of the record shows (a draft for a part not open), reads the record
 *   afresh, changes only what those texts hold with one PUT for the whole record, and asks
 *   (Overwrite, Compare) when a part changed in Axiom since its text was read, or when nothing was
 *   read of it in this window. Refused or failed, the text and its draft stay as they are.
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
  /** Per record (part ''), the send under way: a send asked for meanwhile follows it. */
  private readonly sending = new Map<string, Promise<boolean>>();
  /** Per document, while a send marks its documents saved: the texts that are Axiom's now. */
  private readonly justSent = new Map<string, Set<string | undefined>>();
  /** Per document, the text VS Code saved but the person did not send. */
  protected readonly drafts: DraftStore;
  private readonly decorationChanges = new vscode.EventEmitter<vscode.Uri[]>();
  /** Shown while the active editor's document of this kind has a change not sent to Axiom. */
  private readonly unsent: vscode.StatusBarItem;
  /** The context key listing the open documents of this kind with a draft (package.json's menus). */
  private readonly draftsContextKey: string;
  /** The context key that holds while the active tab is a document of this kind (Ctrl+S's keybinding:
   *  `resourceScheme` is not the tab's while a form's webview has the focus). */
  private readonly activeContextKey: string;
  private activeShown?: boolean;

  /** The scheme of this kind's documents, as its feature's declaration names it. */
  protected readonly scheme: string;
  /** The open documents of this kind, in the order they opened: VS Code's whole list
   *  (`workspace.textDocuments`, a new array of every document each time it is asked) took a
   *  millisecond an open in a window that had shown a few dozen documents, asked several times. */
  private readonly documents = new Set<vscode.TextDocument>();
  /** The scheme of Axiom's version, shown beside the person's in a comparison. */
  protected readonly remoteScheme: string;
  protected abstract readonly words: RecordWords;
  private saidWords?: Omit<RecordWords, 'opening' | 'saving'>;

  /** The words' templates in the display language, translated on first use. */
  private get said(): Omit<RecordWords, 'opening' | 'saving'> {
    if (!this.saidWords) {
      const { opening: _opening, saving: _saving, ...templates } = this.words;
      this.saidWords = translated(templates);
    }
    return this.saidWords;
  }
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
  /** The parts of the record a document is of, each a document of its own, and how a person reads
   *  each (a kind whose record is one document: that document's part, with no words). */
  protected partsOfRecord(location: RecordLocation): readonly { part: string; words?: Phrase }[] {
    return [{ part: location.part }];
  }
  /** Whether a failed PUT says the record changed in Axiom meanwhile (asked as a conflict). */
  protected isConflict(error: unknown): boolean {
    return isAxiomError(error) && error.kind === 'conflict';
  }
  /** The body of one PUT that sends every changed part (`changed`, part → text) over the record
   *  read afresh; `baseOf(part)` is what that part's text was read from. A kind whose record has
   *  one part sends that part's body. */
  protected bodyOf(
    fresh: JsonObject,
    changed: ReadonlyMap<string, string>,
    baseOf: (part: string) => JsonObject | undefined,
  ): JsonObject {
    let body = fresh;
    for (const [part, text] of changed) body = this.saveBody(body, baseOf(part), part, text);
    return body;
  }
  /** The id the record's PUT goes to (a record created from a document: its new id). */
  protected recordIdOf(location: RecordLocation): string {
    return location.id;
  }

  /** A save the service refused or that did not arrive (the document stays unsaved). */
  protected saveFailed(_location: RecordLocation, _error: unknown): void {
    // Nothing by default: a kind whose views show why a save failed is told here.
  }

  constructor(
    private readonly sessions: SessionSource,
    protected readonly log: Log,
    /**
     * The schemes of this kind's documents and of Axiom's version beside one (its feature's
     * declaration's `fileSystem`), the status bar item's name ("Axiom: monitor not sent"), and,
     * for a kind that shows a refused save's reasons at their fields, where it shows them: an edit
     * of the document makes them stale, and they are cleared.
     */
    {
      fileSystem,
      unsentName,
      refusals,
      memory,
    }: {
      fileSystem: { readonly scheme: string; readonly remote: string };
      unsentName: string;
      refusals?: vscode.DiagnosticCollection;
      memory: vscode.Memento;
    },
  ) {
    const { scheme } = fileSystem;
    this.scheme = scheme;
    for (const document of vscode.workspace.textDocuments)
      if (document.uri.scheme === scheme) this.documents.add(document);
    this.remoteScheme = fileSystem.remote;
    this.drafts = new DraftStore(memory, scheme);
    this.draftsContextKey = `axiom.drafts.${scheme.replace(/^axiom-/, '')}`;
    this.activeContextKey = `axiom.recordActive.${scheme.replace(/^axiom-/, '')}`;
    this.unsent = vscode.window.createStatusBarItem(`axiom.unsent.${scheme}`, vscode.StatusBarAlignment.Left, 100);
    this.unsent.name = unsentName;
    this.unsent.command = SEND_COMMAND;
    const showUnsent = () => this.showUnsent(scheme);
    this.subscriptions.push(
      this.unsent,
      this.drafts,
      this.decorationChanges,
      vscode.window.registerFileDecorationProvider({
        onDidChangeFileDecorations: this.decorationChanges.event,
        provideFileDecoration: (uri) => this.decorationOf(uri),
      }),
      this.drafts.onDidChange(() => {
        showUnsent();
        this.draftsChanged();
      }),
      vscode.window.tabGroups.onDidChangeTabs(showUnsent),
      vscode.window.tabGroups.onDidChangeTabGroups(showUnsent),
      vscode.workspace.onDidChangeTextDocument(({ document }) => {
        if (document.uri.scheme === scheme) showUnsent();
      }),
      vscode.workspace.onDidOpenTextDocument((document) => {
        if (document.uri.scheme !== scheme) return;
        this.documents.add(document);
        this.draftsChanged();
      }),
      vscode.workspace.onDidCloseTextDocument((document) => {
        if (document.uri.scheme !== scheme) return;
        this.documents.delete(document);
        this.draftsChanged();
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
    this.draftsChanged();
  }

  /** The document the active tab shows, if it is one of this kind (its text, its form, or the editable side of a comparison). */
  private activeDocumentUri(scheme: string): vscode.Uri | undefined {
    const uri = activeTabDocument();
    return uri?.scheme === scheme ? uri : undefined;
  }

  /** The status bar item shows while the active tab is a document of this kind whose record has a
   *  change not sent (unsaved text, or a draft), saying which parts sending changes. */
  private showUnsent(scheme: string): void {
    const uri = this.activeDocumentUri(scheme);
    if (this.activeShown !== (uri !== undefined)) {
      this.activeShown = uri !== undefined;
      void vscode.commands.executeCommand('setContext', this.activeContextKey, this.activeShown);
    }
    const location = uri && this.locationIn(uri);
    const changed = location ? this.changedParts(location) : undefined;
    if (!location || !changed?.size) {
      this.unsent.hide();
      return;
    }
    const drafted = this.partsOfRecord(location).some(({ part }) => this.drafts.has(recordKey({ ...location, part })));
    const parts = this.partsOfRecord(location).flatMap(({ part, words }) =>
      changed.has(part) && words ? [say(words)] : [],
    );
    this.unsent.text = `$(cloud-upload) ${drafted ? localize('Draft, not sent to Axiom') : localize('Not sent to Axiom')}`;
    this.unsent.tooltip = parts.length
      ? localize(
          'Your change of {0} is kept here and not sent: only you send it to Axiom (Ctrl+S in this editor, or click here). Auto save and Save All keep it as a draft.',
          parts.join(localize(' and ')),
        )
      : localize(
          'Your change is kept here and not sent: only you send it to Axiom (Ctrl+S in this editor, or click here). Auto save and Save All keep it as a draft.',
        );
    this.unsent.show();
  }

  /** A draft's tab and its row in the explorer are marked. */
  private decorationOf(uri: vscode.Uri): vscode.FileDecoration | undefined {
    if (uri.scheme !== this.scheme) return undefined;
    const location = this.locationIn(uri);
    if (!location || !this.drafts.has(recordKey(location))) return undefined;
    return new vscode.FileDecoration(
      '✎',
      localize('Draft: saved here, not sent to Axiom'),
      new vscode.ThemeColor('gitDecoration.modifiedResourceForeground'),
    );
  }

  /** Tells VS Code the drafts changed: the tabs' marks, and the context key the editor's title actions read. */
  private draftsChanged(): void {
    const open = [...this.documents].filter((d) => !d.isClosed);
    const drafted = open.filter((d) => {
      const location = this.locationIn(d.uri);
      return location !== undefined && this.drafts.has(recordKey(location));
    });
    this.decorationChanges.fire(open.map((d) => d.uri));
    void vscode.commands.executeCommand(
      'setContext',
      this.draftsContextKey,
      drafted.map((d) => d.uri.toString()),
    );
  }

  /** The text of each part of a record that differs from what it was read from: an open
   *  document's text, else the part's draft. Undefined base: every part with a text counts. */
  private changedParts(location: RecordLocation): Map<string, string> {
    const changed = new Map<string, string>();
    for (const { part } of this.partsOfRecord(location)) {
      const where = { ...location, part };
      const key = recordKey(where);
      const open = this.documentsOf(where).find((d) => !d.isClosed);
      const draft = this.drafts.get(key);
      const text = open ? open.getText() : draft?.text;
      if (text === undefined) continue;
      const base = this.bases.get(key) ?? draft?.base;
      if (!base || text !== this.textOf(base, part)) changed.set(part, text);
    }
    return changed;
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

  /** An open document of the record `id`, in whichever deployment. */
  protected openDocumentOf(id: string): vscode.TextDocument | undefined {
    for (const document of this.documents) if (this.locationIn(document.uri)?.id === id) return document;
    return undefined;
  }

  /** The open documents of a record (any part, or the one named) in a deployment. */
  documentsOf(location: { id: string; deployment: string; part?: string }): vscode.TextDocument[] {
    return [...this.documents].filter((document) => {
      const other = this.locationIn(document.uri);
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
      if (!base || open.isDirty || this.drafts.has(key) || this.partUnchanged(base, record.raw, location.part))
        continue;
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
    await vscode.commands.executeCommand('vscode.diff', remote, uri, localize('“{0}”: Axiom’s ↔ yours', current.name));
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
    const draft = this.drafts.get(key);
    if (draft) {
      // A draft is what the document shows, without asking Axiom.
      size = encoder.encode(draft.text).byteLength;
    } else if (base) {
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
    const draft = this.drafts.get(key);
    if (draft) {
      // A draft (kept across a reload) is the document's text; what it was read from, its base.
      if (draft.base && !this.bases.has(key)) this.bases.set(key, draft.base);
      return encoder.encode(draft.text);
    }
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

  /**
   * Every save VS Code makes of a document (the person's File: Save included, auto save, Save All,
   * another extension's save or write): the text is kept as the record's draft, and nothing is
   * sent. Text that is Axiom's version as read (after a send, a revert) drops the draft.
   */
  async writeFile(uri: vscode.Uri, content: Uint8Array): Promise<void> {
    const location = this.locationOf(uri);
    const key = recordKey(location);
    const text = decoder.decode(content);
    const base = this.bases.get(key) ?? this.drafts.get(key)?.base;
    if ((base && text === this.textOf(base, location.part)) || this.justSent.get(key)?.has(text))
      await this.drafts.delete(key);
    else {
      await this.drafts.set(key, { text, ...(base ? { base } : {}), at: Date.now() });
      this.log.info(`${this.scheme}: ${uri.path} kept as a draft (only the person's send sends it)`);
    }
    this.times.set(key, Math.max(Date.now(), this.timeOf(key) + 1));
    // Written other than by saving its document (workspace.fs): the open document reads it again.
    const open = this.documentsOf(location).filter((d) => !d.isClosed && d.getText() !== text);
    if (open.length) this.fileChanges.fire(open.map((d) => ({ type: vscode.FileChangeType.Changed, uri: d.uri })));
  }

  /**
   * The person's send of a record (`uri` is any of its documents): the text each part's open
   * document shows (else its draft) over the record read afresh, in one PUT. Asks first when a
   * part changed in Axiom since its text was read, or when nothing of the record was read in this
   * window. Says what happened; a refusal or a failure keeps every text and draft as it is.
   * Resolves to whether the record was sent (or there was nothing to send).
   */
  async sendDocument(uri: vscode.Uri): Promise<boolean> {
    const location = this.locationOf(uri);
    // Ctrl+S pressed again while the record is being sent: after that send, what is left (often nothing).
    const whole = recordKey({ ...location, part: '' });
    const before = this.sending.get(whole);
    const sending = (async () => {
      await before?.catch(() => undefined);
      return this.sendNow(location);
    })();
    this.sending.set(whole, sending);
    try {
      return await sending;
    } finally {
      if (this.sending.get(whole) === sending) this.sending.delete(whole);
    }
  }

  private async sendNow(location: RecordLocation): Promise<boolean> {
    const changed = this.changedParts(location);
    if (!changed.size) {
      await this.settle(location);
      vscode.window.setStatusBarMessage(`$(check) ${localize('Nothing to send: this is Axiom’s version.')}`, 3000);
      return true;
    }
    try {
      const saved = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Window, title: localize('Sending to Axiom…') },
        () => this.sendRecord(location, changed),
      );
      if (!saved) return false;
      await this.settle(location, changed);
      vscode.window.setStatusBarMessage(`$(check) ${localize('Sent “{0}” to Axiom', saved.name)}`, 4000);
      return true;
    } catch (error) {
      return this.notSent(error);
    }
  }

  /** A send that failed or was refused, said in one sentence; the texts and drafts stay. */
  protected notSent(error: unknown): false {
    const message = error instanceof Error ? error.message : String(error);
    void vscode.window.showErrorMessage(localize('Not sent to Axiom: {0} Your text is kept.', message));
    return false;
  }

  /** One PUT of the changed parts over the record read afresh; undefined when the person chose not to send. */
  private async sendRecord(location: RecordLocation, changed: ReadonlyMap<string, string>): Promise<R | undefined> {
    const id = this.recordIdOf(location);
    const client = await this.client(location, this.words.saving);
    for (let attempt = 0; ; attempt++) {
      const fresh = await this.read({ ...location, id }, this.words.saving, client);
      const baseOf = (part: string) => this.baseOfPart({ ...location, part });
      const inConflict = [...changed.keys()].filter((part) => {
        const compared = this.compared.get(recordKey({ ...location, part }));
        if (compared && this.partUnchanged(compared, fresh.raw, part)) return false;
        const base = baseOf(part);
        return !base || !this.partUnchanged(base, fresh.raw, part);
      });
      if (inConflict.length) {
        const unread = inConflict.filter((part) => !baseOf(part));
        this.log.info(
          `${this.scheme} ${id}: ${unread.length ? 'nothing read of it in this window' : 'changed in Axiom since it was read'} (${inConflict.join(', ')}); asking`,
        );
        const choice = await this.askOnConflict(fresh.name);
        if (choice === 'compare') {
          const [part] = changed.keys();
          const open = this.documentsOf({ ...location, part })[0];
          if (open) await this.compare(open.uri, fresh);
          vscode.window.setStatusBarMessage(fill(this.said.notSavedCompare, [fresh.name]), 6000);
          return undefined;
        }
        if (choice !== 'overwrite') {
          vscode.window.setStatusBarMessage(fill(this.said.notSavedChanged, [fresh.name]), 6000);
          return undefined;
        }
        // Overwriting: Axiom's version as it is now is what the texts are sent over.
        for (const part of changed.keys()) this.compared.set(recordKey({ ...location, part }), fresh.raw);
      }
      try {
        const saved = await this.put(client, location, id, fresh, changed, baseOf);
        for (const { part } of this.partsOfRecord(location)) {
          const key = recordKey({ ...location, part });
          this.bases.set(key, saved.raw);
          this.pending.delete(key);
          this.compared.delete(key);
        }
        this.log.info(`sent ${this.scheme} ${id} (${[...changed.keys()].join(', ')})`);
        this.saved(saved, location);
        return saved;
      } catch (error) {
        if (!this.isConflict(error)) throw error;
        // Saved in Axiom between the read and the PUT: read again and ask (once more at most).
        if (attempt === 0) continue;
        this.saveFailed(location, error);
        throw this.fileError(error, savingNamed(fresh.name));
      }
    }
  }

  /** What a part's text was read from: the record read into its document, else its draft's. */
  private baseOfPart(location: RecordLocation): JsonObject | undefined {
    const key = recordKey(location);
    return this.bases.get(key) ?? this.drafts.get(key)?.base;
  }

  /**
   * After a send (`sent`: each part's text as sent; none when there was nothing to send): each
   * part's draft of that text dropped, and each open document that shows it marked saved (its save
   * is a write of the text just sent, which keeps no draft). A document typed into meanwhile keeps
   * its newer text, unsent. A document that shows other text than Axiom's version now (the service
   * wrote it its own way) is read again.
   */
  private async settle(location: RecordLocation, sent: ReadonlyMap<string, string> = new Map()): Promise<void> {
    for (const { part } of this.partsOfRecord(location)) {
      const where = { ...location, part };
      const key = recordKey(where);
      const base = this.bases.get(key);
      const settled = new Set([sent.get(part), base && this.textOf(base, part)]);
      this.justSent.set(key, settled);
      try {
        for (const open of this.documentsOf(where)) if (open.isDirty && settled.has(open.getText())) await open.save();
      } finally {
        this.justSent.delete(key);
      }
      const draft = this.drafts.get(key);
      if (draft && settled.has(draft.text)) await this.drafts.delete(key);
      const stale = this.documentsOf(where).filter(
        (open) => !open.isDirty && base !== undefined && open.getText() !== this.textOf(base, part),
      );
      if (stale.length) {
        // A new time tells VS Code the document changed: it reads it again.
        this.times.set(key, Math.max(Date.now(), this.timeOf(key) + 1));
        this.fileChanges.fire(stale.map((open) => ({ type: vscode.FileChangeType.Changed, uri: open.uri })));
      }
    }
    this.draftsChanged();
  }

  /** A record created from its documents (a new monitor's first send): they show it from now on,
   *  their texts as sent; `time` is the time their documents were read at (kept, so that VS Code's
   *  save that marks them saved finds them as it read them). */
  protected async adopt(location: RecordLocation, record: R, time: number): Promise<void> {
    const sent = new Map<string, string>();
    for (const { part } of this.partsOfRecord(location)) {
      const key = recordKey({ ...location, part });
      this.bases.set(key, record.raw);
      this.times.set(key, time);
      const open = this.documentsOf({ ...location, part })[0];
      if (open) sent.set(part, open.getText());
    }
    await this.settle(location, sent);
  }

  /** Whether the document's text is a draft kept here and not sent. */
  hasDraft(uri: vscode.Uri): boolean {
    const location = this.locate(uri);
    return location !== undefined && this.drafts.has(recordKey(location));
  }

  /**
   * Discard Draft: the record's documents go back to Axiom's version, read afresh, and their
   * drafts are dropped. Nothing is sent.
   */
  async discardDraft(uri: vscode.Uri): Promise<void> {
    const location = this.locationOf(uri);
    let record: R;
    try {
      record = await this.read(location, this.words.opening);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      void vscode.window.showErrorMessage(localize('The draft was kept: {0}', message));
      return;
    }
    for (const { part } of this.partsOfRecord(location)) {
      const where = { ...location, part };
      const key = recordKey(where);
      this.bases.set(key, record.raw);
      this.pending.delete(key);
      await this.drafts.delete(key);
      const text = this.textOf(record.raw, part);
      for (const open of this.documentsOf(where)) {
        if (open.getText() !== text) {
          const edit = new vscode.WorkspaceEdit();
          edit.replace(open.uri, new vscode.Range(open.positionAt(0), open.positionAt(open.getText().length)), text);
          await vscode.workspace.applyEdit(edit);
        }
        if (open.isDirty) await open.save();
      }
    }
    this.draftsChanged();
  }

  /** The one PUT of a send: the changed parts' texts over the record read afresh (`fresh`, record
   *  `id`; `base` is what the texts were read from). A failure is told, then thrown as VS Code's file error. */
  protected async put(
    client: AxiomClient,
    location: RecordLocation,
    id: string,
    fresh: R,
    changed: ReadonlyMap<string, string>,
    baseOf: (part: string) => JsonObject | undefined,
  ): Promise<R> {
    const body = this.bodyOf(fresh.raw, changed, baseOf);
    try {
      return await this.putRecord(client, id, body);
    } catch (error) {
      if (this.isConflict(error)) throw error;
      this.saveFailed(location, error);
      throw this.fileError(error, savingNamed(fresh.name));
    }
  }

  /** The question a send asks when the record changed in Axiom (or nothing of it was read in this
   *  window). Not modal: VS Code asks the same of a file changed on disk with a notification;
   *  dismissed, nothing is sent and the text stays. */
  protected async askOnConflict(name: string): Promise<ConflictChoice> {
    const [overwrite, compare] = [localize('Overwrite'), localize('Compare')];
    const choice = await vscode.window.showWarningMessage(fill(this.said.conflictQuestion, [name]), overwrite, compare);
    return choice === overwrite ? 'overwrite' : choice === compare ? 'compare' : undefined;
  }

  readDirectory(): never {
    throw vscode.FileSystemError.NoPermissions(this.said.listed);
  }

  createDirectory(): never {
    throw vscode.FileSystemError.NoPermissions(this.said.created);
  }

  delete(): never {
    throw vscode.FileSystemError.NoPermissions(this.said.deleteFrom);
  }

  rename(): never {
    throw vscode.FileSystemError.NoPermissions(this.said.renameFrom);
  }

  dispose(): void {
    for (const subscription of this.subscriptions) subscription.dispose();
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
      throw vscode.FileSystemError.Unavailable(fill(this.said.otherDeployment, [opened, now]));
    }
    if (!session.client)
      throw vscode.FileSystemError.NoPermissions(localize('Set an Axiom API token first (Axiom: Set API Token).'));
    return session.client;
  }

  protected async read(location: RecordLocation, doing: Phrase, client?: AxiomClient): Promise<R> {
    if (this.isGone(location.deployment, location.id)) throw vscode.FileSystemError.FileNotFound(this.said.deleted);
    const using = client ?? (await this.client(location, doing));
    try {
      return await this.fetchRecord(using, this.recordIdOf(location));
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
