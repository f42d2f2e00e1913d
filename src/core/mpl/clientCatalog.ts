// MPL completion's catalog over the service: a dataset's metrics, a metric's tags and a tag's
// values as the metrics info endpoints list them over the last day (as the Datasets view's metrics
// browser reads them), on the edge that holds the dataset. No client (no token): nothing is known.
import type { AxiomClient } from '../api/client';
import { lastDay } from '../datasets/metricsBrowsing';
import type { MetricsCatalog } from './catalog';

export function clientMetricsCatalog(
  client: () => Promise<AxiomClient | undefined>,
  now: () => number = Date.now,
): MetricsCatalog {
  // Each question on the edge that holds its dataset (the deployment's default edge else).
  const ask = async (
    dataset: string,
    question: (metrics: AxiomClient['metrics'], edge: string) => Promise<string[]>,
  ) => {
    const connected = await client();
    return connected ? question(connected.metrics, await connected.mplEdgeFor([dataset])) : [];
  };
  return {
    metrics: (dataset) =>
      ask(dataset, async (metrics, edge) =>
        (await metrics.listMetrics(edge, dataset, lastDay(now()))).metrics.map((m) => m.name),
      ),
    tags: (dataset, metric) =>
      ask(dataset, async (metrics, edge) => (await metrics.metricTags(edge, dataset, metric, lastDay(now()))).names),
    tagValues: (dataset, metric, tag) =>
      ask(
        dataset,
        async (metrics, edge) => (await metrics.metricTagValues(edge, dataset, metric, tag, lastDay(now()))).names,
      ),
  };
}
