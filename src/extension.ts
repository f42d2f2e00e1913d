// Activation: the entries VS Code needs from the start (every declared command, view, file system
// and provider, each a thin object: platform/entries.ts), forwarding to the composition
// (src/composition.ts), which is loaded on the first call of any of them, or just after activate()
// returns (the status bar, the first documents' watches, the walkthrough on a first start).
// Nothing else runs here: activation costs the registrations, about what an extension with empty
// bodies pays for them (the activation bench's floor).
import * as vscode from 'vscode';
import type { Composition } from './composition';
import { registerEntries } from './platform/entries';
import type { AxiomExtensionApi } from './testApi';

/** Whether this build holds the test API (esbuild.mjs defines it: false in the build that ships). */
declare const AXIOM_TEST_API: boolean;

// A require() in a function, rather than an import, is the point: the composition is read on its
// first use (esbuild.mjs keeps it a require of its own file; this file is one of its LOADERS).
/* eslint-disable-next-line @typescript-eslint/no-require-imports -- loading on first use, as said above */
const loadComposition = () => require('./composition') as typeof import('./composition');

export function activate(context: vscode.ExtensionContext): AxiomExtensionApi | undefined {
  let made: Composition | undefined;
  let failed: { error: unknown } | undefined;
  const composition = (): Composition => {
    if (made) return made;
    // A composition that failed part way is not made again (what it did register would be twice):
    // every entry says why from then on.
    if (failed) throw failed.error;
    try {
      return (made = loadComposition().compose(context, entries.relays));
    } catch (error) {
      failed = { error };
      throw error;
    }
  };
  const entries = registerEntries(() => composition().targets);
  const later = setTimeout(composition, 0);
  // The features first (disposed in this order), then the entries they answered through.
  context.subscriptions.push(
    {
      dispose: () => {
        clearTimeout(later);
        made?.dispose();
      },
    },
    ...entries.disposables,
  );
  if (!AXIOM_TEST_API || context.extensionMode !== vscode.ExtensionMode.Test) return undefined;
  return composition().testApi();
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
