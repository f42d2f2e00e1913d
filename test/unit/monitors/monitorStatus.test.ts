import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { RequestBudget } from '../../../src/core/api/requestBudget';
import { foldChanges, statusFromHistory, statusOf, type StateChange } from '../../../src/core/monitors/monitorStatus';

const T0 = Date.parse('2026-11-20T10:00:00Z');
const at = (minutes: number) => T0 + minutes * 60_000;
const change = (checkId: string, minutes: number, state: 'open' | 'closed'): StateChange => ({
  checkId,
  time: at(minutes),
  state,
});

/** The rule as plainly as it can be said, to hold the folded version against. */
function reference(changes: readonly StateChange[]) {
  const open: [string, number][] = [];
  for (const id of new Set(changes.map((c) => c.checkId))) {
    const own = changes.filter((c) => c.checkId === id);
    const lastClosed = Math.max(-Infinity, ...own.filter((c) => c.state === 'closed').map((c) => c.time));
    const opens = own.filter((c) => c.state === 'open' && c.time > lastClosed).map((c) => c.time);
    if (opens.length) open.push([id, Math.min(...opens)]);
  }
  if (!open.length) return { kind: 'normal' as const };
  open.sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : 1));
  return { kind: 'triggered' as const, since: open[0][1], openChecks: open.map(([id]) => id) };
}

describe('monitor status from its history', () => {
  it('no change in the range: normal; an open after the last close: triggered since that open', () => {
    assert.deepEqual(statusFromHistory([]), { kind: 'normal' });
    assert.deepEqual(statusFromHistory([change('a', 0, 'open'), change('a', 5, 'closed')]), { kind: 'normal' });
    assert.deepEqual(
      statusFromHistory([
        change('a', 0, 'open'),
        change('a', 5, 'closed'),
        change('a', 9, 'open'),
        change('a', 12, 'open'),
      ]),
      { kind: 'triggered', since: at(9), openChecks: ['a'] },
    );
  });

  it('a monitor that groups: triggered while any group is open, since the longest-open one', () => {
    const status = statusFromHistory([
      change('eu', 3, 'open'),
      change('us', 1, 'open'),
      change('us', 2, 'closed'),
      change('ap', 7, 'open'),
    ]);
    assert.deepEqual(status, { kind: 'triggered', since: at(3), openChecks: ['eu', 'ap'] });
  });

  it('an open and a close at the same moment count as closed', () => {
    assert.deepEqual(statusFromHistory([change('a', 4, 'closed'), change('a', 4, 'open')]), { kind: 'normal' });
  });

  const arbitraryChanges = fc.array(
    fc.record({
      checkId: fc.constantFrom('a', 'b', 'c'),
      time: fc.integer({ min: 0, max: 30 }).map(at),
      state: fc.constantFrom<'open' | 'closed'>('open', 'closed'),
    }),
    { maxLength: 40 },
  );

  it('property: any sequence gives what the plain rule gives, in any order and in any split into polls', () => {
    fc.assert(
      fc.property(arbitraryChanges, fc.nat(), fc.nat(40), (changes, seed, cut) => {
        const expected = reference(changes);
        assert.deepEqual(statusFromHistory(changes), expected);
        const shuffled = [...changes].sort((x, y) => ((x.time * 31 + seed) % 7) - ((y.time * 31 + seed) % 7));
        assert.deepEqual(statusFromHistory(shuffled), expected, 'order of records not assumed');
        const inTwo = foldChanges(foldChanges(new Map(), shuffled.slice(0, cut)), shuffled.slice(cut));
        assert.deepEqual(statusOf(inTwo), expected, 'a sweep, then a poll');
      }),
      { numRuns: 500 },
    );
  });
});

describe('the request budget', () => {
  it('1,000 requests: never more in flight than allowed, never more per window than its share of the limit', async () => {
    // The budget's own clock: its last reading before a task runs is the start it counts (a task's
    // own reading may come a pause later, under a garbage collection, and crowd a later window).
    let lastReading = 0;
    const budget = new RequestBudget({
      maxInFlight: 4,
      share: 0.5,
      assumedLimit: 100,
      windowMs: 100,
      now: () => (lastReading = Date.now()),
    });
    const starts: number[] = [];
    let inFlight = 0;
    let peak = 0;
    await Promise.all(
      Array.from({ length: 1000 }, () =>
        budget.run(async () => {
          starts.push(lastReading);
          peak = Math.max(peak, ++inFlight);
          await new Promise((r) => setTimeout(r, 1));
          inFlight--;
        }),
      ),
    );
    assert.equal(starts.length, 1000);
    assert.ok(peak <= 4, `peak ${peak}`);
    assert.equal(budget.peakInFlight, peak);
    starts.sort((a, b) => a - b);
    let most = 0;
    for (let i = 0, j = 0; i < starts.length; i++) {
      while (starts[i] - starts[j] >= 100) j++;
      most = Math.max(most, i - j + 1);
    }
    assert.ok(most <= 50, `${most} requests started in one window, allowed 50`);
  });

  it('takes its share of the limit the service announces, and stops when only the reserve remains', async () => {
    // The budget's clock stands still until the test moves it, however long the machine takes.
    let clock = 1_000_000;
    const budget = new RequestBudget({
      maxInFlight: 4,
      share: 0.5,
      assumedLimit: 10,
      windowMs: 60_000,
      now: () => clock,
    });
    budget.observe({ limit: 600 });
    assert.equal(budget.allowance, 300);
    budget.observe({ limit: 600, remaining: 250, resetAt: clock + 150 });
    assert.equal(budget.nextStartIn(), 150, 'stopped until the reset');
    let ran = false;
    const running = budget.run(async () => {
      ran = true;
    });
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(ran, false, 'waited for the reset');
    clock += 150;
    await running;
    assert.equal(ran, true, 'ran once the reset came');
  });

  it('a cancel while waiting rejects at once, and the rest still run', async () => {
    const budget = new RequestBudget({ maxInFlight: 1, share: 1, assumedLimit: 100, windowMs: 1000 });
    let release!: () => void;
    const first = budget.run(() => new Promise<void>((r) => (release = r)));
    const controller = new AbortController();
    const second = budget.run(async () => 'ran', controller.signal);
    const third = budget.run(async () => 'third');
    controller.abort();
    await assert.rejects(second, { name: 'Error' });
    release();
    await first;
    assert.equal(await third, 'third');
  });
});
