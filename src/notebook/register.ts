import * as vscode from 'vscode';
import { NOTEBOOK_TYPE } from '../platform/constants';
import { registerFeature } from '../platform/lazyEntries';
import type { NotebookFeature } from './bundle';

/**
 * APL notebooks (*.axiom-notebook). Thin: the serializer's body (its entry is registered at
 * activation: entries.ts), the controller and the commands load with the notebook bundle when VS
 * Code first asks for a notebook (activation on onNotebook:axiom-notebook, also for an editor
 * restored at reload) or a notebook command runs; the controller is made when the first notebook opens.
 */
export function registerNotebook(make: () => NotebookFeature) {
  const { feature, disposables: entries } = registerFeature('notebook', make);
  const ours = (notebook: vscode.NotebookDocument) => notebook.notebookType === NOTEBOOK_TYPE;
  // And with a notebook made without a file (New APL Notebook, another extension's).
  const opened = vscode.workspace.onDidOpenNotebookDocument((notebook) => ours(notebook) && void feature().kernel());
  const serializer: vscode.NotebookSerializer = {
    // The controller is made with the first notebook read (one restored at reload too).
    deserializeNotebook: (content) => {
      feature().kernel();
      return feature().serializer.deserializeNotebook(content);
    },
    serializeNotebook: (data) => feature().serializer.serializeNotebook(data),
  };
  return { feature, serializer, disposables: [...entries, opened] };
}
