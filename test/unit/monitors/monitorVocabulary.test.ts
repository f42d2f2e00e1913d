// The monitor vocabulary is made on first use, once: handing it over translates nothing, and a
// list of thousands of rows makes it once.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import type { Monitor } from '../../../src/core/api/schemas';
import {
  MONITOR_WORDS,
  useMonitorVocabulary,
  vocabularyGeneration,
  words,
  type MonitorWords,
} from '../../../src/core/monitors/monitorVocabulary';
import { monitorSummary, typeWords } from '../../../src/core/monitors/monitorWords';

describe('monitor vocabulary', () => {
  after(() => useMonitorVocabulary(() => MONITOR_WORDS));

  it('is English until another is handed over', () => {
    assert.equal(typeWords(undefined), 'Unknown type');
  });

  it('is made on first use, not when handed over, and once for thousands of rows', () => {
    let made = 0;
    const shouting = (): MonitorWords => {
      made++;
      return Object.fromEntries(
        Object.entries(MONITOR_WORDS).map(([key, text]) => [key, text.toUpperCase()]),
      ) as MonitorWords;
    };
    const before = vocabularyGeneration();
    useMonitorVocabulary(shouting);
    assert.equal(made, 0, 'nothing is made when it is handed over');
    assert.equal(vocabularyGeneration(), before + 1);
    const monitors: Monitor[] = Array.from(
      { length: 10_000 },
      (_, i) => ({ id: `mon_${i}`, name: `m${i}`, type: 'MatchEvent', intervalMinutes: 1 + (i % 90) }) as Monitor,
    );
    const summaries = monitors.map(monitorSummary);
    assert.equal(made, 1);
    assert.equal(summaries[0], 'MATCH EVENT · EVERY 1m');
    assert.equal(words().unknownType, 'UNKNOWN TYPE');
    assert.equal(made, 1);
  });

  it('a new vocabulary is made afresh on its first use, and caches of the old one are dropped', () => {
    let made = 0;
    useMonitorVocabulary(() => {
      made++;
      return { ...MONITOR_WORDS, every: 'each {0}' };
    });
    assert.equal(made, 0);
    assert.equal(
      monitorSummary({ id: 'm', name: 'm', type: 'MatchEvent', intervalMinutes: 1 } as Monitor),
      'Match event · each 1m',
    );
    assert.equal(made, 1);
  });
});
