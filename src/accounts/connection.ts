import * as vscode from 'vscode';
import type { AxiomClient } from '../core/api/client';
import type { TokenSource } from '../core/api/tokenSource';
import type { RateLimit } from '../core/api/requestBudget';
import type { Transport } from '../core/api/transport';
import type { ClientAccess } from '../platform/clientAccess';
import type { AdviceHandlers } from '../platform/showAdvice';
import type { Log } from '../platform/log';
import type { SettingsStore } from '../platform/settings';
import { load } from '../platform/lazy';
import { describeTransport, vscodeTransport } from '../platform/network';
import { deploymentLabel, type Accounts, type ActiveDeployment } from './accounts';
import { deploymentEdge, SETTINGS_DEPLOYMENT } from '../core/accounts/deployments';
import { phrase } from '../core/phrase';
import { localize, say } from '../platform/l10n';
import { stepDone } from '../platform/walkthroughSteps';

/**
 * Hands out an API client for the window's deployment: its url, org id and token. The HTTP client module (zod)
 * is loaded on first use, not at activation; clients are rebuilt only when a setting or the token
 * changes, and all of them share one transport (VS Code's network, see platform/network.ts).
 */
export class Connection implements ClientAccess, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  private readonly rateLimits = new vscode.EventEmitter<RateLimit>();
  /** Hears the rate-limit headers of every answer, for whoever paces background requests. */
  readonly onRateLimit = this.rateLimits.event;
  /** Fires when a token, a deployment or an `axiom.*` or proxy setting changes. */
  readonly onDidChange = this.changed.event;
  private readonly subscriptions: vscode.Disposable[];
  private cached?: { key: string; client: AxiomClient; transport: Transport };
  private kept?: { key: string; transport: Transport };
  /** The unusable edge last told of (deployment and edge), so that it is told once. */
  private edgeProblemSaid?: string;

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

  private async clientOf(deployment: ActiveDeployment): Promise<AxiomClient | undefined> {
    const { name, url, orgId } = deployment;
    const token = await this.accounts.token(name);
    if (!token) return undefined;
    const { timeoutMs } = this.settings.read();
    const transport = this.transport();
    const edgeUrl = this.edgeOf(deployment);
    const key = JSON.stringify([url, orgId, timeoutMs, token, edgeUrl]);
    if (this.cached?.key === key && this.cached.transport === transport) return this.cached.client;
    // Ticked when a client is made, not at every request's client() (a message to the window each:
    // a quarter of a millisecond of every open of a record).
    stepDone('connected');
    const api = load('client');
    const tokenSource = await this.signedIn?.source(name, token);
    const client = new api.AxiomClient({
      url,
      token,
      orgId: orgId || undefined,
      timeoutMs,
      userAgent: this.userAgent,
      transport,
      logger: this.log,
      onRateLimit: (limit) => this.rateLimits.fire(limit),
      tokenSource,
      edgeUrl,
    });
    this.cached = { key, client, transport };
    return client;
  }

  /** The deployment's edge as its client takes it: an edge that cannot be used is not, and the
   *  person is told once (with the way to its setting) rather than at every request. */
  private edgeOf(deployment: ActiveDeployment): string | undefined {
    const edge = deploymentEdge(deployment);
    if (edge.ok) return edge.value;
    const said = JSON.stringify([deployment.name, deployment.edge]);
    if (this.edgeProblemSaid !== said) {
      this.edgeProblemSaid = said;
      const setting = deployment.name === SETTINGS_DEPLOYMENT ? 'axiom.edge' : 'axiom.deployments';
      const message = phrase(
        'The edge set for the Axiom deployment “{0}” is not used: {1} Queries go to its own address until it is fixed ({2}).',
        deploymentLabel(deployment),
        edge.problem,
        setting,
      );
      this.log.warn(message);
      const open = localize('Open Settings');
      void vscode.window.showWarningMessage(say(message), open).then((chosen) => {
        if (chosen === open) void vscode.commands.executeCommand('workbench.action.openSettings', setting);
      });
    }
    return undefined;
  }

  /** How requests go (shared by every client and the sign-in server's requests): made again only
   *  when http.proxyStrictSSL changes; VS Code reads its proxy settings for each request. */
  transport(): Transport {
    const network = this.settings.readNetwork();
    const key = String(network.strictSSL);
    if (this.kept?.key === key) return this.kept.transport;
    void this.kept?.transport.close();
    this.kept = { key, transport: vscodeTransport(load('client'), network) };
    this.log.info(describeTransport(network));
    return this.kept.transport;
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
    this.changed.dispose();
    this.rateLimits.dispose();
    void this.kept?.transport.close();
  }
}
