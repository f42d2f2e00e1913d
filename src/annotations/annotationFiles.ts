import * as vscode from 'vscode';
import { FEATURES } from '../platform/declarations';
import type { AnnotationRecord } from '../core/api/annotations';
import type { AxiomClient } from '../core/api/client';
import { isAxiomError } from '../core/api/errors';
import {
  ANNOTATION_PART,
  ANNOTATION_SCHEME,
  annotationChanges,
  annotationDocumentPath,
  annotationLocation,
  annotationText,
  fieldNamedIn,
  fieldPlace,
  type TextProblem,
} from '../core/annotations/annotationDocument';
import type { JsonObject } from '../core/json';
import { phrase } from '../core/phrase';
import { deploymentUriQuery, type RecordLocation } from '../core/recordUri';
import type { ClientAccess } from '../platform/clientAccess';
import { localize, say } from '../platform/l10n';
import type { Log } from '../platform/log';
import { RecordFiles, type RecordWords } from '../platform/recordFiles';

interface Deps {
  connection: ClientAccess;
  log: Log;
  /** Told of each annotation saved here: charts and the view read them again. */
  onSaved(): void;
  /** How a person reads a deployment's name ('' is the settings deployment). */
  labelOf(deployment: string): string;
  /** Where a refused save's reasons are shown, at the fields they name. */
  refusals: vscode.DiagnosticCollection;
  /** Where drafts are kept (the editor's global storage). */
  memory: vscode.Memento;
}

/** An annotation as a document's record: `raw` is the annotation as sent. */
export type NamedAnnotation = AnnotationRecord & { name: string };

const named = (record: AnnotationRecord): NamedAnnotation => ({
  ...record,
  name: record.annotation.title || record.annotation.type || record.annotation.id,
});

/** What is said about these documents (platform/recordFiles.ts's RecordWords). */
const ANNOTATION_FILE_WORDS: RecordWords = {
  opening: phrase('Opening the annotation'),
  saving: phrase('Saving the annotation'),
  deleted: 'This annotation was deleted in Axiom; your text is kept. Add it again with Annotations: Add Annotation.',
  otherDeployment:
    'This annotation was opened from the deployment “{0}”, but this window now uses “{1}”: nothing was sent. Switch back to “{0}” to send it; your text is kept.',
  listed: 'Annotations are listed in the Annotations view.',
  created: 'Annotations are created with Annotations: Add Annotation.',
  deleteFrom: 'Delete an annotation from the Annotations view.',
  renameFrom: 'Rename an annotation by changing its title in the document.',
  conflictQuestion:
    '“{0}” changed in Axiom since you opened it. Overwrite Axiom’s annotation with yours, or compare the two first?',
  notSavedCompare:
    '“{0}” was not sent: it changed in Axiom. Compare the two, then send again (Ctrl+S) to overwrite Axiom’s.',
  notSavedChanged: '“{0}” was not sent: it changed in Axiom since you opened it.',
};

/**
 * Annotations as JSON documents, one URI per annotation and deployment
 * (`axiom-annotation:/<id>/<title>.axiom-annotation.json?deployment=<name>`): the fields a person
 * writes. Saving one (Ctrl+S; never auto save) reads the annotation afresh and sends one PUT of only
 * the fields the text changes, as RecordFiles does for every record of the service: changed in
 * Axiom since it was read, the save asks first (Overwrite or Compare). A save the rules or the
 * service refuse stays unsaved, each reason shown at its field.
 */
export class AnnotationFiles extends RecordFiles<NamedAnnotation> {
  protected readonly words = ANNOTATION_FILE_WORDS;
  /** Per annotation, the record a save's changes were computed over: what the PUT checks an end against. */
  private readonly savingOver = new Map<string, JsonObject>();

  constructor(private readonly deps: Deps) {
    super(deps.connection, deps.log, {
      fileSystem: FEATURES.annotations.fileSystem,
      unsentName: localize('Axiom: annotation not sent'),
      refusals: deps.refusals,
      memory: deps.memory,
    });
  }

