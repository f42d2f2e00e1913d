import * as vscode from 'vscode';
import { APL_LANGUAGE_ID } from '../platform/constants';
import { AplDiagnostics } from './diagnostics';
import { AplQuickFixes } from './quickFixes';

/** Only documents of the language axiom-apl, whatever their scheme (files, untitled tabs, virtual workspaces). */
export const APL_SELECTOR: vscode.DocumentSelector = { language: APL_LANGUAGE_ID };

/**
 * The Axiom APL language support: checks as diagnostics with their quick fixes. Registering costs
 * next to nothing; the reference data and the checks load with the first APL document
 * (src/platform/heavy.ts).
 */
export function registerLanguage(_context: vscode.ExtensionContext): vscode.Disposable[] {
  return [new AplDiagnostics(), vscode.languages.registerCodeActionsProvider(APL_SELECTOR, new AplQuickFixes(), { providedCodeActionKinds: AplQuickFixes.kinds })];
}
