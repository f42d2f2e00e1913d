// Loaded by the benchmark as the extension-host entry (extensionTestsPath), before anything has
// activated the extension. Times what the extension itself costs at activation, in the real
// extension host: loading its bundle (the require that VS Code's activation then finds in the
// module cache) and its activate() call. VS Code's own work around them (making the extension's
// context) is timed apart, as the whole of extension.activate(). It waits for VS Code to finish
// starting first: the built-in extensions activate then, and their work (and the garbage
// collections their garbage brings) landed inside ours at random, putting single runs of the same
// build anywhere from 4 to 23 ms.
import path from 'node:path';
import * as vscode from 'vscode';

interface ExtensionModule {
  activate(context: vscode.ExtensionContext): unknown;
  deactivate?(): unknown;
}

/** How long VS Code takes to finish starting up here, the built-in extensions' activation included. */
const SETTLE_MS = 3000;

export async function run(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  const extension = vscode.extensions.getExtension('axiom-apl-community.axiom-apl');
  if (!extension) throw new Error('the extension is not loaded');
  if (extension.isActive) throw new Error('the extension was already active: nothing to measure');
  const file = require.resolve(
    path.join(extension.extensionPath, String((extension.packageJSON as { main?: unknown }).main)),
  );

  const loadStarted = performance.now();
  const real = require(file) as ExtensionModule; // eslint-disable-line @typescript-eslint/no-require-imports -- the extension's file by its path, loaded as VS Code loads it
  const loadMs = performance.now() - loadStarted;

  // VS Code's activation requires the same file and gets the cached module: hand it a copy whose
  // activate() is timed.
  let activateMs = Number.NaN;
  const cached = require.cache[file];
  if (!cached) throw new Error('the bundle is not in the module cache');
  cached.exports = {
    activate(context: vscode.ExtensionContext) {
      const started = performance.now();
      const result = real.activate(context);
      activateMs = performance.now() - started;
      return result;
    },
    deactivate: () => real.deactivate?.(),
  } satisfies ExtensionModule;

  const wholeStarted = performance.now();
  await extension.activate();
  const vscodeMs = performance.now() - wholeStarted;
  if (Number.isNaN(activateMs)) throw new Error('VS Code did not call the timed activate()');
  console.log(`AXIOM_BENCH ${JSON.stringify({ loadMs, activateMs, vscodeMs })}`);
}
