import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { groupByDay, queryHeadline, searchHistory, shownOutcome } from '../../../src/core/history/historyList';
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

describe('shownOutcome: a run cut by its own take or limit is no warning', () => {
  const limited = (apl: string) => historyEntry(1, { apl, outcome: 'limited', rows: 100 });

  it('a run its own take (or limit) stopped ended as asked, with that limit', () => {
    assert.deepEqual(shownOutcome(limited("['http-logs'] | take 100")), {
      outcome: 'ok',
      ownLimit: { name: 'take', count: 100 },
    });
    assert.deepEqual(shownOutcome(limited("['http-logs']\n| limit 100\n| project status\n| order by status")), {
      outcome: 'ok',
      ownLimit: { name: 'limit', count: 100 },
    });
  });

  it('the service’s cap stays a warning: no take, or one that a later summarize may pass', () => {
    assert.deepEqual(shownOutcome(limited("['http-logs'] | where status >= 500")), { outcome: 'limited' });
    assert.deepEqual(shownOutcome(limited("['http-logs'] | take 5000 | summarize count() by route")), {
      outcome: 'limited',
    });
    assert.deepEqual(shownOutcome(limited("// take 100\n['http-logs'] | where uri has 'take 100'")), {
      outcome: 'limited',
    });
  });

  it('other ends are shown as recorded', () => {
    for (const outcome of ['ok', 'compileError', 'failed'] as const)
      assert.deepEqual(shownOutcome(historyEntry(1, { apl: "['x'] | take 1", outcome })), { outcome });
  });
});
