import type * as vscode from 'vscode';
import type { ClientAccess } from '../platform/clientAccess';
import type { DatasetField } from '../core/api/client';
import { isAxiomError } from '../core/api/errors';
import { phrase } from '../core/phrase';
import type { Log } from '../platform/log';

type Entry<T> = { state: 'loading'; promise: Promise<T | undefined> } | { state: 'ready'; value: T } | { state: 'failed' };

/**
 * Dataset names and fields for completion, fetched once per deployment and dataset and kept until
 * the connection changes (another deployment, token or setting), which also aborts requests still
 * out. Completion never waits on the network for more than a moment: what is not here yet arrives
 * for the next keystroke. Without a token nothing is requested and completion offers the
 * reference's names only. A failure is logged once and not retried until the connection changes.
 */
export class AplSchema implements vscode.Disposable {
  private entries = new Map<string, Entry<unknown>>();
  private controller = new AbortController();
  private readonly subscription: vscode.Disposable;

  constructor(
    private readonly connection: ClientAccess,
    private readonly log: Log,
  ) {
    this.subscription = connection.onDidChange(() => this.clear());
  }

  /** The token's dataset names, if at hand within `waitMs`. */
  datasets(waitMs: number, cancel?: vscode.CancellationToken): Promise<string[] | undefined> {
    return this.get('datasets', waitMs, cancel, (client, signal) => client.listDatasets(signal), phrase('the dataset list'));
  }

  /** The visible fields of a dataset, if at hand within `waitMs`. */
  fields(dataset: string, waitMs: number, cancel?: vscode.CancellationToken): Promise<DatasetField[] | undefined> {
    return this.get(`fields\n${dataset}`, waitMs, cancel, async (client, signal) => (await client.listFields(dataset, signal)).filter((f) => !f.hidden), phrase('the fields of {0}', dataset));
  }

  /** Whether a value is still on its way (completion then says its list is incomplete). */
  loading(): boolean {
    return [...this.entries.values()].some((e) => e.state === 'loading');
  }

  private async get<T>(what: string, waitMs: number, cancel: vscode.CancellationToken | undefined, fetch: (client: NonNullable<Awaited<ReturnType<ClientAccess['client']>>>, signal: AbortSignal) => Promise<T>, label: ReturnType<typeof phrase>): Promise<T | undefined> {
    // Taken before any wait: a switch of deployment meanwhile aborts it, so that nothing the next
    // deployment answers is filed under this one's key.
    const signal = this.controller.signal;
    let deployment: string;
    try {
      const active = await this.connection.deployment();
      deployment = JSON.stringify([active.name, active.url, active.orgId ?? '']);
    } catch {
      return undefined; // a deployment that is not set up here: nothing to ask
    }
    const key = `${deployment}\n${what}`;
    let entry = this.entries.get(key) as Entry<T> | undefined;
    if (!entry) {
      if (signal.aborted) return undefined;
      const promise = this.load(key, fetch, signal, label);
      entry = { state: 'loading', promise };
      this.entries.set(key, entry);
    }
    if (entry.state === 'ready') return entry.value;
    if (entry.state === 'failed') return undefined;
    return race(entry.promise, waitMs, cancel);
  }

  private async load<T>(key: string, fetch: (client: NonNullable<Awaited<ReturnType<ClientAccess['client']>>>, signal: AbortSignal) => Promise<T>, signal: AbortSignal, label: ReturnType<typeof phrase>): Promise<T | undefined> {
    const entries = this.entries;
    try {
      const client = await this.connection.client();
      if (!client) {
        entries.set(key, { state: 'failed' });
        return undefined;
      }
      const value = await fetch(client, signal);
      if (entries === this.entries) entries.set(key, { state: 'ready', value });
      return value;
    } catch (e) {
      if (entries === this.entries) entries.set(key, { state: 'failed' });
      if (!signal.aborted) this.log.warn(phrase('Completion could not load {0}: {1}', label, isAxiomError(e) ? e.phrase : String(e)));
      return undefined;
    }
  }

  private clear(): void {
    this.controller.abort();
    this.controller = new AbortController();
    this.entries = new Map();
  }

  dispose(): void {
    this.controller.abort();
    this.subscription.dispose();
  }
}

/** The value if it comes within `waitMs` and the request is not cancelled; undefined otherwise (the load goes on). */
function race<T>(promise: Promise<T | undefined>, waitMs: number, cancel: vscode.CancellationToken | undefined): Promise<T | undefined> {
  if (cancel?.isCancellationRequested) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    const timer = setTimeout(() => done(undefined), waitMs);
    const listener = cancel?.onCancellationRequested(() => done(undefined));
    function done(value: T | undefined) {
      clearTimeout(timer);
      listener?.dispose();
      resolve(value);
    }
    void promise.then(done, () => done(undefined));
  });
}
