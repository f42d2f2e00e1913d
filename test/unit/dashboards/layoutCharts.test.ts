import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { chartKindFor, chartNameFor, newDashboard, withChartAdded } from '../../../src/core/dashboards/layoutCharts';
import { readDashboard } from '../../../src/core/dashboards/previewLayout';
import { largeDashboard, sampleDashboard } from '../../support/dashboardFixtures';
import { dashboardDocumentProblem } from '../../support/fakeDashboards';
import { fakeServiceUnderTest } from '../../support/testClient';

const { fake, connect } = fakeServiceUnderTest();

describe('a chart’s kind from its query', () => {
  it('is a time series when it summarizes by a bin of time, a single value when it counts or summarizes alone, else a table', () => {
    assert.equal(chartKindFor("['http-logs'] | summarize count() by bin_auto(_time)"), 'TimeSeries');
    assert.equal(chartKindFor("['logs']\n| summarize avg(ms) by bin(_time, 5m), host"), 'TimeSeries');
    assert.equal(chartKindFor("['logs'] | where status >= 500 | count"), 'Statistic');
    assert.equal(chartKindFor("['logs'] | summarize p95 = percentile(ms, 95)"), 'Statistic');
    assert.equal(chartKindFor("['logs'] | summarize count() by host"), 'Table');
    assert.equal(chartKindFor("['logs'] | take 10"), 'Table');
    // Words in a string or a comment are not the query's.
    assert.equal(chartKindFor("['logs'] | where msg == 'summarize x by bin(_time)' | take 5"), 'Table');
    assert.equal(chartKindFor("['logs'] | take 5 // | summarize count() by bin_auto(_time)"), 'Table');
  });

  it('names a chart by the query’s first line that says something', () => {
    assert.equal(chartNameFor("// errors\n['logs'] | count"), "['logs'] | count");
    assert.equal(chartNameFor('x'.repeat(200)).length, 80);
  });
});

describe('a chart added at the end of a dashboard', () => {
  it('goes last, below every other, with an id of its own; the rest is kept, and the service takes the document', () => {
    const before = { ...sampleDashboard(), someFutureKey: { kept: true } };
    const { document, chartId } = withChartAdded(before, "['logs'] | summarize count() by bin_auto(_time)");
    const charts = document.charts as { id: string; type: string; query: { apl: string } }[];
    assert.equal(charts.length, 4);
    assert.equal(charts[3].id, chartId);
    assert.equal(charts[3].type, 'TimeSeries');
    assert.deepEqual(charts.slice(0, 3), before.charts);
    assert.deepEqual(document.someFutureKey, { kept: true });
    const layout = document.layout as { i: string; x: number; y: number; w: number; h: number }[];
    assert.deepEqual(layout.at(-1), { i: chartId, x: 0, y: 8, w: 6, h: 4 });
    const { someFutureKey: _, ...spec } = document;
    assert.equal(dashboardDocumentProblem(spec), undefined);
  });

  it('never takes an id a chart has, and lands below everything, whatever the dashboard', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 40 }),
        fc.constantFrom('| count', '| take 3', '| summarize count() by bin_auto(_time)'),
        (n, tail) => {
          const before = largeDashboard(n);
          const { document, chartId } = withChartAdded(before, `['logs'] ${tail}`);
          const ids = (document.charts as { id: string }[]).map((c) => c.id);
          assert.equal(new Set(ids).size, n + 1);
          assert.equal(ids.at(-1), chartId);
          const read = readDashboard(JSON.stringify(document));
          assert.ok(read.ok);
          const added = read.dashboard.tiles.find((t) => t.id === chartId)!;
          for (const t of read.dashboard.tiles) if (t.id !== chartId) assert.ok(t.y + t.h <= added.y);
          assert.equal(dashboardDocumentProblem(document), undefined);
        },
      ),
    );
  });
});

describe('a new dashboard of queries', () => {
  it('has a chart per query in order, rows filled left to right, and the service takes it as it is', () => {
    const queries = [
      "['logs'] | summarize count() by bin_auto(_time)",
      "['logs'] | count",
      "['logs'] | count",
      "['logs'] | take 10",
      "['logs'] | summarize count() by bin_auto(_time), host",
    ];
    const document = newDashboard('From a notebook', queries);
    assert.equal(dashboardDocumentProblem(document), undefined);
    const read = readDashboard(JSON.stringify(document));
    assert.ok(read.ok);
    assert.deepEqual(
      read.dashboard.tiles.map((t) => [t.kind, t.x, t.y, t.w, t.h]),
      [
        ['TimeSeries', 0, 0, 6, 4],
        ['Statistic', 6, 0, 3, 2],
        ['Statistic', 9, 0, 3, 2],
        ['Table', 0, 4, 6, 4],
        ['TimeSeries', 6, 4, 6, 4],
      ],
    );
    assert.deepEqual(
      read.dashboard.tiles.map((t) => t.apl),
      queries,
    );
  });
});

describe('a chart added over HTTP', () => {
  it('is one PUT of the dashboard as read with the chart at its end, with the version read, which the service takes', async () => {
    fake.dashboards.add(sampleDashboard('Checkout'), 'checkout');
    const client = connect();
    const record = await client.getDashboard('checkout');
    const { document } = withChartAdded(record.document, "['logs'] | count");
    const written = await client.updateDashboard('checkout', { dashboard: document, version: record.resource.version });
    assert.equal(written.record.resource.version, record.resource.version + 1);
    assert.equal(written.record.resource.dashboard.charts.length, 4);
  });
});
