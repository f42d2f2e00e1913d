import * as vscode from 'vscode';
import { FEATURES } from '../platform/declarations';
import type { AxiomClient } from '../core/api/client';
import type { JsonObject, StarredQuery, StarredRecord } from '../core/api/starred';
import { phrase } from '../core/phrase';
import type { RecordLocation } from '../core/recordUri';
import { STARRED_PART, starredLocation, starredPath } from '../core/starred/starredUri';
import { bodyWithApl, sameQuery } from '../core/starred/writeBack';
import { APL_LANGUAGE_ID } from '../platform/constants';
import type { ClientAccess } from '../platform/clientAccess';
import { localize } from '../platform/l10n';
import type { Log } from '../platform/log';
import { RecordFiles, type RecordWords } from '../platform/recordFiles';

interface Deps {
  connection: ClientAccess;
  log: Log;
  /** Told of each query saved here, for its row. */
  onSaved(query: StarredQuery): void;
  /** How a person reads a deployment's name ('' is the settings deployment). */
  labelOf(deployment: string): string;
  /** Where drafts are kept (the editor's global storage). */
  memory: vscode.Memento;
}

type NamedStarred = StarredRecord & { name: string };

const named = (record: StarredRecord): NamedStarred => ({ ...record, name: record.query.name });

function aplOf(record: JsonObject): string {
  const query = record.query as { apl?: unknown } | undefined;
  return typeof query?.apl === 'string' ? query.apl : '';
}

/** What is said about these documents (platform/recordFiles.ts's RecordWords). */
const STARRED_FILE_WORDS: RecordWords = {
  opening: phrase('Opening the starred query'),
  saving: phrase('Saving the starred query'),
  deleted: 'This starred query was deleted in Axiom; your text is kept. Star it again with Axiom: Star this APL Query.',
  otherDeployment:
    'This starred query was opened from the deployment “{0}”, but this window now uses “{1}”: nothing was sent. Switch back to “{0}” to send it; your text is kept.',
  listed: 'Starred queries are listed in the Starred Queries view.',
  created: 'Starred queries are created with Axiom: Star this APL Query.',
  deleteFrom: 'Delete a starred query from the Starred Queries view.',
  renameFrom: 'Rename a starred query from the Starred Queries view.',
  conflictQuestion:
    '“{0}” changed in Axiom since you opened it. Overwrite Axiom’s query with yours, or compare the two first?',
  notSavedCompare:
    '“{0}” was not sent: its query changed in Axiom. Compare the two, then send again (Ctrl+S) to overwrite Axiom’s.',
  notSavedChanged: '“{0}” was not sent: its query changed in Axiom since you opened it.',
};

/**
 * Starred queries as documents, one URI per query and deployment
 * (`axiom-starred:/<id>/<name>.apl?deployment=<name>`, no query part for the settings deployment):
 * reading one reads the query from Axiom, saving one (Ctrl+S) puts its APL back, as RecordFiles
 * does for every record of the service kept as a document.
 */
export class StarredFiles extends RecordFiles<NamedStarred> {
  protected readonly words = STARRED_FILE_WORDS;

  constructor(private readonly deps: Deps) {
    super(deps.connection, deps.log, {
      fileSystem: FEATURES.starred.fileSystem,
      unsentName: localize('Axiom: starred query not sent'),
      memory: deps.memory,
    });
  }

  protected locationIn(uri: vscode.Uri): RecordLocation | undefined {
    return starredLocation(uri.path, uri.query);
  }

  protected async fetchRecord(client: AxiomClient, id: string): Promise<NamedStarred> {
    return named(await client.getStarredQuery(id));
  }

  protected async putRecord(client: AxiomClient, id: string, body: JsonObject): Promise<NamedStarred> {
    return named(await client.updateStarredQuery(id, body));
  }

  protected textOf(raw: JsonObject): string {
    return aplOf(raw);
  }

  /** A save replaces the APL and keeps the rest as the service has it now: only a change to the
   *  query itself (APL, time range, options) is a conflict. */
  protected partUnchanged(a: JsonObject, b: JsonObject): boolean {
    return sameQuery(a, b);
  }

  protected saveBody(fresh: JsonObject, _base: JsonObject | undefined, _part: string, text: string): JsonObject {
    return bodyWithApl(fresh, text);
  }

  protected saved(record: NamedStarred): void {
    this.deps.onSaved(record.query);
  }

  protected deploymentLabel(deployment: string): string {
    return this.deps.labelOf(deployment);
  }

  /** The document's URI for a query of a deployment: that of an open document of it, if there is
   *  one, so that a query has one per deployment. */
  uriFor(deployment: string, query: StarredQuery): vscode.Uri {
    return this.documentUri({ id: query.id, deployment, part: STARRED_PART }, starredPath(query.id, query.name));
  }

  /** Opens the query's document for the deployment it was read from (Axiom APL, whatever `.apl` is associated with here). */
  async open(
    deployment: string,
    query: StarredQuery,
    options: vscode.TextDocumentShowOptions = {},
  ): Promise<vscode.TextEditor> {
    let document = await vscode.workspace.openTextDocument(this.uriFor(deployment, query));
    if (document.languageId !== APL_LANGUAGE_ID)
      document = await vscode.languages.setTextDocumentLanguage(document, APL_LANGUAGE_ID);
    return vscode.window.showTextDocument(document, options);
  }
}
