// The loader of the features' bundles, above every feature: each feature declared in
// platform/declarations.ts with a bundle is bound here to its entry, loaded on first use. Only this
// file (and platform/lazy.ts, for the libraries) may reach a bundle by value: the build checks it
// (esbuild.mjs), and checks that each bundle the table declares is one this loader requires.
// The composition root (extension.ts) makes each feature with `load('<name>').create…(deps)`;
// the features' registrations (their register.ts, or platform/lazyEntries.ts's registerFeature and
// registerViewFeature for the common shapes) never import this file.
import type { BundledFeature } from './platform/declarations';

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
  agents: () => require('./agents/bundle') as typeof import('./agents/bundle'),
} satisfies { [Name in BundledFeature]: () => unknown };

export type FeatureBundle<Name extends BundledFeature> = ReturnType<(typeof BUNDLES)[Name]>;

/** The feature's bundle, loaded on this first call (later calls get the same module). */
export function load<Name extends BundledFeature>(name: Name): FeatureBundle<Name> {
  return BUNDLES[name]() as FeatureBundle<Name>;
}
