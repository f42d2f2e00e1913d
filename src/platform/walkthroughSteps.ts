// Ticks the walkthrough's steps (core/walkthrough.ts): each feature says, at the moment the person
// has done a step's thing, `stepDone('queryStarred')`; the step's `onContext:` completion event
// then ticks it, whichever route it was done by.
import * as vscode from 'vscode';
import {
  opensWalkthroughNow,
  WALKTHROUGH_ID,
  WALKTHROUGH_KEYS,
  WALKTHROUGH_SHOWN_KEY,
  type WalkthroughStep,
} from '../core/walkthrough';

/** The person has done `step`'s thing: its context key is set (each time: one message to the
 *  window, and each bundle holds its own copy of this module, so none would know another's). */
export function stepDone(step: WalkthroughStep): void {
  void vscode.commands.executeCommand('setContext', WALKTHROUGH_KEYS[step], true);
}

/** Opens the walkthrough "Get Started with Axiom" (Axiom: Get Started with Axiom). */
export async function openWalkthrough(extensionId: string): Promise<void> {
  await vscode.commands.executeCommand('workbench.action.openWalkthrough', `${extensionId}#${WALKTHROUGH_ID}`, false);
}

/** At activation: opens the walkthrough on a new install's first start, once (remembered in the
 *  global state, so that it stays closed once closed), never in the extension's own tests, and not
 *  when VS Code's setting says walkthroughs do not open on install. Only the global state (kept in
 *  memory) is read inside activate(): the setting is read, and the walkthrough opened, just after it
 *  returns, and only on a first start (a settings read was a tenth of activate()'s own work). */
export function openWalkthroughOnFirstStart(context: vscode.ExtensionContext): vscode.Disposable {
  const shownBefore = context.globalState.get<boolean>(WALKTHROUGH_SHOWN_KEY) === true;
  const inTests = context.extensionMode === vscode.ExtensionMode.Test;
  if (!opensWalkthroughNow({ inTests, shownBefore, onInstall: true })) return new vscode.Disposable(() => undefined);
  const later = setTimeout(() => {
    const onInstall = vscode.workspace.getConfiguration('workbench.welcomePage').get('walkthroughs.openOnInstall');
    if (!opensWalkthroughNow({ inTests, shownBefore, onInstall: onInstall !== false })) return;
    void context.globalState.update(WALKTHROUGH_SHOWN_KEY, true).then(() => openWalkthrough(context.extension.id));
  }, 0);
  return new vscode.Disposable(() => clearTimeout(later));
}
