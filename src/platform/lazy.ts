// Loading late, the ground floor: `once`, and the loader of the libraries (the bundles that are no
// feature's, declared in declarations.ts's LIBRARIES): the API client and the APL support, which
// the features load on first use. The features' own bundles are loaded by src/features.ts, above
// every feature. Each bundle is built into a file of its own beside extension.js (esbuild.mjs
// takes the list from declarations.ts), and only the loaders (this file and src/features.ts) may
// reach one by value: the build fails when another file imports a bundle's entry, or holds a
// module that a bundle's entry imports (what the bundle holds), and when extension.js grows past
// its budget. A bundle is loaded once per extension host (Node's module cache), whichever asks.
// Each bundle has its own copy of the plain modules it imports (platform/, core/): module state
// that must be one per extension host lives in one bundle only, or in a module that esbuild.mjs
// builds once for all of them (ONCE_PER_HOST: the secret masks, core/api/secrets.ts).
import type { LibraryName } from './declarations';

// A require() in a function, rather than an import, is the point: the library is read when the
// function first runs, at once (an import() would make its callers wait for a promise), and
// esbuild.mjs keeps it a require of the library's own file.
/* eslint-disable @typescript-eslint/no-require-imports -- loading on first use, as said above */
const LIBRARY_LOADERS = {
  client: () => require('../core/accounts/clientBundle') as typeof import('../core/accounts/clientBundle'),
  apl: () => require('../core/apl/bundle') as typeof import('../core/apl/bundle'),
  outsideQuestion: () => require('./outsideQuestion') as typeof import('./outsideQuestion'),
  draftCommands: () => require('./draftCommands') as typeof import('./draftCommands'),
} satisfies { [Name in LibraryName]: () => unknown };

/** The secret masks (core/api/secrets.ts: one module per extension host, esbuild.mjs's
 *  ONCE_PER_HOST), read when first needed: the log masks its first line with them. Imported, their
 *  file was required as extension.js loaded, a third of the load's time beyond the empty extension's. */
export const secretMasks = /* @__PURE__ */ once(
  () => require('../core/api/secrets') as typeof import('../core/api/secrets'),
);
/* eslint-enable @typescript-eslint/no-require-imports */

type Libraries = typeof LIBRARY_LOADERS;
export type Bundle<Name extends LibraryName> = ReturnType<Libraries[Name]>;

/** The library, loaded on this first call (later calls get the same module). */
export function load<Name extends LibraryName>(name: Name): Bundle<Name> {
  return LIBRARY_LOADERS[name]() as Bundle<Name>;
}

/** A value made on its first use, then kept; `made` is it once made (undefined before). */
export interface Once<T> {
  (): T;
  readonly made: T | undefined;
}

export function once<T>(make: () => T): Once<T> {
  let kept: { value: T } | undefined;
  const get = () => (kept ??= { value: make() }).value;
  return Object.defineProperty(get, 'made', { get: () => kept?.value }) as Once<T>;
}
