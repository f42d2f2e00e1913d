// The "annotations" bundle (src/features.ts): Add Annotation. Loaded when one of its commands first runs.
import type * as vscode from 'vscode';
import { COMMANDS } from '../platform/constants';
import type { ClientAccess } from '../platform/clientAccess';
import type { Log } from '../platform/log';
import { addAnnotationCommand } from './addAnnotation';

export interface AnnotationsDeps {
  access: ClientAccess;
  /** The person's memory across workspaces (the recent types). */
  memory: vscode.Memento;
  log: Log;
  /** Told when an annotation was added, changed or deleted: charts and views read them again. */
  changed: () => void;
}

/** The annotations feature, made once: its commands as functions, by id. */
export function createAnnotations(deps: AnnotationsDeps) {
  const commands = {
    [COMMANDS.addAnnotation]: addAnnotationCommand(deps),
  };
  return {
    commands,
    dispose(): void {},
  };
}

export type AnnotationsFeature = ReturnType<typeof createAnnotations>;
