import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Monitor } from '../../../src/core/api/schemas';
import { minutesWords, monitorSummary } from '../../../src/core/monitors/monitorWords';

const monitor = (over: Partial<Monitor>): Monitor => ({ id: 'mon_1', name: 'm', type: 'Threshold', ...over });

describe('monitor text', () => {
  it('summarises type, condition and interval', () => {
    assert.equal(
      monitorSummary(monitor({ operator: 'Above', threshold: 100, intervalMinutes: 5 })),
      'Threshold · Above 100 · every 5m',
    );
    assert.equal(
      monitorSummary(monitor({ type: 'AnomalyDetection', intervalMinutes: 90 })),
      'Anomaly detection · every 1h 30m',
    );
    assert.equal(minutesWords(1440), '1d');
  });

  it('a type the service did not send (or left empty) is unknown; an unset interval (Go writes 0) is left unsaid', () => {
    assert.equal(
      monitorSummary(monitor({ type: undefined, operator: 'Below', threshold: 0, intervalMinutes: 0 })),
      'Unknown type · Below 0',
    );
    assert.equal(monitorSummary(monitor({ type: '', intervalMinutes: 15 })), 'Unknown type · every 15m');
    assert.equal(monitorSummary(monitor({ type: 'Threshold', intervalMinutes: 0 })), 'Threshold');
  });
});
