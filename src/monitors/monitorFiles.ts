import * as vscode from 'vscode';
import { FEATURES } from '../platform/declarations';
import type { AxiomClient } from '../core/api/client';
import type { Monitor } from '../core/api/schemas';
import { isAxiomError } from '../core/api/errors';
import { fieldText, type JsonObject } from '../core/json';
import { checkQueryShape, type MonitorProblem } from '../core/monitors/monitorChecks';
import {
  monitorDocumentLocation,
  monitorDocumentPath,
  queryBody,
  queryField,
  queryLanguage,
  queryText,
  readSettingsText,
  samePart,
  settingsBody,
  settingsText,
  type MonitorPart,
} from '../core/monitors/monitorDocuments';
import { MONITOR_SCHEME } from '../core/monitors/monitorScheme';
import { blockingProblems, createMonitor, putMonitor, type CreateOutcome } from '../core/monitors/monitorWrites';
import { phrase, type Phrase } from '../core/phrase';
import { deploymentUriQuery, recordKey, type RecordLocation } from '../core/recordUri';
import type { ClientAccess } from '../platform/clientAccess';
import { APL_LANGUAGE_ID } from '../platform/constants';
import { MPL_LANGUAGE_ID } from '../core/mpl/languageId';
import { localize, say } from '../platform/l10n';
import type { Log } from '../platform/log';
import { forgetWhenClosed } from '../platform/documentState';
import { RecordFiles, type RecordWords } from '../platform/recordFiles';
import { MONITOR_EDIT_COLUMNS } from './monitorEditColumns';

/** A monitor read to be changed, with its name (what RecordFiles says it by). */
export interface MonitorDocumentRecord {
  monitor: Monitor;
  raw: JsonObject;
  name: string;
}

/** A new monitor opened before it exists (Duplicate, New Monitor from Query): created by its first send. */
interface NewMonitor {
  definition: JsonObject;
  /** The document's time, moved by each save. */
  time: number;
  /** Per part, the text VS Code last saved (kept here, never sent by a save). */
  texts: Map<string, string>;
  /** The monitor its first send created: later sends of its documents change that one. */
  created?: MonitorDocumentRecord;
  /** Its first send, while the POST is under way. */
  creating?: Promise<MonitorDocumentRecord>;
}

/** The two documents of a monitor, and how a person reads each. */
const MONITOR_PARTS: readonly { part: MonitorPart; words: Phrase }[] = [
  { part: 'query', words: phrase('the query') },
  { part: 'settings', words: phrase('the settings') },
];

/** A draft's documents' id: never one the service gives (its ids have no `~`). */
const DRAFT_PREFIX = 'new~';

/** Why a save of a monitor's document failed: the problems found before sending, or the service's words. */
export interface SaveFailure {
  id: string;
  part: MonitorPart;
  problems: MonitorProblem[];
  serviceMessage?: string;
}

interface Deps {
  connection: ClientAccess;
  log: Log;
  /** Where drafts are kept (the editor's global storage). */
  memory: vscode.Memento;
  /** Told of each monitor saved here, for its row. */
  onSaved(monitor: Monitor): void;
  labelOf(deployment: string): string;
}

/** A monitor as read, named (what RecordFiles says it by). */
function named(record: { monitor: Monitor; raw: JsonObject }): MonitorDocumentRecord {
  return { ...record, name: record.monitor.name };
}

/** The problems that stop a save, said in one sentence each ("Threshold: A threshold monitor needs a threshold."). */
function problemsText(problems: readonly MonitorProblem[]): string {
  return problems
    .filter((p) => p.level === 'error')
    .map((p) => say(p.reason))
    .join(' ');
}

