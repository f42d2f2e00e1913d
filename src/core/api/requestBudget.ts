// A budget for background requests (monitor statuses): a few in flight at once, and per minute a
// share of the limit the service announces, so that polling is never what makes a person's token
// hit its rate limit. The service's headers are read, never guessed when present: the limit sets
// the budget, and when what remains of it falls to the part left for the person's other work
// (their apps, the web app), requests wait for the reset. A 429 waits for its reset too.

export interface RateLimit {
  /** X-RateLimit-Limit: requests per window (a minute). */
  limit?: number;
  /** X-RateLimit-Remaining. */
  remaining?: number;
  /** X-RateLimit-Reset, in milliseconds since the epoch. */
  resetAt?: number;
}

export interface BudgetOptions {
  /** Most requests in flight at once. */
  maxInFlight: number;
  /** The share of the announced limit that may be used, e.g. 0.5. */
  share: number;
  /** Requests per window until the service announces its limit. */
  assumedLimit: number;
  /** The rate limit's window; a minute at the service (tests shorten it). */
  windowMs?: number;
  now?: () => number;
}

/** What a caller waiting for its turn is told when it is cancelled. */
export class BudgetCancelled extends Error {}

export class RequestBudget {
  private inFlight = 0;
  /** Start times of the requests of the current window, oldest first. */
  private readonly started: number[] = [];
  private perWindow: number;
  private pausedUntil = 0;
  private readonly waiting = new Set<() => void>();
  private readonly windowMs: number;
  private readonly now: () => number;
  /** Most requests in flight at one moment, and requests started: for the benchmark and tests. */
  peakInFlight = 0;
  total = 0;

  constructor(private readonly options: BudgetOptions) {
    this.windowMs = options.windowMs ?? 60_000;
    this.now = options.now ?? Date.now;
    this.perWindow = Math.max(1, Math.floor(options.assumedLimit * options.share));
  }

  /** Most requests in flight at once. */
  get concurrency(): number {
    return this.options.maxInFlight;
  }

  /** The requests this budget lets start per window now. */
  get allowance(): number {
    return this.perWindow;
  }

  /** Runs `task` when the budget allows; a cancel while waiting rejects with BudgetCancelled. */
  async run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    for (;;) {
      if (signal?.aborted) throw new BudgetCancelled();
      const wait = this.waitFor();
      if (wait === 0) break;
      await this.sleep(wait, signal);
    }
    this.inFlight++;
    this.total++;
    this.peakInFlight = Math.max(this.peakInFlight, this.inFlight);
    this.started.push(this.now());
    try {
      return await task();
    } finally {
      this.inFlight--;
      this.wake();
    }
  }

  /** What a response's headers said. */
  observe(rateLimit: RateLimit): void {
    const { limit, remaining, resetAt } = rateLimit;
    if (limit !== undefined && Number.isFinite(limit) && limit > 0)
      this.perWindow = Math.max(1, Math.floor(limit * this.options.share));
    if (limit !== undefined && remaining !== undefined && resetAt !== undefined) {
      // What is left is the person's own: stop until the window starts again.
      const reserve = limit - Math.floor(limit * this.options.share);
      if (remaining <= reserve) this.pauseUntil(resetAt);
    }
    this.wake();
  }

  /** No request starts before `time` (a 429's reset). */
  pauseUntil(time: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, time);
  }

  /** How long a request asked for now would wait for its turn (0: it would start at once; Infinity:
   *  until one in flight ends), for a caller that would rather say so than wait long. */
  nextStartIn(): number {
    return this.waitFor();
  }

  /** How long the next request must wait: 0 to go now, Infinity until one in flight ends. */
  private waitFor(): number {
    const now = this.now();
    if (this.pausedUntil > now) return this.pausedUntil - now;
    while (this.started.length && this.started[0] <= now - this.windowMs) this.started.shift();
    if (this.started.length >= this.perWindow) return this.started[0] + this.windowMs - now;
    return this.inFlight >= this.options.maxInFlight ? Infinity : 0;
  }

  private sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
    return new Promise((resolve, reject) => {
      const stop = () => {
        clearTimeout(timer);
        this.waiting.delete(done);
        signal?.removeEventListener('abort', cancel);
      };
      const done = () => {
        stop();
        resolve();
      };
      const cancel = () => {
        stop();
        reject(new BudgetCancelled());
      };
      const timer = ms === Infinity ? undefined : setTimeout(done, Math.max(1, ms));
      this.waiting.add(done);
      signal?.addEventListener('abort', cancel, { once: true });
    });
  }

  /** Every waiting caller looks again (a request ended, or the limit changed). */
  private wake(): void {
    for (const done of [...this.waiting]) done();
  }
}
