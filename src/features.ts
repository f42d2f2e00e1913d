// The loader of the features' bundles, above every feature: each feature that
// platform/declarations.ts declares with a bundle is bound here to its entry, loaded on first use.
// Only this file (and platform/lazy.ts, for the libraries) may reach a bundle by value: the build
// checks it (esbuild.mjs), and that each declared bundle is one this loader requires.
//
// How a feature's bundle is written and reached:
//   1. src/<feature>/bundle.ts exports a factory, create<Feature>(deps), that takes what the feature
//      needs (functions and small interfaces declared in the feature, never another feature's
//      classes) and returns its commands by id, its view, its providers and dispose().
//   2. Activation registers its thin entries, as its declaration says (platform/entries.ts); the
//      composition root (src/composition.ts) gives them their bodies (registerFeature /
//      registerViewFeature in platform/lazyEntries.ts, or the feature's register.ts for providers
//      registered later, with a first document or tab), with a function that makes it:
//      `() => load('<feature>').create<Feature>(deps)`. Features import their bundles' types only.
//   3. What the screen needs at start-up (a status bar item, a view that is shown) loads after
//      activation returns, not during it; anything else when first used. Activation stays
//      within its budget (esbuild.mjs ACTIVATION_BUDGET) and its time (AXIOM_BENCH_ONLY=activation npm run bench).
import type { BundledFeature } from './platform/declarations';

// A require() in a function, rather than an import, is the point: the bundle is read when the
// function first runs, at once (an import() would make its callers wait for a promise), and
// esbuild.mjs keeps it a require of the bundle's own file.
/* eslint-disable @typescript-eslint/no-require-imports -- loading on first use, as said above */
/** Each bundled feature's entry (the table's `bundle`), typed; the type checker wants one per declared bundle. */
const BUNDLES = {
  accounts: () => require('./accounts/bundle') as typeof import('./accounts/bundle'),
  monitors: () => require('./monitors/bundle') as typeof import('./monitors/bundle'),
  starred: () => require('./starred/bundle') as typeof import('./starred/bundle'),
  language: () => require('./language/bundle') as typeof import('./language/bundle'),
  run: () => require('./run/bundle') as typeof import('./run/bundle'),
  notebook: () => require('./notebook/bundle') as typeof import('./notebook/bundle'),
  datasets: () => require('./datasets/bundle') as typeof import('./datasets/bundle'),
  history: () => require('./history/bundle') as typeof import('./history/bundle'),
  dashboards: () => require('./dashboards/bundle') as typeof import('./dashboards/bundle'),
  agents: () => require('./agents/bundle') as typeof import('./agents/bundle'),
  annotations: () => require('./annotations/bundle') as typeof import('./annotations/bundle'),
  dashboardPreview: () => require('./dashboards/previewBundle') as typeof import('./dashboards/previewBundle'),
  codeActivity: () => require('./codeActivity/bundle') as typeof import('./codeActivity/bundle'),
  traces: () => require('./traces/bundle') as typeof import('./traces/bundle'),
  tail: () => require('./tail/bundle') as typeof import('./tail/bundle'),
} satisfies { [Name in BundledFeature]: () => unknown };

/** What activate returns to the extension's own tests (declarations.ts's TEST_LIBRARIES): loaded
 *  only in ExtensionMode.Test, absent from the production build. */
export const loadTestApi = () => require('./testApi') as typeof import('./testApi');
/* eslint-enable @typescript-eslint/no-require-imports */

export type FeatureBundle<Name extends BundledFeature> = ReturnType<(typeof BUNDLES)[Name]>;

/** The feature's bundle, loaded on this first call (later calls get the same module). */
export function load<Name extends BundledFeature>(name: Name): FeatureBundle<Name> {
  return BUNDLES[name]() as FeatureBundle<Name>;
}
