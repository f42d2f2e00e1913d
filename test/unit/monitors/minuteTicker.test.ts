// The Monitors view's minute: its rows' times ("triggered 19m ago") are said again each minute
// while the view shows, never while it is hidden, on a clock the test moves (no waiting).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MinuteTicker } from '../../../src/monitors/minuteTicker';
import { SteppedClock } from '../../support/steppedClock';

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
