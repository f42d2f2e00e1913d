// The "apl" bundle (src/platform/lazy.ts, a library): the language support's plain part, loaded on first use
// of an Axiom APL document rather than at activation: the reference data (some 300 functions and
// operators with their descriptions), the lexer, the parser and its tree (syntaxParser.ts, syntaxNodes.ts, syntaxWalk.ts), the checks,
// completion contexts and hover lookups. None of it needs the network or undici; the extension parses it only once a person
// opens APL.
export { checkApl, checkParsed, suggest } from './checks';
export { checkFieldsOfText, datasetsRead } from './fieldChecks';
export { aplProblemsInJson, aplStringsInJson } from './aplInJson';
export { lex } from './lexer';
export { parseApl } from './syntaxParser';
export { childrenOf, letStatements, nodeAt, pathAt, textOf, walk } from './syntaxWalk';
export { formatEdits, DEFAULT_LINE_WIDTH } from './format';
export { outlineSymbols, foldingSpans } from './outline';
export { bindingAt, renameLet, renameTarget } from './letNames';
export {
  FUNCTIONS,
  TABULAR_OPERATORS,
  findFunction,
  findOperator,
  CLAUSE_WORDS,
  EXPRESSION_WORDS,
  CATEGORY_LABELS,
  categoryLabel,
  DOCS_BASE,
} from './reference';
export {
  callSnippet,
  completionContext,
  fieldAt,
  fieldReference,
  hoverTarget,
  quotedName,
  signatureAt,
} from './completion';
