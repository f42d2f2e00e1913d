// The dry run's evaluation against a plain rule on generated series (operators, AboveOrBelow, N of
// M, groups, no data, range ≠ interval, delay).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
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
} from '../../../src/core/monitors/dryRun';
import { minutePoints, monitorSchedules, triggerRules } from '../../support/dryRunArbitraries';

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

describe('dry run: the evaluation', () => {
  it('agrees with the plain rule on generated series (operators, N of M, groups, no data, range ≠ interval, delay)', () => {
    const to = Date.UTC(2026, 0, 2);
    fc.assert(
      fc.property(monitorSchedules, triggerRules, minutePoints(['a', 'b', 'c'], 80), (schedule, rule, raw) => {
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
      }),
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
