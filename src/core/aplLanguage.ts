// The language support's plain part, loaded on first use of an Axiom APL document rather than at
// activation, bundled apart as dist/apl.js (see esbuild.mjs): the reference data (some 300
// functions and operators with their descriptions), the lexer, the checks, completion contexts
// and hover lookups. None of it needs the network or undici; the extension parses it only once a
// person opens APL.
export { checkApl, suggest, type Problem, type ProblemCode } from './apl/checks';
export { lex } from './apl/lexer';
export { FUNCTIONS, TABULAR_OPERATORS, findFunction, findOperator } from './apl/reference';
export { callSnippet, completionContext, fieldAt, fieldReference, hoverTarget, quotedName, signatureAt, type CompletionContext, type HoverTarget } from './apl/completion';
export { CLAUSE_WORDS, EXPRESSION_WORDS, categoryLabel, type AplFunction, type AplOperator, type AplWord } from './apl/reference';
