// A clock for tests of timers and polling: it moves only when the test says, running the timers
// that fall due on the way, so that no test waits for time to pass.
import type { TimerClock } from '../../src/core/polling/timerClock';

/** A clock that moves only when told, running the timers that fall due on the way. */
export class SteppedClock implements TimerClock {
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
