// The activation floor of the benchmark (npm run bench, part `activation`): an extension with the
// extension's own manifest, its ids renamed (activationFloorManifest.ts), whose activate() makes only
// the registrations VS Code needs from it by the time activation ends, as the declarations name them
// (activationFloorRegistrations.ts), each with an empty body. Built like dist/extension.js (node
// esbuild.mjs --production --floor [--floor-prefix P]: the prefix of its ids, none for the
// extension's own), its load + activate() is what any extension that contributes what ours does pays
// before doing anything of its own; measured in the same window as the extension, it shows the
// extension's own share.
import * as vscode from 'vscode';
import { registerFloor } from './activationFloorRegistrations';

/** The prefix of this copy's ids (esbuild.mjs defines it; empty: the extension's own ids). */
declare const AXIOM_FLOOR_PREFIX: string;
/** How many times this copy registers everything (esbuild.mjs defines it): the timed floor once;
 *  the bench's warm-up copy several times, each round but the last disposed, as the registrations of
 *  several extensions warm VS Code's code in a person's window (its paths reach their faster tiers). */
declare const AXIOM_FLOOR_ROUNDS: number;

export function activate(context: vscode.ExtensionContext): void {
  const api = {
    commands: vscode.commands,
    window: vscode.window,
    workspace: vscode.workspace,
    lm: vscode.lm,
    chat: vscode.chat,
    authentication: vscode.authentication,
    EventEmitter: vscode.EventEmitter,
    Disposable: vscode.Disposable,
    FileType: vscode.FileType,
    NotebookData: vscode.NotebookData,
    LanguageModelToolResult: vscode.LanguageModelToolResult,
  };
  for (let round = 1; round < AXIOM_FLOOR_ROUNDS; round++)
    for (const registration of registerFloor(api, AXIOM_FLOOR_PREFIX)) registration.dispose();
  context.subscriptions.push(...registerFloor(api, AXIOM_FLOOR_PREFIX));
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
