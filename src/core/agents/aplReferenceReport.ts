// The APL reference for an agent (axiom_getAplReference), from the data the language feature
// already has (../apl/reference.ts, handed in: it is the apl bundle's): so that it writes APL, not
// KQL or SQL. Without a search, every tabular operator with its syntax and the function names by
// category; with one, the matching operators and functions with signature, description and link.
import type { AplFunction, AplOperator, FunctionCategory } from '../apl/reference';
import type { ToolReport } from './resultText';

/** The reference data, as the apl bundle exports it. */
export interface AplReferenceData {
  FUNCTIONS: readonly AplFunction[];
  TABULAR_OPERATORS: readonly AplOperator[];
  categoryLabel: (category: FunctionCategory) => string;
  DOCS_BASE: string;
}

const basics = (docsBase: string) => [
  "APL (Axiom Processing Language) is Kusto-like, not SQL: a query names its dataset in brackets, then pipes rows through tabular operators: ['http-logs'] | where status >= 500 | summarize count() by bin_auto(_time), service | top 10 by count_",
  "Every event has _time. Fields with dots or dashes are quoted: ['geo.city']. Strings use double or single quotes; time spans are written 5m, 1h, 7d. The time range is given apart from the query (axiom_runQuery's startTime and endTime), so a where on _time is not needed for it.",
  `Reference: ${docsBase}`,
];

export function aplReferenceReport(
  search: string | undefined,
  { FUNCTIONS, TABULAR_OPERATORS, categoryLabel, DOCS_BASE }: AplReferenceData,
): ToolReport {
  const BASICS = basics(DOCS_BASE);
  const term = search?.trim().toLowerCase();
  if (!term) {
    const byCategory = new Map<FunctionCategory, string[]>();
    for (const f of FUNCTIONS) byCategory.set(f.category, [...(byCategory.get(f.category) ?? []), f.name]);
    return {
      lines: [
        ...BASICS,
        `${TABULAR_OPERATORS.length} tabular operators and ${FUNCTIONS.length} functions. Call again with search (a name or a category) for signatures, descriptions and links.`,
      ],
      blocks: [
        {
          label: 'tabular operators',
          ours: true,
          items: TABULAR_OPERATORS.map((o) => ({ name: o.name, syntax: o.syntax, description: o.description })),
        },
        {
          label: 'function names by category',
          ours: true,
          items: [...byCategory].map(([category, names]) => ({
            category: categoryLabel(category),
            functions: names.join(', '),
          })),
        },
      ],
    };
  }
  const matches = (...texts: string[]) => texts.some((t) => t.toLowerCase().includes(term));
  const operators = TABULAR_OPERATORS.filter((o) => matches(o.name, o.description));
  const functions = FUNCTIONS.filter((f) => matches(f.name, categoryLabel(f.category), f.description));
  // Exact names first: "count" is the operator and the aggregation before the 20 that mention it.
  const exactFirst = <T extends { name: string }>(list: T[]) =>
    [...list].sort((a, b) => Number(b.name.toLowerCase() === term) - Number(a.name.toLowerCase() === term));
  return {
    lines: [
      BASICS[0],
      `${operators.length} operators and ${functions.length} functions match ${JSON.stringify(search)}.`,
    ],
    blocks: [
      ...(operators.length
        ? [
            {
              label: 'tabular operators',
              ours: true,
              items: exactFirst(operators).map((o) => ({
                name: o.name,
                syntax: o.syntax,
                description: o.description,
                doc: o.doc,
              })),
            },
          ]
        : []),
      ...(functions.length
        ? [
            {
              label: 'functions',
              ours: true,
              items: exactFirst(functions).map((f) => ({
                signature: f.signature,
                kind: categoryLabel(f.category),
                description: f.description,
                doc: f.doc,
              })),
            },
          ]
        : []),
    ],
  };
}
