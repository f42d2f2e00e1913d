// The dry run panel's messages.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { evaluate, runWindows, samplesByTime } from '../../../src/core/monitors/dryRun';
import {
  readDryRunHostMessage,
  readDryRunPageMessage,
  samplesFromMessage,
  samplesMessage,
} from '../../../src/core/monitors/dryRunProtocol';
import { minutePoints, monitorSchedules, triggerRules } from '../../support/dryRunArbitraries';

const MINUTE = 60_000;

describe('dry run: the panel’s messages', () => {
  it('what the panel is sent evaluates there as here, after a trip through JSON', () => {
    const to = Date.UTC(2026, 0, 2);
    fc.assert(
      fc.property(monitorSchedules, triggerRules, minutePoints(['a', 'b'], 60), (schedule, rule, raw) => {
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
      }),
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
