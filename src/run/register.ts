import * as vscode from 'vscode';
import { APL_LANGUAGE_ID, APL_SELECTOR, RESULTS_VIEW_TYPE } from '../platform/constants';
import { onFirstDocument, registerFeature } from '../platform/lazyEntries';
import { restorePanels } from '../platform/panelRestore';
import type { RunFeature } from './bundle';

/** Running APL: Run Query (keyboard, editor title, CodeLens, monitor and starred rows), the time
 *  range in the status bar, the results panels (also after a reload) and the service's compile
 *  errors as diagnostics.
 *  Thin: the bodies load with the run bundle; the time range item is made with the first Axiom APL
 *  editor, where it shows. */
export function registerRun(make: () => RunFeature) {
  const { feature, disposables: entries } = registerFeature('run', make);
  const showTimeRange = (editor: vscode.TextEditor | undefined) =>
    editor?.document.languageId === APL_LANGUAGE_ID && void feature().timeRange();
  const editors = vscode.window.onDidChangeActiveTextEditor(showTimeRange);
  const first = setTimeout(() => showTimeRange(vscode.window.activeTextEditor), 0);
  const disposables = [
    ...entries,
    editors,
    new vscode.Disposable(() => clearTimeout(first)),
    // The Run Query lens, with the first Axiom APL document.
    onFirstDocument(APL_LANGUAGE_ID, () => [
      vscode.languages.registerCodeLensProvider(APL_SELECTOR, {
        provideCodeLenses: (document) => feature().lens.provideCodeLenses(document),
      }),
    ]),
    // Panels open when the window reloaded come back (activation event onWebviewPanel:axiom.results).
    restorePanels(RESULTS_VIEW_TYPE, (panel, state) => feature().restore(panel, state)),
  ];
  return { feature, disposables };
}
