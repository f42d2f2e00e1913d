// A notebook's saved results as the notebook file's and the Markdown export's tests build them: a
// table of counts per minute with as many rows as a test needs, and a query's result of tables.
import type { NotebookResult } from '../../src/core/notebook/notebookFile';
import type { ResultTable } from '../../src/core/api/tabular';

/** A table of `n` rows: a time a minute apart and a count. */
export const countRows = (n: number): ResultTable => ({
  name: '0',
  fields: [
    { name: '_time', type: 'datetime' },
    { name: 'count', type: 'integer', agg: 'count' },
  ],
  columns: [
    Array.from({ length: n }, (_, i) => `2026-11-24T10:${String(i % 60).padStart(2, '0')}:00Z`),
    Array.from({ length: n }, (_, i) => i),
  ],
  rowCount: n,
});

/** A count query's result over the last hour, holding `tables`. */
export const resultOf = (...tables: ResultTable[]): NotebookResult => ({
  query: "['logs'] | count",
  rangeLabel: 'Last hour',
  tables,
  status: { isPartial: false, messages: [] },
});
