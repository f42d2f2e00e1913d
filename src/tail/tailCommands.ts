// Tail Dataset… (the palette, or a dataset's row in the Datasets view) and Tail This Query (the
// APL editor's query under the cursor, its leading `where`s kept): each opens a tail panel that
// follows new events. A panel VS Code brings back after a reload is made here too, stopped.
import * as vscode from 'vscode';
import { queryToRun } from '../core/run/queryText';
import { readTailState } from '../core/tail/tailProtocol';
import { tailTargetOf, type TailTarget } from '../core/tail/tailQuery';
import { APL_LANGUAGE_ID } from '../platform/constants';
import { localize, say } from '../platform/l10n';
import { TailPanel, type TailPanelContext } from './tailPanel';

export interface TailDeps extends TailPanelContext {
  /** The datasets to choose from (the language feature's cache of the Datasets view's list). */
  datasets(): Promise<string[] | undefined>;
}

/** The dataset a command was given: a row of the Datasets view, or `{ dataset: name }`. */
function datasetOf(arg: unknown): string | undefined {
  if (typeof arg !== 'object' || arg === null) return undefined;
  const given = (arg as { dataset?: unknown }).dataset;
  if (typeof given === 'string') return given.trim() || undefined;
  if (typeof given === 'object' && given !== null) {
    const name = (given as { name?: unknown }).name;
    return typeof name === 'string' && name.trim() ? name : undefined;
  }
  return undefined;
}

export function createTails(deps: TailDeps) {
  const open = new Set<TailPanel>();

  function follow(
    target: TailTarget,
    leftOut: readonly string[],
    restored?: { panel: vscode.WebviewPanel; filter: string },
  ) {
    const panel = new TailPanel(deps, target, leftOut, restored);
    open.add(panel);
    panel.onDidDispose(() => open.delete(panel));
    return panel;
  }

  async function tailDataset(arg?: unknown): Promise<TailPanel | undefined> {
    let dataset = datasetOf(arg);
    if (!dataset) {
      const names = await deps.datasets();
      if (!names?.length) {
        void vscode.window.showInformationMessage(
          names
            ? localize('There are no datasets to choose from; see the Datasets view.')
            : localize(
                'The list of datasets is not at hand (is this window connected to Axiom?); see the Datasets view.',
              ),
        );
        return undefined;
      }
      dataset = await vscode.window.showQuickPick(names, { title: localize('Tail which dataset?') });
      if (!dataset) return undefined;
    }
    return follow({ dataset, conditions: [] }, []);
  }

  function tailQuery(): TailPanel | undefined {
    const editor = vscode.window.activeTextEditor;
    if (!editor || editor.document.languageId !== APL_LANGUAGE_ID) {
      void vscode.window.showInformationMessage(
        localize('Tail This Query follows the query of an APL editor: open one first.'),
      );
      return undefined;
    }
    const document = editor.document;
    const text = document.getText();
    const run = queryToRun(
      text,
      { start: document.offsetAt(editor.selection.start), end: document.offsetAt(editor.selection.end) },
      document.offsetAt(editor.selection.active),
    );
    const read = tailTargetOf(run.text);
    if (!('target' in read)) {
      void vscode.window.showWarningMessage(say(read));
      return undefined;
    }
    return follow(read.target, read.leftOut);
  }

  /** A tail panel VS Code kept across a reload: it comes back stopped, offering Resume. */
  function restore(panel: vscode.WebviewPanel, state: unknown): void {
    const kept = readTailState(state);
    if (!kept) {
      deps.log.info('a tail panel came back without what it followed; closed');
      panel.dispose();
      return;
    }
    follow({ dataset: kept.dataset, conditions: kept.conditions }, [], { panel, filter: kept.filter });
  }

  return {
    open: open as ReadonlySet<TailPanel>,
    tailDataset,
    tailQuery,
    restore,
    dispose: () => {
      for (const panel of [...open]) panel.dispose();
    },
  };
}
