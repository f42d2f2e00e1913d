// MPL completion's catalog over the service (src/core/mpl/clientCatalog.ts), over real HTTP to the
// fake service's metrics info endpoints: names as listed, nothing asked without a client.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { clientMetricsCatalog } from '../../../src/core/mpl/clientCatalog';
import { fakeServiceUnderTest } from '../../support/testClient';

const { fake, connect } = fakeServiceUnderTest();

describe("MPL completion's catalog of the service's metrics", () => {
  it('names the metrics, tags and values the info endpoints list over the last day', async () => {
    fake.metrics.datasets.set('shop-metrics', {
      'http.server.request.duration': {
        type: 'histogram',
        temporality: 'Cumulative',
        unit: 's',
        tags: { service: ['checkout', 'search'], route: ['/cart'] },
        base: 0.2,
      },
    });
    const now = Date.parse('2026-03-02T00:00:00Z');
    const catalog = clientMetricsCatalog(
      () => Promise.resolve(connect()),
      () => now,
    );
    assert.deepEqual(await catalog.metrics('shop-metrics'), ['http.server.request.duration']);
    assert.deepEqual((await catalog.tags('shop-metrics', 'http.server.request.duration')).sort(), ['route', 'service']);
    assert.deepEqual(await catalog.tagValues('shop-metrics', 'http.server.request.duration', 'service'), [
      'checkout',
      'search',
    ]);
    // Besides the deployment's datasets and orgs (which edge holds each dataset), one request a question.
    const asked = fake.requests.map((r) => decodeURIComponent(r.path)).filter((p) => p.includes('/metrics/info/'));
    assert.equal(asked.length, 3);
    for (const path of asked)
      assert.match(path, /start=2026-03-01T00:00:00(\.000)?Z&end=2026-03-02T00:00:00(\.000)?Z$/);
  });

  it('asks nothing and knows nothing without a client (no token)', async () => {
    const catalog = clientMetricsCatalog(() => Promise.resolve(undefined));
    assert.deepEqual(await catalog.metrics('shop-metrics'), []);
    assert.deepEqual(await catalog.tagValues('shop-metrics', 'm', 't'), []);
    assert.equal(fake.requests.length, 0);
  });
});
