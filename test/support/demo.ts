// The demo deployment: what `npm start` shows a person without an Axiom token (a deployment named
// "Demo" served by the fake service on 127.0.0.1), and what the journeys' screenshots show. The
// data is made up and looks like a small web shop's: http, application and sign-in logs.
//
// Where to add: each part of the service has its section below, a constant of plain data and one
// line in `loadDemo()` that hands it to the fake service. A feature that needs more of the demo
// (monitor edits and dry runs, sign-in, datasets, query history, notebooks) adds a section of its
// own the same way, and, when the fake service needs a new route, adds it in fakeAxiom.ts.
// Times are relative to `now`, so the demo looks alive whenever it starts.
import { checkApl } from '../../src/core/apl/checks';
import { lineAndColumn } from '../../src/core/apl/lineColumn';
import { render } from '../../src/core/phrase';
import { FakeAxiom, type AplAnswer, type AplRequestBody, type HistoryEntry } from './fakeAxiom';
import { FakeOAuth } from './fakeOAuth';
import { FakeEdge } from './fakeEdges';
import { answerQuery, readTime, type DemoDataset } from './demoQueries';
import { compileErrorBody } from './tabularFixtures';
import { DEMO_DASHBOARDS } from './demoDashboards';
import { DEMO_SHOP_FILES, demoLogLineAt } from './demoShop';
import { loadDemoTraces } from './demoTraces';
import { DEMO_MPL_MONITOR_QUERY, loadDemoMetrics } from './demoMetrics';

/** The token `npm start` gives the extension for the demo (through AXIOM_TOKEN): an API token's shape, no secret. */
export const DEMO_TOKEN = 'xaat-demo-0000-0000-not-a-secret';
export const DEMO_ORG_ID = 'demo-shop';
export const DEMO_DEPLOYMENT = 'Demo';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Picks from weighted choices with a number in [0, 1). */
function weighted<T>(choices: readonly (readonly [T, number])[], r: number): T {
  const total = choices.reduce((s, [, w]) => s + w, 0);
  let left = r * total;
  for (const [value, w] of choices) if ((left -= w) < 0) return value;
  return choices[choices.length - 1][0];
}

/** Daily rhythm: busy in the European afternoon, quiet at night, between 0.35 and 1. */
function daily(time: number): number {
  const hour = (time % DAY) / HOUR;
  return 0.675 + 0.325 * Math.sin(((hour - 9) / 24) * 2 * Math.PI);
}

// ── Datasets and their fields ──────────────────────────────────────────────────────────────────
const SERVICES = [
  ['checkout', 3],
  ['cart', 4],
  ['search', 6],
  ['catalog', 5],
  ['payments', 2],
] as const;
const CITIES = [
  ['Berlin', 'DE'],
  ['Paris', 'FR'],
  ['London', 'GB'],
  ['New York', 'US'],
  ['São Paulo', 'BR'],
  ['Tokyo', 'JP'],
  ['Sydney', 'AU'],
] as const;
const ROUTES: Record<string, readonly string[]> = {
  checkout: ['/checkout', '/checkout/confirm'],
  cart: ['/cart', '/cart/items'],
  search: ['/search', '/search/suggest'],
  catalog: ['/products', '/products/:id', '/categories/:slug'],
  payments: ['/payments/authorize', '/payments/capture'],
};
/** Every route, in the order the demo draws them from (made once: the demo makes thousands of events a query). */
const ALL_ROUTES = Object.values(ROUTES).flat();

/** What a scanner probing the shop sends as its user agent, now and then: log data that must stay
 *  text wherever it is shown (the journeys look for these in the results panel). */
export const HOSTILE_USER_AGENTS = [
  '<img src=x onerror="window.__pwned=1">',
  '<script>window.__pwned=2</script>',
  'command:workbench.action.quit',
] as const;

/**
 * Three outages of the shop's traffic in the last day, each a whole number of the monitor "Traffic
 * drop"'s 5-minute runs: requests per second fall to a fixed rate, far under the quietest night
 * (about 31 a second, 9,450 in 5 minutes). A dry run of "Traffic drop" over the last 24 hours sees
 * them at known runs (DEMO_DRY_RUN); each ends 5 minutes-aligned, so no run sees part of one.
 */
