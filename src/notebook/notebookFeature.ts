// APL notebooks, loaded when the first notebook opens or a notebook command runs (bundled apart as
// dist/notebook.js: see src/platform/heavy.ts and esbuild.mjs). register.ts holds only the ids.
export { AplNotebookSerializer } from './notebookSerializer';
export { AplNotebookController } from './notebookController';
export { addToNotebook, chooseNotebookRange, exportMarkdown, newNotebook, RangeOnCells } from './notebookCommands';
export { monitorSeed, starredSeed } from './querySeeds';
