// Whether a table can be drawn as a line chart over time, and its series. A table is a time series
// when it has a `_time` column whose values read as dates and times, and one or more numeric
// columns; its other text columns are groups (one series per value, as `summarize … by bin(_time),
// host` returns). The x values are seconds, as the chart library counts.
import { valueText } from './cellText';
import { columnKind, timeValue } from './columnKind';
import type { ResultTable } from '../../core/api/tabular';

export const MAX_SERIES = 20;
export const TIME_COLUMN = '_time';

export interface Series {
  label: string;
  values: (number | null)[];
}

export interface TimeSeries {
  /** Seconds since the epoch, ascending, one per distinct time. */
  x: number[];
  series: Series[];
  /** Some series were left out past MAX_SERIES. */
  capped: boolean;
}

/** The columns that make a chart, or undefined when the table is not a time series. */
export function timeSeriesColumns(
  table: ResultTable,
): { time: number; values: number[]; groups: number[] } | undefined {
  const time = table.fields.findIndex((f) => f.name === TIME_COLUMN);
  if (time < 0 || table.rowCount === 0 || columnKind(table.columns[time]) !== 'time') return undefined;
  const values: number[] = [];
  const groups: number[] = [];
  table.fields.forEach((_, i) => {
    if (i === time) return;
    const kind = columnKind(table.columns[i]);
    if (kind === 'number') values.push(i);
    else if (kind === 'string' || kind === 'boolean') groups.push(i);
  });
  return values.length ? { time, values, groups } : undefined;
}

export function timeSeries(table: ResultTable, maxSeries = MAX_SERIES): TimeSeries | undefined {
  const columns = timeSeriesColumns(table);
  if (!columns) return undefined;
  const times = table.columns[columns.time];
  const stamps = new Float64Array(table.rowCount);
  for (let r = 0; r < table.rowCount; r++) stamps[r] = timeValue(times[r]);
  const x = [...new Set(Array.from(stamps).filter(Number.isFinite))].sort((a, b) => a - b);
  const slot = new Map(x.map((t, i) => [t, i]));
  const series = new Map<string, Series>();
  let capped = false;
  const many = columns.values.length > 1;
  for (let r = 0; r < table.rowCount; r++) {
    const at = slot.get(stamps[r]);
    if (at === undefined) continue;
    const group = columns.groups.map((g) => valueText(table.columns[g][r]) || 'null').join(', ');
    for (const v of columns.values) {
      const name = table.fields[v].name;
      const label = group && many ? `${group} · ${name}` : group || name;
      let s = series.get(label);
      if (!s) {
        if (series.size >= maxSeries) {
          capped = true;
          continue;
        }
        s = { label, values: new Array<number | null>(x.length).fill(null) };
        series.set(label, s);
      }
      const value = table.columns[v][r];
      if (typeof value === 'number' && Number.isFinite(value)) s.values[at] = value;
    }
  }
  return { x: x.map((ms) => ms / 1000), series: [...series.values()], capped };
}
