// The monitor vocabulary is a table handed to the functions that put a monitor in words: without
// one they speak English; a list of thousands of rows reads the table it is given, and no table
// is kept between calls (two tables in use at once each say their own words).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Monitor } from '../../src/core/api/schemas';
import { MONITOR_WORDS, type MonitorWords } from '../../src/core/monitors/monitorVocabulary';
import { monitorSummary, typeWords } from '../../src/core/monitors/monitorWords';

const shouting = Object.fromEntries(
  Object.entries(MONITOR_WORDS).map(([key, text]) => [key, text.toUpperCase()]),
) as MonitorWords;

describe('monitor vocabulary', () => {
  it('is English without a table', () => {
    assert.equal(typeWords(undefined), 'Unknown type');
  });

  it('is the table handed over, for thousands of rows, and nothing is kept of it', () => {
    const monitors: Monitor[] = Array.from({ length: 10_000 }, (_, i) => ({
      id: `mon_${i}`,
      name: `m${i}`,
      type: 'MatchEvent',
      intervalMinutes: 1 + (i % 90),
    }));
    const summaries = monitors.map((monitor) => monitorSummary(monitor, shouting));
    assert.equal(summaries[0], 'MATCH EVENT · EVERY 1m');
    assert.equal(typeWords(undefined, shouting), 'UNKNOWN TYPE');
    assert.equal(monitorSummary(monitors[0]), 'Match event · every 1m', 'English again without the table');
  });

  it('two tables in use at once: each says its own words, the intervals too', () => {
    const each = { ...MONITOR_WORDS, every: 'each {0}' };
    const monitor = { id: 'm', name: 'm', type: 'MatchEvent', intervalMinutes: 1 } as Monitor;
    assert.equal(monitorSummary(monitor, each), 'Match event · each 1m');
    assert.equal(monitorSummary(monitor, shouting), 'MATCH EVENT · EVERY 1m');
    assert.equal(monitorSummary(monitor, each), 'Match event · each 1m');
  });
});
