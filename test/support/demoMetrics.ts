// The demo shop's metrics (issue 53): a dataset of kind otel:metrics:v1, `shop-metrics`, with the
// shop's request duration, request count and CPU over the last day, tagged by service, route and
// host, as the fake's edge query API serves them (fakeMetrics.ts); and the MPL monitor among the
// demo's monitors reads it ("Checkout duration (metrics)", demo.ts). Loaded by loadDemo.
import type { FakeAxiom } from './fakeAxiom';
import type { FakeMetric } from './fakeMetrics';

export const DEMO_METRICS_DATASET = 'shop-metrics';

/** The services, routes and hosts the shop's metrics are tagged with (the logs' own, demo.ts). */
const SERVICES = ['checkout', 'search', 'catalog', 'payments'];
const ROUTES = ['/cart', '/checkout', '/search', '/products/{id}', '/pay'];
const HOSTS = ['web-1', 'web-2', 'web-3'];

export const DEMO_METRICS: Record<string, FakeMetric> = {
  'http.server.request.duration': {
    type: 'histogram',
    temporality: 'Delta',
    unit: 's',
    tags: { service: SERVICES, route: ROUTES, host: HOSTS },
    base: 0.25,
  },
  'http.server.request.count': {
    type: 'counter',
    temporality: 'Delta',
    unit: '{request}',
    tags: { service: SERVICES, route: ROUTES, host: HOSTS },
    base: 120,
  },
  'system.cpu.utilization': {
    type: 'gauge',
    temporality: 'Unspecified',
    unit: '1',
    tags: { host: HOSTS },
    base: 0.45,
  },
  'process.runtime.memory.used': {
    type: 'gauge',
    temporality: 'Unspecified',
    unit: 'By',
    tags: { service: SERVICES, host: HOSTS },
    base: 350_000_000,
  },
};

/** The MPL of the demo's metrics monitor: checkout's mean request duration per five minutes. */
export const DEMO_MPL_MONITOR_QUERY =
  '`shop-metrics`:`http.server.request.duration`\n| where service == "checkout"\n| align to 5m using avg\n| group using avg';

/** Puts the metrics dataset into the fake: listed among the datasets, its metrics served by the edge API. */
export function loadDemoMetrics(fake: FakeAxiom): void {
  if (!fake.datasets.includes(DEMO_METRICS_DATASET)) fake.datasets = [...fake.datasets, DEMO_METRICS_DATASET];
  fake.datasetDetails = {
    ...fake.datasetDetails,
    [DEMO_METRICS_DATASET]: { kind: 'otel:metrics:v1', description: 'The shop’s OpenTelemetry metrics' },
  };
  fake.metrics.datasets.set(DEMO_METRICS_DATASET, structuredClone(DEMO_METRICS));
}

/** A metrics dataset of `count` metrics (the bench's), each of the demo's kinds in turn, named apart. */
export function manyMetrics(count: number): Record<string, FakeMetric> {
  const kinds = Object.entries(DEMO_METRICS);
  return Object.fromEntries(
    Array.from({ length: count }, (_, i) => {
      const [name, metric] = kinds[i % kinds.length];
      return [`${name}.${String(count - i).padStart(5, '0')}`, structuredClone(metric)];
    }),
  );
}
