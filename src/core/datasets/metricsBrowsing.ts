// What the Datasets view's metrics browser needs that is no VS Code's: the range the metrics info
// endpoints are asked over, the pages of a long list, and the MPL that Query this Metric writes.
import type { MetricsRange } from '../api/metrics';
import { mplName, mplString } from '../mpl/writing';

/** The kind of dataset that holds metrics (GET /v2/datasets's `kind`). */
export const METRICS_DATASET_KIND = 'otel:metrics:v1';

/** How many metrics, tags or values a row shows before its "show more" row. */
export const METRICS_PAGE = 100;

const DAY_MS = 24 * 60 * 60_000;

/** Whether a dataset (by its kind, GET /v2/datasets's) holds metrics. */
export function isMetricsKind(kind: string | undefined): boolean {
  return kind === METRICS_DATASET_KIND;
}

/** The day up to `now`, as the info endpoints take it (RFC 3339, whole seconds). */
export function lastDay(now: number): MetricsRange {
  const text = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
  return { start: text(now - DAY_MS), end: text(now) };
}

/** The first `limit` items, and how many there are in all: what a row shows before "show more". */
export function firstItems<T>(items: readonly T[], limit: number): { shown: T[]; total: number } {
  return { shown: items.length <= limit ? [...items] : items.slice(0, limit), total: items.length };
}

/**
 * Query this Metric: the metric's values over time, averaged per five minutes
 * (`` `ds`:`metric` | align to 5m using avg ``); with a tag's value, only its series.
 */
export function metricQuery(dataset: string, metric: string, where?: { tag: string; value: string }): string {
  const filter = where ? `\n| where ${mplName(where.tag)} == ${mplString(where.value)}` : '';
  return `${mplName(dataset)}:${mplName(metric)}${filter}\n| align to 5m using avg\n`;
}
