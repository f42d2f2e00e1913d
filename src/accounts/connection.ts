import * as vscode from 'vscode';
import type { Dispatcher } from 'undici';
import type { AxiomClient } from '../core/api/client';
import type { TokenSource } from '../core/accounts/tokenRefresh';
import type { RateLimit } from '../core/api/requestBudget';
import { resolveEndpoint } from '../core/api/baseUrl';
import { chooseProxy, describeProxy } from '../core/api/proxy';
import type { ClientAccess } from '../platform/clientAccess';
import type { AdviceHandlers } from '../platform/showAdvice';
import type { Log } from '../platform/log';
import type { SettingsStore } from '../platform/settings';
import { load, type Bundle } from '../platform/lazy';
import type { Accounts, ActiveDeployment } from './accounts';

/**
 * Hands out an API client for the window's deployment: its url, org id and token. The HTTP client module (undici, zod)
 * is loaded on first use, not at activation; clients are rebuilt only when a setting or the token
 * changes, and all of them share one keep-alive dispatcher, rebuilt only when the proxy changes.
 */
export class Connection implements ClientAccess, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  private readonly rateLimits = new vscode.EventEmitter<RateLimit>();
  /** Hears the rate-limit headers of every answer, for whoever paces background requests. */
  readonly onRateLimit = this.rateLimits.event;
  /** Fires when a token, a deployment or an `axiom.*` or proxy setting changes. */
  readonly onDidChange = this.changed.event;
  private readonly subscriptions: vscode.Disposable[];
  private cached?: { key: string; client: AxiomClient };
  private dispatcher?: { key: string; dispatcher: Dispatcher };

  constructor(
    private readonly settings: SettingsStore,
    private readonly accounts: Accounts,
    private readonly log: Log,
    private readonly userAgent: string,
    /** What a failure's actions do (Set API Token, Sign In, Show Log). */
    readonly handlers: AdviceHandlers,
    /** The renewing token of a deployment signed in with the browser (see signedIn.ts). */
    private readonly signedIn?: { source(name: string, token: string): Promise<TokenSource | undefined> },
  ) {
    const invalidate = () => {
      this.cached = undefined;
      this.changed.fire();
    };
    this.subscriptions = [accounts.onDidChange(invalidate)];
  }

  /** The deployment this window uses (a `config` AxiomError when a workspace pins one not set up here). */
  deployment(): Promise<ActiveDeployment> {
    return this.accounts.active();
  }

  /** The client, or undefined when the deployment has no token. Throws an AxiomError of kind `config` for unusable settings. */
  async client(): Promise<AxiomClient | undefined> {
    return (await this.session()).client;
  }

  /** The deployment this window uses and its client (undefined when it has no token), taken
   *  together: for a caller that must know which deployment the client speaks to. */
  async session(): Promise<{ deployment: ActiveDeployment; client: AxiomClient | undefined }> {
    const deployment = await this.accounts.active();
    return { deployment, client: await this.clientOf(deployment) };
  }

  private async clientOf({ name, url, orgId }: ActiveDeployment): Promise<AxiomClient | undefined> {
    const token = await this.accounts.token(name);
    if (!token) return undefined;
    const { timeoutMs } = this.settings.read();
    const network = this.network(url);
    const key = JSON.stringify([url, orgId, timeoutMs, token, network]);
    if (this.cached?.key === key) return this.cached.client;
    const api = load('client');
    const tokenSource = await this.signedIn?.source(name, token);
    const client = new api.AxiomClient({ url, token, orgId: orgId || undefined, timeoutMs, userAgent: this.userAgent, dispatcher: this.dispatcherFor(api, network), logger: this.log, onRateLimit: (limit) => this.rateLimits.fire(limit), tokenSource });
    this.cached = { key, client };
    return client;
  }

  /** The proxy for the configured URL (by http.proxy, http.noProxy, the environment) and whether certificates are checked. */
  network(url: string): { proxy?: string; strictSSL: boolean } {
    const settings = this.settings.readNetwork();
    const endpoint = resolveEndpoint(url);
    const proxy = settings.proxyOff || !endpoint.ok ? undefined : chooseProxy(new URL(endpoint.endpoint.base), settings);
    return { proxy, strictSSL: settings.strictSSL };
  }

  private dispatcherFor(api: Bundle<'client'>, network: { proxy?: string; strictSSL: boolean }): Dispatcher {
    const key = JSON.stringify(network);
    if (this.dispatcher?.key === key) return this.dispatcher.dispatcher;
    void this.dispatcher?.dispatcher.close();
    const dispatcher = api.createDispatcher(network);
    this.log.info(`connecting ${network.proxy ? `through the proxy ${describeProxy(network.proxy)}` : 'directly'}${network.strictSSL ? '' : ', without checking certificates (http.proxyStrictSSL is off)'}`);
    this.dispatcher = { key, dispatcher };
    return dispatcher;
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
    this.changed.dispose();
    this.rateLimits.dispose();
    void this.dispatcher?.dispatcher.close();
  }
}
