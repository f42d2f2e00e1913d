// The "language" bundle (src/features.ts): the VS Code side of the Axiom APL language
// support: the checks as diagnostics, completion with the service's datasets and fields, hover,
// signature help, quick fixes, formatting, the outline and folding, and the let names' definitions,
// references and rename. Loaded with the first Axiom APL document; the reference data it
// reads is the "apl" bundle, loaded when first needed.
import type { ClientAccess } from '../platform/clientAccess';
import { once } from '../platform/lazy';
import type { Log } from '../platform/log';
import { AplCompletions } from './completion';
import { AplDiagnostics } from './diagnostics';
import { AplFormatting } from './formatting';
import { AplHover, AplSignatureHelp } from './hover';
import { AplLetNames } from './letNames';
import { AplOutline } from './outline';
import { ParsedDocuments } from './parsedDocuments';
import { AplQuickFixes } from './quickFixes';
import { AplSchema } from './schema';
import { createMplLanguage } from './mplLanguage';
import type { MetricsCatalog } from '../core/mpl/catalog';
import { clientMetricsCatalog } from '../core/mpl/clientCatalog';

/** The language feature, made once; each part is made when first asked for. The schema (dataset
 *  names and fields) reaches the service, and so the accounts bundle, only when completion or a
 *  hover first needs it. */
export function createLanguage(deps: {
  access: () => ClientAccess;
  log: Log;
  /** MPL completion's metrics, tags and values when a test gives its own; else the service's. */
  metricsCatalog?: () => MetricsCatalog | undefined;
}) {
  const schema = once(() => new AplSchema(deps.access(), deps.log));
  const diagnostics = once(() => new AplDiagnostics(schema));
  const trees = once(() => new ParsedDocuments());
  // The service's metrics info endpoints, through the window's client (core/mpl/clientCatalog.ts).
  const serviceCatalog = once(() => clientMetricsCatalog(() => deps.access().client()));
  const mpl = once(() => createMplLanguage({ schema, catalog: () => deps.metricsCatalog?.() ?? serviceCatalog() }));
  return {
    /** The one cache of datasets and fields: completion's and the Datasets view's. */
    schema,
    diagnostics,
    completions: once(() => new AplCompletions(schema())),
    hover: once(() => new AplHover(schema())),
    signatureHelp: once(() => new AplSignatureHelp()),
    quickFixes: once(() => new AplQuickFixes(diagnostics())),
    formatting: once(() => new AplFormatting()),
    outline: once(() => new AplOutline(trees())),
    letNames: once(() => new AplLetNames(trees())),
    /** The Axiom MPL language's parts (mplLanguage.ts). */
    mpl,
    /** It declares no command (platform/declarations.ts). */
    commands: {},
    dispose(): void {
      schema.made?.dispose();
      diagnostics.made?.dispose();
      mpl.made?.dispose();
    },
  };
}

export type LanguageFeature = ReturnType<typeof createLanguage>;
