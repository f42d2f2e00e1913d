// Log activity and production errors, in the composition: their commands' bodies, and the bundle
// loaded when the workspace keeps either on, or when either is turned on in the settings. Nothing
// else: off, neither loads nor asks anything. (The two settings' names are codeActivitySettings.ts's,
// repeated here so that the composition does not carry that module.)
import * as vscode from 'vscode';
import { registerFeature } from '../platform/lazyEntries';
import type { CodeActivityFeature } from './bundle';

const SWITCHES = ['axiom.logActivity.enabled', 'axiom.productionErrors.enabled'];

export function registerCodeActivity(make: () => CodeActivityFeature) {
  const { feature, disposables } = registerFeature('codeActivity', make);
  const startWhenOn = () => {
    const settings = vscode.workspace.getConfiguration();
    if (SWITCHES.some((name) => settings.get(name) === true)) feature();
  };
  const first = setTimeout(startWhenOn, 0);
  return {
    feature,
    disposables: [
      ...disposables,
      new vscode.Disposable(() => clearTimeout(first)),
      vscode.workspace.onDidChangeConfiguration(
        (e) => SWITCHES.some((name) => e.affectsConfiguration(name)) && startWhenOn(),
      ),
    ],
  };
}
