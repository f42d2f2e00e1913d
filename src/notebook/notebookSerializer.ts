import * as vscode from 'vscode';
import {
  readNotebook,
  writeNotebook,
  type NotebookCellDoc,
  type NotebookDoc,
  type NotebookOutput,
} from '../core/notebook/notebookFile';
import { ERROR_MIME, PROBLEM_MIME, readProblem, readResult, RESULT_MIME } from '../core/notebook/notebookOutput';
import { readStoredRange, storeRange } from '../core/run/timeRange';
import { APL_LANGUAGE_ID } from '../platform/constants';
import { MPL_LANGUAGE_ID } from '../core/mpl/languageId';
import { outputMetadata } from './outputWords';

/** The rows of each table a saved output keeps (axiom.notebook.saveOutputs; 0: no outputs saved). */
export const SAVE_OUTPUTS_SETTING = 'notebook.saveOutputs';
const DEFAULT_SAVED_ROWS = 50;

function savedRows(): number {
  const value = vscode.workspace.getConfiguration('axiom').get<unknown>(SAVE_OUTPUTS_SETTING, DEFAULT_SAVED_ROWS);
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.floor(value) : DEFAULT_SAVED_ROWS;
}

const decoder = new TextDecoder();

function json(item: vscode.NotebookCellOutputItem): unknown {
  try {
    return JSON.parse(decoder.decode(item.data)) as unknown;
  } catch {
    return undefined;
  }
}

/** What the file keeps of an output: ours (result, problem) and VS Code's errors; others are not saved. */
export function outputDoc(output: vscode.NotebookCellOutput): NotebookOutput | undefined {
  for (const item of output.items) {
    if (item.mime === RESULT_MIME) {
      const result = readResult(json(item));
      if (result) return { kind: 'result', result };
    } else if (item.mime === PROBLEM_MIME) {
      const problem = readProblem(json(item));
      if (problem) return { kind: 'problem', problem };
    } else if (item.mime === ERROR_MIME) {
      const error = json(item) as { name?: unknown; message?: unknown } | undefined;
      if (typeof error?.message === 'string')
        return { kind: 'error', name: typeof error.name === 'string' ? error.name : 'Error', message: error.message };
    }
  }
  return undefined;
}

/** An output as the notebook shows it. */
export function cellOutput(output: NotebookOutput): vscode.NotebookCellOutput {
  switch (output.kind) {
    case 'result':
      return new vscode.NotebookCellOutput(
        [vscode.NotebookCellOutputItem.json(output.result, RESULT_MIME)],
        outputMetadata(),
      );
    case 'problem':
      return new vscode.NotebookCellOutput(
        [vscode.NotebookCellOutputItem.json(output.problem, PROBLEM_MIME)],
        outputMetadata(),
      );
    case 'error': {
      const error = new Error(output.message);
      error.name = output.name;
      error.stack = undefined;
      return new vscode.NotebookCellOutput([vscode.NotebookCellOutputItem.error(error)]);
    }
  }
}

export function notebookDoc(data: vscode.NotebookData): NotebookDoc {
  const cells = data.cells.map((cell): NotebookCellDoc => {
    if (cell.kind === vscode.NotebookCellKind.Markup) return { kind: 'markdown', source: cell.value, outputs: [] };
    const outputs = (cell.outputs ?? []).map(outputDoc).filter((o) => o !== undefined);
    return { kind: cell.languageId === MPL_LANGUAGE_ID ? 'mpl' : 'apl', source: cell.value, outputs };
  });
  const range = readStoredRange(data.metadata?.timeRange);
  return range ? { timeRange: storeRange(range), cells } : { cells };
}

/** The .axiom-notebook file ↔ the notebook VS Code shows (src/core/notebook/notebookFile.ts). */
export class AplNotebookSerializer implements vscode.NotebookSerializer {
  deserializeNotebook(content: Uint8Array): vscode.NotebookData {
    const doc = readNotebook(decoder.decode(content));
    const data = new vscode.NotebookData(
      doc.cells.map((cell) => {
        if (cell.kind === 'markdown')
          return new vscode.NotebookCellData(vscode.NotebookCellKind.Markup, cell.source, 'markdown');
        const language = cell.kind === 'mpl' ? MPL_LANGUAGE_ID : APL_LANGUAGE_ID;
        const data = new vscode.NotebookCellData(vscode.NotebookCellKind.Code, cell.source, language);
        data.outputs = cell.outputs.map(cellOutput);
        return data;
      }),
    );
    data.metadata = doc.timeRange ? { timeRange: doc.timeRange } : {};
    return data;
  }

  serializeNotebook(data: vscode.NotebookData): Uint8Array {
    return new TextEncoder().encode(writeNotebook(notebookDoc(data), savedRows()));
  }
}
