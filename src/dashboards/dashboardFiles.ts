import * as vscode from 'vscode';
import { FEATURES } from '../platform/declarations';
import type { AxiomClient } from '../core/api/client';
import type { DashboardRecord, DashboardUpdate } from '../core/api/dashboards';
import { isAxiomError } from '../core/api/errors';
import {
  DASHBOARD_PART,
  dashboardDocumentPath,
  dashboardLocation,
  dashboardText,
  readDashboardText,
} from '../core/dashboards/dashboardDocument';
import { refusalPlace } from '../core/dashboards/dashboardChecks';
import type { JsonObject } from '../core/json';
import { phrase } from '../core/phrase';
import type { RecordLocation } from '../core/recordUri';
import type { ClientAccess } from '../platform/clientAccess';
import { localize, say } from '../platform/l10n';
import type { Log } from '../platform/log';
import { RecordFiles, type RecordWords } from '../platform/recordFiles';

interface Deps {
  connection: ClientAccess;
  log: Log;
  /** Told of each dashboard saved here, for its row. */
  onSaved(record: DashboardRecord): void;
  /** How a person reads a deployment's name ('' is the settings deployment). */
  labelOf(deployment: string): string;
  /** Where a refused save's reason is shown, at the place it names. */
  refusals: vscode.DiagnosticCollection;
  /** Where drafts are kept (the editor's global storage). */
  memory: vscode.Memento;
}

/** A dashboard as a document's record: `raw` is the resource as sent (its version with it). */
export type NamedDashboard = DashboardRecord & { name: string };

const named = (record: DashboardRecord): NamedDashboard => ({ ...record, name: record.resource.dashboard.name });

const documentOf = (raw: JsonObject) => raw.dashboard as JsonObject;

/** What is said about these documents (platform/recordFiles.ts's RecordWords). */
const DASHBOARD_FILE_WORDS: RecordWords = {
  opening: phrase('Opening the dashboard'),
  saving: phrase('Saving the dashboard'),
  deleted: 'This dashboard was deleted in Axiom; your text is kept. Apply it as a file to create it again.',
  otherDeployment:
    'This dashboard was opened from the deployment “{0}”, but this window now uses “{1}”: nothing was sent. Switch back to “{0}” to send it; your text is kept.',
  listed: 'Dashboards are listed in the Dashboards view.',
  created: 'Dashboards are created with Dashboards: Apply Dashboard File or Duplicate.',
  deleteFrom: 'Delete a dashboard from the Dashboards view.',
  renameFrom: 'Rename a dashboard by changing its name in the document.',
  conflictQuestion:
    '“{0}” changed in Axiom since you opened it. Overwrite Axiom’s dashboard with yours, or compare the two first?',
  notSavedCompare:
    '“{0}” was not sent: it changed in Axiom. Compare the two, then send again (Ctrl+S) to overwrite Axiom’s.',
  notSavedChanged: '“{0}” was not sent: it changed in Axiom since you opened it.',
};

/**
 * Dashboards as JSON documents, one URI per dashboard and deployment
 * (`axiom-dashboard:/<uid>/<name>.axiom-dashboard.json?deployment=<name>`), checked and completed by
 * the dashboard schema (package.json's jsonValidation). Saving one (Ctrl+S; never auto save) sends
 * one PUT of the whole document with the version it was read at, as RecordFiles does for every
 * record of the service: changed in Axiom since, the save asks, and overwrites (`overwrite: true`)
 * only when the person chose to. A refused save stays unsaved, the reason shown where it points.
 */
export class DashboardFiles extends RecordFiles<NamedDashboard> {
  protected readonly words = DASHBOARD_FILE_WORDS;

  constructor(private readonly deps: Deps) {
    super(deps.connection, deps.log, {
      fileSystem: FEATURES.dashboards.fileSystem,
      unsentName: localize('Axiom: dashboard not sent'),
      refusals: deps.refusals,
      memory: deps.memory,
    });
  }

