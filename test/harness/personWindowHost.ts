// The extension-host side of the person's windows (personWindow.ts): the returning window's first
// load, and which window an entry runs in.
import fs from 'node:fs';
import * as vscode from 'vscode';
import {
  PERSON_WINDOW,
  PERSON_WINDOW_PREPARE,
  PERSON_WINDOW_PREPARED,
  RESTORED_NOTEBOOK,
  RESTORED_QUERY,
  type PersonWindow,
  type ProbedActivation,
} from './personWindowNames';

export const EXTENSION_ID = 'axiom-apl-community.axiom-apl';

/** The window this extension host is in (bare when the harness did not say). */
export function personWindow(): PersonWindow {
  return (process.env[PERSON_WINDOW] as PersonWindow | undefined) ?? 'bare';
}

/** The token to prepare the returning window with, when this load is its preparation: the harness
 *  asked for one and no load of this window has prepared it yet (the reloaded window is the
 *  returning one, which VS Code restores). */
export function preparingWith(): string | undefined {
  const token = process.env[PERSON_WINDOW_PREPARE];
  const prepared = process.env[PERSON_WINDOW_PREPARED];
  if (!token || !prepared || fs.existsSync(prepared)) return undefined;
  return token;
}

/** How long the views of the side bar are given to ask for their items before the reload. */
const VIEWS_MS = 15_000;
/** How long the window is given to reload before the preparation says it did not. */
const RELOAD_MS = 30_000;

/**
 * What the preparing load of the returning window does as a person would: signs in (the extension
 * takes in AXIOM_TOKEN, which the harness set: personWindow.ts's prepareReturning), opens the
 * query, the notebook and the Axiom side bar (whose views ask for their items), then reloads the
 * window, as a person does with F5 or Reload Window. VS Code restores a side bar other than the
 * Explorer only in a reloaded window; a window opened anew shows the Explorer (see personWindow.ts).
 * Never resolves: the window, and this extension host with it, goes; the reloaded window runs the
 * entry again, and finds the window prepared.
 */
export async function prepareReturning(token: string): Promise<void> {
  const extension = vscode.extensions.getExtension(EXTENSION_ID);
  if (!extension) throw new Error('the extension is not loaded');
  if (process.env.AXIOM_TOKEN !== token) throw new Error('the window was not given the token (AXIOM_TOKEN)');
  await extension.activate();
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  if (!folder) throw new Error('the window has no workspace folder');
  // Just after activation, a first start opens the walkthrough: an editor opened at that moment may
  // be pushed aside ("Could NOT open editor"), so the query is opened again until it is shown.
  for (let attempt = 1; ; attempt++) {
    try {
      await vscode.window.showTextDocument(vscode.Uri.joinPath(folder, RESTORED_QUERY), { preview: false });
      break;
    } catch (error) {
      if (attempt === 3) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  const notebook = await vscode.workspace.openNotebookDocument(vscode.Uri.joinPath(folder, RESTORED_NOTEBOOK));
  await vscode.window.showNotebookDocument(notebook, { preview: false });
  await vscode.commands.executeCommand('workbench.view.extension.axiom');
  await viewsOnScreen();
  fs.writeFileSync(process.env[PERSON_WINDOW_PREPARED] as string, new Date().toISOString());
  // The workbench writes its state to the browser's storage before it reloads.
  await vscode.commands.executeCommand('workbench.action.reloadWindow');
  await new Promise((resolve) => setTimeout(resolve, RELOAD_MS));
  throw new Error(`the returning window did not reload within ${RELOAD_MS / 1000} s`);
}

/** Resolves once the side bar's views have their first items (the activation probe sees them, when
 *  it is preloaded): the views are on screen, so VS Code keeps them as visible, and the extension is
 *  signed in (it takes in AXIOM_TOKEN just after activation; before, the views have no items). */
async function viewsOnScreen(): Promise<void> {
  const probe = (globalThis as { axiomActivationProbe?: ProbedActivation }).axiomActivationProbe;
  if (!probe) return;
  for (let waited = 0; probe.early.firstItemsAfterMs === undefined; waited += 100) {
    if (waited >= VIEWS_MS)
      throw new Error(
        probe.treeData === 0
          ? 'the Axiom side bar showed no view asking for its items'
          : 'the Axiom views got no items: the extension took in no token from AXIOM_TOKEN',
      );
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
