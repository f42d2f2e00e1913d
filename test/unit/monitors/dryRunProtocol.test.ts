// The dry run panel's messages.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { evaluate, runWindows, samplesByTime } from '../../../src/core/monitors/dryRun';
import {
  alertsWords,
  DRY_RUN_WORDS,
  notificationsWords,
  parseDryRunWords,
  readDryRunHostMessage,
  timesWords,
  readDryRunPageMessage,
  samplesFromMessage,
  samplesMessage,
} from '../../../src/core/monitors/dryRunProtocol';
import { operatorWords } from '../../../src/core/monitors/monitorWords';
import { OPERATORS } from '../../../src/core/monitors/monitorFields';
import { MONITOR_WORDS } from '../../../src/core/monitors/monitorVocabulary';
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

describe('dry run: its words', () => {
  it('counts in words: once, 2 times, 1 alert, 2 alerts, 0 alerts, 1 notification', () => {
    const words = DRY_RUN_WORDS;
    assert.deepEqual(
      [0, 1, 2, 17].map((n) => timesWords(n, words)),
      ['0 times', 'once', '2 times', '17 times'],
    );
    assert.deepEqual(
      [0, 1, 2].map((n) => alertsWords(n, words)),
      ['0 alerts', '1 alert', '2 alerts'],
    );
    assert.deepEqual(
      [1, 3].map((n) => notificationsWords(n, words)),
      ['1 notification', '3 notifications'],
    );
  });

  it('counts in the translation handed over; a translation that lost its hole is English', () => {
    const words = parseDryRunWords(JSON.stringify({ once: 'einmal', times: '{0}-mal', alerts: 'Alarme' }));
    assert.deepEqual([timesWords(1, words), timesWords(3, words)], ['einmal', '3-mal']);
    assert.equal(alertsWords(2, words), '2 alerts');
  });

  it('operators in the words of the hovers, from their one table, for every operator the form offers', () => {
    assert.deepEqual(
      OPERATORS.map((op) => operatorWords(op, DRY_RUN_WORDS)),
      ['Above', 'At or above', 'Below', 'At or below', 'Above or below'],
    );
    for (const key of ['above', 'atOrAbove', 'below', 'atOrBelow', 'aboveOrBelow'] as const)
      assert.equal(DRY_RUN_WORDS[key], MONITOR_WORDS[key]);
    assert.ok(
      OPERATORS.every((op) => !/[A-Z].*[A-Z]/.test(operatorWords(op, DRY_RUN_WORDS))),
      'no code names',
    );
  });

  it('the rule goes both ways and is read strictly', () => {
    const rule = { type: 'rule', operator: 'Below', threshold: 30 };
    assert.deepEqual(readDryRunPageMessage(rule), rule);
    assert.deepEqual(readDryRunHostMessage(rule), rule);
    assert.equal(readDryRunPageMessage({ ...rule, threshold: '30' }), undefined);
    assert.equal(readDryRunPageMessage({ ...rule, threshold: Number.NaN }), undefined);
    assert.equal(readDryRunHostMessage({ type: 'rule', operator: 3, threshold: 1 }), undefined);
  });
});
