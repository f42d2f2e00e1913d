// The tail's events: an answer's repeats of events shown before (the overlap window asks again)
// are told apart from new events by _time, _sysTime and every value, whatever the order of the
// answer and however late an event arrives within the window; at most maxRows are kept, the
// dropped counted; what is remembered to tell repeats stays within the window.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import type { ResultTable } from '../../../src/core/api/tabular';
import { sameEvent, TailRows } from '../../../src/core/tail/tailRows';
import { tableOfColumns } from '../../support/resultTables';

const T0 = Date.UTC(2026, 10, 29, 6, 0, 0);
const iso = (ms: number) => new Date(ms).toISOString();

interface Ev {
  time: number;
  id: string;
  sys?: number;
}

/** A tabular table of events, in the order given. */
function table(events: readonly Ev[], withSys = true): ResultTable {
  const fields = withSys ? ['_time', '_sysTime', 'id'] : ['_time', 'id'];
  const columns: unknown[][] = [
    events.map((e) => iso(e.time)),
    ...(withSys ? [events.map((e) => iso(e.sys ?? e.time + 5))] : []),
    events.map((e) => e.id),
  ];
  return tableOfColumns(fields, columns);
}

const ids = (rows: TailRows) => rows.rows.map((r) => r.values[r.fields.indexOf('id')]);

