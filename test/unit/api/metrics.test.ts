// The metrics client (src/core/api/metrics.ts) over real HTTP to the fake service's edge query API
// (test/support/fakeMetrics.ts): the info endpoints and their refusals, `_mpl` and its errors at
// their place, the tolerant readers (property tests: any JSON is a value or an `invalid response`).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { isAxiomError } from '../../../src/core/api/errors';
import { infoPath, readMetricList, readMplResult, readNameList } from '../../../src/core/api/metrics';
import { phrase } from '../../../src/core/phrase';
import { rejection, fakeServiceUnderTest } from '../../support/testClient';
import type { FakeMetric } from '../../support/fakeMetrics';
import { DEMO_METRICS } from '../../support/demoMetrics';
import { metricQuery } from '../../../src/core/datasets/metricsBrowsing';

const { fake, connect: client } = fakeServiceUnderTest();
const DAY = { start: '2026-03-01T00:00:00Z', end: '2026-03-02T00:00:00Z' };

function metric(tags: Record<string, string[]>, base = 10): FakeMetric {
  return { type: 'gauge', temporality: 'Unspecified', unit: 's', tags, base };
}

function loadShop(): void {
  fake.metrics.datasets.set('shop-metrics', {
    'http.server.request.duration': metric({ service: ['checkout', 'search'], route: ['/cart', '/search'] }, 0.2),
    'system.cpu.utilization': { ...metric({ host: ['web-1', 'web-2'] }, 0.5), unit: null },
    'weird/metric name': metric({ 'k/1': ['a b'] }),
  });
}