  protected locationIn(uri: vscode.Uri): RecordLocation | undefined {
    return dashboardLocation(uri.path, uri.query);
  }

  protected async fetchRecord(client: AxiomClient, uid: string): Promise<NamedDashboard> {
    return named(await client.getDashboard(uid));
  }

  protected async putRecord(client: AxiomClient, uid: string, body: JsonObject): Promise<NamedDashboard> {
    return named((await client.updateDashboard(uid, body as unknown as DashboardUpdate)).record);
  }

  /** Each record’s text, made once: an open asks for it more than once (its stat, its read, the check of the text read). */
  private readonly texts = new WeakMap<JsonObject, string>();

  protected textOf(raw: JsonObject): string {
    let text = this.texts.get(raw);
    if (text === undefined) this.texts.set(raw, (text = dashboardText(documentOf(raw))));
    return text;
  }

  /** Any save in Axiom moves the version: a document read at another version is in conflict. */
  protected partUnchanged(a: JsonObject, b: JsonObject): boolean {
    return a.version === b.version;
  }

  /**
   * The document's text as the whole dashboard, with the version it was read at; or, when Axiom's
   * version moved on and the save still goes (the person chose Overwrite, or compared first),
   * `overwrite: true`. Text that is not a JSON object is refused here, nothing sent.
   */
  protected saveBody(fresh: JsonObject, base: JsonObject | undefined, _part: string, text: string): JsonObject {
    const read = readDashboardText(text);
    const name = String(documentOf(fresh).name);
    if (!read.ok) {
      const reason = say(read.problem);
      this.showRefusal(this.openDocumentOf(fresh.uid as string)?.uri, read.offset, read.offset + 1, reason);
      throw new vscode.FileSystemError(localize('“{0}” was not sent: {1}', name, reason));
    }
    const version = (base ?? fresh).version as number;
    const update: DashboardUpdate =
      version === fresh.version ? { dashboard: read.document, version } : { dashboard: read.document, overwrite: true };
    return update;
  }

  protected saved(record: NamedDashboard, location: RecordLocation): void {
    const open = this.documentsOf(location)[0];
    if (open) this.deps.refusals.delete(open.uri);
    this.deps.onSaved(record);
  }

  /** A refused save: the service's reason at the field it names, in the document. */
  protected override saveFailed(location: RecordLocation, error: unknown): void {
    if (!isAxiomError(error) || error.kind !== 'badRequest') return;
    const open = this.documentsOf(location)[0];
    if (!open) return;
    const words = error.serviceMessage ?? error.message;
    const { start, end } = refusalPlace(open.getText(), words);
    this.showRefusal(open.uri, start, end, localize('Axiom refused the save: {0}', words));
  }

  private showRefusal(uri: vscode.Uri | undefined, start: number, end: number, message: string): void {
    const open = uri && vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    if (!open) return;
    const range = new vscode.Range(open.positionAt(start), open.positionAt(end));
    const diagnostic = new vscode.Diagnostic(range, message, vscode.DiagnosticSeverity.Error);
    diagnostic.source = 'Axiom';
    this.deps.refusals.set(open.uri, [diagnostic]);
  }

  protected deploymentLabel(deployment: string): string {
    return this.deps.labelOf(deployment);
  }

  /** The document's URI for a dashboard of a deployment: that of an open document of it, if any. */
  uriFor(deployment: string, uid: string, name: string): vscode.Uri {
    return this.documentUri({ id: uid, deployment, part: DASHBOARD_PART }, dashboardDocumentPath(uid, name));
  }

  /** Opens the dashboard's document for the deployment it was read from. */
  async open(
    deployment: string,
    uid: string,
    name: string,
    options: vscode.TextDocumentShowOptions = {},
  ): Promise<vscode.TextEditor> {
    const document = await vscode.workspace.openTextDocument(this.uriFor(deployment, uid, name));
    return vscode.window.showTextDocument(document, options);
  }
}