/** What is said about these documents (platform/recordFiles.ts's RecordWords). */
const MONITOR_FILE_WORDS: RecordWords = {
  opening: phrase('Opening the monitor'),
  saving: phrase('Saving the monitor'),
  deleted: 'This monitor was deleted in Axiom; your text is kept.',
  otherDeployment:
    'This monitor was opened from the deployment “{0}”, but this window now uses “{1}”: nothing was sent. Switch back to “{0}” to send it; your text is kept.',
  listed: 'Monitors are listed in the Monitors view.',
  created: 'Monitors are created with Axiom: New Monitor from Query.',
  deleteFrom: 'Delete a monitor from the Monitors view.',
  renameFrom: 'Rename a monitor in its settings.',
  conflictQuestion:
    '“{0}” changed in Axiom since you opened it. Overwrite Axiom’s version with yours, or compare the two first?',
  notSavedCompare:
    '“{0}” was not sent: it changed in Axiom. Compare the two, then send again (Ctrl+S) to overwrite Axiom’s.',
  notSavedChanged: '“{0}” was not sent: it changed in Axiom since you opened it.',
};

/**
 * A monitor as two documents (see monitorDocuments.ts): its query and its settings, each saved
 * with one PUT of the record read afresh with only what it changes changed. Problems the service
 * would refuse are found before sending and stop the save with their reasons; the settings form
 * hears of every failed save (onDidFailSave) to show the reason at its field.
 */
export class MonitorFiles extends RecordFiles<MonitorDocumentRecord> {
  private readonly failures = new vscode.EventEmitter<SaveFailure>();
  readonly onDidFailSave = this.failures.event;
  private readonly creations = new vscode.EventEmitter<{
    deployment: string;
    draftId: string;
    monitor: Monitor;
    uri: vscode.Uri;
  }>();
  /** A draft's first save created its monitor. */
  readonly onDidCreate = this.creations.event;
  private readonly saves = new vscode.EventEmitter<RecordLocation>();
  /** A document of a monitor was saved (a draft's included). */
  readonly onDidSave = this.saves.event;
  private readonly newMonitors = new Map<string, NewMonitor>();
  private draftCount = 0;

  protected readonly words = MONITOR_FILE_WORDS;

  constructor(private readonly deps: Deps) {
    super(deps.connection, deps.log, {
      fileSystem: FEATURES.monitors.fileSystem,
      unsentName: localize('Axiom: monitor not sent'),
      memory: deps.memory,
    });
    this.subscriptions.push(
      this.failures,
      this.creations,
      this.saves,
      // A draft is forgotten once none of its documents is open (its text is gone with them).
      forgetWhenClosed(
        (uri) => {
          const location = this.locate(uri);
          return location?.id.startsWith(DRAFT_PREFIX) ? this.draftKey(location) : undefined;
        },
        (key) => this.newMonitors.delete(key),
      ),
    );
  }

  protected locationIn(uri: vscode.Uri): RecordLocation | undefined {
    return monitorDocumentLocation(uri.path, uri.query);
  }

  protected async fetchRecord(client: AxiomClient, id: string): Promise<MonitorDocumentRecord> {
    return named(await client.getMonitor(id));
  }

  protected async putRecord(client: AxiomClient, id: string, body: JsonObject): Promise<MonitorDocumentRecord> {
    return named(await putMonitor(client, id, body));
  }

  protected textOf(raw: JsonObject, part: string): string {
    return part === 'query' ? queryText(raw) : settingsText(raw);
  }

  protected partUnchanged(a: JsonObject, b: JsonObject, part: string): boolean {
    return samePart(a, b, part);
  }

  /** A monitor is one record with two documents: its query and its settings, sent together. */
  protected override partsOfRecord(): readonly { part: MonitorPart; words: Phrase }[] {
    return MONITOR_PARTS;
  }

  /** One PUT for both parts: the settings' changes over the record read afresh, then the query. */
  protected override bodyOf(
    fresh: JsonObject,
    changed: ReadonlyMap<string, string>,
    baseOf: (part: string) => JsonObject | undefined,
  ): JsonObject {
    const settings = changed.get('settings');
    const query = changed.get('query');
    const withSettings =
      settings === undefined ? undefined : this.saveBody(fresh, baseOf('settings'), 'settings', settings);
    const withQuery = query === undefined ? undefined : this.saveBody(fresh, baseOf('query'), 'query', query);
    if (withSettings && withQuery) return { ...withSettings, [queryField(fresh)]: withQuery[queryField(fresh)] };
    return withSettings ?? withQuery ?? super.bodyOf(fresh, changed, baseOf);
  }

