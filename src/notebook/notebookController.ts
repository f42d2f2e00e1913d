import * as vscode from 'vscode';
import { ADD_ANNOTATION_COMMAND, addAnnotationArgs, queryDatasets } from '../core/run/chartAnnotations';
import type { AdviceAction } from '../core/api/errorAdvice';
import { queryLink } from '../core/links';
import { cutResult, type NotebookResult } from '../core/notebook/notebookFile';
import {
  CONTROLLER_ID,
  readPlaceResolved,
  readRendererMessage,
  RENDERER_ID,
  ROWS_FOLLOW_KEY,
  type PlaceResolvedMessage,
  type RendererMessage,
} from '../core/notebook/notebookOutput';
import { FIRST_ROWS } from '../core/firstRows';
import { phrase } from '../core/phrase';
import { APL_LANGUAGE_ID, NOTEBOOK_TYPE } from '../platform/constants';
import { MPL_LANGUAGE_ID } from '../core/mpl/languageId';
import type { QueryLanguage } from '../core/run/queryOutcome';
import type { Log } from '../platform/log';
import { carryOut, type AdviceHandlers } from '../platform/showAdvice';
import { openAppPage, type Deployments } from '../platform/webApp';
import { exportTable } from '../platform/exportResults';
import { describePlace, openCodePlace } from '../platform/codeLocations';
import { COMMANDS } from '../platform/constants';
import type { Runner } from './notebookRunner';
import { notebookRange, RangeOnCells } from './notebookRange';
import { cellOutput, outputDoc } from './notebookSerializer';
import { outputId } from './outputWords';
import { localize } from '../platform/l10n';
import { stepDone } from '../platform/walkthroughSteps';

export interface ControllerDeps {
  runner: () => Runner;
  deployments: () => Deployments;
  handlers: () => AdviceHandlers;
  log: Log;
}

/**
 * Runs a notebook's APL cells against the current deployment, through the query runner as Run
 * Query does (client, token, limits, the log). Cells run one at a time in the order asked, across
 * calls too (Run All, then a cell: the cell waits its turn); each shows its order and duration.
 * A stopped cell aborts its request at the service. A compile error is a diagnostic in the cell
 * and an error output; other failures are outputs with the actions that help.
 */
/** How long a cell's result waits for its chart's annotations once the rows are in. */
const ANNOTATIONS_WAIT_MS = 1500;

/** What `promise` gives within `ms`, else undefined (and a rejection is undefined too). */
function soonOrNever<T>(promise: Promise<T | undefined>, ms: number): Promise<T | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), ms)));
  return Promise.race([promise.catch(() => undefined), late]).finally(() => clearTimeout(timer));
}

export class AplNotebookController implements vscode.Disposable {
  readonly controller: vscode.NotebookController;
  private readonly messaging: vscode.NotebookRendererMessaging;
  private readonly subscriptions: vscode.Disposable[] = [];
  private order = 0;
  private readonly queues = new Map<string, Promise<void>>();

  constructor(private readonly deps: ControllerDeps) {
    this.controller = vscode.notebooks.createNotebookController(CONTROLLER_ID, NOTEBOOK_TYPE, localize('Axiom'));
    this.controller.supportedLanguages = [APL_LANGUAGE_ID, MPL_LANGUAGE_ID];
    this.controller.supportsExecutionOrder = true;
    this.controller.description = localize('APL against the current deployment');
    this.controller.executeHandler = (cells, notebook) => this.execute(cells, notebook);
    this.messaging = vscode.notebooks.createRendererMessaging(RENDERER_ID);
    this.subscriptions.push(
      this.messaging.onDidReceiveMessage(({ editor, message }) => void this.hear(editor, message)),
      vscode.workspace.onDidOpenNotebookDocument((notebook) => this.prefer(notebook)),
    );
    for (const notebook of vscode.workspace.notebookDocuments) this.prefer(notebook);
  }

  private prefer(notebook: vscode.NotebookDocument): void {
    if (notebook.notebookType === NOTEBOOK_TYPE)
      this.controller.updateNotebookAffinity(notebook, vscode.NotebookControllerAffinity.Preferred);
  }

