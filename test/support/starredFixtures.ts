// Starred queries as the service holds them, chosen to cover what the extension must tolerate,
// and many made-up ones for paging and benchmarks.

/** The fake service's user (FakeAxiom.user.id): queries with this `who` are the caller's. */
export const ME = 'usr_fake_1';

export function realisticStarred(): Record<string, unknown>[] {
  return [
    {
      id: 'sq_checkout',
      kind: 'apl',
      name: 'Checkout 5xx',
      dataset: 'http-logs',
      who: ME,
      query: {
        apl: "['http-logs']\n| where status >= 500\n| summarize count() by bin_auto(_time)",
        startTime: 'now-1h',
        endTime: 'now',
        queryOptions: { quickRange: '1h', timeSeriesView: 'charts' },
        libraries: ['lib_shared'],
      },
      metadata: { color: 'red', pinned: 'true' },
      created: '2025-05-01T09:00:00Z',
      someFieldAddedLater: { nested: [1, 2, 3] },
    },
    // The service's Go types write nil maps and unset strings as null, and may leave out what the API requires.
    {
      id: 'sq_go_nulls',
      name: 'auth failures by region',
      dataset: null,
      who: ME,
      kind: null,
      query: { apl: "['auth'] | where outcome == 'failure' | summarize count() by region" },
      metadata: null,
    },
    {
      id: 'sq_team_1',
      kind: 'apl',
      name: 'Slow searches',
      dataset: 'sample-app',
      who: 'usr_colleague_2',
      query: { apl: "['sample-app'] | where duration > 2s" },
      metadata: {},
    },
    {
      id: 'sq_hostile',
      kind: 'apl',
      name: 'Hostile [click](command:axiom.signOut) <img src=x onerror=alert(1)>',
      dataset: 'logs <b>',
      who: 'usr_colleague_3',
      query: { apl: '[\'logs\']\n| where msg == "```"\n```\n[pwn](command:axiom.signOut)\n<b>bold</b>\n| take 1' },
      metadata: {},
    },
    // Not a starred query the extension can read: no name, then no id.
    { id: 'sq_no_name', kind: 'apl', who: ME, query: { apl: 'x' }, metadata: {} },
    { kind: 'apl', name: 'no id', who: ME, query: { apl: 'x' }, metadata: {} },
  ];
}

const SERVICES = ['checkout', 'payments', 'auth', 'search', 'inventory', 'shipping', 'gateway', 'billing'];
const WHAT = [
  '5xx by route',
  'p99 latency',
  'error logs',
  'slow queries',
  'failed logins',
  'timeouts by host',
  'top users',
  'retries',
];
const DATASETS = ['http-logs', 'sample-app', 'otel-traces', 'k8s-events', 'billing-audit'];

/** `count` starred queries of the caller (or of `who`), deterministic, about 400 bytes of JSON each. */
export function manyStarred(count: number, who: string = ME, prefix = 'sq_many_'): Record<string, unknown>[] {
  const queries: Record<string, unknown>[] = [];
  for (let i = 0; i < count; i++) {
    const service = SERVICES[i % SERVICES.length];
    const what = WHAT[Math.floor(i / SERVICES.length) % WHAT.length];
    const dataset = DATASETS[i % DATASETS.length];
    queries.push({
      id: `${prefix}${String(i + 1).padStart(5, '0')}`,
      kind: 'apl',
      name: `${service} ${what} ${i + 1}`,
      dataset,
      who,
      query: {
        apl: `['${dataset}']\n| where service == '${service}'\n| summarize count() by bin_auto(_time), route\n| top 10 by count_`,
        startTime: 'now-1h',
        endTime: 'now',
      },
      metadata: {},
    });
  }
  return queries;
}
