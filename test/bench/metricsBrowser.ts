// The metrics browser's first items (issue 53): expanding a metrics dataset of 5,000 metrics in the
// Datasets view, as its MetricsBrowser does it (the info endpoint's GET through the shipped client,
// the tolerant read, the metrics in name order, the first page's rows and its "show more" row),
// beside the same GET over a bare undici agent and JSON.parse of its body. The fake answers from a
// process of its own (serveMonitors.ts, `metrics:N`). Target: at most 1.3×.
import { Agent, request } from 'undici';
import type { AxiomClient } from '../../src/core/api/client';
import { infoPath } from '../../src/core/api/metrics';
import { lastDay } from '../../src/core/datasets/metricsBrowsing';
import type { DatasetRow } from '../../src/datasets/datasetRow';
import { MetricsBrowser } from '../../src/datasets/metricsBrowser';
import { FAKE_API_TOKEN } from '../support/fakeAxiom';
import type { BenchRow, BenchTiming } from './benchTiming';

/** The dataset serveMonitors.ts serves for `metrics:N`. */
export const BENCH_METRICS_DATASET = 'bench-metrics';

export interface MetricsBrowserTools extends BenchTiming {
  clientFor: (url: string) => AxiomClient;
  /** Runs `work` from a collected heap, its result kept in `held` until the side runs again. */
  timed: (work: () => Promise<unknown>, held?: { last?: unknown }) => Promise<number>;
}

export async function metricsBrowserRows(tools: MetricsBrowserTools, url: string, size: number): Promise<BenchRow[]> {
  const { paired, ms, ratioAndSpread, target, quick, timed } = tools;
  const client = tools.clientFor(url);
  const row: DatasetRow = {
    kind: 'dataset',
    dataset: {
      name: BENCH_METRICS_DATASET,
      kind: 'otel:metrics:v1',
      description: undefined,
      edgeDeployment: undefined,
      edgeDeploymentUrl: undefined,
    },
    fieldIds: '',
  };
  const range = lastDay(Date.now());
  const dispatcher = new Agent({ keepAliveTimeout: 30_000, connections: 8 });
  const headers = {
    authorization: `Bearer ${FAKE_API_TOKEN}`,
    'user-agent': 'axiom-apl-bench',
    accept: 'application/json',
  };
  const floorUrl = `${url}/v1${infoPath(BENCH_METRICS_DATASET)}?start=${encodeURIComponent(range.start)}&end=${encodeURIComponent(range.end)}`;
  const floor = async () => JSON.parse(await (await request(floorUrl, { headers, dispatcher })).body.text()) as unknown;
  // A browser of its own each time: nothing cached, as at the first expand after a start or a Refresh.
  const ours = () =>
    new MetricsBrowser(
      () => Promise.resolve(client),
      () => Date.now(),
    ).childrenOf(row);
  const first = await ours();
  if (first.length !== 101) throw new Error(`expected a page of 100 and a "show more" row, got ${first.length} rows`);
  const oursHeld = {};
  const floorHeld = {};
  const [our, base, pairs] = await paired(
    quick ? 3 : 41,
    quick ? 1 : 5,
    () => timed(ours, oursHeld),
    () => timed(floor, floorHeld),
  );
  await dispatcher.close();
  return [
    {
      what: `metrics browser's first items, a dataset of ${size.toLocaleString('en')} metrics`,
      ours: ms(our),
      baseline: `GET + JSON.parse: ${ms(base)}`,
      ratio: ratioAndSpread(our, base, pairs),
      target: target('≤ 1.3×', our <= 1.3 * base),
    },
  ];
}
