import * as vscode from 'vscode';
import type { Deployment } from '../core/accounts/deployments';
import { deploymentLabel, type Accounts } from './accounts';

const SESSION_PREFIX = 'deployment:';

/**
 * Each deployment with a token, as an account in VS Code's Accounts menu, where a person expects
 * to see and sign out of accounts. Another extension may ask for a session only with the person's
 * consent, which VS Code asks for. Nothing is read at start-up: sessions are worked out when
 * VS Code first asks, and kept current from then on.
 */
export class AxiomAuthenticationProvider implements vscode.AuthenticationProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.AuthenticationProviderAuthenticationSessionsChangeEvent>();
  readonly onDidChangeSessions = this.changed.event;
  private known?: Map<string, vscode.AuthenticationSession>;
  private readonly listener: vscode.Disposable;

  constructor(
    private readonly accounts: Accounts,
    /** Sign in with Axiom: the deployment it saved, if any. */
    private readonly signIn: () => Promise<Deployment | undefined>,
  ) {
    this.listener = accounts.onDidChange(() => void this.announceChanges().catch(() => undefined));
  }

  async getSessions(): Promise<vscode.AuthenticationSession[]> {
    this.known = await this.current();
    return [...this.known.values()];
  }

  /** "Sign in" from the Accounts menu: Sign in with Axiom, in the browser. */
  async createSession(): Promise<vscode.AuthenticationSession> {
    const added = await this.signIn();
    const session = added && (await this.current()).get(SESSION_PREFIX + added.name);
    if (!session) throw new Error(vscode.l10n.t('No Axiom deployment was added.'));
    return session;
  }

  async removeSession(sessionId: string): Promise<void> {
    if (sessionId.startsWith(SESSION_PREFIX)) await this.accounts.signOut(sessionId.slice(SESSION_PREFIX.length));
  }

  private async current(): Promise<Map<string, vscode.AuthenticationSession>> {
    const sessions = new Map<string, vscode.AuthenticationSession>();
    for (const deployment of this.accounts.all()) {
      const token = await this.accounts.token(deployment.name);
      if (!token) continue;
      const id = SESSION_PREFIX + deployment.name;
      const label = deploymentLabel(deployment) + (deployment.orgId ? ` (${deployment.orgId})` : '');
      sessions.set(id, { id, accessToken: token, account: { id, label }, scopes: [] });
    }
    return sessions;
  }

  private async announceChanges(): Promise<void> {
    if (!this.known) return;
    const before = this.known;
    const after = await this.current();
    this.known = after;
    const added = [...after.values()].filter((s) => !before.has(s.id));
    const removed = [...before.values()].filter((s) => !after.has(s.id));
    const changed = [...after.values()].filter((s) => {
      const old = before.get(s.id);
      return old !== undefined && (old.accessToken !== s.accessToken || old.account.label !== s.account.label);
    });
    if (added.length || removed.length || changed.length) this.changed.fire({ added, removed, changed });
  }

  dispose(): void {
    this.listener.dispose();
    this.changed.dispose();
  }
}
