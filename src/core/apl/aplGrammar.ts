// APL's grammar as tables, operator by operator and word by word: what the parser (syntaxParser.ts)
// and the checks' reader of common queries (quickQuery.ts) both read, so that the two agree.
import type { LiteralType } from './syntaxNodes';

// The grammar, operator by operator: the named parameters it takes before its list, the keywords
// that start its clauses, and how its items read.

export type ItemStyle = 'expressions' | 'columns' | 'sorted';

export interface OperatorGrammar {
  parameters?: readonly string[];
  keywords?: readonly string[];
  items?: ItemStyle;
  /** Whether the stage is wrong with nothing after its name: `items` when it needs an expression,
   *  `any` when a clause alone will do (`summarize by x`). */
  needs?: 'items' | 'any';
  /** Items after a keyword read otherwise: `by` items sorted, `with` a parse pattern, `as` a schema… */
  keywordItems?: Readonly<Record<string, 'sorted' | 'pattern' | 'schema' | 'expressions'>>;
}

/** By name, in a Map: looked up with each stage's freshly read word (no object property lookup). */
export const OPERATOR_GRAMMAR: ReadonlyMap<string, OperatorGrammar> = new Map<string, OperatorGrammar>(
  Object.entries<OperatorGrammar>({
    count: {},
    getschema: {},
    distinct: { needs: 'items' },
    where: { needs: 'items' },
    take: { needs: 'items' },
    limit: { needs: 'items' },
    sample: { needs: 'items' },
    extend: { needs: 'items' },
    'extend-valid': { needs: 'items' },
    project: { needs: 'items' },
    'project-rename': { needs: 'items' },
    'project-away': { needs: 'items', items: 'columns' },
    'project-keep': { needs: 'items', items: 'columns' },
    'project-reorder': { needs: 'items', items: 'sorted' },
    summarize: { needs: 'any', keywords: ['by'] },
    order: { needs: 'any', keywords: ['by'], keywordItems: { by: 'sorted' } },
    sort: { needs: 'any', keywords: ['by'], keywordItems: { by: 'sorted' } },
    top: { needs: 'any', keywords: ['by'], keywordItems: { by: 'sorted' } },
    join: { needs: 'any', parameters: ['kind'], keywords: ['on'] },
    lookup: { needs: 'any', parameters: ['kind'], keywords: ['on'] },
    'make-series': { needs: 'any', parameters: ['kind'], keywords: ['default', 'on', 'from', 'to', 'step', 'by'] },
    'mv-expand': { needs: 'any', parameters: ['kind', 'with_itemindex', 'bagexpansion'], keywords: ['to', 'limit'] },
    parse: { needs: 'any', parameters: ['kind', 'flags'], keywords: ['with'], keywordItems: { with: 'pattern' } },
    'parse-where': {
      needs: 'any',
      parameters: ['kind', 'flags'],
      keywords: ['with'],
      keywordItems: { with: 'pattern' },
    },
    'parse-kv': { needs: 'any', keywords: ['as', 'with'], keywordItems: { as: 'schema' } },
    redact: { needs: 'any', parameters: ['replaceToken', 'replaceHash', 'redactGroups'], keywords: ['on'] },
    search: { needs: 'any', parameters: ['kind', 'in'] },
    union: { needs: 'any', parameters: ['withsource', 'kind', 'isfuzzy'] },
    print: {},
    range: { keywords: ['from', 'to', 'step'] },
    datatable: {},
    externaldata: { keywords: ['with'] },
  }),
);
/** The grammar of a known operator the table does not list: nothing more than its name. */
export const NO_GRAMMAR: OperatorGrammar = {};

/** Words that start a query as an operator of their own rather than a dataset. */
export const HEAD_OPERATORS = new Set(['print', 'range', 'datatable', 'externaldata', 'union', 'search']);

/** The words of expressions that are binary operators, by precedence (higher binds tighter). */
export const WORD_OPERATORS = new Map<string, number>([
  ['or', 1],
  ['and', 2],
]);
for (const base of ['has', 'hasprefix', 'hassuffix', 'contains', 'startswith', 'endswith', 'has_any', 'has_all'])
  for (const word of [base, `${base}_cs`, `!${base}`, `!${base}_cs`]) WORD_OPERATORS.set(word, 3);
for (const word of ['in', '!in', 'in~', '!in~', 'between', '!between', 'like', 'notlike', 'matches', '!matches'])
  WORD_OPERATORS.set(word, 3);
export const SYMBOL_OPERATORS = new Map<string, number>([
  ['..', 0],
  ['==', 3],
  ['!=', 3],
  ['<>', 3],
  ['<', 3],
  ['>', 3],
  ['<=', 3],
  ['>=', 3],
  ['=~', 3],
  ['!~', 3],
  ['+', 4],
  ['-', 4],
  ['*', 5],
  ['/', 5],
  ['%', 5],
]);
export const SORT_ORDERS = new Set(['asc', 'desc', 'granny-asc', 'granny-desc']);
/** Calls whose parentheses hold a literal, not an expression: `datetime(2024-01-01 08:00)`, `dynamic({"a": 1})`. */
export const LITERAL_CALLS: Readonly<Record<string, LiteralType>> = {
  datetime: 'datetime',
  dynamic: 'dynamic',
  guid: 'guid',
};

/** Deeper nesting than this is not read: no query needs it, and the stack stays small. */
export const MAX_DEPTH = 400;
