// Generators of a monitor's trigger rule and schedule (fast-check), shared by the property tests of
// the dry run's evaluation (test/unit/monitors/dryRun.test.ts) and of the panel's messages
// (test/unit/monitors/dryRunProtocol.test.ts): every operator, N of M, groups, no data, a range
// other than the interval, and a delay; and the monitor queries whose rewrites the plan's property
// tests check (test/unit/monitors/dryRunPlan.test.ts).
import fc from 'fast-check';

export const triggerRules = fc.record({
  operator: fc.constantFrom('Above', 'AboveOrEqual', 'Below', 'BelowOrEqual', 'AboveOrBelow'),
  threshold: fc.integer({ min: -20, max: 20 }),
  alertOnNoData: fc.boolean(),
  notifyByGroup: fc.boolean(),
  notifyEveryRun: fc.boolean(),
  positives: fc.integer({ min: 1, max: 4 }),
  ofRuns: fc.integer({ min: 1, max: 6 }),
});

export const monitorSchedules = fc.record({
  intervalMinutes: fc.integer({ min: 1, max: 15 }),
  rangeMinutes: fc.integer({ min: 1, max: 40 }),
  delaySeconds: fc.integer({ min: 0, max: 900 }),
});

/** Up to `maxLength` points of a series, each in one of `groups`, at a minute of the past four hours. */
export const minutePoints = (groups: string[], maxLength: number) =>
  fc.array(
    fc.record({
      minute: fc.integer({ min: 0, max: 240 }),
      group: fc.constantFrom(...groups),
      value: fc.integer({ min: -30, max: 30 }),
    }),
    { maxLength },
  );

/** What may stand between two parts of a query: space, line breaks, a comment that ends its line. */
const gaps = fc.constantFrom(' ', '\n', '\n  ', ' // why: | summarize by x\n', '\n// a note, by bin(_time, 1m)\n  ');
/** What may end a query: nothing, a line break, a last comment line (issue 39's monitor), a comment after the code. */
const endings = fc.constantFrom(
  '',
  '\n',
  '\n// tuned after the outage',
  '\n// tuned after the outage\n',
  ' // trailing | take 1',
  '\n\n// two notes\n// at the end\n',
);

/**
 * Monitor queries that end with a summarize, as people write them: a dataset (or lets before it),
 * filters whose strings hold `|`, `by` and `//`, aggregations that combine across bins and ones
 * that do not, groups with and without a time bin, and comments between the parts and after the
 * last one. Each is valid APL.
 */
export const summarizingQueries = fc
  .record({
    head: fc.constantFrom(
      "['http-logs']",
      'sample_logs',
      "['otel.traces']",
      "let since = ago(1h);\n['http-logs'] | where _time > since",
      "// errors by host\n['http-logs']",
    ),
    stages: fc.array(
      fc.constantFrom(
        'where status >= 500',
        "where msg == '| summarize count() by x // not code'",
        "where uri has \"by\" and method in ('GET', 'HEAD')",
        'extend d = req_duration_ms / 1000',
        'project method, status, _time, host, d, bytes, uri',
      ),
      { maxLength: 3 },
    ),
    aggregations: fc.uniqueArray(
      fc.constantFrom('count()', 'n = count()', 'sum(bytes)', 'countif(status >= 500)', 'avg(d)', 'max(d)', 'min(d)'),
      { minLength: 1, maxLength: 3 },
    ),
    groups: fc.uniqueArray(
      fc.constantFrom('host', "['geo.country']", 't = bin(_time, 1h)', 'bin(_time, 15m)', 'bin_auto(_time)', 'method'),
      { maxLength: 2, selector: (g) => (g.includes('_time') ? '_time' : g) },
    ),
    gaps: fc.array(gaps, { minLength: 7, maxLength: 7 }),
    ending: endings,
  })
  .map(({ head, stages, aggregations, groups, gaps: [g0, g1, g2, g3, g4, g5, g6], ending }) => {
    const piped = stages.map((stage, i) => `${i % 2 ? g1 : g2}| ${stage}`).join('');
    const by = groups.length ? `${g4}by ${groups.join(`,${g5}`)}` : '';
    return `${head}${piped}${g0}| summarize${g3 === '\n' ? '\n  ' : ' '}${aggregations.join(`,${g6}`)}${by}${ending}`;
  });

/**
 * Monitor queries that end with the `count` operator (`… | count`), as people write them: the
 * heads and filters above, and comments between the parts and after the count. Each is valid APL.
 */
export const countingQueries = fc
  .record({
    head: fc.constantFrom("['http-logs']", "let since = ago(1h);\n['http-logs'] | where _time > since", 'sample_logs'),
    stages: fc.array(
      fc.constantFrom(
        "where service == 'payments' and status == 402",
        "where msg == '| count // not code'",
        'extend d = req_duration_ms / 1000',
      ),
      { maxLength: 3 },
    ),
    gaps: fc.array(gaps, { minLength: 2, maxLength: 2 }),
    ending: endings,
  })
  .map(({ head, stages, gaps: [g0, g1], ending }) => {
    const piped = stages.map((stage) => `${g1}| ${stage}`).join('');
    return `${head}${piped}${g0}| count${ending}`;
  });