  /** Runs the cells in order, after any asked for earlier in the same notebook. */
  execute(cells: readonly vscode.NotebookCell[], notebook: vscode.NotebookDocument): Promise<void> {
    // Made now, so that the cells show as waiting their turn.
    const executions: [vscode.NotebookCell, vscode.NotebookCellExecution][] = [];
    for (const cell of cells) {
      if (cell.kind !== vscode.NotebookCellKind.Code) continue;
      try {
        executions.push([cell, this.controller.createNotebookCellExecution(cell)]);
      } catch (error) {
        // Already running or waiting (that run stands), or this controller is not the notebook's.
        this.deps.log.warn(`a notebook cell was not run: ${String(error)}`);
      }
    }
    const key = notebook.uri.toString();
    const run = (this.queues.get(key) ?? Promise.resolve()).then(async () => {
      for (const [cell, execution] of executions) await this.runCell(cell, execution, notebook);
    });
    this.queues.set(
      key,
      run.catch(() => undefined),
    );
    return run;
  }

  private async runCell(
    cell: vscode.NotebookCell,
    execution: vscode.NotebookCellExecution,
    notebook: vscode.NotebookDocument,
  ): Promise<void> {
    execution.executionOrder = ++this.order;
    execution.start(Date.now());
    if (execution.token.isCancellationRequested) {
      execution.end(undefined, Date.now());
      return;
    }
    await execution.clearOutput();
    const apl = cell.document.getText();
    const language = runLanguageOf(cell.document.languageId);
    if (!apl.trim() || !language) {
      execution.end(true, Date.now());
      return;
    }
    const abort = new AbortController();
    const cancel = execution.token.onCancellationRequested(() => abort.abort());
    try {
      const runner = this.deps.runner();
      runner.diagnostics.delete(cell.document.uri);
      const client = await runner.client();
      if (!client || abort.signal.aborted) {
        execution.end(false, Date.now());
        return;
      }
      const range = notebookRange(notebook) ?? runner.timeRange.range;
      // The chart's annotations, read alongside the query; the output waits a moment for them at most.
      const annotations =
        language === 'apl' ? runner.annotations(client, apl, range, abort.signal) : Promise.resolve(undefined);
      const outcome = await runner.query(client, apl, range, abort.signal, 0, 'notebook', undefined, language);
      switch (outcome.kind) {
        case 'result': {
          const { query, rangeLabel, tables, status } = outcome.result;
          const result: NotebookResult = { query, rangeLabel, ranAt: new Date().toISOString(), tables, status };
          // The first rows first, as the results panel has them (core/run/resultsDelivery.ts): an
          // output of 100,000 rows is 12 MB of JSON that the renderer reads whole before it draws;
          // the whole output replaces this one at once after.
          const firstRows = cutResult(result, FIRST_ROWS);
          if (firstRows !== result) {
            const head = cellOutput({ kind: 'result', result: firstRows });
            head.metadata = { ...head.metadata, [ROWS_FOLLOW_KEY]: true };
            await execution.replaceOutput(head);
          }
          const output = cellOutput({ kind: 'result', result });
          // In the output's metadata, which the file does not keep: the rows are written once.
          const chart = await soonOrNever(annotations, ANNOTATIONS_WAIT_MS);
          if (chart) output.metadata = { ...output.metadata, axiomAnnotations: chart };
          await execution.replaceOutput(output);
          execution.end(true, Date.now());
          stepDone('cellRun');
          return;
        }
        case 'cancelled':
          await execution.replaceOutput(
            cellOutput({
              kind: 'problem',
              problem: { message: localize('The query was stopped.'), actions: ['retry'] },
            }),
          );
          execution.end(false, Date.now());
          return;
        case 'compile': {
          runner.showCompileError(
            { apl, documentUri: cell.document.uri, version: cell.document.version, startOffset: 0 },
            outcome.compile,
          );
          const { line, column, message } = outcome.compile;
          await execution.replaceOutput(
            cellOutput({
              kind: 'error',
              name: localize('The query does not compile'),
              message: localize('Line {0}, column {1}: {2}', line, column, message),
            }),
          );
          execution.end(false, Date.now());
          return;
        }
        case 'failed':
          await execution.replaceOutput(
            cellOutput({
              kind: 'problem',
              problem: {
                message: outcome.message,
                actions: outcome.advice.actions,
                ...(outcome.advice.setting ? { setting: outcome.advice.setting } : {}),
              },
            }),
          );
          execution.end(false, Date.now());
          return;
      }
    } catch (error) {
      this.deps.log.error(`a notebook cell failed to run: ${String(error)}`);
      execution.end(false, Date.now());
    } finally {
      cancel.dispose();
    }
  }

  /** The output of that id in the notebook, and its cell. */
  private find(
    notebook: vscode.NotebookDocument,
    id: string,
  ): { cell: vscode.NotebookCell; output: vscode.NotebookCellOutput } | undefined {
    for (const cell of notebook.getCells()) {
      const output = cell.outputs.find((o) => outputId(o) === id);
      if (output) return { cell, output };
    }
    return undefined;
  }