  /** A new monitor's documents, once it was created, send to the monitor created. */
  protected override recordIdOf(location: RecordLocation): string {
    return this.newMonitors.get(this.draftKey(location))?.created?.monitor.id ?? location.id;
  }

  /** The query's shape, or the whole settings, checked before anything is sent: problems stop the save with their reasons. */
  protected saveBody(fresh: JsonObject, base: JsonObject | undefined, part: string, text: string): JsonObject {
    const id = fieldText(fresh.id);
    if (part === 'query') {
      const problems =
        queryField(fresh) === 'aplQuery'
          ? checkQueryShape(fieldText(fresh.type), text).filter((p) => p.level === 'error')
          : [];
      if (problems.length) this.refuse(id, part, fieldText(fresh.name), problems);
      return queryBody(fresh, text);
    }
    const read = readSettingsText(text);
    if (!read.ok) throw new vscode.FileSystemError(localize('The settings were not saved: {0}', say(read.problem)));
    const body = settingsBody(fresh, base, read.definition);
    const problems = blockingProblems(body);
    if (problems.length) this.refuse(id, part as MonitorPart, fieldText(fresh.name), problems);
    return body;
  }

  /** A save stopped before sending: the form hears why, and VS Code keeps the text unsaved with the reasons. */
  private refuse(id: string, part: MonitorPart, name: string, problems: MonitorProblem[]): never {
    this.fail(id, part, problems);
    throw new vscode.FileSystemError(localize('“{0}” was not sent: {1}', name, problemsText(problems)));
  }

  protected saved(record: MonitorDocumentRecord, location: RecordLocation): void {
    const created = this.newMonitors.get(this.draftKey(location));
    if (created?.created) created.created = record;
    this.deps.onSaved(record.monitor);
    this.saves.fire(location);
  }

  protected override saveFailed(location: RecordLocation, error: unknown): void {
    this.fail(
      location.id,
      location.part as MonitorPart,
      [],
      isAxiomError(error) ? (error.serviceMessage ?? error.message) : undefined,
    );
  }

  protected deploymentLabel(deployment: string): string {
    return this.deps.labelOf(deployment);
  }

  private draftKey(location: { deployment: string; id: string }): string {
    return recordKey({ ...location, part: '' });
  }

  /** A new monitor of `definition` (no id), for its documents to be opened: created by their first save. */
  draft(
    deployment: string,
    definition: JsonObject,
  ): { id: string; name: string; aplQuery?: string; mplQuery?: string } {
    const id = `${DRAFT_PREFIX}${Date.now().toString(36)}${++this.draftCount}`;
    const clean: JsonObject = { ...definition };
    for (const key of ['id', 'createdAt', 'createdBy', 'updatedAt']) delete clean[key];
    this.newMonitors.set(this.draftKey({ deployment, id }), { definition: clean, time: Date.now(), texts: new Map() });
    return {
      id,
      name: fieldText(clean.name),
      ...(typeof clean.aplQuery === 'string' ? { aplQuery: clean.aplQuery } : {}),
      ...(typeof clean.mplQuery === 'string' ? { mplQuery: clean.mplQuery } : {}),
    };
  }

  /** The definition a draft was opened with, while it is not created (undefined for any other monitor). */
  draftDefinition(deployment: string, id: string): JsonObject | undefined {
    const draft = this.newMonitors.get(this.draftKey({ deployment, id }));
    return draft && !draft.created ? { ...draft.definition } : undefined;
  }

  /** Whether a document is of a monitor not created yet. */
  isDraft(uri: vscode.Uri): boolean {
    const location = this.locate(uri);
    return (
      location !== undefined &&
      location.id.startsWith(DRAFT_PREFIX) &&
      !this.newMonitors.get(this.draftKey(location))?.created
    );
  }

