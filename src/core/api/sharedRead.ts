// One read that several callers wait for (the edges' lists, say), each with its own cancellation:
// the read runs under a signal of its own, never a caller's, so that the first caller's cancel does
// not end what a later caller waits for. A caller that cancels stops waiting at once; the read itself
// is stopped only when every caller that waited for it has cancelled (nobody wants it any more).
import { cancelledError } from './errors';

export class SharedRead<T> {
  /** The read's outcome, whoever waits. */
  readonly result: Promise<T>;
  private readonly controller = new AbortController();
  private waiting = 0;
  private settled = false;

  constructor(read: (signal: AbortSignal) => Promise<T>) {
    this.result = read(this.controller.signal);
    const settle = () => {
      this.settled = true;
    };
    this.result.then(settle, settle);
  }

  /** Stopped because every caller cancelled: a new caller needs a new read. */
  get abandoned(): boolean {
    return this.controller.signal.aborted;
  }

  /** The read's outcome for one caller: rejected as cancelled as soon as its own `signal` aborts. */
  wait(signal?: AbortSignal): Promise<T> {
    if (!signal) {
      // A caller that cannot cancel keeps the read wanted until it ends.
      this.waiting++;
      return this.result.finally(() => this.waiting--);
    }
    if (signal.aborted) return Promise.reject(cancelledError());
    this.waiting++;
    let left = false;
    const leave = () => {
      if (left) return;
      left = true;
      this.waiting--;
      signal.removeEventListener('abort', onAbort);
    };
    let cancel: (error: Error) => void = () => undefined;
    const cancelled = new Promise<never>((_, reject) => (cancel = reject));
    const onAbort = () => {
      leave();
      if (this.waiting === 0 && !this.settled) this.controller.abort();
      cancel(cancelledError());
    };
    signal.addEventListener('abort', onAbort, { once: true });
    return Promise.race([this.result, cancelled]).finally(leave);
  }
}
