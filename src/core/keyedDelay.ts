// Work that waits a moment after the last ask, per key: a document checked once typing stops.

/** Runs each key's latest work `ms` after it was last scheduled; a new schedule of a key restarts its wait. */
export class KeyedDelay {
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();

  constructor(private readonly ms: number) {}

  schedule(key: string, work: () => void): void {
    this.cancel(key);
    this.timers.set(
      key,
      setTimeout(() => {
        this.timers.delete(key);
        work();
      }, this.ms),
    );
  }

  cancel(key: string): void {
    clearTimeout(this.timers.get(key));
    this.timers.delete(key);
  }

  /** Cancels every key's work. */
  clear(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }
}