  /**
   * The monitor as its open documents have it, saved or not: the record they were read from (a
   * draft's definition before it is created) with the settings document's and the query
   * document's texts over it. Undefined when nothing is known of it here.
   */
  edited(deployment: string, id: string): JsonObject | undefined {
    const draft = this.newMonitors.get(this.draftKey({ deployment, id }));
    const settingsDocument = this.documentsOf({ id, deployment, part: 'settings' })[0];
    const queryDocument = this.documentsOf({ id, deployment, part: 'query' })[0];
    const base =
      draft?.created?.raw ??
      draft?.definition ??
      (settingsDocument && this.baseOf(settingsDocument.uri)) ??
      (queryDocument && this.baseOf(queryDocument.uri));
    if (!base) return undefined;
    const definition: JsonObject = { ...base };
    if (settingsDocument) {
      const read = readSettingsText(settingsDocument.getText());
      if (read.ok) {
        for (const key of Object.keys(definition))
          if (key !== 'aplQuery' && key !== 'mplQuery' && key !== 'id') delete definition[key];
        Object.assign(definition, read.definition);
      }
    }
    if (queryDocument) definition[queryField(base)] = queryDocument.getText();
    return definition;
  }

  override async stat(uri: vscode.Uri): Promise<vscode.FileStat> {
    const draft = this.draftOf(uri);
    if (!draft || draft.created) return super.stat(uri);
    const text = this.newMonitorText(draft, this.locationOf(uri).part);
    return { type: vscode.FileType.File, ctime: 0, mtime: draft.time, size: new TextEncoder().encode(text).byteLength };
  }

  override async readFile(uri: vscode.Uri): Promise<Uint8Array> {
    const draft = this.draftOf(uri);
    if (!draft || draft.created) return super.readFile(uri);
    return new TextEncoder().encode(this.newMonitorText(draft, this.locationOf(uri).part));
  }

  /** A save of a new monitor's document before it is created: its text kept here, nothing sent. */
  override async writeFile(uri: vscode.Uri, content: Uint8Array): Promise<void> {
    const draft = this.draftOf(uri);
    if (!draft || draft.created) return super.writeFile(uri, content);
    draft.texts.set(this.locationOf(uri).part, new TextDecoder().decode(content));
    draft.time = Math.max(Date.now(), draft.time + 1);
  }

  /** What a new monitor's document shows: its last saved text, else the definition it was opened with. */
  private newMonitorText(draft: NewMonitor, part: string): string {
    return draft.texts.get(part) ?? this.textOf(draft.definition, part);
  }

  /** The person's send: a new monitor not created yet is created (one POST of both documents as
   *  they are now); any other is sent as every record is (RecordFiles). */
  override async sendDocument(uri: vscode.Uri): Promise<boolean> {
    const draft = this.draftOf(uri);
    // Sent again while it is being created: once it is, what is left is sent to the monitor made.
    if (draft?.creating) await draft.creating.catch(() => undefined);
    if (!draft || draft.created) return super.sendDocument(uri);
    const creating = this.create(uri, draft);
    draft.creating = creating;
    try {
      const created = await creating;
      vscode.window.setStatusBarMessage(`$(check) ${localize('Created “{0}” in Axiom', created.name)}`, 4000);
      return true;
    } catch (error) {
      return this.notSent(error);
    } finally {
      draft.creating = undefined;
    }
  }

  /** The first send of a new monitor: the definition as both documents have it now, checked, then one POST. */
  private async create(uri: vscode.Uri, draft: NewMonitor): Promise<MonitorDocumentRecord> {
    const location = this.locationOf(uri);
    const client = await this.client(location, this.words.saving);
    const definition = this.edited(location.deployment, location.id) ?? { ...draft.definition };
    const name = fieldText(definition.name);
    let outcome: CreateOutcome;
    try {
      outcome = await createMonitor(client, definition, { checking: 'all' });
    } catch (error) {
      this.saveFailed(location, error);
      throw this.fileError(error, phrase('Creating “{0}”', name));
    }
    if (outcome.kind !== 'created') {
      const problems = outcome.kind === 'refused' ? outcome.problems : [];
      this.fail(location.id, location.part as MonitorPart, problems);
      throw new vscode.FileSystemError(localize('“{0}” was not created: {1}', name, problemsText(problems)));
    }
    const created = named(outcome.record);
    draft.created = created;
    this.log.info(`created monitor ${created.monitor.id}`);
    await this.adopt(location, created, draft.time);
    this.saves.fire(location);
    this.creations.fire({ deployment: location.deployment, draftId: location.id, monitor: created.monitor, uri });
    return created;
  }

