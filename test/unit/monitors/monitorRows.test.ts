// The Monitors view's rows: their order by name, their snooze ends and their words; the order
// property-based too (fast-check).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { type Monitor } from '../../../src/core/api/schemas';
import {
  firstMonitorRows,
  kthSmallest,
  monitorRow,
  monitorRows,
  firstSnoozeEnd,
  monitorRowWords,
} from '../../../src/core/monitors/monitorRows';
import { nameSortKey } from '../../../src/core/monitors/nameSortKey';
import { formatDate, listDateFormatter } from '../../../src/core/format';

const monitor = (over: Partial<Monitor>): Monitor => ({ id: 'mon_1', name: 'm', type: 'Threshold', ...over });

describe('monitor text', () => {
  const sortMonitors = (monitors: Monitor[]) => monitorRows(monitors).map((row) => row.monitor);
  it('sorts by name, case-insensitively and numerically', () => {
    const sorted = sortMonitors([
      monitor({ id: '1', name: 'b10' }),
      monitor({ id: '2', name: 'B2' }),
      monitor({ id: '3', name: 'a' }),
    ]);
    assert.deepEqual(
      sorted.map((m) => m.name),
      ['a', 'B2', 'b10'],
    );
  });

  it('sorts accents with their letters, numbers by value inside names, equal names by id', () => {
    const names = ['edge', 'École 10', 'École 9', 'eb', 'x100', 'x99', 'x9'];
    const sorted = sortMonitors(names.map((name, i) => monitor({ id: `m${i}`, name })));
    assert.deepEqual(
      sorted.map((m) => m.name),
      ['eb', 'École 9', 'École 10', 'edge', 'x9', 'x99', 'x100'],
    );
    const ties = sortMonitors([monitor({ id: 'b', name: 'Same' }), monitor({ id: 'a', name: 'same' })]);
    assert.deepEqual(
      ties.map((m) => m.id),
      ['a', 'b'],
    );
    const three = sortMonitors(['c', 'a', 'b'].map((id) => monitor({ id, name: 'Same' })));
    assert.deepEqual(
      three.map((m) => m.id),
      ['a', 'b', 'c'],
    );
  });

  it('the first snooze end among the rows is when their text goes stale', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    const at = (ms: number) => new Date(now + ms).toISOString();
    const rows = (untils: (string | undefined)[]) =>
      monitorRows(
        untils.map((until, i) => monitor({ id: `m${i}`, disabledUntil: until })),
        now,
      );
    assert.equal(firstSnoozeEnd(rows([at(60_000), undefined, at(5_000), at(-5_000)])), now + 5_000);
    assert.equal(firstSnoozeEnd(rows([undefined, at(-1)])), undefined, 'nothing snoozed');
    assert.equal(
      firstSnoozeEnd(rows([at(5_000)])),
      now + 5_000,
      'rows made before the end give it when asked after it: they still say "snoozed" and must be made again',
    );
  });

  it('a row says its state first, then the condition and interval, and its type last (a narrow side bar cuts the end)', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    const words = (over: Partial<Monitor>) => monitorRowWords(monitorRow(monitor(over), now), formatDate);
    assert.equal(
      words({ operator: 'Below', threshold: 1000, intervalMinutes: 5 }),
      'Below 1000 · every 5m · Threshold',
    );
    assert.equal(
      words({ disabled: true, operator: 'AboveOrEqual', threshold: 3, intervalMinutes: 60 }),
      'disabled · At or above 3 · every 1h · Threshold',
    );
    assert.equal(
      words({ type: 'AnomalyDetection', intervalMinutes: 0 }),
      'Anomaly detection',
      'no interval, no condition',
    );
  });

  it('rows of one list say a shared snooze end as formatDate does, and each end its own', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    const rowDates = listDateFormatter();
    const row = (until: string) => monitorRowWords(monitorRow(monitor({ disabledUntil: until }), now), rowDates);
    const [first, second] = ['2026-03-01T09:00:00Z', '2026-04-01T09:00:00Z'].map((until) =>
      formatDate(new Date(until)),
    );
    assert.ok(row('2026-03-01T09:00:00Z').startsWith(`snoozed until ${first} · `));
    assert.equal(row('2026-03-01T09:00:00.000Z'), row('2026-03-01T09:00:00Z'));
    assert.ok(row('2026-04-01T09:00:00Z').startsWith(`snoozed until ${second} · `));
  });
});

const RUNS = { numRuns: 500 };

const anyText = fc.string({ unit: 'binary', maxLength: 80 });

describe('sorting by name', () => {
  const name = fc.oneof(anyText, fc.stringMatching(/^[A-Za-z ]{0,4}[0-9]{0,4}[a-z]{0,2}[0-9]{0,3}$/));

  it('kthSmallest picks what sorting would, the fallback too', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.integer({ min: 0, max: 3 }), fc.integer()), { minLength: 1, maxLength: 300 }),
        fc.nat(),
        fc.boolean(),
        (list, at, fallback) => {
          const k = at % list.length;
          const sorted = [...list].sort((a, b) => a - b);
          assert.equal(kthSmallest(Float64Array.from(list), k, fallback ? 0 : undefined), sorted[k]);
        },
      ),
      RUNS,
    );
  });

  it('firstMonitorRows gives the first rows of monitorRows, and then the whole list with those same rows', () => {
    // Names that share their first characters often, so that many are candidates for the first rows.
    const shared = fc.oneof(name, fc.stringMatching(/^[Aa][Bb]?[a-c0-9 ]{0,4}$/));
    fc.assert(
      fc.property(
        fc.array(fc.record({ id: fc.stringMatching(/^[a-z]{1,3}$/), name: shared }), { maxLength: 200, size: 'max' }),
        fc.integer({ min: 1, max: 220 }),
        (list, count) => {
          // Ids are unique, as the service's are: monitors equal in name and id have no one order.
          const monitors = list.map((m, i) => ({ ...m, id: `${m.id}${i}`, type: 'Threshold' }));
          const whole = monitorRows(monitors, 0).map((row) => row.monitor);
          const { first, all } = firstMonitorRows(monitors, count, 0);
          assert.deepEqual(
            first.map((row) => row.monitor),
            whole.slice(0, count),
          );
          if (monitors.length <= count) assert.equal(all, undefined, 'a short list is all first rows');
          else {
            const rows = all!();
            assert.deepEqual(
              rows.map((row) => row.monitor),
              whole,
            );
            first.forEach((row, i) => assert.equal(rows[i], row, 'the first rows are the same objects'));
          }
        },
      ),
      RUNS,
    );
  });

  it('monitorRows keeps every monitor, each with its own row, and puts them in order', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ id: anyText, name }), { maxLength: 100, size: 'max' }), (list) => {
        const monitors = list.map((m) => ({ ...m, type: 'Threshold' }));
        const rows = monitorRows(monitors, 0);
        for (const row of rows) assert.deepEqual(row, monitorRow(row.monitor, 0));
        const sorted = rows.map((row) => row.monitor);
        const bag = (ms: Monitor[]) => ms.map((m) => JSON.stringify([m.id, m.name])).sort();
        assert.deepEqual(bag(sorted), bag(monitors), 'the same monitors');
        for (let i = 1; i < sorted.length; i++) {
          const [a, b] = [sorted[i - 1], sorted[i]];
          const [x, y] = [nameSortKey(a.name), nameSortKey(b.name)];
          assert.ok(x < y || (x === y && a.id <= b.id), `${JSON.stringify(a)} before ${JSON.stringify(b)}`);
        }
      }),
      RUNS,
    );
  });
});
