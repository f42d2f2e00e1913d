/** The language id of Axiom's metrics language MPL, for editors, notebook cells and code blocks;
 *  `mpl` may be Axiom's own extension's, so this one is the extension's own. */
export const MPL_LANGUAGE_ID = 'axiom-mpl';

/** The file name ending of MPL files (package.json's contributes.languages says the same). */
export const MPL_FILE_SUFFIX = '.mpl';
