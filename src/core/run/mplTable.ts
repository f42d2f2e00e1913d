// An MPL answer (core/api/metrics.ts) as the table every reader of a result takes (the results
// panel, notebooks, exports, history): one row per value of each series, `_time` first, a column
// per tag, the values last, named by the metric. Such a table is a time series to the panel's
// chart code (a `_time` column, text columns as groups, a number column made by an aggregation):
// the panel opens it as a chart, one line per set of tags, with the table a click away.
import { parseMpl } from '../mpl/syntaxParser';
import { mplDatasets } from '../mpl/syntaxWalk';
import type { MplResult, MplSeries } from '../api/metrics';
import type { ResultField, ResultTable, TabularResult } from '../api/tabular';

/** What a history entry of an MPL run says ran it (its source): Re-run runs it as MPL again. */
export const MPL_RUN_SOURCE = 'mpl';

/** The last `using <function>` of the query: the aggregation that made the values, as a column says it. */
function aggregationOf(mpl: string): string {
  const uses = [...mpl.matchAll(/\busing\s+([A-Za-z_][\w:]*)/g)];
  return uses.at(-1)?.[1] ?? 'value';
}

/** The datasets an MPL query reads (its sources'), read through the MPL syntax tree. */
export function mplQueryDatasets(mpl: string): string[] {
  return mplDatasets(parseMpl(mpl));
}

/** The dataset an MPL query reads: its first source's. */
export function mplDataset(mpl: string): string | undefined {
  return mplQueryDatasets(mpl)[0];
}

/** The series as one table: `_time`, a column per tag (in the order first seen), the values. */
export function seriesTable(series: readonly MplSeries[], agg: string): ResultTable {
  const tagNames: string[] = [];
  const seen = new Set<string>();
  for (const s of series)
    for (const tag of Object.keys(s.tags))
      if (!seen.has(tag)) {
        seen.add(tag);
        tagNames.push(tag);
      }
  const metrics = new Set(series.map((s) => s.metric));
  const byMetric = metrics.size > 1;
  const valueName = byMetric || !series[0]?.metric ? 'value' : series[0].metric;
  const fields: ResultField[] = [
    { name: '_time', type: 'datetime' },
    ...(byMetric ? [{ name: 'metric', type: 'string' }] : []),
    ...tagNames.map((name) => ({ name, type: 'string' })),
    { name: valueName, type: 'float', agg },
  ];
  const columns: unknown[][] = fields.map(() => []);
  const [time, ...rest] = columns;
  const metricColumn = byMetric ? rest.shift() : undefined;
  const valueColumn = rest.pop() ?? [];
  for (const s of series) {
    const tags = tagNames.map((tag) => s.tags[tag] ?? null);
    s.data.forEach((value, i) => {
      if (value === null) return;
      time.push(new Date(s.start + i * s.resolution).toISOString());
      metricColumn?.push(s.metric);
      tags.forEach((tag, t) => rest[t].push(tag));
      valueColumn.push(value);
    });
  }
  return { name: '0', fields, columns, rowCount: time.length };
}

/** An MPL answer as a tabular result: its series as one table, or its tables as sent; `datasets`,
 *  those the query reads, when the caller has parsed it already (queryPlan.ts). */
export function mplTabular(
  mpl: string,
  result: MplResult,
  datasets: readonly string[] = mplQueryDatasets(mpl),
): TabularResult {
  const dataset = datasets[0];
  const tables = result.series.length || !result.tables.length ? [seriesTable(result.series, aggregationOf(mpl))] : [];
  return {
    tables: [...tables, ...result.tables],
    status: { isPartial: false, messages: [] },
    datasetNames: dataset ? [dataset] : [],
    repairs: result.repairs,
  };
}
