// The dry run's query plans and what they approximate.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { render } from '../../../src/core/phrase';
import { planDryRun, summarizeShape, type DryRunPlan } from '../../../src/core/monitors/dryRunPlan';

const MINUTE = 60_000;

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
