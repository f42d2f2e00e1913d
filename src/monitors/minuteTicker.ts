import { systemClock, type TimerClock } from '../core/polling/timerClock';

const MINUTE_MS = 60_000;

/**
 * Calls `tick` once a minute while it runs (a view shown), and never while it does not: words
 * such as "19m ago" are said again as time passes, with no request and no timer while hidden. A
 * minute counts from the last tick (or from when it was made); run again after a minute or more
 * stopped, it ticks at once, then each minute.
 */
export class MinuteTicker {
  private timer: unknown;
  private running = false;
  private last: number;

  constructor(
    private readonly tick: (now: number) => void,
    private readonly clock: TimerClock = systemClock,
  ) {
    this.last = clock.now();
  }

  /** Starts (when shown) or stops (when hidden) the ticks. */
  setRunning(running: boolean): void {
    if (running === this.running) return;
    this.running = running;
    if (running) this.schedule();
    else {
      this.clock.clearTimeout(this.timer);
      this.timer = undefined;
    }
  }

  private schedule(): void {
    if (this.timer !== undefined) return;
    const wait = Math.max(0, this.last + MINUTE_MS - this.clock.now());
    this.timer = this.clock.setTimeout(() => {
      this.timer = undefined;
      this.last = this.clock.now();
      this.tick(this.last);
      if (this.running) this.schedule();
    }, wait);
  }

  dispose(): void {
    this.setRunning(false);
  }
}
