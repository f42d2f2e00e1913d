import * as vscode from 'vscode';
import type { FeatureName } from './declarations';
import { FEATURES, type FeatureDeclaration } from './declarations';
import type { Once } from './lazy';
import { onFirstWebviewPanel, registerFeature, type FirstStart, type MadeFeature } from './lazyEntries';

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

/** What a feature whose panels come back after a reload makes: it restores one (its `restore`). */
interface RestoringFeature<Name extends FeatureName> extends MadeFeature<Name> {
  restore(panel: vscode.WebviewPanel, state: unknown): void | Promise<void>;
}

/** A feature made on first use (registerFeature) whose declared webview panels a reload brings back
 *  (activation event onWebviewPanel): each panel type's serializer comes with its first panel. */
export function registerPanelFeature<Name extends FeatureName, Feature extends RestoringFeature<Name>>(
  name: Name,
  make: () => Feature,
): { feature: Once<Feature>; disposables: vscode.Disposable[] } {
  const { feature, disposables } = registerFeature(name, make);
  const declared: FeatureDeclaration = FEATURES[name];
  for (const viewType of declared.webviewPanels ?? [])
    disposables.push(restorePanels(viewType, (panel, state) => feature().restore(panel, state)));
  return { feature, disposables };
}
