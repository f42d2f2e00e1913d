/** The language id of Axiom's APL, for editors and for code blocks in hovers (its grammar colours
 *  both); `apl` is the APL programming language's. */
export const APL_LANGUAGE_ID = 'axiom-apl';
