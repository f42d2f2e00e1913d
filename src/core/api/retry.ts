// When a failed GET is tried again, and after how long. POST is never retried: a repeated
// create could make a second record, so that choice is left to the person (Retry).
import { cancelledError, type AxiomError } from './errors';

export interface RetryPolicy {
  /** Tries in all, the first included. */
  maxTries: number;
  /** No wait may end later than this after the first try started. */
  budgetMs: number;
  /** The first backoff; each further one doubles. */
  baseDelayMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxTries: 3, budgetMs: 10_000, baseDelayMs: 500 };

const RETRYABLE_STATUSES = new Set([502, 503, 504]);

/** Failures that a moment's wait may cure: the network, a gateway, an overloaded service. */
export function isTransient(error: AxiomError): boolean {
  return error.kind === 'network' || (error.status !== undefined && RETRYABLE_STATUSES.has(error.status));
}

/**
 * How long to wait before try number `tries + 1`, or undefined to give up and report `error`.
 * Backoff doubles per try with jitter (half to all of the step) so that many windows do not
 * retry in step; a 429 waits until the time the service named, when that fits in the budget.
 */
export function retryDelay(
  error: AxiomError,
  tries: number,
  elapsedMs: number,
  policy: RetryPolicy,
  now = Date.now(),
  random = Math.random,
): number | undefined {
  if (tries >= policy.maxTries) return undefined;
  let delay: number;
  if (error.kind === 'rateLimited') {
    if (!error.retryAt) return undefined;
    delay = Math.max(0, error.retryAt.getTime() - now);
  } else if (isTransient(error)) {
    const step = policy.baseDelayMs * 2 ** (tries - 1);
    delay = Math.round(step / 2 + (random() * step) / 2);
  } else {
    return undefined;
  }
  return elapsedMs + delay <= policy.budgetMs ? delay : undefined;
}

/** Waits, or rejects with a `cancelled` error the moment the signal fires. */
export function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(cancelledError());
    const onAbort = () => {
      clearTimeout(timer);
      reject(cancelledError());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