describe('metrics info endpoints', () => {
  it('lists a dataset’s metrics with their details, a null unit as none', async () => {
    loadShop();
    const c = client();
    const list = await c.metrics.listMetrics(c.metrics.ownEdgeUrl, 'shop-metrics', DAY);
    assert.deepEqual(
      list.metrics.map((m) => m.name),
      ['http.server.request.duration', 'system.cpu.utilization', 'weird/metric name'],
    );
    assert.deepEqual(list.metrics[1], {
      name: 'system.cpu.utilization',
      type: 'gauge',
      temporality: 'Unspecified',
      unit: undefined,
    });
    const [request] = fake.requests;
    assert.equal(
      request.path,
      `/v1/query/metrics/info/datasets/shop-metrics/metrics?start=${encodeURIComponent(DAY.start)}&end=${encodeURIComponent(DAY.end)}`,
    );
  });

  it('reads a metric’s tags and a tag’s values, names with slashes and spaces sent as one segment each', async () => {
    loadShop();
    const c = client();
    const edge = c.metrics.ownEdgeUrl;
    assert.deepEqual((await c.metrics.metricTags(edge, 'shop-metrics', 'http.server.request.duration', DAY)).names, [
      'service',
      'route',
    ]);
    assert.deepEqual(
      (await c.metrics.metricTagValues(edge, 'shop-metrics', 'http.server.request.duration', 'service', DAY)).names,
      ['checkout', 'search'],
    );
    assert.deepEqual((await c.metrics.metricTagValues(edge, 'shop-metrics', 'weird/metric name', 'k/1', DAY)).names, [
      'a b',
    ]);
    assert.ok(fake.requests.at(-1)?.path.includes('/metrics/weird%2Fmetric%20name/tags/k%2F1/values?'));
    assert.deepEqual((await c.metrics.datasetTags(edge, 'shop-metrics', DAY)).names, [
      'service',
      'route',
      'host',
      'k/1',
    ]);
    assert.deepEqual((await c.metrics.datasetTagValues(edge, 'shop-metrics', 'host', DAY)).names, ['web-1', 'web-2']);
  });

  it('says which dataset, metric or tag is not there (404, the MetricsError’s words)', async () => {
    loadShop();
    const c = client();
    const edge = c.metrics.ownEdgeUrl;
    const missing = await rejection(c.metrics.listMetrics(edge, 'nope', DAY));
    assert.equal(missing.kind, 'notFound');
    assert.match(missing.message, /dataset not found/);
    const noMetric = await rejection(c.metrics.metricTags(edge, 'shop-metrics', 'nope', DAY));
    assert.match(noMetric.message, /metric not found/);
    const noTag = await rejection(c.metrics.metricTagValues(edge, 'shop-metrics', 'system.cpu.utilization', 'x', DAY));
    assert.match(noTag.message, /tag not found/);
  });

  it('is refused without an RFC 3339 range, as the edge API requires', async () => {
    loadShop();
    const c = client();
    const refused = await rejection(
      c.metrics.listMetrics(c.metrics.ownEdgeUrl, 'shop-metrics', { start: 'now-1d', end: 'now' }),
    );
    assert.equal(refused.kind, 'badRequest');
    assert.match(refused.message, /RFC3339/);
  });

  it('sends to the edge base URL it is given, not the deployment’s API root', async () => {
    loadShop();
    const c = client();
    // Another base URL (the same fake under another name): the path is under its /v1.
    const other = c.metrics.ownEdgeUrl.replace('127.0.0.1', 'localhost');
    await c.metrics.listMetrics(`${other}/`, 'shop-metrics', DAY);
    assert.equal(fake.requests.length, 1);
    assert.equal(fake.requests[0].headers.host?.startsWith('localhost'), true);
    assert.match(fake.requests[0].path, /^\/v1\/query\/metrics\/info\//);
  });

  it('reads a body of the wrong shape as an invalid response naming what it is', async () => {
    loadShop();
    fake.fail('GET /v1/query/metrics/info/datasets/shop-metrics/metrics', { status: 200, body: ['a'], times: 1 });
    const c = client();
    const error = await rejection(c.metrics.listMetrics(c.metrics.ownEdgeUrl, 'shop-metrics', DAY));
    assert.equal(error.kind, 'invalidResponse');
    assert.match(error.message, /metric list.*a list/);
  });
});

describe('MPL queries (_mpl)', () => {
  const RANGE = { startTime: '2026-03-01T00:00:00Z', endTime: '2026-03-01T01:00:00Z' };

  it('sends the query and its range as MetricsRequestWithOptions and reads the series', async () => {
    loadShop();
    const c = client();
    const mpl = '`shop-metrics`:`http.server.request.duration`\n| where service == "checkout"\n| align to 5m using avg';
    const result = await c.metrics.runMpl(c.metrics.ownEdgeUrl, mpl, RANGE);
    assert.deepEqual(fake.metrics.queries, [{ mpl, ...RANGE }]);
    assert.equal(result.series.length, 2);
    for (const s of result.series) {
      assert.equal(s.tags.service, 'checkout');
      assert.equal(s.resolution, 5 * 60_000);
      assert.equal(s.data.length, 12);
      assert.equal(s.start, Date.parse(RANGE.startTime));
    }
    assert.deepEqual(result.repairs, []);
  });

  it('runs the query Query this Metric writes: one series per value of the tag it names', async () => {
    fake.metrics.datasets.set('shop-metrics', structuredClone(DEMO_METRICS));
    const c = client();
    const mpl = metricQuery('shop-metrics', 'system.cpu.utilization', { tag: 'host', value: 'web-2' });
    const result = await c.metrics.runMpl(c.metrics.ownEdgeUrl, mpl, { startTime: 'now-1h', endTime: 'now' });
    assert.deepEqual(
      result.series.map((s) => s.tags),
      [{ host: 'web-2' }],
    );
  });

  it('groups as the query says', async () => {
    loadShop();
    const c = client();
    const grouped = await c.metrics.runMpl(
      c.metrics.ownEdgeUrl,
      '`shop-metrics`:`http.server.request.duration` | align to 10m using avg | group by route using sum',
      RANGE,
    );
    assert.deepEqual(
      grouped.series.map((s) => s.tags),
      [{ route: '/cart' }, { route: '/search' }],
    );
  });

  it('puts a parse error at its line and column (a compile error, as APL’s)', async () => {
    loadShop();
    const c = client();
    const error = await rejection(
      c.metrics.runMpl(c.metrics.ownEdgeUrl, '`shop-metrics`:`system.cpu.utilization`\n| aline to 5m using avg', RANGE),
    );
    assert.equal(error.kind, 'badRequest');
    assert.deepEqual({ line: error.compile?.line, column: error.compile?.column }, { line: 2, column: 3 });
    assert.match(error.compile?.message ?? '', /unknown operator 'aline'/);
  });

  it('shows a MetricsError that has only `error` in its words', async () => {
    loadShop();
    fake.fail('POST /v1/query/_mpl', { status: 500, body: { error: 'metrics store unavailable' }, times: 1 });
    const c = client();
    const error = await rejection(c.metrics.runMpl(c.metrics.ownEdgeUrl, '`shop-metrics`:`x`', RANGE));
    assert.equal(error.kind, 'server');
    assert.match(error.message, /metrics store unavailable/);
    assert.equal(fake.requestsTo('POST /v1/query/_mpl').length, 1, 'a query is sent once');
  });

  it('reads a series whose start is RFC 3339 text, and values that are no numbers as empty', () => {
    const read = readMplResult({
      series: [
        { metric: 'm', tags: { a: 1 }, start: '2026-03-01T00:00:00Z', resolution: 60_000, data: [1, 'x', null] },
      ],
      extra: true,
    });
    assert.deepEqual(read.series[0], {
      metric: 'm',
      tags: { a: '1' },
      start: Date.parse('2026-03-01T00:00:00Z'),
      resolution: 60_000,
      data: [1, null, null],
    });
    assert.equal(read.repairs.length, 1);
  });

  it('reads the tabular shape too (tables, as APL answers)', () => {
    const read = readMplResult({
      status: { elapsedTime: 1 },
      tables: [{ name: '0', fields: [{ name: 'x', type: 'integer' }], columns: [[1, 2]] }],
    });
    assert.equal(read.tables[0].rowCount, 2);
    assert.deepEqual(read.series, []);
  });
});

describe('metrics readers (property)', () => {
  const outcome = (read: () => unknown) => {
    try {
      read();
      return 'value';
    } catch (error) {
      return isAxiomError(error) && error.kind === 'invalidResponse' ? 'invalid' : error;
    }
  };

  it('any JSON is a metric list, a name list or a metrics result, or an invalid response', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (json) => {
        for (const read of [
          () => readMetricList(json),
          () => readNameList(json, phrase('tag list')),
          () => readMplResult(json),
        ])
          assert.ok(['value', 'invalid'].includes(outcome(read) as string));
      }),
      { numRuns: 500 },
    );
  });

  it('a metric list keeps every name, whatever its details', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (body) => {
        const read = readMetricList(body);
        assert.deepEqual(
          read.metrics.map((m) => m.name),
          Object.keys(body),
        );
      }),
    );
  });

  it('info paths keep each name one segment', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.string(), (d, m, t) => {
        const path = infoPath(d, m, t);
        assert.equal(path.split('/').length, 11);
        const parts = path.split('/');
        assert.deepEqual([parts[5], parts[7], parts[9]].map(decodeURIComponent), [d, m, t]);
      }),
    );
  });
});