describe('the tail’s rows', () => {
  it('shows each event once when the next answer repeats the overlap, in either order', () => {
    const rows = new TailRows({ overlapMs: 10_000, maxRows: 100 });
    const first = rows.accept(
      table([
        { time: T0 + 2000, id: 'b' },
        { time: T0 + 1000, id: 'a' },
      ]),
      500,
    );
    assert.deepEqual(
      first.added.map((r) => r.values[2]),
      ['a', 'b'],
      'oldest first, whatever the answer’s order',
    );
    const second = rows.accept(
      table([
        { time: T0 + 1000, id: 'a' },
        { time: T0 + 3000, id: 'c' },
        { time: T0 + 2000, id: 'b' },
      ]),
      500,
    );
    assert.deepEqual(
      second.added.map((r) => r.values[2]),
      ['c'],
    );
    assert.equal(second.repeated, 2);
    assert.deepEqual(ids(rows), ['a', 'b', 'c']);
  });

  it('takes a late event (older than the newest, inside the window) once, and two events of one moment apart by their values', () => {
    const rows = new TailRows({ overlapMs: 10_000, maxRows: 100 });
    rows.accept(table([{ time: T0 + 5000, id: 'new' }]), 500);
    const late = rows.accept(
      table([
        { time: T0 + 5000, id: 'new' },
        { time: T0 + 1000, id: 'late', sys: T0 + 5500 },
        { time: T0 + 5000, id: 'twin' },
      ]),
      500,
    );
    assert.deepEqual(
      late.added.map((r) => r.values[2]),
      ['late', 'twin'],
    );
    const again = rows.accept(table([{ time: T0 + 1000, id: 'late', sys: T0 + 5500 }]), 500);
    assert.equal(again.added.length, 0, 'the late event is not shown twice');
    assert.equal(rows.nextStart(T0 + 9000, 60_000), T0 + 5000 - 10_000, 'the window before the newest');
  });

  it('tells apart two events of one moment that differ only in _sysTime; rows with no _sysTime by _time and values', () => {
    const rows = new TailRows({ overlapMs: 10_000, maxRows: 100 });
    const one = rows.accept(
      table([
        { time: T0, id: 'x', sys: T0 + 1 },
        { time: T0, id: 'x', sys: T0 + 2 },
      ]),
      500,
    );
    assert.equal(one.added.length, 2);
    const plain = new TailRows({ overlapMs: 10_000, maxRows: 100 });
    plain.accept(table([{ time: T0, id: 'x' }], false), 500);
    assert.equal(plain.accept(table([{ time: T0, id: 'x' }], false), 500).added.length, 0);
  });

  it('the same event with its fields in another order (a new field appeared) is a repeat; a changed value is not', () => {
    const a = { time: T0, fields: ['_time', 'id', 'obj'], values: [iso(T0), 'x', { k: [1, 2] }] };
    assert.ok(sameEvent(a, { time: T0, fields: ['obj', '_time', 'id'], values: [{ k: [1, 2] }, iso(T0), 'x'] }));
    assert.ok(!sameEvent(a, { time: T0, fields: ['_time', 'id', 'obj'], values: [iso(T0), 'x', { k: [1, 3] }] }));
    assert.ok(!sameEvent(a, { time: T0, fields: ['_time', 'id'], values: [iso(T0), 'x'] }));
  });

  it('keeps at most maxRows, dropping the oldest and counting them; a lower maxRows drops at once', () => {
    const rows = new TailRows({ overlapMs: 1000, maxRows: 3 });
    const accepted = rows.accept(
      table(Array.from({ length: 5 }, (_, i) => ({ time: T0 + i * 1000, id: `e${i}` }))),
      500,
    );
    assert.equal(accepted.dropped, 2);
    assert.deepEqual(ids(rows), ['e2', 'e3', 'e4']);
    rows.maxRows = 1;
    assert.deepEqual(ids(rows), ['e4']);
    assert.equal(rows.droppedTotal, 4);
  });

  it('remembers only the events of the overlap window, however long it runs', () => {
    const rows = new TailRows({ overlapMs: 5_000, maxRows: 50 });
    for (let poll = 0; poll < 1000; poll++)
      rows.accept(
        table([
          { time: T0 + poll * 1000, id: `p${poll}` },
          { time: T0 + poll * 1000 + 500, id: `q${poll}` },
        ]),
        500,
      );
    assert.ok(rows.remembered <= 12, `${rows.remembered} remembered`);
    assert.equal(rows.rows.length, 50);
  });

  it('says when a full answer did not reach back to the events seen (some between were not read)', () => {
    const rows = new TailRows({ overlapMs: 5_000, maxRows: 50 });
    rows.accept(table([{ time: T0, id: 'a' }]), 2);
    assert.equal(
      rows.accept(
        table([
          { time: T0 + 9000, id: 'c' },
          { time: T0 + 8000, id: 'b' },
        ]),
        2,
      ).gap,
      true,
    );
    assert.equal(
      rows.accept(
        table([
          { time: T0 + 9000, id: 'c' },
          { time: T0 + 9500, id: 'd' },
        ]),
        3,
      ).gap,
      false,
    );
  });

  it('reads an answer with no table, no rows or ragged columns without throwing', () => {
    const rows = new TailRows({ overlapMs: 5_000, maxRows: 50 });
    assert.equal(rows.accept(undefined, 10).added.length, 0);
    const ragged: ResultTable = {
      name: '0',
      fields: [
        { name: '_time', type: 'datetime' },
        { name: 'x', type: 'string' },
      ],
      columns: [[iso(T0), 'not a time', null], ['a']],
      rowCount: 3,
    };
    assert.equal(rows.accept(ragged, 10).added.length, 1);
    const empty: ResultTable = { ...ragged, columns: [[iso(T0)], []] };
    assert.equal(rows.accept(empty, 0).added.length, 0, 'no rows in a column, and none asked for');
  });

  it('a poll touches kept events in proportion to its new events, not to the events kept', () => {
    /** The events of a stream of 20 a second between two times, newest first (as the tail asks). */
    const stream = (from: number, to: number): Ev[] => {
      const events: Ev[] = [];
      for (let t = Math.floor(to / 50) * 50; t >= from; t -= 50) events.push({ time: t, id: `e${t}` });
      return events;
    };
    const touchedPerPoll = (maxRows: number) => {
      const rows = new TailRows({ overlapMs: 20_000, maxRows });
      rows.accept(table(stream(T0 - 600_000, T0)), 20_000);
      const before = rows.rowsTouched;
      let added = 0;
      for (let poll = 1; poll <= 50; poll++) {
        const now = T0 + poll * 2000;
        added += rows.accept(table(stream(rows.nextStart(now, 0), now)), 500).added.length;
      }
      assert.equal(added, 50 * 40, 'two seconds of new events each poll');
      assert.equal(rows.size, Math.min(maxRows, 12_001 + added));
      return (rows.rowsTouched - before) / 50;
    };
    const many = touchedPerPoll(10_000);
    const few = touchedPerPoll(100);
    assert.ok(many <= 3 * 40, `${many} kept events touched per poll of 40 new with 10,000 kept`);
    assert.equal(many, few, 'the same work with 100 kept');
  });

  it('a lower maxRows drops the oldest at once, a higher one lets more be kept, in order', () => {
    const rows = new TailRows({ overlapMs: 1000, maxRows: 4 });
    for (let i = 0; i < 7; i++) rows.accept(table([{ time: T0 + i * 1000, id: `e${i}` }]), 500);
    assert.deepEqual(ids(rows), ['e3', 'e4', 'e5', 'e6']);
    rows.maxRows = 6;
    rows.accept(table([{ time: T0 + 7000, id: 'e7' }]), 500);
    assert.deepEqual(ids(rows), ['e3', 'e4', 'e5', 'e6', 'e7']);
    rows.maxRows = 2;
    assert.deepEqual(ids(rows), ['e6', 'e7']);
    assert.equal(rows.droppedTotal, 6);
  });

  it('property: polls over any late and out-of-order arrivals within the window show every event exactly once', () => {
    const overlap = 10_000;
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ at: fc.integer({ min: 0, max: 60_000 }), delay: fc.integer({ min: 0, max: overlap / 2 - 1 }) }),
          {
            maxLength: 80,
          },
        ),
        fc.integer({ min: 200, max: overlap / 2 }),
        fc.boolean(),
        fc.integer(),
        (made, interval, withSys, seed) => {
          const events = made.map((e, i) => ({ time: T0 + e.at, id: `e${i}`, arrives: T0 + e.at + e.delay }));
          const rows = new TailRows({ overlapMs: overlap, maxRows: 10_000 });
          let shuffle = seed;
          const end = T0 + 60_000 + overlap;
          for (let now = T0; now <= end + interval; now += interval) {
            const start = rows.nextStart(now, 120_000);
            const answer = events
              .filter((e) => e.arrives <= now && e.time >= start && e.time <= now)
              .sort(() => ((shuffle = (shuffle * 1103515245 + 12345) | 0) & 1 ? 1 : -1));
            rows.accept(table(answer, withSys), 100_000);
          }
          const shown = ids(rows);
          assert.equal(new Set(shown).size, shown.length, 'no event twice');
          assert.deepEqual([...shown].sort(), events.map((e) => e.id).sort(), 'every event');
        },
      ),
      { numRuns: 200 },
    );
  });
});

