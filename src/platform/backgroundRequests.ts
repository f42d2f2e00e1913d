// The window's one budget for requests that the person did not make one by one: monitor status
// checks, the live tail, log activity lenses, production errors. They share it, so that together
// they never take more than half of the rate limit the service announces (the rest is the person's
// other work), never more than a few at once, and all wait out a 429 together. A switch of
// deployment or token starts a fresh budget (the new token has its own limit) and tells the
// polling features, which drop what they knew.
import * as vscode from 'vscode';
import { RequestBudget, type RateLimit } from '../core/api/requestBudget';
import type { ClientAccess } from './clientAccess';

function freshBudget(): RequestBudget {
  return new RequestBudget({ maxInFlight: 4, share: 0.5, assumedLimit: 60 });
}

export class BackgroundRequests implements vscode.Disposable {
  private current = freshBudget();
  private readonly reset = new vscode.EventEmitter<void>();
  /** Fired after a switch of deployment or token: what a polling feature knew is of the old one. */
  readonly onDidReset = this.reset.event;
  private readonly subscriptions: vscode.Disposable[];

  constructor(connection: Pick<ClientAccess, 'onRateLimit' | 'onDidChange'>) {
    this.subscriptions = [
      connection.onRateLimit((limit: RateLimit) => this.current.observe(limit)),
      connection.onDidChange(() => {
        this.current = freshBudget();
        this.reset.fire();
      }),
      this.reset,
    ];
  }

  /** The budget requests go through now (replaced at a switch). */
  get budget(): RequestBudget {
    return this.current;
  }

  /** Runs one request when the budget allows; cancelled through `signal` while it waits. */
  run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    return this.current.run(task, signal);
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
  }
}
