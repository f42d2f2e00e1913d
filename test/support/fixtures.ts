// Monitors as the API returns them, chosen to cover what the extension must tolerate.

/** The notifiers REALISTIC_MONITORS name, as GET /v2/notifiers lists them (one of the ids the
 *  monitors name, notify_email_2, is not here: deleted since). */
export const FIXTURE_NOTIFIERS = [
  {
    id: 'notify_slack_oncall',
    name: '#oncall',
    properties: { slack: { slackUrl: 'https://hooks.slack.invalid/T000/B000/not-a-secret' } },
  },
  { id: 'notify_email_1', name: 'Platform team', properties: { email: { emails: ['platform@example.com'] } } },
];

export const REALISTIC_MONITORS = [
  {
    id: 'mon_errors_1',
    name: 'Checkout errors',
    type: 'Threshold',
    description: 'Too many 5xx on checkout',
    aplQuery: "['http-logs'] | where status >= 500 | summarize count() by bin_auto(_time)",
    operator: 'Above',
    threshold: 100,
    intervalMinutes: 5,
    rangeMinutes: 10,
    alertOnNoData: false,
    notifyByGroup: false,
    notifierIds: ['notify_slack_oncall'],
    disabled: false,
    disabledUntil: null,
    createdAt: '2025-03-20T10:00:00Z',
    createdBy: 'usr_1',
    someFieldAddedLater: { nested: true },
  },
  {
    id: 'mon_metrics_2',
    name: 'api latency p99',
    type: 'Threshold',
    mplQuery: 'otel-metrics:http_request_duration_seconds:p99',
    operator: 'AboveOrEqual',
    threshold: 0.75,
    intervalMinutes: 1,
    rangeMinutes: 5,
  },
  {
    id: 'mon_go_3',
    name: 'Auth failures (Go client spelling)',
    type: 'MatchEvent',
    aplQuery: "['auth'] | where outcome == 'failure'",
    notifierIDs: ['notify_email_1', 'notify_email_2'],
    intervalMinutes: 1,
    disabled: true,
  },
  {
    id: 'mon_future_4',
    name: 'Zeta forecast',
    type: 'ForecastDeviation',
    aplQuery: "['sales'] | summarize sum(amount) by bin(_time, 1h)",
    operator: 'SomethingNew',
  },
];

// Monitors in the shapes of the service's own Go SDK (axiom-go tests its v2 list with them; see
// API-NOTES, Monitors), written here by us: a Go nil slice as `"notifierIDs": null`, Go's zero
// time 0001-01-01T00:00:00Z for a time never set, 0 for an unset number, no `type` at all, null in
// optional fields; and one whose optional fields are of types nobody expects. Every one is a
// monitor to list: only `id` and `name` are needed.
export const GO_SDK_MONITORS = [
  {
    id: 'mon_go_nil_5',
    name: 'Orders backlog (Go, no notifiers)',
    type: 'Threshold',
    description: '',
    aplQuery: "['orders'] | where state == 'pending' | count",
    operator: 'Above',
    threshold: 10,
    intervalMinutes: 5,
    rangeMinutes: 15,
    alertOnNoData: false,
    disabled: false,
    disabledUntil: '0001-01-01T00:00:00Z',
    createdAt: '2025-04-01T09:00:00.123456789Z',
    createdBy: 'usr_2',
    updatedAt: '2025-04-02T09:30:00Z',
    notifierIDs: null,
  },
  {
    // As the Go SDK's v2 list test has it: no type, no notifiers, an unset interval, zero times.
    id: 'mon_go_sdk_6',
    name: 'Test (Go SDK shape)',
    description: 'A test monitor',
    aplQuery: "['test'] | count",
    operator: 'AboveOrEqual',
    threshold: 1000,
    intervalMinutes: 0,
    rangeMinutes: 0,
    disabled: false,
    disabledUntil: '0001-01-01T00:00:00Z',
    createdAt: '0001-01-01T00:00:00Z',
    createdBy: '',
    updatedAt: '0001-01-01T00:00:00Z',
    notifierIDs: null,
  },
  {
    id: 'mon_nulls_7',
    name: 'Enterprise signups',
    type: 'MatchEvent',
    description: null,
    aplQuery: "['signups'] | where plan == 'enterprise'",
    mplQuery: null,
    operator: null,
    threshold: null,
    columnName: null,
    intervalMinutes: 10,
    rangeMinutes: null,
    alertOnNoData: null,
    disabled: null,
    disabledUntil: null,
    createdAt: null,
    createdBy: null,
    updatedAt: null,
    notifierIds: null,
    notifierIDs: null,
  },
  {
    // Optional fields of unexpected types: each is left out (and counted), the monitor shown.
    id: 'mon_odd_8',
    name: 'Odd fields',
    type: 7,
    description: null,
    aplQuery: "['odd'] | count",
    threshold: 'NaN',
    intervalMinutes: 5,
    disabledUntil: 'not a date',
    notifierIds: 'oops',
  },
];

/** The optional fields of GO_SDK_MONITORS that cannot be read, in the order of the schema (all of
 *  them in 'Odd fields'). */
export const GO_SDK_DROPPED_FIELDS = ['type', 'threshold', 'disabledUntil', 'notifierIds'];
