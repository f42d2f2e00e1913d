// The dry run: its evaluation against a plain rule on generated series (operators, AboveOrBelow,
// N of M, groups, no data, range ≠ interval, delay), its query plans and what they approximate, and
// a whole dry run against the fake service whose data crosses the threshold at known runs.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { createDispatcher } from '../../src/core/api/undiciTransport';
import { RequestBudget } from '../../src/core/api/requestBudget';
import { render, type Phrase } from '../../src/core/phrase';
import { DRY_RUN_SOURCE, HistoryStore, historyEntryOf } from '../../src/core/history/historyStore';
import { dryRunHistoryRun, dryRunMonitor, isMplMonitor } from '../../src/core/monitors/dryRunMonitor';
import {
  crosses,
  evaluate,
  normalRule,
  runWindows,
  samplesByTime,
  summarize,
  WHOLE_MONITOR,
  type Point,
  type RunWindow,
  type TriggerRule,
} from '../../src/core/monitors/dryRun';
import {
  readDryRunHostMessage,
  readDryRunPageMessage,
  samplesFromMessage,
  samplesMessage,
} from '../../src/core/monitors/dryRunProtocol';
import {
  matchesInLastDay,
  planDryRun,
  runPlan,
  samplesFromAnswers,
  summarizeShape,
  type DryRunPlan,
} from '../../src/core/monitors/dryRunPlan';
import { FakeAxiom } from '../support/fakeAxiom';
import { seriesAplAnswer, spikySeries } from '../support/seriesFixtures';
import { CapturedLog, testClient, useFakeService } from '../support/testClient';

const MINUTE = 60_000;

/** The rule as the monitor docs say it, written plainly: per run, look at the points in its range. */
function plainRule(runs: RunWindow[], points: Point[], rule: TriggerRule): { check: string; openRun: number }[] {
  const r = normalRule(rule);
  const crossing = (p: Point) =>
    r.operator === 'Above'
      ? p.value > r.threshold
      : r.operator === 'AboveOrEqual'
        ? p.value >= r.threshold
        : r.operator === 'Below'
          ? p.value < r.threshold
          : r.operator === 'BelowOrEqual'
            ? p.value <= r.threshold
            : Math.abs(p.value) > Math.abs(r.threshold);
  const groups = [...new Set(points.map((p) => p.group))];
  const checks = r.notifyByGroup ? [WHOLE_MONITOR, ...groups] : [WHOLE_MONITOR];
  const positive = (k: number, check: string): boolean => {
    const seen = points.filter((p) => p.time >= runs[k].start && p.time < runs[k].end);
    if (check === WHOLE_MONITOR)
      return (r.alertOnNoData && seen.length === 0) || (!r.notifyByGroup && seen.some(crossing));
    return seen.some((p) => p.group === check && crossing(p));
  };
  const opened: { check: string; openRun: number }[] = [];
  for (const check of checks) {
    let wasOpen = false;
    for (let k = 0; k < runs.length; k++) {
      let count = 0;
      for (let j = Math.max(0, k - r.ofRuns + 1); j <= k; j++) if (positive(j, check)) count++;
      const open = count >= r.positives;
      if (open && !wasOpen) opened.push({ check, openRun: k });
      wasOpen = open;
    }
  }
  return opened.sort((a, b) => a.openRun - b.openRun || (a.check < b.check ? -1 : a.check > b.check ? 1 : 0));
}

const rules = fc.record({
  operator: fc.constantFrom('Above', 'AboveOrEqual', 'Below', 'BelowOrEqual', 'AboveOrBelow'),
  threshold: fc.integer({ min: -20, max: 20 }),
  alertOnNoData: fc.boolean(),
  notifyByGroup: fc.boolean(),
  notifyEveryRun: fc.boolean(),
  positives: fc.integer({ min: 1, max: 4 }),
  ofRuns: fc.integer({ min: 1, max: 6 }),
});

const schedules = fc.record({
  intervalMinutes: fc.integer({ min: 1, max: 15 }),
  rangeMinutes: fc.integer({ min: 1, max: 40 }),
  delaySeconds: fc.integer({ min: 0, max: 900 }),
});

