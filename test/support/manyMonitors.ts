// A large organisation's monitors, made up but shaped like the API's (about 870 bytes of JSON
// each): deterministic, so that every run measures the same bytes. Written as the service's Go
// code writes them, in the shares a large list would have: a monitor without notifiers carries
// `notifierIDs: null` (a Go nil slice; one in ten carries no key at all), times never set are
// null or Go's zero time 0001-01-01T00:00:00Z, an unset interval is 0, some monitors have no type
// and some descriptions are null (see API-NOTES, Monitors).

const SERVICES = [
  'checkout',
  'payments',
  'auth',
  'search',
  'inventory',
  'shipping',
  'gateway',
  'billing',
  'profile',
  'notifications',
];
const SIGNALS = [
  '5xx rate',
  'p99 latency',
  'error logs',
  'queue depth',
  'failed logins',
  'timeouts',
  'cold starts',
  'retries',
];
const TEAMS = [
  'atlas',
  'borealis',
  'cobalt',
  'delta',
  'ember',
  'fjord',
  'granite',
  'harbor',
  'iris',
  'juniper',
  'kestrel',
  'lumen',
  'meridian',
  'nimbus',
  'onyx',
  'prism',
  'quartz',
  'raven',
  'sierra',
  'tundra',
];
const ENVIRONMENTS = ['prod', 'staging', 'dev', 'canary', 'perf'];
const REGIONS = ['us-east-1', 'us-west-2', 'eu-west-1', 'eu-central-1', 'ap-south-1', 'ap-northeast-1'];
const TYPES = ['Threshold', 'Threshold', 'MatchEvent', 'AnomalyDetection'];
const OPERATORS = ['Above', 'AboveOrEqual', 'Below', 'BelowOrEqual', 'AboveOrBelow'];
const ZERO_TIME = '0001-01-01T00:00:00Z';

export function manyMonitors(count: number): Record<string, unknown>[] {
  // mulberry32: successive draws are independent enough for every combination to occur (the
  // linear congruential generator used before reached only 1,082 names in 10,000).
  let seed = 42;
  const next = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)];
  const monitors: Record<string, unknown>[] = [];
  for (let i = 0; i < count; i++) {
    const service = pick(SERVICES);
    const signal = pick(SIGNALS);
    // One in twenty without a type, as in the Go SDK's own test of the list.
    const type = next() < 0.05 ? undefined : pick(TYPES);
    const snoozed = next() < 0.05;
    // Three in five have notifiers; of the rest, most carry Go's nil slice.
    const notifiers = next();
    const zeroSnooze = next() < 0.25;
    const monitor: Record<string, unknown> = {
      id: `mon_${(i + 1).toString(36).padStart(8, '0')}`,
      // Names repeat across a large org now and then, as real ones do (about one in five at
      // 10,000); ids never do. They begin with a capital, as people write them, so every one
      // needs its own sort key (all lower case, they had been their own keys: flattering).
      name: `${capitalised(service)} ${signal} (${pick(TEAMS)}, ${pick(ENVIRONMENTS)}, ${pick(REGIONS)})`,
      type,
      description: next() < 0.05 ? null : `Pages the ${service} on-call when ${signal} leaves its usual range.`,
      aplQuery: `['${service}-logs']\n| where ['service.name'] == "${service}" and level in ("error", "fatal")\n| where _time > ago(15m)\n| summarize count(), avg(duration_ms), percentile(duration_ms, 99) by bin_auto(_time), ['http.route']`,
      operator: type === 'MatchEvent' ? undefined : pick(OPERATORS),
      threshold: type === 'MatchEvent' ? undefined : Math.round(next() * 1000) / 10,
      columnName: type === 'MatchEvent' ? undefined : 'count_',
      intervalMinutes: next() < 0.03 ? 0 : pick([1, 5, 10, 15, 60]),
      rangeMinutes: pick([5, 15, 30, 60]),
      secondDelay: 0,
      alertOnNoData: next() < 0.2,
      notifyByGroup: next() < 0.3,
      notifyEveryRun: false,
      resolvable: true,
      skipResolved: false,
      triggerAfterNPositiveResults: 1,
      triggerFromNRuns: 1,
      notifierIds: notifiers < 0.6 ? [`notify_${service}_oncall`, 'notify_slack_alerts'] : undefined,
      disabled: next() < 0.1,
      // Never snoozed: null, or Go's zero time (one in four).
      disabledUntil: snoozed ? '2099-01-01T00:00:00Z' : zeroSnooze ? ZERO_TIME : null,
      createdAt: next() < 0.05 ? ZERO_TIME : '2025-03-20T10:00:00Z',
      createdBy: `usr_${Math.floor(next() * 50)}`,
      // Go writes fractions of a second as it has them.
      updatedAt: next() < 0.1 ? ZERO_TIME : `2026-10-01T08:30:00.${String(Math.floor(next() * 1e9)).padStart(9, '0')}Z`,
    };
    if (notifiers >= 0.6 && notifiers < 0.96) monitor.notifierIDs = null;
    monitors.push(monitor);
  }
  return monitors;
}

function capitalised(word: string): string {
  return word[0].toUpperCase() + word.slice(1);
}
