// The "annotations" bundle (src/features.ts): Add Annotation, the Annotations view and the commands
// on its rows. Loaded when the view is first shown or one of its commands first runs.
import * as vscode from 'vscode';
import { COMMANDS } from '../platform/constants';
import type { ClientAccess } from '../platform/clientAccess';
import type { ListFeatureDeps } from '../platform/listView';
import { addAnnotationCommand } from './addAnnotation';
import { AnnotationFiles } from './annotationFiles';
import { AnnotationsView, type AnnotationNode } from './annotationsView';
import { copyAnnotationUrl, deleteAnnotation, editAnnotation, openAnnotationUrl } from './rowCommands';

export interface AnnotationsDeps extends ListFeatureDeps<AnnotationNode> {
  access: ClientAccess;
  /** The person's memory across workspaces (the recent types). */
  memory: vscode.Memento;
  /** Tells everyone (charts, this view) that an annotation was added, changed or deleted. */
  changed: () => void;
  /** Heard when an annotation changed, here or elsewhere (an agent's tool). */
  onDidChange: vscode.Event<void>;
  /** How a person reads a deployment's name ('' is the settings deployment). */
  labelOf: (deployment: string) => string;
}

/** The annotations feature, made once: its view and its commands as functions, by id. */
export function createAnnotations(deps: AnnotationsDeps) {
  const view = new AnnotationsView(deps);
  const heard = deps.onDidChange(() => void view.refresh({ restart: true }));
  const refusals = vscode.languages.createDiagnosticCollection('axiom-annotation-save');
  const files = new AnnotationFiles({
    connection: deps.access,
    log: deps.log,
    onSaved: deps.changed,
    labelOf: deps.labelOf,
    refusals,
    memory: deps.memory,
  });
  const commands = {
    [COMMANDS.addAnnotation]: addAnnotationCommand(deps),
    [COMMANDS.refreshAnnotations]: () => view.refresh({ restart: true }),
    [COMMANDS.filterAnnotations]: (arg?: unknown) => view.filter(arg),
    [COMMANDS.clearAnnotationsFilter]: () => view.clearFilter(),
    [COMMANDS.showMoreAnnotations]: (shownByRow?: unknown, group?: unknown) => view.showMore(shownByRow, group),
    [COMMANDS.editAnnotation]: (row?: unknown) => editAnnotation({ ...deps, files }, row),
    [COMMANDS.deleteAnnotation]: (row?: unknown) => deleteAnnotation({ ...deps, files }, row),
    [COMMANDS.copyAnnotationUrl]: (row?: unknown) => copyAnnotationUrl(row),
    [COMMANDS.openAnnotationUrl]: (row?: unknown) => openAnnotationUrl(row),
  };
  return {
    view,
    files,
    commands,
    dispose(): void {
      heard.dispose();
      view.dispose();
      files.dispose();
      refusals.dispose();
    },
  };
}

export type AnnotationsFeature = ReturnType<typeof createAnnotations>;
