// The "notebook" bundle (src/features.ts): APL notebooks' serializer, the controller that
// runs their cells, the range on each cell, the notebook commands, and New APL Query (a notebook's
// starter cell and a new query start alike). Loaded when the first notebook opens (VS Code asks
// for its serializer) or one of these commands first runs.
import type * as vscode from 'vscode';
import { COMMANDS } from '../platform/constants';
import { once } from '../platform/lazy';
import type { Log } from '../platform/log';
import type { AdviceHandlers } from '../platform/showAdvice';
import type { Deployments } from '../platform/webApp';
import type { Runner } from './notebookRunner';
import {
  addToNotebook,
  exportMarkdown,
  newDashboardFromNotebook,
  newNotebook,
  type NotebookSeed,
} from './notebookCommands';
import { chooseNotebookRange } from './notebookRange';
import { createKernel } from './notebookController';
import { AplNotebookSerializer } from './notebookSerializer';
import { monitorSeed, starredSeed } from './querySeeds';
import { firstQuery, newAplQuery, type StartingDatasets } from './starterQueries';

export interface NotebookDeps {
  /** The run feature's query runner: cells run as Run Query runs. */
  runner: () => Runner;
  deployments: () => Deployments;
  /** What a failure's actions do (Set API Token, Sign In, Show Log): the accounts feature's. */
  handlers: () => AdviceHandlers;
  log: Log;
  /** The datasets a first query may read: a new notebook's cell and New APL Query start with one that exists. */
  datasets: StartingDatasets;
}

export function createNotebook(deps: NotebookDeps) {
  const serializer = new AplNotebookSerializer();
  /** The controller and the cells' range, made when the first notebook opens (or a command needs them). */
  const kernel = once(() => createKernel(deps));
  const open = (seed: NotebookSeed | undefined) => {
    if (!seed) return undefined;
    kernel();
    return newNotebook([seed]);
  };
  const commands = {
    [COMMANDS.newNotebook]: async () => {
      kernel();
      return newNotebook([], await firstQuery(deps.datasets));
    },
    [COMMANDS.newAplQuery]: () => newAplQuery(deps.datasets),
    [COMMANDS.openMonitorQueryAsNotebook]: (arg?: unknown) => open(monitorSeed(arg)),
    [COMMANDS.openStarredQueryAsNotebook]: (arg?: unknown) => open(starredSeed(arg)),
    [COMMANDS.addToNotebook]: () => {
      kernel();
      return addToNotebook(deps.runner());
    },
    [COMMANDS.exportNotebookMarkdown]: (arg?: unknown) => exportMarkdown(deps.log, arg),
    [COMMANDS.chooseNotebookTimeRange]: (arg?: unknown) => chooseNotebookRange(deps.runner, arg),
    [COMMANDS.newDashboardFromNotebook]: (arg?: unknown) => newDashboardFromNotebook(arg),
  };
  return {
    serializer,
    kernel,
    commands,
    /** Export to Markdown written to `target` without asking (the extension's tests). */
    exportMarkdown: (notebook: vscode.Uri, target: vscode.Uri) => exportMarkdown(deps.log, notebook, target),
    dispose(): void {
      kernel.made?.dispose();
    },
  };
}

export type NotebookFeature = ReturnType<typeof createNotebook>;
