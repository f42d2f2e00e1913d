import * as vscode from 'vscode';
import { startingDataset, starterQuery } from '../core/notebook/starterQuery';
import { openQueryInNewTab } from '../platform/openQuery';
import { localize } from '../platform/l10n';

/** Where the datasets a first query may read come from (the composition root's: the history, the
 *  starred queries, the Datasets view's list). */
export interface StartingDatasets {
  /** Datasets used lately on this deployment, newest first. */
  recent(): Promise<string[]>;
  /** The token's datasets as the Datasets view lists them, or undefined when not at hand soon. */
  listed(): Promise<string[] | undefined>;
}

/** The query a new notebook's cell or New APL Query starts with: over the most recently used
 *  dataset that exists, else the first listed. */
export async function firstQuery(datasets: StartingDatasets): Promise<string> {
  const [recent, listed] = await Promise.all([datasets.recent().catch(() => []), datasets.listed()]);
  return starterQuery(
    startingDataset(recent, listed),
    localize("// Name a dataset here (the Datasets view lists them), then run the query.\n['dataset']\n| take 10"),
  );
}

/** New APL Query: a new untitled Axiom APL editor with a query that runs as it is. */
export async function newAplQuery(datasets: StartingDatasets): Promise<vscode.TextEditor> {
  const editor = await openQueryInNewTab(await firstQuery(datasets), 'apl');
  const end = editor.document.lineAt(editor.document.lineCount - 1).range.end;
  editor.selection = new vscode.Selection(end, end);
  return editor;
}
