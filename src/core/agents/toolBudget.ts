// The tools' own requests: 2 at once and a quarter of the rate limit Axiom announces (the status
// checks have half; the rest is the person's). A call whose request would wait long for its turn
// says so instead of waiting (OverBudget).
import { RequestBudget, type RateLimit } from '../api/requestBudget';

/** A call whose requests would wait longer than this for the budget says so instead of waiting. */
const LONGEST_WAIT_MS = 10_000;

export class OverBudget extends Error {
  constructor(readonly waitMs: number) {
    super('over budget');
  }
}

export class ToolBudget {
  private readonly budget = new RequestBudget({ maxInFlight: 2, share: 0.25, assumedLimit: 60 });

  observe(limit: RateLimit): void {
    this.budget.observe(limit);
  }

  /** A request within the budget, or OverBudget when it would wait long for it. */
  gate<T>(request: () => Promise<T>, signal: AbortSignal): Promise<T> {
    const wait = this.budget.nextStartIn();
    if (wait > LONGEST_WAIT_MS && wait !== Infinity) return Promise.reject(new OverBudget(wait));
    return this.budget.run(request, signal);
  }
}
