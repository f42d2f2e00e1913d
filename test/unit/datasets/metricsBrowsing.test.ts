// The metrics browser's plain parts (src/core/datasets/metricsBrowsing.ts): the MPL Query this
// Metric writes (run against the fake's `_mpl` in api/metrics.test.ts), the day the info endpoints are
// asked over, the first page of a long list.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  firstItems,
  isMetricsKind,
  lastDay,
  metricQuery,
  METRICS_PAGE,
} from '../../../src/core/datasets/metricsBrowsing';
import { mplDataset } from '../../../src/core/run/mplTable';

describe('Query this Metric', () => {
  it('writes the reference’s query: a name in backticks where it needs them (MPL’s one writer), aligned to 5m using avg', () => {
    assert.equal(
      metricQuery('shop-metrics', 'http.server.request.duration'),
      '`shop-metrics`:`http.server.request.duration`\n| align to 5m using avg\n',
    );
    assert.equal(
      metricQuery('shop-metrics', 'cpu', { tag: 'host', value: 'web "1"' }),
      '`shop-metrics`:cpu\n| where host == "web \\"1\\""\n| align to 5m using avg\n',
    );
  });

  it('any dataset, metric, tag and value make a query whose dataset reads back (property)', () => {
    const name = fc.string({ minLength: 1 }).filter((s) => !s.includes('`') && s.trim() === s && s !== '');
    fc.assert(
      fc.property(
        name,
        name,
        fc.option(fc.record({ tag: name, value: fc.string() }), { nil: undefined }),
        (d, m, w) => {
          assert.equal(mplDataset(metricQuery(d, m, w)), d);
        },
      ),
    );
  });
});

describe('metrics browsing', () => {
  it('asks for the last day in whole seconds', () => {
    assert.deepEqual(lastDay(Date.parse('2026-03-02T10:00:00.750Z')), {
      start: '2026-03-01T10:00:00Z',
      end: '2026-03-02T10:00:00Z',
    });
  });

  it('shows a page of a long list, and all of a short one', () => {
    const many = Array.from({ length: 250 }, (_, i) => i);
    assert.deepEqual(firstItems(many, METRICS_PAGE).shown.length, 100);
    assert.equal(firstItems(many, METRICS_PAGE).total, 250);
    assert.deepEqual(firstItems([1, 2], METRICS_PAGE), { shown: [1, 2], total: 2 });
  });

  it('knows a metrics dataset by its kind', () => {
    assert.equal(isMetricsKind('otel:metrics:v1'), true);
    assert.equal(isMetricsKind('otel:traces:v1'), false);
    assert.equal(isMetricsKind(undefined), false);
  });
});
