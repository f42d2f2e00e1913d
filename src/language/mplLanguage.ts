// The Axiom MPL part of the language bundle: its checks, completion, hover, signature help and
// formatting, each made when first asked for, and their registration, which the first Axiom MPL
// document starts (register.ts): activation holds one line for it, a window that never opens MPL
// loads none of it. Completion's metrics, tags and values come from the metrics catalog the
// composition root hands over (core/mpl/catalog.ts), each answer kept a while; without one, a
// catalog that knows nothing.
import * as vscode from 'vscode';
import { MPL_LANGUAGE_ID } from '../core/mpl/languageId';
import { NO_METRICS, cachedCatalog, type MetricsCatalog } from '../core/mpl/catalog';
import { once } from '../platform/lazy';
import { MplCompletions } from './mplCompletion';
import { MplDiagnostics } from './mplDiagnostics';
import { MplFormatting } from './mplFormatting';
import { MplHover, MplSignatureHelp } from './mplHover';
import type { AplSchema } from './schema';

const MPL_SELECTOR = { language: MPL_LANGUAGE_ID } as const;
/** What opens completion (a pipe, a backquote, the colon before a metric, a space after a word) and signature help. */
const COMPLETION_TRIGGERS = ['|', '`', ':', ' '];
const SIGNATURE_TRIGGERS = ['(', ','];

/** How long an answer of the catalog is kept: typing a query asks each question once. */
const CATALOG_KEEP_MS = 60_000;

export function createMplLanguage(deps: { schema: () => AplSchema; catalog?: () => MetricsCatalog | undefined }) {
  const current = () => deps.catalog?.() ?? NO_METRICS;
  const catalog = cachedCatalog(
    {
      metrics: (dataset) => current().metrics(dataset),
      tags: (dataset, metric) => current().tags(dataset, metric),
      tagValues: (dataset, metric, tag) => current().tagValues(dataset, metric, tag),
    },
    { keepMs: CATALOG_KEEP_MS, now: () => Date.now() },
  );
  const diagnostics = once(() => new MplDiagnostics());
  const completions = once(() => new MplCompletions(deps.schema(), catalog));
  return {
    diagnostics,
    completions,
    /** The checks, and the providers of every Axiom MPL document whatever its scheme. */
    register(): vscode.Disposable[] {
      const languages = vscode.languages;
      diagnostics();
      return [
        languages.registerCompletionItemProvider(MPL_SELECTOR, completions(), ...COMPLETION_TRIGGERS),
        languages.registerHoverProvider(MPL_SELECTOR, new MplHover()),
        languages.registerSignatureHelpProvider(MPL_SELECTOR, new MplSignatureHelp(), ...SIGNATURE_TRIGGERS),
        languages.registerDocumentFormattingEditProvider(MPL_SELECTOR, new MplFormatting()),
      ];
    },
    dispose(): void {
      diagnostics.made?.dispose();
    },
  };
}
