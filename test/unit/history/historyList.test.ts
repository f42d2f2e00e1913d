import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { groupByDay, queryHeadline, searchHistory } from '../../../src/core/history/historyList';
import { historyEntry } from '../../support/historyEntries';

describe('history list', () => {
  const entries = [
    historyEntry(3, { apl: "['http-logs'] | where status == 500", datasets: ['http-logs'] }),
    historyEntry(2, { apl: "['traces'] | count" }),
    historyEntry(1),
  ].map((e) => ({ ...e }));

  it('finds runs by every word of the text, in the query or its datasets', () => {
    assert.deepEqual(
      searchHistory(entries, 'STATUS 500').map((e) => e.id),
      ['e3'],
    );
    assert.deepEqual(
      searchHistory(entries, 'http-logs').map((e) => e.id),
      ['e3'],
    );
    assert.deepEqual(
      searchHistory(entries, '  ').map((e) => e.id),
      ['e3', 'e2', 'e1'],
    );
    assert.deepEqual(searchHistory(entries, 'nothing'), []);
  });

  it('groups by local day, newest first', () => {
    const day = (y: number, m: number, d: number, h: number) => new Date(y, m - 1, d, h).getTime();
    const runs = [
      historyEntry(1, { at: day(2026, 3, 10, 23) }),
      historyEntry(2, { at: day(2026, 3, 10, 0) }),
      historyEntry(3, { at: day(2026, 3, 9, 12) }),
    ];
    const days = groupByDay(runs);
    assert.deepEqual(
      days.map((d) => [d.day, d.entries.map((e) => e.id)]),
      [
        ['2026-03-10', ['e1', 'e2']],
        ['2026-03-09', ['e3']],
      ],
    );
    assert.equal(days[0].start, day(2026, 3, 10, 0));
  });

  it('labels a run by its first line of text', () => {
    assert.equal(queryHeadline("// errors\n['logs']\n| where x"), "['logs'] | where x");
    assert.equal(queryHeadline('x'.repeat(100), 10), `${'x'.repeat(9)}…`);
  });
});
