// The demo deployment's dashboards (issue 41): one with every chart kind the preview draws (time
// series, table, single value) and one it does not draw (a heatmap), one with a chart whose query
// fails, one shared with everyone. Over the demo's datasets (http-logs, app-logs).
import { aplChart, dashboardDocument, type DashboardDocumentJson } from './dashboardFixtures';

export interface DemoDashboard {
  uid: string;
  document: DashboardDocumentJson;
  /** Who saved it last. */
  by: string;
}

export const DEMO_DASHBOARDS: DemoDashboard[] = [
  {
    uid: 'shop-overview',
    by: 'usr_demo',
    document: dashboardDocument('Shop overview', [
      aplChart('requests', 'TimeSeries', "['http-logs']\n| summarize count() by bin_auto(_time), service", 'Requests'),
      aplChart(
        'slowest-routes',
        'Table',
        "['http-logs']\n| summarize p95 = percentile(req_duration_ms, 95) by route\n| top 10 by p95",
        'Slowest routes (p95)',
      ),
      aplChart('server-errors', 'Statistic', "['http-logs']\n| where status >= 500\n| count", 'Server errors'),
      aplChart(
        'latency-heatmap',
        'Heatmap',
        "['http-logs']\n| summarize histogram(req_duration_ms, 20) by bin_auto(_time)",
        'Latency heatmap',
      ),
    ]),
  },
  {
    uid: 'checkout-incident',
    by: 'usr_sam',
    document: dashboardDocument(
      'Checkout incident',
      [
        aplChart(
          'checkout-5xx',
          'TimeSeries',
          "['http-logs']\n| where service == 'checkout' and status >= 500\n| summarize count() by bin_auto(_time)",
          'Checkout 5xx',
        ),
        // A query that does not compile: the preview shows its error in its tile.
        aplChart('broken', 'Table', "['app-logs']\n| where level = 'error'\n| summarize by", 'Errors by host (broken)'),
      ],
      { timeWindowStart: 'qr-now-6h', refreshTime: 15 },
    ),
  },
  {
    uid: 'team-traffic',
    by: 'usr_sam',
    document: dashboardDocument(
      'Team traffic (shared)',
      [
        aplChart('by-country', 'Table', "['http-logs']\n| summarize count() by ['geo.country']\n| top 10 by count_"),
        aplChart('methods', 'TimeSeries', "['http-logs']\n| summarize count() by bin_auto(_time), method"),
        { id: 'readme', type: 'Note', text: 'Traffic of the whole shop, for everyone in the organisation.' },
      ],
      { owner: 'X-AXIOM-EVERYONE', timeWindowStart: 'qr-now-1d', refreshTime: 300 },
    ),
  },
];
