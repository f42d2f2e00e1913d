// The one loop of every polling feature (monitor statuses, the live tail, log activity lenses,
// production errors): a round of requests, then a pause of the feature's interval, only while the
// feature is wanted (its view or panel shown, the window focused, its setting on). A round that is
// not wanted any more is aborted; a round cut short does not count, so the next wake makes it up.
// The requests of a round go through the window's one background budget (platform/
// backgroundRequests.ts), which also waits out a 429; the clock is passed in, so tests move time
// instead of waiting for it.
import { systemClock, type TimerClock } from './timerClock';

export interface PollLoopOptions {
  /** One round: its requests, cancelled through `signal` when the loop stops or is not wanted. */
  round: (signal: AbortSignal) => Promise<void>;
  /** The pause between the start of one round and the next, read before each pause. */
  intervalMs: () => number;
  /** Whether rounds should run now (shown, focused, turned on). */
  wanted: () => boolean;
  /** Told when a round fails (it is logged; the loop goes on at its interval). */
  failed?: (error: unknown) => void;
  clock?: TimerClock;
}

export class PollLoop {
  private timer: unknown;
  private inRound?: AbortController;
  /** When the last round that ran to its end started. */
  private lastRound = -Infinity;
  private stopped = false;
  private readonly clock: TimerClock;
  /** Rounds started, for tests and the bench: counted, never timed. */
  rounds = 0;

  constructor(private readonly options: PollLoopOptions) {
    this.clock = options.clock ?? systemClock;
  }

  /** A round after `delayMs` if wanted; if not wanted, the round in flight is aborted and nothing waits. */
  schedule(delayMs = 0): void {
    if (this.stopped) return;
    this.clearTimer();
    if (!this.options.wanted()) {
      this.inRound?.abort();
      return;
    }
    if (this.inRound) return; // the round in flight schedules the next one
    this.timer = this.clock.setTimeout(
      () => {
        this.timer = undefined;
        void this.runRound();
      },
      Math.max(0, delayMs),
    );
  }

  /** A round when the next is due: at once if none ran to its end for an interval, so that a view
   *  shown again or a window focused again asks nothing more than the interval allows. */
  scheduleWhenDue(): void {
    this.schedule(Math.max(0, this.lastRound + this.options.intervalMs() - this.clock.now()));
  }

  /** Forgets when the last round ran (a switch of deployment): the next wake runs one at once. */
  forgetLastRound(): void {
    this.lastRound = -Infinity;
  }

  /** Whether a round is in flight. */
  get busy(): boolean {
    return this.inRound !== undefined;
  }

  /** Aborts the round in flight and waits for nothing; `schedule` starts again. */
  pause(): void {
    this.clearTimer();
    this.inRound?.abort();
    this.inRound = undefined;
  }

  /** For good: nothing runs after this. */
  stop(): void {
    this.stopped = true;
    this.pause();
  }

  private async runRound(): Promise<void> {
    const controller = new AbortController();
    this.inRound = controller;
    const started = this.clock.now();
    this.rounds++;
    try {
      await this.options.round(controller.signal);
      if (!controller.signal.aborted) this.lastRound = started;
    } catch (error) {
      if (!controller.signal.aborted) this.options.failed?.(error);
    } finally {
      if (this.inRound === controller) this.inRound = undefined;
      if (!controller.signal.aborted) this.schedule(this.options.intervalMs());
    }
  }

  private clearTimer(): void {
    if (this.timer !== undefined) this.clock.clearTimeout(this.timer);
    this.timer = undefined;
  }
}