export function trafficDips(now: number): { start: number; end: number; perSecond: number }[] {
  const aligned = Math.floor(now / (5 * MINUTE)) * 5 * MINUTE;
  return [
    // About 150 requests in each of 3 runs' 5 minutes.
    { start: aligned - 19 * HOUR, end: aligned - 19 * HOUR + 15 * MINUTE, perSecond: 0.5 },
    // About 450 in each of 2 runs.
    { start: aligned - 11 * HOUR, end: aligned - 11 * HOUR + 10 * MINUTE, perSecond: 1.5 },
    // About 750 in 1 run.
    { start: aligned - 4 * HOUR, end: aligned - 4 * HOUR + 5 * MINUTE, perSecond: 2.5 },
  ];
}

/**
 * What a dry run of the demo's "Traffic drop" (count per 5 minutes Below a threshold, over the last
 * 24 hours) finds, per threshold: the outages above, each one alert however many runs it lasts. The
 * monitor as saved (threshold 1000) raised the same three in its history.
 */
export const DEMO_DRY_RUN = {
  monitorId: 'mon_demo_traffic',
  name: 'Traffic drop',
  threshold: 1000,
  /** Alerts the dry run counts at a threshold (operator Below). */
  alertsAt: { 1000: 3, 500: 2, 200: 1, 100: 0 } as Record<number, number>,
  /** Alerts the monitor really raised in the last 24 hours (its history). */
  realAlerts: 3,
};

export function demoDatasets(now: number): DemoDataset[] {
  /** Checkout fails a lot from 14 minutes ago: the monitor "Checkout 5xx" is triggered. */
  const incident = (time: number) => time > now - 14 * MINUTE;
  const dips = trafficDips(now);
  return [
    {
      name: 'http-logs',
      description: 'Requests to the shop’s web services',
      rate: (t) => dips.find((d) => t >= d.start && t < d.end)?.perSecond ?? 90 * daily(t),
      fields: [
        { name: '_time', type: 'datetime', description: 'When the request ended' },
        { name: 'service', type: 'string', make: (_t, r) => weighted(SERVICES, r) },
        {
          name: 'method',
          type: 'string',
          make: (_t, r) =>
            weighted(
              [
                ['GET', 8],
                ['POST', 3],
                ['PUT', 1],
                ['DELETE', 0.3],
              ],
              r,
            ),
        },
        {
          name: 'route',
          type: 'string',
          make: (_t, r) => ALL_ROUTES[Math.floor(r * ALL_ROUTES.length)],
        },
        {
          name: 'status',
          type: 'integer',
          description: 'HTTP status',
          make: (t, r) =>
            incident(t) && r < 0.25
              ? weighted(
                  [
                    [500, 3],
                    [502, 1],
                    [503, 2],
                  ],
                  r * 4,
                )
              : weighted(
                  [
                    [200, 85],
                    [201, 4],
                    [204, 3],
                    [301, 1],
                    [304, 2],
                    [400, 1.5],
                    [401, 1],
                    [404, 2.2],
                    [429, 0.2],
                    [500, 0.08],
                  ],
                  r,
                ),
        },
        {
          name: 'req_duration_ms',
          type: 'float',
          unit: 'ms',
          description: 'Time to the last byte',
          make: (t, r, pick) =>
            Math.round(
              (18 + 160 * r ** 3 + (pick() < 0.02 ? 900 * pick() : 0) + (incident(t) ? 220 * pick() : 0)) * 10,
            ) / 10,
        },
        { name: 'geo.city', type: 'string', make: (_t, r) => CITIES[Math.floor(r * CITIES.length)][0] },
        { name: 'geo.country', type: 'string', make: (_t, r) => CITIES[Math.floor(r * CITIES.length)][1] },
        {
          name: 'user_agent',
          type: 'string',
          make: (_t, r) =>
            weighted(
              [
                ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0', 5],
                ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) Safari/605.1.15', 3],
                ['Mozilla/5.0 (iPhone; CPU iPhone OS 18_1) Mobile/15E148', 4],
                ['curl/8.5.0', 0.5],
                ...HOSTILE_USER_AGENTS.map((agent) => [agent, 0.005] as const),
              ],
              r,
            ),
        },
        {
          name: 'trace_id',
          type: 'string',
          make: (_t, r, pick) =>
            `${Math.floor(r * 0xffffffff)
              .toString(16)
              .padStart(8, '0')}${Math.floor(pick() * 0xffffffff)
              .toString(16)
              .padStart(8, '0')}`,
        },
      ],
    },
    {
      name: 'app-logs',
      description: 'What the services write to their logs',
      rate: (t) => 12 * daily(t),
      fields: [
        { name: '_time', type: 'datetime' },
        // Each event is a line the shop's code writes (demoShop.ts DEMO_LOG_LINES): its level, service
        // and message are its log statement's, an error carries its stack trace, and every line
        // names its statement's place (OpenTelemetry's code attributes), as the shop deploys it.
        { name: 'level', type: 'string', make: (t) => demoLogLineAt(t, incident(t)).level },
        { name: 'service', type: 'string', make: (t) => demoLogLineAt(t, incident(t)).service },
        { name: 'host', type: 'string', make: (_t, r) => `web-${1 + Math.floor(r * 6)}` },
        { name: 'message', type: 'string', make: (t, r) => demoLogLineAt(t, incident(t)).message(r) },
        {
          name: 'exception.stacktrace',
          type: 'string',
          make: (t) => demoLogLineAt(t, incident(t)).stack ?? null,
        },
        { name: 'code.filepath', type: 'string', make: (t) => demoLogLineAt(t, incident(t)).place.deployedPath },
        { name: 'code.lineno', type: 'integer', make: (t) => demoLogLineAt(t, incident(t)).place.line },
        { name: 'code.function', type: 'string', make: (t) => demoLogLineAt(t, incident(t)).place.function },
      ],
    },
    {
      name: 'auth',
      description: 'Sign-ins to the shop',
      rate: (t) => 3 * daily(t),
      fields: [
        { name: '_time', type: 'datetime' },
        {
          name: 'outcome',
          type: 'string',
          make: (t, r) =>
            t > now - 6 * MINUTE && r < 0.4
              ? 'failure'
              : weighted(
                  [
                    ['success', 92],
                    ['failure', 8],
                  ],
                  r,
                ),
        },
        {
          name: 'region',
          type: 'string',
          make: (_t, r) =>
            weighted(
              [
                ['eu-west', 5],
                ['us-east', 4],
                ['ap-south', 2],
              ],
              r,
            ),
        },
        {
          name: 'method',
          type: 'string',
          make: (_t, r) =>
            weighted(
              [
                ['password', 5],
                ['sso', 3],
                ['passkey', 2],
              ],
              r,
            ),
        },
        { name: 'user', type: 'string', make: (_t, r) => `user_${1000 + Math.floor(r * 800)}` },
      ],
    },
  ];
}

