// Generators of a monitor's trigger rule and schedule (fast-check), shared by the property tests of
// the dry run's evaluation (test/unit/monitors/dryRun.test.ts) and of the panel's messages
// (test/unit/monitors/dryRunProtocol.test.ts): every operator, N of M, groups, no data, a range
// other than the interval, and a delay.
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
