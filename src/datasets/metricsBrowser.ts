// The Datasets view's metrics browser: a metrics dataset (otel:metrics:v1) expands to its metrics,
// a metric to its tags, a tag to its values, each level read from the edge query API's info
// endpoints when it is first expanded (over the last day), kept until Refresh or Retry, and shown a
// page at a time: a long list ends in a "show more" row.
import type { AxiomClient } from '../core/api/client';
import { AxiomError } from '../core/api/errors';
import type { MetricInfo } from '../core/api/metrics';
import { firstItems, lastDay, METRICS_PAGE } from '../core/datasets/metricsBrowsing';
import { phrase } from '../core/phrase';
import type { DatasetRow } from './datasetRow';

export interface MetricRow {
  kind: 'metric';
  dataset: string;
  metric: MetricInfo;
  parent: DatasetRow;
}

export interface TagRow {
  kind: 'tag';
  dataset: string;
  metric: string;
  tag: string;
  parent: MetricRow;
}

export interface TagValueRow {
  kind: 'tagValue';
  dataset: string;
  metric: string;
  tag: string;
  value: string;
  parent: TagRow;
}

/** A row whose children are a metrics list: a metrics dataset, a metric, a tag. */
export type MetricsParent = DatasetRow | MetricRow | TagRow;

/** The last row of a long list: shows the next page of it. */
export interface MoreMetricsRow {
  kind: 'moreMetrics';
  dataset: string;
  parent: MetricsParent;
  shown: number;
  total: number;
}

export type MetricsNode = MetricRow | TagRow | TagValueRow | MoreMetricsRow;

type Listed = MetricInfo[] | string[];

/** The cache key of a parent's list: its names, apart. */
function keyOf(row: MetricsParent): string {
  switch (row.kind) {
    case 'dataset':
      return JSON.stringify([row.dataset.name]);
    case 'metric':
      return JSON.stringify([row.dataset, row.metric.name]);
    case 'tag':
      return JSON.stringify([row.dataset, row.metric, row.tag]);
  }
}

export class MetricsBrowser {
  /** Each list read (or being read), by its parent's key; a failed read is forgotten. */
  private readonly lists = new Map<string, Promise<Listed>>();
  /** How many items each parent shows; grows with each "show more". */
  private readonly limits = new Map<string, number>();

  constructor(
    private readonly client: () => Promise<AxiomClient | undefined>,
    private readonly now: () => number = Date.now,
  ) {}

  /** The rows under a metrics parent: a page of its list, then a "show more" row if it is longer.
   *  Rejects with the reason the list could not be read. */
  async childrenOf(row: MetricsParent): Promise<MetricsNode[]> {
    const key = keyOf(row);
    let list = this.lists.get(key);
    if (!list) {
      list = this.read(row);
      this.lists.set(key, list);
      list.catch(() => this.lists.get(key) === list && this.lists.delete(key));
    }
    const { shown, total } = firstItems<MetricInfo | string>(await list, this.limits.get(key) ?? METRICS_PAGE);
    const rows: MetricsNode[] = shown.map((item) => this.rowOf(row, item));
    const dataset = row.kind === 'dataset' ? row.dataset.name : row.dataset;
    if (total > shown.length) rows.push({ kind: 'moreMetrics', dataset, parent: row, shown: shown.length, total });
    return rows;
  }

  /** Shows the next page under the "show more" row's parent; false when `arg` is no such row or was used already. */
  showMore(arg: unknown): boolean {
    const more = arg as Partial<MoreMetricsRow> | undefined;
    if (typeof more !== 'object' || more === null || more.kind !== 'moreMetrics' || !more.parent) return false;
    const key = keyOf(more.parent);
    const limit = this.limits.get(key) ?? METRICS_PAGE;
    if (more.shown !== limit) return false;
    this.limits.set(key, limit + METRICS_PAGE);
    return true;
  }

  /** Forgets one parent's list (Retry), or every list (Refresh). */
  forget(row?: MetricsParent): void {
    if (!row) {
      this.lists.clear();
      this.limits.clear();
      return;
    }
    this.lists.delete(keyOf(row));
  }

  private rowOf(parent: MetricsParent, item: MetricInfo | string): MetricsNode {
    switch (parent.kind) {
      case 'dataset':
        return { kind: 'metric', dataset: parent.dataset.name, metric: item as MetricInfo, parent };
      case 'metric':
        return { kind: 'tag', dataset: parent.dataset, metric: parent.metric.name, tag: item as string, parent };
      case 'tag':
        return {
          kind: 'tagValue',
          dataset: parent.dataset,
          metric: parent.metric,
          tag: parent.tag,
          value: item as string,
          parent,
        };
    }
  }

  private async read(row: MetricsParent): Promise<Listed> {
    const client = await this.client();
    if (!client) throw new AxiomError('auth', phrase('No API token is set.'));
    const { metrics } = client;
    // The metrics of a dataset are read on the edge that holds it (the deployment's default edge else).
    const edge = await client.mplEdgeFor([row.kind === 'dataset' ? row.dataset.name : row.dataset]);
    const range = lastDay(this.now());
    switch (row.kind) {
      case 'dataset':
        return byName((await metrics.listMetrics(edge, row.dataset.name, range)).metrics);
      case 'metric':
        return (await metrics.metricTags(edge, row.dataset, row.metric.name, range)).names;
      case 'tag':
        return (await metrics.metricTagValues(edge, row.dataset, row.metric, row.tag, range)).names;
    }
  }
}

/** Metrics in the order of their names (code units: as fast as a sort goes, and stable). */
function byName(metrics: MetricInfo[]): MetricInfo[] {
  return metrics.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