// ── Notifiers, by name and channel (their settings are made up: no real address or key) ─────────
export const DEMO_NOTIFIERS = [
  {
    id: 'notify_oncall',
    name: 'On-call',
    properties: { pagerduty: { routingKey: 'demo-routing-key-not-a-secret' } },
    createdAt: '2026-01-12T09:00:00Z',
    createdBy: 'usr_demo',
  },
  {
    id: 'notify_search_team',
    name: '#search-team',
    properties: { slack: { slackUrl: 'https://hooks.slack.invalid/demo' } },
    createdAt: '2026-02-03T14:20:00Z',
    createdBy: 'usr_teammate',
  },
  {
    id: 'notify_security',
    name: 'Security team',
    properties: { email: { emails: ['security@demo-shop.example'] } },
    createdAt: '2026-03-18T08:45:00Z',
    createdBy: 'usr_demo',
  },
  {
    id: 'notify_shop_ops',
    name: 'Shop operations',
    properties: { microsoftTeams: { microsoftTeamsUrl: 'https://teams.invalid/demo' } },
    createdAt: '2026-04-07T16:10:00Z',
    createdBy: 'usr_teammate',
  },
];

// ── Monitors, one of each type, and their history ─────────────────────────────────────────────
/** Minutes the checkout incident of http-logs has lasted (demoDatasets' `incident`). */
const CHECKOUT_INCIDENT_MINUTES = 14;

/**
 * When "Checkout 5xx" opened: its first run (every 5 minutes, on the clock's 5-minute marks) whose
 * last 5-minute bin holds enough of the incident to pass its threshold: half of that bin or more,
 * else the run after. Each demo monitor's state follows from its data (test/unit/harness/demo.test.ts
 * dry-runs them).
 */
export function checkoutOpened(now: number): number {
  const start = now - CHECKOUT_INCIDENT_MINUTES * MINUTE;
  const step = 5 * MINUTE;
  const first = Math.floor(start / step) * step + step;
  return first - start >= step / 2 ? first : first + step;
}

