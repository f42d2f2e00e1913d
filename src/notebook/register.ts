import * as vscode from 'vscode';
import { NOTEBOOK_TYPE } from '../core/notebook/notebookType';
import type { MonitorsView } from '../monitors/monitorsView';
import { COMMANDS } from '../platform/constants';
import { loadNotebook, type NotebookFeature } from '../platform/heavy';
import type { Log } from '../platform/log';
import type { Deployments } from '../platform/webApp';
import type { QueryRunner } from '../run/queryRunner';

/** What the extension's own tests reach (the test API of extension.ts). */
export interface NotebookHandle {
  /** The controller, once the first notebook opened. */
  controller(): import('./notebookController').AplNotebookController | undefined;
  /** Export Notebook to Markdown, written to `target` without asking. */
  exportMarkdown(notebook: vscode.Uri, target: vscode.Uri): Promise<vscode.Uri | undefined>;
}

/**
 * APL notebooks (*.axiom-notebook): the serializer, the controller that runs cells, the range on
 * each cell, and the ways in. At activation only ids are registered; the serializer's body, the
 * controller and the commands load with the first notebook or the first notebook command
 * (dist/notebook.js), and the controller is made when the first notebook opens.
 */
export function registerNotebook(deps: { runner: () => QueryRunner; deployments: Deployments; log: Log; monitorsView: MonitorsView }): { handle: NotebookHandle; disposables: vscode.Disposable[] } {
  const feature = (): NotebookFeature => loadNotebook();
  let serializer: import('./notebookSerializer').AplNotebookSerializer | undefined;
  const made: vscode.Disposable[] = [];
  let controller: import('./notebookController').AplNotebookController | undefined;
  const start = () => {
    if (controller) return controller;
    const f = feature();
    controller = new f.AplNotebookController({ runner: deps.runner, deployments: deps.deployments, log: deps.log });
    const ranges = new f.RangeOnCells(deps.runner);
    made.push(controller, ranges, vscode.notebooks.registerNotebookCellStatusBarItemProvider(NOTEBOOK_TYPE, ranges));
    return controller;
  };
  const ours = (n: vscode.NotebookDocument) => n.notebookType === NOTEBOOK_TYPE;
  const register = vscode.commands.registerCommand;
  const disposables = [
    vscode.workspace.registerNotebookSerializer(
      NOTEBOOK_TYPE,
      {
        deserializeNotebook: (content) => (serializer ??= new (feature().AplNotebookSerializer)()).deserializeNotebook(content),
        serializeNotebook: (data) => (serializer ??= new (feature().AplNotebookSerializer)()).serializeNotebook(data),
      },
      // The file keeps the range (notebook metadata) and the outputs; nothing of the cells' metadata.
      { transientOutputs: false, transientCellMetadata: { inputCollapsed: true, outputCollapsed: true } },
    ),
    vscode.workspace.onDidOpenNotebookDocument((notebook) => {
      if (ours(notebook)) start();
    }),
    register(COMMANDS.newNotebook, () => {
      start();
      return feature().newNotebook();
    }),
    register(COMMANDS.openMonitorQueryAsNotebook, async (arg?: unknown) => {
      const seed = await feature().monitorSeed(arg, deps.monitorsView);
      return seed && (start(), feature().newNotebook([seed]));
    }),
    register(COMMANDS.openStarredQueryAsNotebook, (arg?: unknown) => {
      const seed = feature().starredSeed(arg);
      return seed && (start(), feature().newNotebook([seed]));
    }),
    register(COMMANDS.addToNotebook, () => {
      start();
      return feature().addToNotebook(deps.runner());
    }),
    register(COMMANDS.exportNotebookMarkdown, (arg?: unknown) => feature().exportMarkdown(deps.log, arg)),
    register(COMMANDS.chooseNotebookTimeRange, (arg?: unknown) => feature().chooseNotebookRange(deps.runner, arg)),
    new vscode.Disposable(() => made.forEach((d) => d.dispose())),
  ];
  // A notebook already open (restored at reload) gets its controller just after activation.
  const restored = setTimeout(() => {
    if (vscode.workspace.notebookDocuments.some(ours)) start();
  }, 0);
  disposables.push(new vscode.Disposable(() => clearTimeout(restored)));
  return { handle: { controller: () => controller, exportMarkdown: (notebook, target) => feature().exportMarkdown(deps.log, notebook, target) }, disposables };
}
