import * as vscode from 'vscode';
import type { ClientAccess } from '../platform/clientAccess';
import { APL_LANGUAGE_ID, APL_SELECTOR } from '../platform/constants';
import { load, once, type Once } from '../platform/lazy';
import { disposeIfMade } from '../platform/lazyEntries';
import type { Log } from '../platform/log';
import type { LanguageFeature } from './bundle';

/** What types a completion or a signature help (VS Code needs them at registration). */
const COMPLETION_TRIGGERS = ['|', "'", '"'];
const SIGNATURE_TRIGGERS = ['(', ','];

/**
 * The Axiom APL language support: checks as diagnostics with their quick fixes, completion, hover
 * (the reference's entries, and fields from the service) and signature help. Registering costs
 * next to nothing: the providers' bodies load with the language bundle on their first call, and
 * the checks with the first Axiom APL document.
 */
export function registerLanguage(deps: { access: () => ClientAccess; log: Log }): { feature: Once<LanguageFeature>; disposables: vscode.Disposable[] } {
  const feature = once(() => load('language').createLanguage(deps));
  const isApl = (document: vscode.TextDocument) => document.languageId === APL_LANGUAGE_ID;
  // The checks start with the first Axiom APL document (one open already is looked at after
  // activation returns); from then on they follow every document themselves.
  const startChecks = () => void feature().diagnostics();
  const firstDocument = vscode.workspace.onDidOpenTextDocument((document) => isApl(document) && startChecks());
  const open = setTimeout(() => vscode.workspace.textDocuments.some(isApl) && startChecks(), 0);
  const disposables = [
    disposeIfMade(feature),
    firstDocument,
    new vscode.Disposable(() => clearTimeout(open)),
    vscode.languages.registerCodeActionsProvider(APL_SELECTOR, { provideCodeActions: (document, range, context) => feature().quickFixes().provideCodeActions(document, range, context) }, { providedCodeActionKinds: [vscode.CodeActionKind.QuickFix] }),
    vscode.languages.registerCompletionItemProvider(APL_SELECTOR, { provideCompletionItems: (...args) => feature().completions().provideCompletionItems(...args) }, ...COMPLETION_TRIGGERS),
    vscode.languages.registerHoverProvider(APL_SELECTOR, { provideHover: (...args) => feature().hover().provideHover(...args) }),
    vscode.languages.registerSignatureHelpProvider(APL_SELECTOR, { provideSignatureHelp: (document, position) => feature().signatureHelp().provideSignatureHelp(document, position) }, ...SIGNATURE_TRIGGERS),
  ];
  return { feature, disposables };
}