/** Each monitor names its notifiers by id; "Checkout 5xx" also names one that was deleted since
 *  (`notify_retired`), as the service keeps such ids. createdBy/updatedAt say who made each and
 *  when it last changed (the service names no one for a change). */
export function demoMonitors(now: number): {
  monitors: Record<string, unknown>[];
  histories: Map<string, HistoryEntry[]>;
} {
  const ago = (ms: number) => new Date(now - ms).toISOString();
  const monitors = [
    {
      id: 'mon_demo_checkout_5xx',
      name: 'Checkout 5xx',
      type: 'Threshold',
      description: 'Server errors on checkout',
      aplQuery:
        "['http-logs']\n| where service == 'checkout' and status >= 500\n| summarize count() by bin_auto(_time)",
      operator: 'Above',
      // Checkout's errors: at most a few in 5 minutes all day; some 12 to 35 (by the hour) in the incident.
      threshold: 8,
      intervalMinutes: 5,
      rangeMinutes: 10,
      notifierIds: ['notify_oncall', 'notify_retired'],
      createdAt: ago(40 * DAY),
      createdBy: 'usr_demo',
      updatedAt: ago(3 * DAY + 2 * HOUR),
    },
    {
      id: 'mon_demo_latency',
      name: 'Search latency p95',
      type: 'Threshold',
      description: 'Slow search answers',
      aplQuery:
        "['http-logs']\n| where service == 'search'\n| summarize percentile(req_duration_ms, 95) by bin_auto(_time)",
      operator: 'AboveOrEqual',
      // No request of the data takes 1.3 s (req_duration_ms): the monitor stays normal, as its history says.
      threshold: 1500,
      intervalMinutes: 1,
      rangeMinutes: 5,
      notifierIds: ['notify_search_team'],
      createdAt: ago(30 * DAY),
      createdBy: 'usr_teammate',
      updatedAt: ago(9 * DAY),
    },
    {
      id: 'mon_demo_failed_logins',
      name: 'Failed sign-ins',
      type: 'MatchEvent',
      description: 'Each failed sign-in in eu-west',
      aplQuery: "['auth']\n| where outcome == 'failure' and region == 'eu-west'",
      intervalMinutes: 1,
      notifyByGroup: true,
      notifierIds: ['notify_security'],
      createdAt: ago(12 * DAY),
      createdBy: 'usr_demo',
      updatedAt: ago(12 * DAY),
    },
    {
      id: 'mon_demo_error_logs',
      name: 'Error log volume',
      type: 'AnomalyDetection',
      description: 'More errors than usual',
      aplQuery: "['app-logs']\n| where level == 'error'\n| summarize count() by bin_auto(_time)",
      operator: 'Above',
      tolerance: 25,
      compareDays: 7,
      intervalMinutes: 10,
      rangeMinutes: 60,
      notifierIds: ['notify_shop_ops'],
      createdAt: ago(20 * DAY),
      createdBy: 'usr_teammate',
      updatedAt: ago(2 * DAY + 5 * HOUR),
    },
    {
      id: 'mon_demo_payments',
      name: 'Payments declined',
      type: 'Threshold',
      aplQuery: "['http-logs']\n| where service == 'payments' and status == 402\n| count",
      operator: 'Above',
      threshold: 20,
      intervalMinutes: 5,
      rangeMinutes: 15,
      disabled: true,
      notifierIds: [],
      createdAt: ago(60 * DAY),
      createdBy: 'usr_demo',
      updatedAt: ago(6 * DAY),
    },
    {
      id: 'mon_demo_traffic',
      name: 'Traffic drop',
      type: 'Threshold',
      description: 'Fewer requests than the shop ever has',
      aplQuery: "['http-logs']\n| summarize count() by bin(_time, 5m)",
      operator: 'Below',
      threshold: 1000,
      intervalMinutes: 5,
      rangeMinutes: 5,
      alertOnNoData: true,
      notifierIds: ['notify_oncall', 'notify_shop_ops'],
      createdAt: ago(90 * DAY),
      createdBy: 'usr_demo',
      updatedAt: ago(90 * DAY),
    },
    // A monitor of metrics: its query is MPL, over the shop's metrics (demoMetrics.ts).
    {
      id: 'mon_demo_checkout_metrics',
      name: 'Checkout duration (metrics)',
      type: 'Threshold',
      description: 'Checkout request duration from the shop’s metrics',
      mplQuery: DEMO_MPL_MONITOR_QUERY,
      operator: 'Above',
      threshold: 0.4,
      intervalMinutes: 5,
      rangeMinutes: 5,
      notifierIds: ['notify_oncall'],
      createdAt: ago(8 * DAY),
      createdBy: 'usr_teammate',
      updatedAt: ago(8 * DAY),
    },
  ];
  const change = (name: string, checkId: string, at: number, state: 'open' | 'closed'): HistoryEntry => ({
    name,
    checkId,
    timestamp: ago(at),
    state,
  });
  // "Traffic drop" opened at the first run after each outage's first 5 minutes and closed at the first run after it.
  const traffic = trafficDips(now).flatMap((d) => [
    change('Traffic drop', 'all', now - d.start - 5 * MINUTE, 'open'),
    change('Traffic drop', 'all', now - d.end - 5 * MINUTE, 'closed'),
  ]);
  const histories = new Map<string, HistoryEntry[]>([
    // Triggered now, as its data says: opened at the run that saw the checkout incident first.
    ['mon_demo_checkout_5xx', [change('Checkout 5xx', 'all', now - checkoutOpened(now), 'open')]],
    // Triggered now, per group: two groups open.
    [
      'mon_demo_failed_logins',
      [
        change('Failed sign-ins', 'eu-west/password', 5 * MINUTE, 'open'),
        change('Failed sign-ins', 'eu-west/sso', 3 * MINUTE, 'open'),
      ],
    ],
    // Normal: its data never reaches its threshold.
    ['mon_demo_latency', []],
    [
      'mon_demo_error_logs',
      [
        change('Error log volume', 'all', 3 * DAY, 'open'),
        change('Error log volume', 'all', 3 * DAY - 30 * MINUTE, 'closed'),
      ],
    ],
    ['mon_demo_traffic', traffic],
  ]);
  return { monitors, histories };
}

