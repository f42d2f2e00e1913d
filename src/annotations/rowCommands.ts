// The commands on an annotation's row: Edit (its JSON document, annotationFiles.ts), Delete (a modal naming it, then one DELETE), Copy URL and
// Open URL (through VS Code's opener, which asks before leaving for a site not trusted yet).
import * as vscode from 'vscode';
import { phrase } from '../core/phrase';
import { withClient, type ClientAccess } from '../platform/clientAccess';
import { confirm } from '../platform/confirm';
import { localize } from '../platform/l10n';
import type { Log } from '../platform/log';
import type { AnnotationFiles } from './annotationFiles';
import { isWebAddress, type AnnotationNode, type AnnotationRow } from './annotationsView';

interface RowDeps {
  access: ClientAccess;
  log: Log;
  /** Told when an annotation was deleted. */
  changed: () => void;
  files: AnnotationFiles;
}

function annotationRow(arg: unknown): AnnotationRow | undefined {
  const row = arg as AnnotationNode | undefined;
  return row?.kind === 'annotation' ? row : undefined;
}

/** Opens the row's annotation as a JSON document of its own, read afresh: Ctrl+S sends its changes. */
export async function editAnnotation(deps: RowDeps, arg: unknown): Promise<vscode.TextEditor | undefined> {
  const row = annotationRow(arg);
  if (!row) return undefined;
  const { id } = row.annotation;
  const opened = await withClient(
    deps.access,
    { doing: phrase('Opening the annotation'), log: deps.log },
    async (client, deployment) => ({
      deployment: deployment.name,
      record: await deps.files.prefetch(client, deployment.name, id),
    }),
  );
  if (!opened) return undefined;
  try {
    return await deps.files.open(opened.deployment, id, opened.record.name);
  } catch (error) {
    void vscode.window.showErrorMessage(error instanceof Error ? error.message : String(error));
    return undefined;
  }
}

/**
 * Deletes the row's annotation after one modal naming it; true when it was deleted. Only the row's
 * id is taken (from outside the extension, the row is a plain copy of the caller's argument,
 * platform/outsideCallers.ts): the annotation is read from Axiom by it, and the question names it
 * as Axiom has it, with its id.
 */
export async function deleteAnnotation(deps: RowDeps, arg: unknown): Promise<boolean> {
  const id = annotationRow(arg)?.annotation.id;
  if (typeof id !== 'string') return false;
  const annotation = await withClient(
    deps.access,
    { doing: phrase('Reading the annotation'), log: deps.log },
    async (client) => (await client.getAnnotation(id)).annotation,
  );
  if (!annotation) return false;
  const name = annotation.title || annotation.type || annotation.id;
  const sure = await confirm(
    localize('Delete the annotation “{0}”?', name),
    localize(
      'It is removed from Axiom (id {0}), from the charts of {1}, for everyone.',
      annotation.id,
      (annotation.datasets ?? []).join(', '),
    ),
    localize('Delete'),
  );
  if (!sure) return false;
  const deleted = await withClient(
    deps.access,
    { doing: phrase('Deleting the annotation'), log: deps.log },
    async (client, deployment) => {
      await client.deleteAnnotation(annotation.id);
      return deployment.name;
    },
  );
  if (deleted === undefined) return false;
  // An open document of it is marked deleted, and saves nothing more.
  deps.files.deleted(deleted, annotation.id);
  deps.changed();
  return true;
}

export async function copyAnnotationUrl(arg: unknown): Promise<void> {
  const url = annotationRow(arg)?.annotation.url;
  if (url) await vscode.env.clipboard.writeText(url);
}

export async function openAnnotationUrl(arg: unknown): Promise<void> {
  const url = annotationRow(arg)?.annotation.url;
  if (isWebAddress(url)) await vscode.commands.executeCommand('vscode.open', vscode.Uri.parse(url, true));
}
