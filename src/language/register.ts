import * as vscode from 'vscode';
import { aplPathsOf } from '../core/apl/aplInJsonFiles';
import { APL_LANGUAGE_ID, APL_SELECTOR } from '../platform/constants';
import { onFirstDocument, registerFeature } from '../platform/lazyEntries';
import type { LanguageFeature } from './bundle';
import { MPL_LANGUAGE_ID } from '../core/mpl/languageId';

/** What types a completion or a signature help (VS Code needs them at registration). */
const COMPLETION_TRIGGERS = ['|', "'", '"'];
const SIGNATURE_TRIGGERS = ['(', ','];

/** The feature's parts that are providers. */
type ProviderPart = 'quickFixes' | 'completions' | 'hover' | 'signatureHelp' | 'formatting' | 'outline' | 'letNames';
type Part<Name extends ProviderPart> = ReturnType<LanguageFeature[Name]>;

/**
 * The Axiom APL language support: checks as diagnostics with their quick fixes, completion, hover
 * (the reference's entries, and fields from the service), signature help, Format Document and
 * Format Selection, the outline and folding, and Go to Definition, Find References and Rename of
 * let names; in every Axiom APL document whatever its scheme (files, untitled tabs, notebook
 * cells, monitor and starred queries: APL_SELECTOR). Nothing is registered until the first Axiom
 * APL document is open; the providers' bodies load with the language bundle on their first call,
 * and the checks just after that first document.
 */
export function registerLanguage(make: () => LanguageFeature) {
  const { feature, disposables: entries } = registerFeature('language', make);
  // Registered with the first Axiom APL document: a window that never opens one asks none of them.
  // The checks start just after (they load the language bundle; at activation, after it returns),
  // and from then on follow every document themselves.
  const providers = onFirstDocument(APL_LANGUAGE_ID, () => {
    const checks = setTimeout(() => void feature().diagnostics(), 0);
    const languages = vscode.languages;
    // A provider made of the named methods of a part of the feature, which loads on the first call.
    const forward = <Name extends ProviderPart, Method extends keyof Part<Name>>(name: Name, ...methods: Method[]) =>
      Object.fromEntries(
        methods.map((method) => [
          method,
          (...args: unknown[]) => (feature()[name]() as Record<Method, (...a: unknown[]) => unknown>)[method](...args),
        ]),
      ) as Pick<Part<Name>, Method>;
    const formatting = forward('formatting', 'provideDocumentFormattingEdits', 'provideDocumentRangeFormattingEdits');
    const outline = forward('outline', 'provideDocumentSymbols', 'provideFoldingRanges');
    const letNames = forward(
      'letNames',
      'provideDefinition',
      'provideReferences',
      'prepareRename',
      'provideRenameEdits',
    );
    return [
      new vscode.Disposable(() => clearTimeout(checks)),
      languages.registerCodeActionsProvider(APL_SELECTOR, forward('quickFixes', 'provideCodeActions'), {
        providedCodeActionKinds: [vscode.CodeActionKind.QuickFix],
      }),
      languages.registerCompletionItemProvider(
        APL_SELECTOR,
        forward('completions', 'provideCompletionItems'),
        ...COMPLETION_TRIGGERS,
      ),
      languages.registerHoverProvider(APL_SELECTOR, forward('hover', 'provideHover')),
      languages.registerSignatureHelpProvider(
        APL_SELECTOR,
        forward('signatureHelp', 'provideSignatureHelp'),
        ...SIGNATURE_TRIGGERS,
      ),
      languages.registerDocumentFormattingEditProvider(APL_SELECTOR, formatting),
      languages.registerDocumentRangeFormattingEditProvider(APL_SELECTOR, formatting),
      languages.registerDocumentSymbolProvider(APL_SELECTOR, outline),
      languages.registerFoldingRangeProvider(APL_SELECTOR, outline),
      languages.registerDefinitionProvider(APL_SELECTOR, letNames),
      languages.registerReferenceProvider(APL_SELECTOR, letNames),
      languages.registerRenameProvider(APL_SELECTOR, letNames),
    ];
  });
  // A JSON file with APL inside (a monitor's): its checks start when the first one opens.
  const inJson = vscode.workspace.onDidOpenTextDocument((d) => aplPathsOf(d.fileName) && void feature().diagnostics());
  // Axiom MPL's checks and providers, with its first document (language/mplLanguage.ts).
  const mpl = onFirstDocument(MPL_LANGUAGE_ID, () => feature().mpl().register());
  const disposables = [...entries, providers, inJson, mpl];
  return { feature, disposables };
}
