/** The notebook type of *.axiom-notebook files (package.json contributes.notebooks). */
export const NOTEBOOK_TYPE = 'axiom-notebook';
