// Loads src/core/heavy.ts once, when first needed. A require, not an import: esbuild.mjs points it
// at dist/heavy.js, so that activation does not parse undici, zod or Node's network modules.
export type Heavy = typeof import('../core/heavy');

let loaded: Heavy | undefined;

export function loadHeavy(): Heavy {
  loaded ??= require('../core/heavy') as Heavy;
  return loaded;
}