  private draftOf(uri: vscode.Uri): NewMonitor | undefined {
    const location = this.locate(uri);
    if (!location?.id.startsWith(DRAFT_PREFIX)) return undefined;
    const draft = this.newMonitors.get(this.draftKey(location));
    // A draft's documents restored in a window that no longer has it: nothing to read or save.
    if (!draft)
      throw vscode.FileSystemError.FileNotFound(
        localize(
          'This new monitor was never created, and what it was made of is gone (the window was reloaded). Copy its text into a new monitor.',
        ),
      );
    return draft;
  }

  private fail(id: string, part: MonitorPart, problems: MonitorProblem[], serviceMessage?: string): void {
    this.failures.fire({ id, part, problems, serviceMessage });
  }

  /** Where a part of a monitor of the deployment lives: an open document of it, if there is one. */
  uriFor(
    deployment: string,
    monitor: { id: string; name: string; aplQuery?: string; mplQuery?: string },
    part: MonitorPart,
  ): vscode.Uri {
    return (
      this.documentsOf({ id: monitor.id, deployment, part })[0]?.uri ??
      vscode.Uri.from({
        scheme: MONITOR_SCHEME,
        path: monitorDocumentPath(monitor.id, monitor.name, part, queryLanguage(monitor)),
        query: deploymentUriQuery(deployment),
      })
    );
  }

  /** Opens the query document of the monitor a settings document is of, in the query's group. */
  async openQueryOf(settings: vscode.Uri): Promise<void> {
    const location = this.locate(settings);
    if (!location) return;
    const definition = this.edited(location.deployment, location.id);
    const language = definition ? queryLanguage(definition) : 'apl';
    const uri =
      this.documentsOf({ ...location, part: 'query' })[0]?.uri ??
      settings.with({ path: settings.path.replace(/\.monitor-settings\.json$/, `.${language}`) });
    let document = await vscode.workspace.openTextDocument(uri);
    if (definition) document = await inQueryLanguage(document, language);
    await vscode.window.showTextDocument(document, { preview: false, viewColumn: MONITOR_EDIT_COLUMNS.query });
  }

  /** Opens the monitor's query (as Axiom APL, for an APL query; as Axiom MPL, for a monitor of
   *  metrics) and its settings beside it, in the two groups of MONITOR_EDIT_COLUMNS. */
  async open(
    deployment: string,
    monitor: { id: string; name: string; aplQuery?: string; mplQuery?: string },
  ): Promise<{ query: vscode.TextEditor }> {
    let document = await vscode.workspace.openTextDocument(this.uriFor(deployment, monitor, 'query'));
    if (monitor.aplQuery !== undefined || monitor.mplQuery !== undefined)
      document = await inQueryLanguage(document, queryLanguage(monitor));
    const query = await vscode.window.showTextDocument(document, {
      preview: false,
      viewColumn: MONITOR_EDIT_COLUMNS.query,
    });
    await vscode.commands.executeCommand('vscode.open', this.uriFor(deployment, monitor, 'settings'), {
      viewColumn: MONITOR_EDIT_COLUMNS.side,
      preview: false,
      preserveFocus: true,
    });
    return { query };
  }
}

/** The query document in its language's editor: Axiom APL, or Axiom MPL (core/mpl/languageId.ts). */
async function inQueryLanguage(document: vscode.TextDocument, language: 'apl' | 'mpl'): Promise<vscode.TextDocument> {
  const languageId = language === 'mpl' ? MPL_LANGUAGE_ID : APL_LANGUAGE_ID;
  return document.languageId === languageId ? document : vscode.languages.setTextDocumentLanguage(document, languageId);
}