// ── Starred queries: the person's own and the team's ──────────────────────────────────────────
export const DEMO_USER = {
  id: 'usr_demo',
  name: 'Dana Demo',
  email: 'dana@demo-shop.example',
  role: { id: 'admin', name: 'admin' },
};

/** The demo's other person (the team's starred queries and dashboards name them by id). */
export const DEMO_TEAMMATE = {
  id: 'usr_teammate',
  name: 'Sam Teammate',
  email: 'sam@demo-shop.example',
  role: { id: 'user', name: 'user' },
};

export function demoStarred(now: number): Record<string, unknown>[] {
  const created = (days: number) => new Date(now - days * DAY).toISOString();
  const starred = (
    id: string,
    name: string,
    dataset: string,
    apl: string,
    who: string,
    days: number,
    range = 'now-1h',
  ) => ({
    id,
    kind: 'apl',
    name,
    dataset,
    who,
    query: { apl, startTime: range, endTime: 'now' },
    metadata: {},
    created: created(days),
  });
  return [
    starred(
      'sq_demo_1',
      'Requests by service',
      'http-logs',
      "['http-logs']\n| summarize count() by bin_auto(_time), service",
      DEMO_USER.id,
      14,
    ),
    starred(
      'sq_demo_2',
      'Slowest routes',
      'http-logs',
      "['http-logs']\n| summarize p95 = percentile(req_duration_ms, 95), requests = count() by route\n| order by p95 desc",
      DEMO_USER.id,
      9,
      'now-6h',
    ),
    starred(
      'sq_demo_3',
      'Errors by status',
      'http-logs',
      "['http-logs']\n| where status >= 400\n| summarize count() by status\n| order by count_ desc",
      DEMO_USER.id,
      5,
    ),
    starred(
      'sq_demo_4',
      'Failed sign-ins by region',
      'auth',
      "['auth']\n| where outcome == 'failure'\n| summarize failures = count() by region\n| order by failures desc",
      DEMO_USER.id,
      3,
      'now-24h',
    ),
    starred(
      'sq_demo_5',
      'Recent errors',
      'app-logs',
      "['app-logs']\n| where level == 'error'\n| project _time, service, host, message\n| take 200",
      DEMO_USER.id,
      1,
    ),
    starred(
      'sq_demo_6',
      'Top cities',
      'http-logs',
      "['http-logs']\n| summarize count() by ['geo.city']\n| top 5 by count_",
      'usr_teammate',
      21,
      'now-7d',
    ),
    starred(
      'sq_demo_7',
      'Checkout funnel',
      'http-logs',
      "['http-logs']\n| where service == 'checkout'\n| summarize count() by bin(_time, 5m), route",
      'usr_teammate',
      2,
      'now-3h',
    ),
  ];
}