/** What the tail must show, the long way: every row of every answer compared with every event
 *  shown before (and the answer's own earlier rows), value by value; the new ones oldest first. */
class EveryEventCompared {
  private readonly shown: unknown[][] = [];

  accept(answer: ResultTable): { added: unknown[][]; repeated: number } {
    const timeAt = answer.fields.findIndex((f) => f.name === '_time');
    const fresh: unknown[][] = [];
    let repeated = 0;
    for (let r = 0; r < answer.rowCount; r++) {
      const row = answer.columns.map((c) => c[r]);
      if (this.shown.some((seen) => seen.every((v, i) => v === row[i]))) repeated++;
      else {
        this.shown.push(row);
        fresh.push(row);
      }
    }
    const time = (row: unknown[]) => Date.parse(String(row[timeAt]));
    return {
      added: fresh
        .map((row, at) => ({ row, at }))
        .sort((a, b) => time(a.row) - time(b.row) || a.at - b.at)
        .map((e) => e.row),
      repeated,
    };
  }
}

describe('the tail’s rows against every event compared', () => {
  /** Rows by their values, in one order whatever the order of ties. */
  const byValues = (rows: readonly (readonly unknown[])[]) => rows.map((r) => JSON.stringify(r)).sort();

  it('a new event at the moment of a repeat, before it in the answer, is not taken for the repeat', () => {
    const rows = new TailRows({ overlapMs: 10_000, maxRows: 100 });
    rows.accept(
      table([
        { time: T0 + 2000, id: 'b' },
        { time: T0 + 1000, id: 'a', sys: T0 + 1500 },
      ]),
      500,
    );
    const next = rows.accept(
      table([
        { time: T0 + 3000, id: 'c' },
        { time: T0 + 2000, id: 'b' },
        { time: T0 + 1000, id: 'late', sys: T0 + 2500 },
        { time: T0 + 1000, id: 'a', sys: T0 + 1500 },
      ]),
      500,
    );
    assert.deepEqual(
      next.added.map((r) => r.values[2]),
      ['late', 'c'],
    );
    assert.equal(next.repeated, 2);
    assert.deepEqual(ids(rows), ['a', 'b', 'late', 'c']);
  });

  it('a full answer cut inside its oldest moment: the rows of that moment are compared value by value', () => {
    const rows = new TailRows({ overlapMs: 10_000, maxRows: 100 });
    rows.accept(
      table([
        { time: T0 + 2000, id: 'b' },
        { time: T0 + 1000, id: 'a' },
      ]),
      500,
    );
    // Two events at T0 + 1000 now (one came late); the take of 3 kept the late one, not `a`.
    const cut = rows.accept(
      table([
        { time: T0 + 3000, id: 'c' },
        { time: T0 + 2000, id: 'b' },
        { time: T0 + 1000, id: 'late' },
      ]),
      3,
    );
    assert.deepEqual(
      cut.added.map((r) => r.values[2]),
      ['late', 'c'],
    );
    assert.deepEqual(ids(rows), ['a', 'b', 'late', 'c']);
  });

  it('an answer the service says may leave events out is compared row by row: a new event at a moment seen is kept', () => {
    const rows = new TailRows({ overlapMs: 10_000, maxRows: 100 });
    rows.accept(table([{ time: T0 + 1000, id: 'a' }]), 500);
    // A partial answer: `a` left out, `late` at its moment in its place.
    const partial = rows.accept(table([{ time: T0 + 1000, id: 'late' }]), 500, false);
    assert.deepEqual(
      partial.added.map((r) => r.values[2]),
      ['late'],
    );
    assert.deepEqual(ids(rows), ['a', 'late']);
  });

  it('property: over streams with late, out-of-order, cut and repeated events, the same new events as comparing every value', () => {
    const overlap = 4_000;
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            // Few moments (every 250 ms), few ids and senders' times: many events of one moment,
            // and some the same in every value (one event, as the tail counts them).
            slot: fc.integer({ min: 0, max: 60 }),
            delay: fc.integer({ min: 0, max: overlap / 2 - 1 }),
            id: fc.constantFrom('a', 'b', 'c'),
            sys: fc.integer({ min: 0, max: 2 }),
          }),
          { maxLength: 120 },
        ),
        fc.integer({ min: 200, max: overlap / 2 }),
        fc.boolean(),
        fc.option(fc.integer({ min: 1, max: 40 }), { nil: undefined }),
        fc.boolean(),
        fc.integer(),
        (made, interval, withSys, take, shuffled, seed) => {
          const events = made.map((e) => ({
            time: T0 + e.slot * 250,
            id: e.id,
            sys: T0 + e.slot * 250 + e.sys,
            arrives: T0 + e.slot * 250 + e.delay,
          }));
          const rows = new TailRows({ overlapMs: overlap, maxRows: 10_000 });
          const reference = new EveryEventCompared();
          let random = seed;
          const coin = () => ((random = (random * 1103515245 + 12345) | 0) & 4) !== 0;
          const asked = shuffled ? 100_000 : (take ?? 100_000);
          for (let now = T0; now <= T0 + 16_000 + overlap + interval; now += interval) {
            const start = rows.nextStart(now, 60_000);
            // As the service answers: newest first (ties in any order), then the take; or, to
            // read an answer in any order, shuffled whole.
            const inRange = events.filter((e) => e.arrives <= now && e.time >= start && e.time <= now);
            const answer = table(
              (shuffled
                ? inRange.sort(() => (coin() ? 1 : -1))
                : inRange.sort((a, b) => b.time - a.time || (coin() ? 1 : -1))
              ).slice(0, asked),
              withSys,
            );
            const ours = rows.accept(answer, asked);
            const expected = reference.accept(answer);
            assert.deepEqual(byValues(ours.added.map((r) => r.values)), byValues(expected.added));
            assert.equal(ours.repeated, expected.repeated);
            for (let i = 1; i < ours.added.length; i++) assert.ok(ours.added[i - 1].time <= ours.added[i].time);
          }
          const shown = rows.rows.map((r) => JSON.stringify(r.values));
          assert.equal(new Set(shown).size, shown.length, 'no event twice');
        },
      ),
      { numRuns: 300 },
    );
  });
});
