import type * as vscode from 'vscode';
import type { ClientAccess } from '../platform/clientAccess';
import type { AxiomClient } from '../core/api/client';
import { cancelledError, isAxiomError } from '../core/api/errors';
import {
  listDatasetFields,
  listDatasets,
  type Dataset,
  type DatasetFields,
  type FieldInfo,
} from '../core/datasets/datasets';
import { phrase, type Phrase } from '../core/phrase';
import type { Log } from '../platform/log';

type Entry<T> =
  { state: 'loading'; promise: Promise<T> } | { state: 'ready'; value: T } | { state: 'failed'; error: unknown };

/**
 * The datasets and their fields, fetched once per deployment and dataset and kept until the
 * connection changes (another deployment, token or setting), which also aborts requests still
 * out, or until the Datasets view is refreshed. One cache for the Datasets view and completion:
 * what one has loaded, the other has.
 *
 * Completion never waits on the network for more than a moment: what is not here yet arrives for
 * the next keystroke; without a token nothing is requested and completion offers the reference's
 * names only; a failure is logged once and not retried until the connection changes or the view
 * is refreshed. The view waits for what it asks and hears the failure.
 */
export class AplSchema implements vscode.Disposable {
  private entries = new Map<string, Entry<unknown>>();
  private controller = new AbortController();
  private readonly subscription: vscode.Disposable;

  constructor(
    private readonly connection: ClientAccess,
    private readonly log: Log,
  ) {
    this.subscription = connection.onDidChange(() => this.forget());
  }

  /** The token's dataset names, if at hand within `waitMs`. */
  async datasets(waitMs: number, cancel?: vscode.CancellationToken): Promise<string[] | undefined> {
    return (await this.soon(this.datasetList(), waitMs, cancel))?.map((d) => d.name);
  }

  /** The visible fields of a dataset (virtual ones among them), if at hand within `waitMs`. */
  async fields(dataset: string, waitMs: number, cancel?: vscode.CancellationToken): Promise<FieldInfo[] | undefined> {
    return (await this.soon(this.datasetFields(dataset), waitMs, cancel))?.fields;
  }

  /** The token's datasets, by name; rejects with the failure. */
  datasetList(signal?: AbortSignal): Promise<Dataset[]> {
    return this.get('datasets', (client, s) => listDatasets(client, s), phrase('the dataset list'), signal);
  }

  /** A dataset's fields; rejects with the failure. */
  datasetFields(dataset: string, signal?: AbortSignal): Promise<DatasetFields> {
    return this.get(
      `fields\n${dataset}`,
      (client, s) => listDatasetFields(client, dataset, s),
      phrase('the fields of {0}', dataset),
      signal,
    );
  }

  /** A dataset's fields if they are loaded, with no request. */
  fieldsInHand(dataset: string): DatasetFields | undefined {
    for (const [key, entry] of this.entries)
      if (entry.state === 'ready' && key.endsWith(`\nfields\n${dataset}`)) return entry.value as DatasetFields;
    return undefined;
  }

  /** Whether a value is still on its way (completion then says its list is incomplete). */
  loading(): boolean {
    return [...this.entries.values()].some((e) => e.state === 'loading');
  }

  /** Forgets everything, aborting what is on its way: the next asks load afresh. */
  forget(): void {
    this.controller.abort();
    this.controller = new AbortController();
    this.entries = new Map();
  }

  /** Forgets one dataset's fields (whatever their state), so that the next ask loads them afresh. */
  forgetFields(dataset: string): void {
    for (const key of [...this.entries.keys()]) if (key.endsWith(`\nfields\n${dataset}`)) this.entries.delete(key);
  }

  private soon<T>(
    promise: Promise<T>,
    waitMs: number,
    cancel: vscode.CancellationToken | undefined,
  ): Promise<T | undefined> {
    return race(
      promise.catch(() => undefined),
      waitMs,
      cancel,
    );
  }

  private async get<T>(
    what: string,
    fetch: (client: AxiomClient, signal: AbortSignal) => Promise<T>,
    label: Phrase,
    caller?: AbortSignal,
  ): Promise<T> {
    // Taken before any wait: a switch of deployment meanwhile aborts it, so that nothing the next
    // deployment answers is filed under this one's key.
    const signal = this.controller.signal;
    // The deployment for the key; its client only when there is something to load (a cached
    // answer needs none, and a client that cannot be made is a load's failure, logged and filed).
    const active = await this.connection.deployment();
    const key = `${JSON.stringify([active.name, active.url, active.orgId ?? ''])}\n${what}`;
    let entry = this.entries.get(key) as Entry<T> | undefined;
    if (!entry) {
      if (signal.aborted) throw cancelledError();
      entry = { state: 'loading', promise: this.load(key, fetch, signal, label) };
      this.entries.set(key, entry);
    }
    if (entry.state === 'ready') return entry.value;
    if (entry.state === 'failed') throw entry.error;
    return caller ? abortable(entry.promise, caller) : entry.promise;
  }

  private async load<T>(
    key: string,
    fetch: (client: AxiomClient, signal: AbortSignal) => Promise<T>,
    signal: AbortSignal,
    label: Phrase,
  ): Promise<T> {
    const entries = this.entries;
    try {
      const client = await this.connection.client();
      if (!client) throw new NoToken();
      const value = await fetch(client, signal);
      if (entries === this.entries) entries.set(key, { state: 'ready', value });
      return value;
    } catch (error) {
      if (entries === this.entries) entries.set(key, { state: 'failed', error });
      if (!signal.aborted && !(error instanceof NoToken))
        this.log.warn(phrase('Could not load {0}: {1}', label, isAxiomError(error) ? error.phrase : String(error)));
      throw error;
    }
  }

  dispose(): void {
    this.controller.abort();
    this.subscription.dispose();
  }
}

/** Asked with no token: nothing was requested. */
class NoToken extends Error {}

/** The promise, or a cancellation when the caller's signal fires first (the load goes on for others). */
function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(cancelledError());
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(cancelledError());
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** The value if it comes within `waitMs` and the request is not cancelled; undefined otherwise (the load goes on). */
export function race<T>(
  promise: Promise<T | undefined>,
  waitMs: number,
  cancel: vscode.CancellationToken | undefined,
): Promise<T | undefined> {
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