/** The files `npm start` opens the demo with. */
export const DEMO_FILES: Record<string, string> = {
  // The shop's own code (demoShop.ts): where the data's stack frames and log statements are.
  ...DEMO_SHOP_FILES,
  'errors-by-service.apl':
    "// Ctrl+Enter runs the query under the cursor over the time range in the status bar.\n['http-logs']\n| where status >= 500\n| summarize count() by bin_auto(_time), service\n\n['app-logs']\n| where level == 'error'\n| summarize count() by service\n| order by count_ desc\n",
  'slow-requests.apl':
    "['http-logs']\n| where req_duration_ms > 500\n| project _time, service, route, status, req_duration_ms, ['geo.city']\n| take 500\n",
  // An APL notebook: notes and queries, run cell by cell (Run All in its toolbar).
  'investigation.axiom-notebook': `${JSON.stringify(
    {
      axiomNotebook: 1,
      timeRange: { preset: '6h' },
      cells: [
        {
          kind: 'markdown',
          source: '# Checkout errors\n\nServer errors rose this morning. Which services, and since when?',
        },
        {
          kind: 'apl',
          source: "['http-logs']\n| where status >= 500\n| summarize count() by bin_auto(_time), service",
        },
        { kind: 'markdown', source: 'The slowest requests among them:' },
        {
          kind: 'apl',
          source:
            "['http-logs']\n| where status >= 500\n| project _time, service, route, status, req_duration_ms\n| order by req_duration_ms desc\n| take 50",
        },
      ],
    },
    null,
    2,
  )}\n`,
};

/** Virtual fields of the demo's datasets (the Datasets view marks them). */
const DEMO_VIRTUAL_FIELDS: Record<string, unknown[]> = {
  'http-logs': [
    {
      id: 'vf_demo_1',
      dataset: 'http-logs',
      name: 'is_server_error',
      expression: 'status >= 500',
      description: 'The request failed on the server side',
      type: 'boolean',
    },
  ],
};

/**
 * The demo's annotations: a deploy 3 minutes before each of the first two traffic outages (the
 * dry run of "Traffic drop" finds them), and an incident band over the third, so that the dry
 * run's chart and a query's chart over the last day draw them beside the drops.
 */
export function demoAnnotations(now: number): Record<string, unknown>[] {
  const [first, second, third] = trafficDips(now);
  const at = (time: number) => new Date(time).toISOString();
  return [
    {
      id: 'ann_demo_deploy_1',
      type: 'deploy',
      datasets: ['http-logs', 'app-logs'],
      time: at(first.start - 3 * MINUTE),
      title: 'Deploy shop v2.14.0',
      description: 'New checkout flow behind the load balancer',
      url: 'https://github.com/example/shop/releases/tag/v2.14.0',
    },
    {
      id: 'ann_demo_deploy_2',
      type: 'deploy',
      datasets: ['http-logs', 'app-logs'],
      time: at(second.start - 3 * MINUTE),
      title: 'Deploy shop v2.15.0',
      description: 'Connection pool resized',
      url: 'https://github.com/example/shop/releases/tag/v2.15.0',
    },
    {
      id: 'ann_demo_incident',
      type: 'incident',
      datasets: ['http-logs'],
      time: at(third.start),
      endTime: at(third.end),
      title: 'Load balancer failover',
      description: 'The primary load balancer dropped connections until the standby took over',
    },
  ];
}

