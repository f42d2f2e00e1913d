// The Monitors view's minute: its rows' times ("triggered 19m ago") are said again each minute
// while the view shows, never while it is hidden, on a clock the test moves (no waiting).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MinuteTicker, type TimerClock } from '../../../src/monitors/minuteTicker';

/** A clock that moves only when told, running the timers that fall due on the way. */
class SteppedClock implements TimerClock {
  private time = 1_000_000;
  private readonly timers = new Map<number, { at: number; run: () => void }>();
  private next = 1;

  now(): number {
    return this.time;
  }

  setTimeout(run: () => void, ms: number): unknown {
    const id = this.next++;
    this.timers.set(id, { at: this.time + ms, run });
    return id;
  }

  clearTimeout(handle: unknown): void {
    this.timers.delete(handle as number);
  }

  /** The timers set and not yet run or cleared. */
  get pending(): number {
    return this.timers.size;
  }

  advance(ms: number): void {
    const end = this.time + ms;
    for (;;) {
      const due = [...this.timers].filter(([, t]) => t.at <= end).sort(([, a], [, b]) => a.at - b.at)[0];
      if (!due) break;
      this.timers.delete(due[0]);
      this.time = Math.max(this.time, due[1].at);
      due[1].run();
    }
    this.time = end;
  }
}

function ticking(clock: SteppedClock) {
  const ticks: number[] = [];
  const ticker = new MinuteTicker((now) => ticks.push(now), clock);
  return { ticks, ticker };
}

describe('MinuteTicker', () => {
  it('ticks once a minute while it runs, at the minute, with the time of the tick', () => {
    const clock = new SteppedClock();
    const start = clock.now();
    const { ticks, ticker } = ticking(clock);
    ticker.setRunning(true);
    clock.advance(59_999);
    assert.deepEqual(ticks, [], 'not before the minute');
    clock.advance(1);
    assert.deepEqual(ticks, [start + 60_000]);
    clock.advance(3 * 60_000);
    assert.deepEqual(
      ticks,
      [1, 2, 3, 4].map((n) => start + n * 60_000),
    );
    assert.equal(clock.pending, 1, 'one timer at a time');
    ticker.dispose();
  });

  it('sets no timer and never ticks while stopped (the view hidden), nor after dispose', () => {
    const clock = new SteppedClock();
    const { ticks, ticker } = ticking(clock);
    clock.advance(10 * 60_000);
    assert.deepEqual(ticks, [], 'never started');
    assert.equal(clock.pending, 0);
    ticker.setRunning(true);
    ticker.setRunning(false);
    assert.equal(clock.pending, 0, 'stopping clears its timer');
    clock.advance(10 * 60_000);
    assert.deepEqual(ticks, []);
    ticker.setRunning(true);
    ticker.dispose();
    clock.advance(10 * 60_000);
    assert.deepEqual(ticks, []);
    assert.equal(clock.pending, 0);
  });

  it('run again after a minute or more stopped, ticks at once (the rows went stale meanwhile), then each minute', () => {
    const clock = new SteppedClock();
    const { ticks, ticker } = ticking(clock);
    ticker.setRunning(true);
    clock.advance(60_000);
    ticker.setRunning(false);
    clock.advance(5 * 60_000);
    const shown = clock.now();
    ticker.setRunning(true);
    clock.advance(0);
    assert.equal(ticks.length, 2);
    assert.equal(ticks[1], shown, 'at once');
    clock.advance(60_000);
    assert.deepEqual(ticks.slice(2), [shown + 60_000]);
    ticker.dispose();
  });

  it('shown again within the minute, ticks when the minute since the last tick ends, not a minute later', () => {
    const clock = new SteppedClock();
    const start = clock.now();
    const { ticks, ticker } = ticking(clock);
    ticker.setRunning(true);
    clock.advance(20_000);
    ticker.setRunning(false);
    clock.advance(10_000);
    ticker.setRunning(true);
    ticker.setRunning(true);
    assert.equal(clock.pending, 1, 'asked twice to run, one timer');
    clock.advance(30_000);
    assert.deepEqual(ticks, [start + 60_000]);
    ticker.dispose();
  });

  it('a tick that stops and starts it again leaves one timer', () => {
    const clock = new SteppedClock();
    const ticks: number[] = [];
    const ticker: MinuteTicker = new MinuteTicker((now) => {
      ticks.push(now);
      ticker.setRunning(false);
      ticker.setRunning(true);
    }, clock);
    ticker.setRunning(true);
    clock.advance(60_000);
    assert.equal(ticks.length, 1);
    assert.equal(clock.pending, 1);
    ticker.dispose();
  });
});
