import * as vscode from 'vscode';
import { onFirstWebviewPanel, type FirstStart } from './lazyEntries';

/** The serializer that brings a feature's panels of `viewType` back after a reload, registered with
 *  the first of them (onFirstWebviewPanel); `restore` is the feature's, loaded then. */
export function restorePanels(
  viewType: string,
  restore: (panel: vscode.WebviewPanel, state: unknown) => void | Promise<void>,
): FirstStart {
  return onFirstWebviewPanel(viewType, () =>
    vscode.window.registerWebviewPanelSerializer(viewType, {
      deserializeWebviewPanel: async (panel, state) => restore(panel, state),
    }),
  );
}