describe('dry run: the evaluation', () => {
  it('agrees with the plain rule on generated series (operators, N of M, groups, no data, range ≠ interval, delay)', () => {
    const to = Date.UTC(2026, 0, 2);
    fc.assert(
      fc.property(
        schedules,
        rules,
        fc.array(
          fc.record({
            minute: fc.integer({ min: 0, max: 240 }),
            group: fc.constantFrom('a', 'b', 'c'),
            value: fc.integer({ min: -30, max: 30 }),
          }),
          { maxLength: 80 },
        ),
        (schedule, rule, raw) => {
          const runs = runWindows(schedule, to - 180 * MINUTE, to);
          const points = raw.map((p) => ({ time: to - p.minute * MINUTE + 7_000, group: p.group, value: p.value }));
          const outcome = evaluate(samplesByTime(runs, points), rule);
          assert.deepEqual(
            outcome.alerts.map(({ check, openRun }) => ({ check, openRun })),
            plainRule(runs, points, rule),
          );
          const openRuns = outcome.alerts.map((a) => a.openRun);
          assert.deepEqual(outcome.openingRuns, [...new Set(openRuns)]);
          if (!rule.notifyEveryRun) assert.equal(outcome.notifications, outcome.alerts.length);
          else assert.ok(outcome.notifications >= outcome.alerts.length);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('places runs at multiples of the interval, each over its range ending the delay before it', () => {
    const to = Date.UTC(2026, 0, 1, 1, 2);
    const runs = runWindows({ intervalMinutes: 5, rangeMinutes: 15, delaySeconds: 60 }, to - 30 * MINUTE, to);
    assert.equal(runs.length, 6);
    assert.deepEqual(runs[runs.length - 1], {
      at: Date.UTC(2026, 0, 1, 1, 0),
      start: Date.UTC(2026, 0, 1, 0, 44),
      end: Date.UTC(2026, 0, 1, 0, 59),
    });
  });

  it('AboveOrBelow reads the threshold as a band around zero', () => {
    assert.equal(crosses('AboveOrBelow', 10, -5, 5), false);
    assert.equal(crosses('AboveOrBelow', 10, -11, 0), true);
    assert.equal(crosses('AboveOrBelow', -10, 0, 11), true);
    assert.equal(crosses('Sideways', 0, -100, 100), false);
  });

  it('sums up: count, first, last, the longest open stretch, an alert still open', () => {
    const runs = runWindows({ intervalMinutes: 1, rangeMinutes: 1, delaySeconds: 0 }, 0, 10 * MINUTE);
    const at = (k: number) => runs[k].start + 1;
    const points = [2, 3, 4, 7, 9].map((k) => ({ time: at(k), group: '', value: 5 }));
    const samples = samplesByTime(runs, points);
    const outcome = evaluate(samples, normalRule({ operator: 'Above', threshold: 1 }));
    const summary = summarize(samples, outcome, 1);
    assert.deepEqual(
      outcome.alerts.map((a) => [a.openRun, a.closeRun]),
      [
        [2, 5],
        [7, 8],
        [9, undefined],
      ],
    );
    assert.equal(summary.count, 3);
    assert.equal(summary.first, runs[2].at);
    assert.equal(summary.last, runs[9].at);
    assert.equal(summary.longestMs, 3 * MINUTE);
    assert.equal(summary.openAtEnd, true);
  });
});

describe('dry run: the plan', () => {
  const to = Date.UTC(2026, 0, 2);
  const day = 24 * 60 * MINUTE;
  const threshold = { type: 'Threshold', operator: 'Above', threshold: 10, intervalMinutes: 5, rangeMinutes: 5 };
  const words = (plan: DryRunPlan) => plan.approximations.map((a) => render(a));

  it('takes a summarize apart, strings and comments aside', () => {
    const shape = summarizeShape(
      "['l'] | where m == ' by x' // | summarize\n| summarize n = count(), max(d) by host, t = bin(_time, 5m)",
    );
    assert.deepEqual(shape?.aggregations, ['n = count()', 'max(d)']);
    assert.deepEqual(shape?.groups, ['host', 't = bin(_time, 5m)']);
    assert.deepEqual(shape?.timeBin, { index: 1, sizeMs: 5 * MINUTE, auto: false });
    assert.equal(summarizeShape("['l'] | summarize count() | where x > 1"), undefined);
    assert.deepEqual(summarizeShape("['l'] | summarize count() by bin_auto(_time)")?.timeBin, { index: 0, auto: true });
  });

  it('one query binned by the interval when the range is the interval: 288 runs in one request', () => {
    const plan = planDryRun(
      { ...threshold, aplQuery: "['l'] | where s >= 500 | summarize count() by host" },
      { to, periodMs: day },
    );
    assert.equal(plan.runs.length, 288);
    assert.equal(plan.queries.length, 1);
    assert.equal(plan.queries[0].apl, "['l'] | where s >= 500 | summarize count() by host, bin(_time, 5m)");
    assert.deepEqual(plan.reading, { kind: 'combineBins', combine: 'sum', binMs: 5 * MINUTE });
    assert.deepEqual(words(plan), [
      'Runs are placed at whole multiples of the interval; when the service really ran them is not public.',
    ]);
  });

  it('whole intervals of counts combine bins; an average over a longer range asks once per run', () => {
    const counted = planDryRun(
      { ...threshold, rangeMinutes: 15, aplQuery: "['l'] | summarize count()" },
      { to, periodMs: day },
    );
    assert.equal(counted.queries.length, 1);
    assert.deepEqual(counted.reading, { kind: 'combineBins', combine: 'sum', binMs: 5 * MINUTE });
    const averaged = planDryRun(
      { ...threshold, rangeMinutes: 15, aplQuery: "['l'] | summarize avg(d)" },
      { to, periodMs: day },
    );
    assert.equal(averaged.queries.length, 288);
    assert.deepEqual(averaged.reading, { kind: 'perRun' });
    assert.deepEqual(
      [averaged.queries[0].start, averaged.queries[0].end],
      [averaged.runs[0].start, averaged.runs[0].end],
    );
    const week = planDryRun(
      { ...threshold, rangeMinutes: 15, aplQuery: "['l'] | summarize avg(d)" },
      { to, periodMs: 7 * day },
    );
    assert.equal(week.queries.length, 1, 'past the budget of queries: one, approximated');
    assert.match(words(week).join('\n'), /range of 15 minutes was read as its own interval of 5 minutes: 2016 queries/);
  });

  it('a chart query is asked once; bins that do not line up with the runs are said', () => {
    const aligned = planDryRun(
      { ...threshold, rangeMinutes: 10, aplQuery: "['l'] | summarize count() by bin(_time, 1m)" },
      { to, periodMs: day },
    );
    assert.equal(aligned.queries.length, 1);
    assert.equal(aligned.queries[0].apl, "['l'] | summarize count() by bin(_time, 1m)");
    assert.equal(words(aligned).length, 1);
    const odd = planDryRun(
      { ...threshold, aplQuery: "['l'] | summarize count() by bin(_time, 2m)" },
      { to, periodMs: day },
    );
    assert.match(words(odd).join('\n'), /Bins of bin\(_time, 2m\) do not line up/);
    const auto = planDryRun(
      { ...threshold, aplQuery: "['l'] | summarize count() by bin_auto(_time)" },
      { to, periodMs: day },
    );
    assert.equal(auto.queries.length, 288, 'bin_auto is exact only run by run');
    const autoWeek = planDryRun(
      { ...threshold, aplQuery: "['l'] | summarize count() by bin_auto(_time)" },
      { to, periodMs: 7 * day },
    );
    assert.equal(autoWeek.queries.length, 1);
    assert.match(words(autoWeek).join('\n'), /bin_auto was read as bin\(_time, 1m\)/);
  });

  it('match monitors count matching events per interval and over the last day; anomaly monitors get no verdict', () => {
    const match = planDryRun(
      { type: 'MatchEvent', intervalMinutes: 1, rangeMinutes: 1, aplQuery: "['l'] | where level == 'error'" },
      { to, periodMs: 60 * MINUTE },
    );
    assert.equal(match.queries[0].apl, "['l'] | where level == 'error'\n| summarize count() by bin(_time, 1m)");
    assert.equal(match.queries[0].start, to - day, 'the last 24 hours are counted whatever the period');
    const anomaly = planDryRun(
      { type: 'AnomalyDetection', intervalMinutes: 5, aplQuery: "['l'] | summarize avg(d) by bin(_time, 5m)" },
      { to, periodMs: day },
    );
    assert.ok(anomaly.noVerdict);
    assert.equal(anomaly.queries.length, 1);
  });

  it('the period is at most 7 days', () => {
    const plan = planDryRun({ ...threshold, aplQuery: "['l'] | summarize count()" }, { to, periodMs: 30 * day });
    assert.equal(plan.runs.length, 7 * 288);
  });
});

describe('dry run: against the service', () => {
  const fake = new FakeAxiom();
  const dispatcher = createDispatcher();
  const log = new CapturedLog();
  useFakeService(fake, dispatcher, log);
  const client = () => testClient(fake.url, dispatcher, log);
  const iso = (t: number) => new Date(t).toISOString();
  const to = Math.floor(Date.now() / (5 * MINUTE)) * (5 * MINUTE);
  // Spikes in the minutes 2 and 3 of three 5-minute runs' ranges, the first two runs apart.
  const spikeRuns = [10, 12, 40];
  const spikes = spikeRuns.flatMap((k) => [
    to - 24 * 60 * MINUTE + k * 5 * MINUTE + 2 * MINUTE,
    to - 24 * 60 * MINUTE + k * 5 * MINUTE + 3 * MINUTE,
  ]);

  async function dryRun(
    definition: Record<string, unknown>,
    budget = new RequestBudget({ maxInFlight: 4, share: 0.5, assumedLimit: 10_000 }),
  ) {
    const plan = planDryRun(definition, { to, periodMs: 24 * 60 * MINUTE });
    const api = client();
    const answers = await runPlan(
      plan,
      (q, signal) =>
        api.runApl(q.apl, { startTime: iso(q.start), endTime: iso(q.end) }, signal).then((r) => r.tables[0]),
      budget,
      new AbortController().signal,
    );
    const samples = samplesFromAnswers(plan, answers);
    return {
      plan,
      samples,
      outcome: evaluate(
        samples,
        normalRule({
          operator: String(definition.operator ?? 'Above'), // eslint-disable-line @typescript-eslint/no-base-to-string -- the definition's operator, a word
          threshold: Number(definition.threshold ?? 0),
          positives: definition.triggerAfterNPositiveResults as number,
          ofRuns: definition.triggerFromNRuns as number,
        }),
      ),
    };
  }

  it('one binned query finds the runs whose ranges hold the spikes', async () => {
    fake.aplAnswer = seriesAplAnswer(spikySeries(spikes, { base: 1, spike: 100 }));
    const { plan, outcome } = await dryRun({
      type: 'Threshold',
      aplQuery: "['http-logs'] | summarize count()",
      operator: 'Above',
      threshold: 50,
      intervalMinutes: 5,
      rangeMinutes: 5,
    });
    assert.equal(fake.requestsTo('POST /v1/datasets/_apl').length, 1);
    // A run at the end of a 5-minute range sees it: range k is run k (the first run is at the period's start + 5 min).
    assert.deepEqual(
      outcome.openingRuns.map((k) => plan.runs[k].start),
      spikeRuns.map((k) => to - 24 * 60 * MINUTE + k * 5 * MINUTE),
    );
  });

  it('one query per run (an average over 15 minutes) gives the same verdict as the service would, under the budget', async () => {
    fake.aplAnswer = seriesAplAnswer(spikySeries(spikes, { base: 1, spike: 100 }));
    const budget = new RequestBudget({ maxInFlight: 4, share: 0.5, assumedLimit: 10_000 });
    const { plan, outcome } = await dryRun(
      {
        type: 'Threshold',
        aplQuery: "['http-logs'] | summarize avg(v)",
        operator: 'Above',
        threshold: 5,
        intervalMinutes: 5,
        rangeMinutes: 15,
        triggerAfterNPositiveResults: 1,
        triggerFromNRuns: 1,
      },
      budget,
    );
    assert.equal(fake.requestsTo('POST /v1/datasets/_apl').length, 288);
    assert.ok(budget.peakInFlight <= 4);
    // Each spike is seen by the three runs whose 15-minute ranges hold it; runs 10–14 in one stretch (10, 12 overlap), 40–42 in another.
    assert.deepEqual(
      outcome.alerts.map((a) => [
        plan.runs[a.openRun].start,
        a.closeRun === undefined ? undefined : a.closeRun - a.openRun,
      ]),
      [
        [to - 24 * 60 * MINUTE + 10 * 5 * MINUTE - 10 * MINUTE, 5],
        [to - 24 * 60 * MINUTE + 40 * 5 * MINUTE - 10 * MINUTE, 3],
      ],
    );
  });

  it('counts a match monitor’s matching events over the last day', async () => {
    fake.aplAnswer = seriesAplAnswer(spikySeries(spikes, { base: 0, spike: 300 }));
    const plan = planDryRun(
      { type: 'MatchEvent', aplQuery: "['http-logs'] | where status >= 500", intervalMinutes: 5, rangeMinutes: 5 },
      { to, periodMs: 24 * 60 * MINUTE },
    );
    const api = client();
    const [table] = await runPlan(
      plan,
      (q) => api.runApl(q.apl, { startTime: iso(q.start), endTime: iso(q.end) }).then((r) => r.tables[0]),
      new RequestBudget({ maxInFlight: 4, share: 0.5, assumedLimit: 100 }),
      new AbortController().signal,
    );
    assert.equal(matchesInLastDay(plan, table, to), 6 * 300);
    const outcome = evaluate(samplesFromAnswers(plan, [table]), normalRule({ operator: 'Above', threshold: 0 }));
    assert.equal(outcome.positiveRuns, 3);
  });

  it('a cancelled dry run stops sending and aborts what is in flight', async () => {
    fake.aplAnswer = seriesAplAnswer(spikySeries([], {}));
    fake.fail('POST /v1/datasets/_apl', { delayMs: 200 });
    const plan = planDryRun(
      {
        type: 'Threshold',
        aplQuery: "['http-logs'] | summarize avg(v)",
        operator: 'Above',
        threshold: 1,
        intervalMinutes: 5,
        rangeMinutes: 15,
      },
      { to, periodMs: 24 * 60 * MINUTE },
    );
    const api = client();
    const cancel = new AbortController();
    setTimeout(() => cancel.abort(), 100);
    await assert.rejects(
      runPlan(
        plan,
        (q, signal) =>
          api.runApl(q.apl, { startTime: iso(q.start), endTime: iso(q.end) }, signal).then((r) => r.tables[0]),
        new RequestBudget({ maxInFlight: 4, share: 0.5, assumedLimit: 10_000 }),
        cancel.signal,
      ),
    );
    assert.ok(
      fake.requestsTo('POST /v1/datasets/_apl').length <= 4,
      `sent ${fake.requestsTo('POST /v1/datasets/_apl').length}`,
    );
  });
});

describe('dry run: a whole run, MPL monitors and the query history', () => {
  const fake = new FakeAxiom();
  const dispatcher = createDispatcher();
  const log = new CapturedLog();
  useFakeService(fake, dispatcher, log);
  const client = () => testClient(fake.url, dispatcher, log);
  const to = Math.floor(Date.now() / (5 * MINUTE)) * (5 * MINUTE);
  const options = () => ({
    to,
    periodMs: 24 * 60 * MINUTE,
    budget: new RequestBudget({ maxInFlight: 4, share: 0.5, assumedLimit: 10_000 }),
    signal: new AbortController().signal,
    say: (p: Phrase) => render(p),
  });

  it('an MPL monitor asks no query and says why; its real alerts are still shown, and nothing goes to the history', async () => {
    fake.histories.set('mon_mpl', [
      { name: 'm', checkId: 'all', timestamp: new Date(to - 3 * 60 * MINUTE).toISOString(), state: 'open' },
    ]);
    const definition = {
      id: 'mon_mpl',
      name: 'Metrics',
      type: 'Threshold',
      mplQuery: 'shop-metrics:latency',
      operator: 'Above',
      threshold: 2,
      intervalMinutes: 5,
      rangeMinutes: 5,
    };
    const done = await dryRunMonitor(client(), definition, options());
    assert.equal(fake.requestsTo('POST /v1/datasets/_apl').length, 0);
    assert.equal(done.result.queries, 0);
    assert.match(done.result.noQuery ?? '', /MPL/);
    assert.equal(done.result.realAlerts.length, 1);
    assert.equal(done.result.runs.length, 0, 'no values, so none shown as if they were known');
    assert.ok(readDryRunHostMessage(JSON.parse(JSON.stringify(done.result))), 'the page takes it');
    assert.equal(
      dryRunHistoryRun(definition, { to, periodMs: 24 * 60 * MINUTE }, to, to + 1, {
        outcome: 'ok',
        rows: 0,
        datasets: [],
      }),
      undefined,
    );
    // A monitor with both (which the service refuses) is run by its APL.
    assert.equal(isMplMonitor({ aplQuery: "['x'] | count", mplQuery: 'm' }), false);
  });

  it('is recorded in the query history as one dry run over its period, however it ends', async () => {
    fake.aplAnswer = seriesAplAnswer(spikySeries([to - 60 * MINUTE], { base: 1, spike: 100 }));
    const definition = {
      id: 'mon_h',
      name: 'H',
      type: 'Threshold',
      aplQuery: "['http-logs'] | summarize count()",
      operator: 'Above',
      threshold: 50,
      intervalMinutes: 5,
      rangeMinutes: 5,
    };
    const done = await dryRunMonitor(client(), definition, options());
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'dry-run-history-'));
    try {
      const store = new HistoryStore({ folder });
      const period = { to, periodMs: 24 * 60 * MINUTE };
      const ok = dryRunHistoryRun(definition, period, to, to + 250, {
        outcome: 'ok',
        rows: done.rows,
        datasets: done.datasets,
      });
      const failed = dryRunHistoryRun(definition, period, to + 1000, to + 1100, {
        outcome: 'failed',
        message: 'Cancelled',
      });
      assert.ok(ok && failed);
      await store.append(historyEntryOf(ok, 'prod'));
      await store.append(historyEntryOf(failed, 'prod'));
      const [second, first] = await store.read('prod');
      assert.equal(first.source, DRY_RUN_SOURCE);
      assert.equal(first.apl, definition.aplQuery, 'the monitor’s own query, not the binned one the dry run sent');
      assert.deepEqual(first.range, {
        version: 1,
        start: new Date(to - 24 * 60 * MINUTE).toISOString(),
        end: new Date(to).toISOString(),
      });
      assert.equal(first.outcome, 'ok');
      assert.equal(first.rows, done.rows);
      assert.ok(done.rows > 0);
      assert.equal(first.durationMs, 250);
      assert.deepEqual([second.outcome, second.message, second.source], ['failed', 'Cancelled', DRY_RUN_SOURCE]);
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe('dry run: the panel’s messages', () => {
  it('what the panel is sent evaluates there as here, after a trip through JSON', () => {
    const to = Date.UTC(2026, 0, 2);
    fc.assert(
      fc.property(
        schedules,
        rules,
        fc.array(
          fc.record({
            minute: fc.integer({ min: 0, max: 240 }),
            group: fc.constantFrom('a', 'b'),
            value: fc.integer({ min: -30, max: 30 }),
          }),
          { maxLength: 60 },
        ),
        (schedule, rule, raw) => {
          const runs = runWindows(schedule, to - 180 * MINUTE, to);
          const samples = samplesByTime(
            runs,
            raw.map((p) => ({ time: to - p.minute * MINUTE, group: p.group, value: p.value })),
          );
          const sent = JSON.parse(
            JSON.stringify({
              type: 'result',
              name: 'm',
              intervalMinutes: schedule.intervalMinutes,
              periodMs: 1,
              ...samplesMessage(samples),
              rule,
              realAlerts: [],
              approximations: [],
              queries: 1,
            }),
          ) as unknown;
          const received = readDryRunHostMessage(sent);
          assert.ok(received && received.type === 'result');
          assert.deepEqual(evaluate(samplesFromMessage(received), rule), evaluate(samples, rule));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('drops what is not a message it knows', () => {
    assert.equal(readDryRunHostMessage({ type: 'result', runs: 'x' }), undefined);
    assert.equal(readDryRunHostMessage({ type: 'script', code: 'alert(1)' }), undefined);
    assert.deepEqual(readDryRunPageMessage({ type: 'period', periodMs: 86_400_000 }), {
      type: 'period',
      periodMs: 86_400_000,
    });
    assert.equal(readDryRunPageMessage({ type: 'period', periodMs: -1 }), undefined);
    assert.equal(readDryRunPageMessage('ready'), undefined);
  });
});
