import * as vscode from 'vscode';
import { FEATURES } from '../platform/declarations';
import { onFirstWebviewPanel, registerFeature } from '../platform/lazyEntries';
import type { TailFeature } from './bundle';

/** The tail panels' webview type (a reload brings them back stopped: tailCommands.ts's restore). */
const TAIL_VIEW_TYPE = FEATURES.tail.webviewPanels[0];

/** Live tail: its commands (bodies in the tail bundle) and, with the first tail panel, the
 *  serializer that brings one back after a reload (activation event onWebviewPanel:axiom.tail). */
export function registerTail(make: () => TailFeature) {
  const { feature, disposables } = registerFeature('tail', make);
  return {
    feature,
    disposables: [
      ...disposables,
      onFirstWebviewPanel(TAIL_VIEW_TYPE, () =>
        vscode.window.registerWebviewPanelSerializer(TAIL_VIEW_TYPE, {
          deserializeWebviewPanel: async (panel, state) => feature().restore(panel, state),
        }),
      ),
    ],
  };
}
