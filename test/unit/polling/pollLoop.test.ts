// The loop every polling feature runs on: rounds at the interval only while wanted, a round cut
// short does not count, a wake asks no more than the interval allows, nothing after stop. On a
// clock the test moves: no waiting.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PollLoop } from '../../../src/core/polling/pollLoop';
import { SteppedClock } from '../../support/steppedClock';

/** Lets the promise callbacks queued by a round run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

function looping(options: { wanted?: () => boolean; round?: (signal: AbortSignal) => Promise<void> } = {}) {
  const clock = new SteppedClock();
  const startedAt: number[] = [];
  const loop = new PollLoop({
    clock,
    intervalMs: () => 2_000,
    wanted: options.wanted ?? (() => true),
    round: async (signal) => {
      startedAt.push(clock.now());
      await options.round?.(signal);
    },
  });
  const advance = async (ms: number) => {
    for (let step = 0; step < ms; step += 500) {
      clock.advance(500);
      await settle();
    }
  };
  return { clock, loop, startedAt, advance };
}

describe('PollLoop', () => {
  it('runs a round at once, then one each interval', async () => {
    const { loop, startedAt, advance } = looping();
    loop.schedule();
    await advance(8_000);
    assert.equal(startedAt.length, 4);
    // The interval counts from the end of a round (here seen at the test's steps of 500 ms).
    for (const [i, at] of startedAt.slice(1).entries()) {
      const gap = at - startedAt[i];
      assert.ok(gap >= 2_000 && gap <= 2_500, `a round ${gap} ms after the one before`);
    }
  });

  it('runs nothing while not wanted, and nothing is left waiting', async () => {
    let wanted = false;
    const { clock, loop, startedAt, advance } = looping({ wanted: () => wanted });
    loop.schedule();
    await advance(10_000);
    assert.equal(startedAt.length, 0);
    assert.equal(clock.pending, 0);
    wanted = true;
    loop.scheduleWhenDue();
    await advance(500);
    assert.equal(startedAt.length, 1);
  });

  it('aborts the round in flight when no longer wanted, and that round does not count', async () => {
    let wanted = true;
    let release: () => void = () => undefined;
    const signals: AbortSignal[] = [];
    const { loop, startedAt, advance } = looping({
      wanted: () => wanted,
      round: (signal) => {
        signals.push(signal);
        return new Promise<void>((resolve) => (release = resolve));
      },
    });
    loop.schedule();
    await advance(500);
    assert.equal(loop.busy, true);
    wanted = false;
    loop.schedule();
    assert.equal(signals[0].aborted, true);
    release();
    await advance(5_000);
    assert.equal(startedAt.length, 1);
    wanted = true;
    // The aborted round did not count: a wake runs one at once.
    loop.scheduleWhenDue();
    await advance(500);
    assert.equal(startedAt.length, 2);
  });

  it('a wake within the interval waits for it; stop ends everything', async () => {
    const { clock, loop, startedAt, advance } = looping();
    loop.schedule();
    await advance(500);
    loop.pause();
    loop.scheduleWhenDue();
    await advance(1_000);
    assert.equal(startedAt.length, 1);
    await advance(1_000);
    assert.equal(startedAt.length, 2);
    loop.stop();
    loop.schedule();
    await advance(10_000);
    assert.equal(startedAt.length, 2);
    assert.equal(clock.pending, 0);
  });

  it('a failed round is told and the loop goes on', async () => {
    const failures: unknown[] = [];
    const clock = new SteppedClock();
    let rounds = 0;
    const loop = new PollLoop({
      clock,
      intervalMs: () => 1_000,
      wanted: () => true,
      failed: (error) => failures.push(error),
      round: () => {
        rounds++;
        return Promise.reject(new Error('down'));
      },
    });
    loop.schedule();
    for (let i = 0; i < 4; i++) {
      clock.advance(500);
      await settle();
    }
    assert.equal(rounds, 2);
    assert.equal(failures.length, 2);
  });
});
