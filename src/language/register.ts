import * as vscode from 'vscode';
import { APL_LANGUAGE_ID, APL_SELECTOR } from '../platform/constants';
import { onFirstDocument, registerFeature } from '../platform/lazyEntries';
import type { LanguageFeature } from './bundle';

/** What types a completion or a signature help (VS Code needs them at registration). */
const COMPLETION_TRIGGERS = ['|', "'", '"'];
const SIGNATURE_TRIGGERS = ['(', ','];

/**
 * The Axiom APL language support: checks as diagnostics with their quick fixes, completion, hover
 * (the reference's entries, and fields from the service) and signature help. Nothing is registered
 * until the first Axiom APL document is open; the providers' bodies load with the language bundle
 * on their first call, and the checks just after that first document.
 */
export function registerLanguage(make: () => LanguageFeature) {
  const { feature, disposables: entries } = registerFeature('language', make);
  // Registered with the first Axiom APL document: a window that never opens one asks none of them.
  // The checks start just after (they load the language bundle; at activation, after it returns),
  // and from then on follow every document themselves.
  const providers = onFirstDocument(APL_LANGUAGE_ID, () => {
    const checks = setTimeout(() => void feature().diagnostics(), 0);
    return [
      new vscode.Disposable(() => clearTimeout(checks)),
      vscode.languages.registerCodeActionsProvider(
        APL_SELECTOR,
        {
          provideCodeActions: (document, range, context) =>
            feature().quickFixes().provideCodeActions(document, range, context),
        },
        { providedCodeActionKinds: [vscode.CodeActionKind.QuickFix] },
      ),
      vscode.languages.registerCompletionItemProvider(
        APL_SELECTOR,
        {
          provideCompletionItems: (...args) =>
            feature()
              .completions()
              .provideCompletionItems(...args),
        },
        ...COMPLETION_TRIGGERS,
      ),
      vscode.languages.registerHoverProvider(APL_SELECTOR, {
        provideHover: (...args) =>
          feature()
            .hover()
            .provideHover(...args),
      }),
      vscode.languages.registerSignatureHelpProvider(
        APL_SELECTOR,
        {
          provideSignatureHelp: (document, position) =>
            feature().signatureHelp().provideSignatureHelp(document, position),
        },
        ...SIGNATURE_TRIGGERS,
      ),
    ];
  });
  const disposables = [...entries, providers];
  return { feature, disposables };
}