  protected locationIn(uri: vscode.Uri): RecordLocation | undefined {
    return annotationLocation(uri.path, uri.query);
  }

  protected async fetchRecord(client: AxiomClient, id: string): Promise<NamedAnnotation> {
    return named(await client.getAnnotation(id));
  }

  /** One PUT of the changes; none: nothing is written, the annotation is read as it is. */
  protected async putRecord(client: AxiomClient, id: string, body: JsonObject): Promise<NamedAnnotation> {
    const saved = this.savingOver.get(id) ?? {};
    this.savingOver.delete(id);
    if (!Object.keys(body).length) return this.fetchRecord(client, id);
    return named(await client.updateAnnotation(id, body, saved));
  }

  protected textOf(raw: JsonObject): string {
    return annotationText(raw);
  }

  /** The fields a document shows are the ones a change of is a conflict. */
  protected partUnchanged(a: JsonObject, b: JsonObject): boolean {
    return annotationText(a) === annotationText(b);
  }

  /** The fields the text changes over Axiom's annotation as read afresh; refused (nothing sent), each reason at its field. */
  protected saveBody(fresh: JsonObject, _base: JsonObject | undefined, _part: string, text: string): JsonObject {
    const id = String(fresh.id);
    const read = annotationChanges(fresh, text);
    if (!read.ok) {
      this.showRefusals(this.openDocumentOf(id), text, read.problems);
      const reasons = read.problems.map((p) => (p.field ? `${p.field}: ${say(p.reason)}` : say(p.reason)));
      const name = [fresh.title, fresh.type].find((v): v is string => typeof v === 'string' && v !== '') ?? id;
      throw new vscode.FileSystemError(localize('“{0}” was not sent: {1}', name, reasons.join('; ')));
    }
    this.savingOver.set(id, fresh);
    return read.changes;
  }

  protected saved(_record: NamedAnnotation, location: RecordLocation): void {
    for (const open of this.documentsOf(location)) this.deps.refusals.delete(open.uri);
    this.deps.onSaved();
  }

  /** A save the service refused: its reason at the field it names. */
  protected override saveFailed(location: RecordLocation, error: unknown): void {
    if (!isAxiomError(error) || error.kind !== 'badRequest') return;
    const open = this.documentsOf(location)[0];
    if (!open) return;
    const words = error.serviceMessage ?? error.message;
    this.showRefusals(open, open.getText(), [
      { field: fieldNamedIn(words), reason: phrase('Axiom refused the save: {0}', words) },
    ]);
  }

  private showRefusals(open: vscode.TextDocument | undefined, text: string, problems: TextProblem[]): void {
    if (!open) return;
    this.deps.refusals.set(
      open.uri,
      problems.map((problem) => {
        const { start, end } = fieldPlace(text, problem.field);
        const diagnostic = new vscode.Diagnostic(
          new vscode.Range(open.positionAt(start), open.positionAt(end)),
          say(problem.reason),
          vscode.DiagnosticSeverity.Error,
        );
        diagnostic.source = 'Axiom';
        return diagnostic;
      }),
    );
  }

  protected deploymentLabel(deployment: string): string {
    return this.deps.labelOf(deployment);
  }

  /** The document's URI for an annotation of a deployment: that of an open document of it, if any. */
  uriFor(deployment: string, id: string, name: string): vscode.Uri {
    return (
      this.documentsOf({ id, deployment, part: ANNOTATION_PART })[0]?.uri ??
      vscode.Uri.from({
        scheme: ANNOTATION_SCHEME,
        path: annotationDocumentPath(id, name),
        query: deploymentUriQuery(deployment),
      })
    );
  }

  /** Opens the annotation's document for the deployment it was read from. */
  async open(deployment: string, id: string, name: string): Promise<vscode.TextEditor> {
    const document = await vscode.workspace.openTextDocument(this.uriFor(deployment, id, name));
    return vscode.window.showTextDocument(document);
  }
}
