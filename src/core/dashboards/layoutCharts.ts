// New charts for a dashboard, as the ways in make them (Add to Dashboard on a results panel, New
// Dashboard from Notebook): a chart of a query, its kind guessed from the query's shape, placed at
// the end of the layout; a new dashboard document of queries. Plain TypeScript; the documents are
// the v2 API's `Dashboard` (schema version 2), which refuses keys it does not know.
import { mainStages } from '../apl/aplText';
import type { Expression } from '../apl/syntaxNodes';
import { parseApl } from '../apl/syntaxParser';
import { isJsonObject, type JsonObject } from '../json';
import { GRID_COLUMNS } from './previewLayout';

/** How a dashboard file is named (Export writes them so; Preview Dashboard offers itself on them). */
export const DASHBOARD_FILE_ENDING = '.axiom-dashboard.json';

export type NewChartKind = 'TimeSeries' | 'Table' | 'Statistic';

/** Each kind's size on the 12-column grid. */
const SIZES: Readonly<Record<NewChartKind, { w: number; h: number }>> = {
  TimeSeries: { w: 6, h: 4 },
  Table: { w: 6, h: 4 },
  Statistic: { w: 3, h: 2 },
};

/** What a new dashboard starts with besides its charts: the last hour, a refresh a minute. The
 *  owner is '' (with an API token the service takes only that; Axiom then sets it). */
const NEW_DASHBOARD = {
  owner: '',
  refreshTime: 60,
  schemaVersion: 2,
  timeWindowStart: 'qr-now-1h',
  timeWindowEnd: 'qr-now',
} as const;

/** A group of time bins: `bin(_time, …)` or `bin_auto(_time)`, named or not. */
function isTimeBin(group: Expression): boolean {
  const value = group.kind === 'assignment' ? group.value : group;
  if (value?.kind !== 'call' || value.callee.bracketed) return false;
  const [first] = value.args;
  return (
    (value.callee.text === 'bin' || value.callee.text === 'bin_auto') &&
    first?.kind === 'name' &&
    first.text === '_time'
  );
}

/**
 * The kind a chart of `apl` likely is, read from its syntax tree's last stage: a time series when it
 * summarizes by a bin of time, a single value when it is `count` or summarizes with no `by`, else a table.
 */
export function chartKindFor(apl: string): NewChartKind {
  const last = mainStages(parseApl(apl)).at(-1);
  const operator = last?.pipe ? last.operator?.text : undefined;
  if (operator === 'count') return 'Statistic';
  if (!last || operator !== 'summarize') return 'Table';
  const groups = last.clauses.find((clause) => clause.keyword?.text === 'by')?.items ?? [];
  if (!groups.length) return 'Statistic';
  return groups.some(isTimeBin) ? 'TimeSeries' : 'Table';
}

/** A chart's name from its query: its first line that says something, shortened (the spec allows 1–500 characters). */
export function chartNameFor(apl: string): string {
  const line =
    apl
      .split(/\r?\n/)
      .map((l) => l.trim())
      .find((l) => l && !l.startsWith('//')) ?? apl.trim();
  return line.length > 80 ? `${line.slice(0, 79)}…` : line || 'Query';
}

/** An id no chart of `taken` has: `<kind>-<n>`. */
function freshId(kind: NewChartKind, taken: Set<string>): string {
  let n = taken.size + 1;
  while (taken.has(`${kind.toLowerCase()}-${n}`)) n++;
  const id = `${kind.toLowerCase()}-${n}`;
  taken.add(id);
  return id;
}

function chartOf(apl: string, taken: Set<string>): { chart: JsonObject & { id: string }; kind: NewChartKind } {
  const kind = chartKindFor(apl);
  return { kind, chart: { id: freshId(kind, taken), type: kind, name: chartNameFor(apl), query: { apl } } };
}

/** The lowest row below every layout item. */
function bottomOf(layout: readonly unknown[]): number {
  let bottom = 0;
  for (const item of layout)
    if (isJsonObject(item) && typeof item.y === 'number' && typeof item.h === 'number')
      bottom = Math.max(bottom, item.y + item.h);
  return bottom;
}

/**
 * The document with a chart of `apl` added: the chart last in `charts`, its layout item at the end
 * (below every other, at the left). Everything else is kept as it was, unknown keys too.
 */
export function withChartAdded(document: JsonObject, apl: string): { document: JsonObject; chartId: string } {
  const charts: unknown[] = Array.isArray(document.charts) ? document.charts : [];
  const layout: unknown[] = Array.isArray(document.layout) ? document.layout : [];
  const taken = new Set(charts.flatMap((c) => (isJsonObject(c) && typeof c.id === 'string' ? [c.id] : [])));
  const { chart, kind } = chartOf(apl, taken);
  const item = { i: chart.id, x: 0, y: bottomOf(layout), ...SIZES[kind] };
  return {
    document: { ...document, charts: [...charts, chart], layout: [...layout, item] },
    chartId: chart.id,
  };
}

/** A new dashboard named `name` of a chart per query, in order, filling rows of the grid left to right. */
export function newDashboard(name: string, apls: readonly string[]): JsonObject & { charts: { id: string }[] } {
  const taken = new Set<string>();
  const charts: (JsonObject & { id: string })[] = [];
  const layout: JsonObject[] = [];
  let x = 0;
  let y = 0;
  let rowHeight = 0;
  for (const apl of apls) {
    const { chart, kind } = chartOf(apl, taken);
    const { w, h } = SIZES[kind];
    if (x + w > GRID_COLUMNS) {
      x = 0;
      y += rowHeight;
      rowHeight = 0;
    }
    charts.push(chart);
    layout.push({ i: chart.id, x, y, w, h });
    x += w;
    rowHeight = Math.max(rowHeight, h);
  }
  return { name, ...NEW_DASHBOARD, charts, layout };
}