/** Fills a fake service with the demo, relative to `now`. */
export function loadDemo(fake: FakeAxiom, now = Date.now()): void {
  const datasets = demoDatasets(now);
  fake.datasets = datasets.map((d) => d.name);
  fake.fields = Object.fromEntries(
    datasets.map((d) => [
      d.name,
      d.fields.map((f) => ({
        name: f.name,
        type: f.type,
        description: f.description ?? '',
        unit: f.unit ?? '',
        hidden: false,
      })),
    ]),
  );
  fake.datasetDetails = Object.fromEntries(
    datasets.map((d) => [d.name, { kind: 'axiom:events:v1', description: d.description ?? null }]),
  );
  fake.virtualFields = DEMO_VIRTUAL_FIELDS;
  const { monitors, histories } = demoMonitors(now);
  fake.monitors = monitors;
  fake.histories = histories;
  fake.notifiers = DEMO_NOTIFIERS.map((n) => ({ ...n }));
  fake.user = DEMO_USER;
  fake.otherUsers = [DEMO_TEAMMATE];
  fake.starred.push(...demoStarred(now));
  fake.annotations.push(...demoAnnotations(now));
  for (const { uid, document, by } of DEMO_DASHBOARDS) fake.dashboards.add(structuredClone(document), uid, by);
  loadDemoMetrics(fake);
  fake.aplAnswer = (body) =>
    (typeof body.apl === 'string' ? compileErrorAnswer(body.apl) : undefined) ??
    partialPastAWeek(answerQuery(datasets, body), body, now);
  loadDemoTraces(fake, now, compileErrorAnswer);
  fake.datasetEdges = Object.fromEntries(
    fake.datasets.map((name) => [name, { edgeDeployment: DEMO_ORG.defaultEdgeDeployment }]),
  );
}

// ── Edges and answers that say what they are (issue 53) ─────────────────────────────────────────
/** The demo's second edge deployment and the dataset stored there: its queries go to that host. */
export const DEMO_SECOND_EDGE = { name: 'cloud.us-east-1.aws', dataset: 'auth' };
/** How far back the demo's service reads before it stops and answers partial. */
const PARTIAL_AFTER_MS = 7 * 24 * 3_600_000;

/** A query over more than a week answers partial, with the service's message saying why. */
function partialPastAWeek(answer: AplAnswer, body: AplRequestBody, now: number): AplAnswer {
  const start = typeof body.startTime === 'string' ? readTime(body.startTime, now) : undefined;
  const status = (answer.body as { status?: Record<string, unknown> } | undefined)?.status;
  if (start === undefined || now - start <= PARTIAL_AFTER_MS || !status) return answer;
  status.isPartial = true;
  status.messages = [
    { priority: 'warn', count: 1, code: 'partial_result', msg: 'query stopped after the most recent 7 days of blocks' },
  ];
  return answer;
}

/** The demo's second edge, started beside the service, holding DEMO_SECOND_EDGE's dataset. */
export async function startDemoEdge(fake: FakeAxiom): Promise<FakeEdge> {
  const edge = new FakeEdge(fake, DEMO_SECOND_EDGE.name, '127.0.0.1');
  await edge.start({ beside: true });
  edge.placeDatasets(DEMO_SECOND_EDGE.dataset);
  return edge;
}

/**
 * The service's answer to APL that does not compile, so that the demo refuses what Axiom would
 * (`| where status ==`, `| project a,, b`) instead of answering 0 rows: the first error the
 * project's own parser and checks find, in the compile-error shape of API-NOTES ("running APL"),
 * at its 1-based line and column. Undefined for APL they find nothing wrong with.
 */
export function compileErrorAnswer(apl: string): AplAnswer | undefined {
  const problem = checkApl(apl).find((p) => p.severity === 'error');
  if (!problem) return undefined;
  const { line, column } = lineAndColumn(apl, problem.start);
  return { status: 400, body: compileErrorBody(line, column, render(problem.message)) };
}

/** A started fake service holding the demo, that takes DEMO_TOKEN. */
export async function startDemo(): Promise<FakeAxiom> {
  const fake = new FakeAxiom({ token: DEMO_TOKEN, orgId: DEMO_ORG_ID });
  loadDemo(fake);
  await fake.start();
  await startDemoEdge(fake);
  return fake;
}

// ── Sign in with Axiom ─────────────────────────────────────────────────────────────────────────
/** The demo's org, as GET /v2/orgs lists it to a signed-in token. */
export const DEMO_ORG = { id: DEMO_ORG_ID, name: 'Demo Shop', defaultEdgeDeployment: 'cloud.eu-central-1.aws' };

/**
 * A sign-in server for the demo service, on 127.0.0.1: it approves at once (where Axiom's would
 * ask the person), and the demo service takes the tokens it issues for the demo's org. Point
 * `axiom.url` at the service and `axiom.signInUrl` at this server, and Sign in with Axiom works
 * end to end with nothing but this machine.
 */
export async function startDemoSignIn(fake: FakeAxiom): Promise<FakeOAuth> {
  const oauth = new FakeOAuth();
  await oauth.start();
  fake.oauth = oauth;
  fake.orgs = [{ ...DEMO_ORG }];
  return oauth;
}
