// At most a few of the dashboard preview's queries at once: the others wait their turn, first come
// first served, and one stopped while it waits never starts. Plain TypeScript.

/** The preview's queries running at once, at most. */
export const PREVIEW_PARALLEL = 4;

export class PreviewQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  /** The most that ran at once (for tests and the bench). */
  peak = 0;

  constructor(private readonly limit = PREVIEW_PARALLEL) {}

  /** Runs `task` when a place is free; undefined, without running it, when `signal` stops before. */
  async run<T>(signal: AbortSignal, task: () => Promise<T>): Promise<T | undefined> {
    if (this.running >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running++;
    try {
      if (signal.aborted) return undefined;
      this.peak = Math.max(this.peak, this.running);
      return await task();
    } finally {
      // The place goes to the next in line as it is (running stays counted), or is freed.
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}
