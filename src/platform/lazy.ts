// The loader: what loads late, and why. Activation (dist/extension.js) holds each feature's
// register() with thin entries only: command ids, views, providers, listeners, whose bodies call
// `load('<bundle>')` the first time they run. Each bundle below is built into a file of its own
// beside extension.js (esbuild.mjs reads this list), and this file is the only one that may reach
// one by value: the build fails when another file imports a bundle's entry, or holds a module that
// a bundle's entry imports (what the bundle holds), and when extension.js grows past its budget.
//
// How a feature adds its lazy part:
//   1. Put the implementations in the feature's files as usual (src/<feature>/*.ts), and write
//      src/<feature>/bundle.ts: it exports what the thin entries call, usually one factory that
//      takes the feature's dependencies (functions and small interfaces, not other features'
//      classes) and returns its commands, view and providers. Import only from it what the
//      feature's bundle holds; shared helpers (platform/, core/) are imported where used.
//   2. Add one line to BUNDLES below, named by what the bundle holds: `name: () => require('../<feature>/bundle')`.
//   3. In src/<feature>/register.ts, register the thin entries: `registerCommands(ids, () => feature().commands)` (platform/lazyEntries.ts)
//      where `feature = once(() => load('<name>').create<Feature>(deps))`; views through
//      LazyTree (platform/lazyEntries.ts), providers through an object whose methods load the
//      bundle on their first call; providers only some documents or editors need, when the first
//      of them opens (onFirstDocument, onFirstEditor). Import the bundle's types only (`import type`).
//   4. Anything the screen needs at start-up (a status bar item, a view that is shown) loads after
//      activation returns, not during it; anything else loads when first used. Run
//      `AXIOM_BENCH_ONLY=activation npm run bench`: activation stays ≤ 5 ms.
// A bundle is loaded once per extension host (Node's module cache), whichever bundle asks for it.
// Each bundle has its own copy of the plain modules it imports (platform/, core/): module state
// that must be one per extension host lives in one bundle only, or on globalThis (core/api/secrets.ts).

type Bundles = {
  /** The API client with undici and zod, Test Connection with Node's network modules, the CLI config reader. */
  client: typeof import('../core/api/bundle');
  /** The APL reference data (some 300 functions and operators), the lexer and the checks. */
  apl: typeof import('../core/apl/bundle');
  /** Deployments and their tokens, the window's connection, and the accounts commands. */
  accounts: typeof import('../accounts/bundle');
  /** The Monitors view, its status poller and the commands on its rows. */
  monitors: typeof import('../monitors/bundle');
  /** The Starred Queries view, its commands and the documents that save back to Axiom. */
  starred: typeof import('../starred/bundle');
  /** Completion, hover, signature help, quick fixes and the checks as diagnostics. */
  language: typeof import('../language/bundle');
  /** Run Query, the results panels, the time range and the CodeLens. */
  run: typeof import('../run/bundle');
  /** APL notebooks: the serializer, the controller that runs cells, the notebook commands. */
  notebook: typeof import('../notebook/bundle');
  /** The Datasets view and the commands on its rows. */
  datasets: typeof import('../datasets/bundle');
  /** The query history on this machine, its view and commands. */
  history: typeof import('../history/bundle');
  /** The language model tools for chat agents and the @axiom chat participant. */
  agents: typeof import('../agents/bundle');
};

const BUNDLES: { [Name in keyof Bundles]: () => Bundles[Name] } = {
  client: () => require('../core/api/bundle'),
  apl: () => require('../core/apl/bundle'),
  accounts: () => require('../accounts/bundle'),
  monitors: () => require('../monitors/bundle'),
  starred: () => require('../starred/bundle'),
  language: () => require('../language/bundle'),
  run: () => require('../run/bundle'),
  notebook: () => require('../notebook/bundle'),
  datasets: () => require('../datasets/bundle'),
  history: () => require('../history/bundle'),
  agents: () => require('../agents/bundle'),
};

export type BundleName = keyof Bundles;
export type Bundle<Name extends BundleName> = Bundles[Name];

/** The bundle, loaded on this first call (later calls get the same module). */
export function load<Name extends BundleName>(name: Name): Bundles[Name] {
  return BUNDLES[name]();
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
