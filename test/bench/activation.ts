// Loaded by the benchmark as the extension-host entry (extensionTestsPath): times the extension's
// activation as VS Code performs it (loading dist/extension.js and calling activate()), then the
// first require of the client bundle, and prints them on one line for the benchmark to read.
import * as vscode from 'vscode';

export async function run(): Promise<void> {
  const extension = vscode.extensions.getExtension('axiom-apl-community.axiom-apl');
  if (!extension) throw new Error('the extension is not loaded');
  if (extension.isActive) throw new Error('the extension was already active: nothing to measure');
  const started = performance.now();
  await extension.activate();
  const activationMs = performance.now() - started;
  console.log(`AXIOM_BENCH ${JSON.stringify({ activationMs })}`);
}