  /** A renderer's message, and the answer to it posted back to that editor's renderer (where a
   *  linked place is in the workspace). */
  private async hear(editor: vscode.NotebookEditor, message: unknown): Promise<void> {
    const answer = await this.receive(editor.notebook, message);
    if (readPlaceResolved(answer)) await this.messaging.postMessage(answer, editor);
  }

  /** What an output's renderer asks: export, copy, open in Axiom, open a place in code (or say where
   *  it is), Open Trace, an action of a problem. */
  async receive(notebook: vscode.NotebookDocument, raw: unknown, target?: vscode.Uri): Promise<unknown> {
    const message: RendererMessage | undefined = readRendererMessage(raw);
    if (!message) {
      this.deps.log.warn('a notebook output sent a message that is not one of its own; ignored');
      return undefined;
    }
    if (message.type === 'copy') {
      await vscode.env.clipboard.writeText(message.text);
      vscode.window.setStatusBarMessage(localize('Copied from the query results.'), 2000);
      return undefined;
    }
    if (message.type === 'openCodePlace')
      // The output's place is data, read as Open Code Location reads any (it opens only workspace files).
      return openCodePlace(message.place, this.deps.log);
    if (message.type === 'resolveCodePlace') {
      // A link's hover: the workspace file it opens, or why none (nothing asked, nothing opened).
      const answer: PlaceResolvedMessage = {
        type: 'codePlaceResolved',
        path: message.place.path,
        where: await describePlace(message.place),
      };
      return answer;
    }
    if (message.type === 'openTrace')
      // The traces feature's command reads its argument as data and finds the dataset that holds
      // the trace (the cell's own dataset is seldom the traces'), as from the results panel.
      return vscode.commands.executeCommand(COMMANDS.openTrace, {
        traceId: message.traceId,
        ...(message.seenAt && { seenAt: message.seenAt }),
      });
    const found = this.find(notebook, message.output);
    if (!found) return undefined;
    const saved = outputDoc(found.output);
    switch (message.type) {
      case 'export': {
        const table = saved?.kind === 'result' ? saved.result.tables[message.table] : undefined;
        // Named by the notebook and the cell: "investigation-cell-3".
        const name = `${
          notebook.uri.path
            .split('/')
            .pop()
            ?.replace(/\.axiom-notebook$/, '') || 'notebook'
        }-cell-${found.cell.index + 1}`;
        return table ? exportTable(table, message.format, name, this.deps.log, target) : undefined;
      }
      case 'openInAxiom': {
        if (saved?.kind !== 'result') return undefined;
        const range = notebookRange(notebook) ?? this.deps.runner().timeRange.range;
        return openAppPage(
          this.deps.deployments(),
          phrase('Opening the query in Axiom'),
          (endpoint, orgId) => queryLink(endpoint, orgId, saved.result.query, range),
          this.deps.handlers(),
        );
      }
      case 'annotation': {
        const { request } = message;
        if (request.type === 'openAnnotationUrl')
          // VS Code's opener, with its prompt for a site not yet trusted.
          return vscode.env.openExternal(vscode.Uri.parse(request.url, true));
        const datasets = saved?.kind === 'result' ? queryDatasets(saved.result.query) : [];
        return vscode.commands.executeCommand(
          ADD_ANNOTATION_COMMAND,
          addAnnotationArgs(datasets, request.time, request.endTime),
        );
      }
      case 'action': {
        const setting = saved?.kind === 'problem' ? saved.problem.setting : undefined;
        if ((await carryOut(message.action as AdviceAction, this.deps.handlers(), setting)) === 'retry')
          return this.execute([found.cell], notebook);
        return undefined;
      }
    }
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
    this.controller.dispose();
  }
}

/** The controller and each APL cell's time range: what a notebook needs once one is open. */
export function createKernel(deps: ControllerDeps): { controller: AplNotebookController; dispose(): void } {
  const controller = new AplNotebookController(deps);
  const ranges = new RangeOnCells(deps.runner);
  const provider = vscode.notebooks.registerNotebookCellStatusBarItemProvider(NOTEBOOK_TYPE, ranges);
  return {
    controller,
    dispose: () => {
      for (const disposable of [provider, ranges, controller]) disposable.dispose();
    },
  };
}

/** The language a cell runs as: Axiom APL's, or Axiom MPL's (metrics); undefined for any other. */
function runLanguageOf(languageId: string): QueryLanguage | undefined {
  return languageId === APL_LANGUAGE_ID ? 'apl' : languageId === MPL_LANGUAGE_ID ? 'mpl' : undefined;
}
