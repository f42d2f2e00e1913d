// Loaded by the benchmark as the extension-host entry (extensionTestsPath) of a window of
// test/harness/personWindow.ts. The activation probe preloaded into the extension host
// (test/harness/activationProbe.cjs) times what the extension itself costs at activation: loading
// its bundle and its activate() call, whoever activates it, and counts what it did before
// activate() returned that the window could have put off. VS Code's own work around them (making
// the extension's context) is timed apart, as the whole of extension.activate(), where this entry
// activates it.
//   The bare and first-start windows: nothing on screen asks for the extension. The entry waits for
//     VS Code to finish starting first (the built-in extensions activate then, and their work, and
//     the garbage collections their garbage brings, landed inside ours at random, putting single
//     runs of the same build anywhere from 4 to 23 ms), and activates it as a person's first
//     command would.
//   The returning window: VS Code activates it as it restores the side bar, the editor and the
//     notebook, before this entry runs again in the reloaded window.
// In the returning window's first page the entry prepares it and reloads it (prepareReturning).
//   With several extensions in the window (the bench's floor copies, the empty extension and ours,
// chained by their dependencies in the order asked for), the entry activates the last of the chain
// (ACTIVATE_LAST), which activates the others first; the probe times each (probe.others).
import * as vscode from 'vscode';
import { EXTENSION_ID, personWindow, prepareReturning, preparingWith } from '../harness/personWindowHost';
import { ACTIVATE_LAST, type ProbedActivation } from '../harness/personWindowNames';

/** How long VS Code takes to finish starting up here, the built-in extensions' activation included. */
const SETTLE_MS = 3000;
/** How long the views and editors on screen are given to ask for their data after activation. */
const HEARD_MS = 2000;

export async function run(): Promise<void> {
  const token = preparingWith();
  if (token) return prepareReturning(token);
  const window = personWindow();
  const last = process.env[ACTIVATE_LAST] ?? EXTENSION_ID;
  const extension = vscode.extensions.getExtension(last);
  if (!extension) throw new Error(`the extension ${last} is not loaded`);
  let vscodeMs: number | undefined;
  if (!extension.isActive) await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  /** Who activated the window's extensions: VS Code restoring it, or this entry. */
  const activatedBy = extension.isActive ? 'window' : 'entry';
  if (!extension.isActive) {
    const started = performance.now();
    await extension.activate();
    vscodeMs = performance.now() - started;
  }
  if (window !== 'bare') await new Promise((resolve) => setTimeout(resolve, HEARD_MS));
  const restored = vscode.window.tabGroups.all.flatMap((group) => group.tabs.map((tab) => tab.label));
  const probe = (globalThis as { axiomActivationProbe?: ProbedActivation }).axiomActivationProbe;
  if (probe?.loadMs === undefined || probe.activateMs === undefined)
    throw new Error('the activation probe saw no activation (is it preloaded?)');
  const { loadMs, activateMs, order, others, early, treeData, calls } = probe;
  console.log(
    `AXIOM_BENCH ${JSON.stringify({ loadMs, activateMs, order, others, vscodeMs, activatedBy, window, early, treeData, restored, calls })}`,
  );
}
