// What loads late, and why: each module once, when first needed. Requires, not imports:
// esbuild.mjs points them at files of their own beside dist/extension.js, so that activation parses
// neither.
//   src/core/heavy.ts        → dist/heavy.js  undici, zod and Node's network modules (the API client)
//   src/core/aplLanguage.ts  → dist/apl.js    the APL reference data, lexer and checks (first APL document)
//   src/notebook/notebookFeature.ts → dist/notebook.js  APL notebooks: serializer, controller, commands (first notebook)
export type Heavy = typeof import('../core/heavy');
export type AplLanguage = typeof import('../core/aplLanguage');
export type NotebookFeature = typeof import('../notebook/notebookFeature');

let loaded: Heavy | undefined;
let aplLoaded: AplLanguage | undefined;

export function loadHeavy(): Heavy {
  loaded ??= require('../core/heavy') as Heavy;
  return loaded;
}

export function loadAplLanguage(): AplLanguage {
  aplLoaded ??= require('../core/aplLanguage') as AplLanguage;
  return aplLoaded;
}

let notebookLoaded: NotebookFeature | undefined;

export function loadNotebook(): NotebookFeature {
  notebookLoaded ??= require('../notebook/notebookFeature') as NotebookFeature;
  return notebookLoaded;
}
