import * as vscode from 'vscode';
import { APL_SELECTOR } from '../platform/constants';
import { AplCompletions } from './completion';
import { AplDiagnostics } from './diagnostics';
import { AplHover, AplSignatureHelp } from './hover';
import { AplQuickFixes } from './quickFixes';
import type { AplSchema } from './schema';


/**
 * The Axiom APL language support: checks as diagnostics with their quick fixes, completion, hover
 * (the reference's entries, and fields from the service) and signature help. Registering costs next to nothing; the reference data and the checks load
 * with the first APL document (src/platform/heavy.ts), dataset names and fields on the first
 * completion that needs them, into the cache the Datasets view shares (`schema`).
 */
export function registerLanguage(_context: vscode.ExtensionContext, { schema }: { schema: AplSchema }): vscode.Disposable[] {
  return [
    new AplDiagnostics(),
    vscode.languages.registerCodeActionsProvider(APL_SELECTOR, new AplQuickFixes(), { providedCodeActionKinds: AplQuickFixes.kinds }),
    vscode.languages.registerCompletionItemProvider(APL_SELECTOR, new AplCompletions(schema), ...AplCompletions.triggers),
    vscode.languages.registerHoverProvider(APL_SELECTOR, new AplHover(schema)),
    vscode.languages.registerSignatureHelpProvider(APL_SELECTOR, new AplSignatureHelp(), ...AplSignatureHelp.triggers),
  ];
}
