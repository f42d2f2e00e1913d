// Dashboard documents as the service takes them (schema version 2): shared by the client's, the
// fake's and the document's tests, the bench and the demo.

export type DashboardDocumentJson = Record<string, unknown> & { charts: Record<string, unknown>[] };

/** A chart of a kind with an APL query. */
export function aplChart(id: string, type: string, apl: string, name = id): Record<string, unknown> {
  return { id, type, name, query: { apl } };
}

/** A dashboard whose charts sit two to a row, six columns each. */
export function dashboardDocument(
  name: string,
  charts: Record<string, unknown>[],
  more: Record<string, unknown> = {},
): DashboardDocumentJson {
  return {
    name,
    owner: '',
    description: `${name}, as code`,
    charts,
    layout: charts.map((chart, i) => ({ i: chart.id, x: (i % 2) * 6, y: Math.floor(i / 2) * 4, w: 6, h: 4 })),
    refreshTime: 60,
    schemaVersion: 2,
    timeWindowStart: 'qr-now-1h',
    timeWindowEnd: 'qr-now',
    ...more,
  };
}

/** The small dashboard most tests use: a time series, a table and a single value over http-logs. */
export function sampleDashboard(name = 'Checkout health'): DashboardDocumentJson {
  return dashboardDocument(name, [
    aplChart('requests', 'TimeSeries', "['http-logs'] | summarize count() by bin_auto(_time)", 'Requests'),
    aplChart('slowest', 'Table', "['http-logs'] | top 10 by req_duration_ms", 'Slowest requests'),
    aplChart('errors', 'Statistic', "['http-logs'] | where status >= 500 | count", 'Server errors'),
  ]);
}

/** A dashboard of `count` time series charts (the most the spec allows is 200). */
export function largeDashboard(count: number): DashboardDocumentJson {
  return dashboardDocument(
    `Every service (${count} charts)`,
    Array.from({ length: count }, (_, i) =>
      aplChart(
        `chart-${i}`,
        'TimeSeries',
        `['http-logs'] | where method == "GET" and status == ${200 + (i % 300)} | summarize count(), avg(req_duration_ms) by bin_auto(_time)`,
        `Status ${200 + (i % 300)} requests`,
      ),
    ),
  );
}
