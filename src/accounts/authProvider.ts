import * as vscode from 'vscode';
import type { Deployment } from '../core/accounts/deployments';
import { deploymentLabel, type Accounts } from './accounts';
import { localize } from '../platform/l10n';

const SESSION_PREFIX = 'deployment:';
/** The names of the deployments that had a token when the sessions were last worked out (names
 *  only, never a token), so that VS Code's list of accounts at start-up reads no secret. */
const HELD_KEY = 'axiom.accounts.withToken';

/**
 * Each deployment with a token, as an account in VS Code's Accounts menu, where a person expects
 * to see and sign out of accounts. Another extension may ask for a session only with the person's
 * consent, which VS Code asks for.
 *
 * VS Code lists the accounts at start-up by asking for sessions without scopes, and reads only
 * their accounts; a request for a session (another extension's) always names scopes. So the list
 * is answered from the names kept in `memory` and the settings, reading no token from the
 * keychain, and a token is read only for a request that gets one, or when tokens or deployments
 * change (to tell VS Code what changed).
 */
export class AxiomAuthenticationProvider implements vscode.Disposable {
  private known?: Map<string, vscode.AuthenticationSession>;
  private readonly listener: vscode.Disposable;

  constructor(
    private readonly accounts: Accounts,
    private readonly memory: vscode.Memento,
    private readonly changed: (event: vscode.AuthenticationProviderAuthenticationSessionsChangeEvent) => void,
    /** "Sign in" from the Accounts menu: Sign in with Axiom, in the browser. */
    private readonly signIn: () => Promise<Deployment | undefined>,
  ) {
    this.listener = accounts.onDidChange(() => void this.announceChanges().catch(() => undefined));
  }

  async getSessions(scopes: readonly string[] | undefined): Promise<vscode.AuthenticationSession[]> {
    const held = this.memory.get<unknown>(HELD_KEY);
    if (scopes === undefined && !this.known && Array.isArray(held)) {
      // The accounts, without their tokens: VS Code's list reads nothing else.
      return this.accounts
        .all()
        .filter((deployment) => held.includes(deployment.name))
        .map((deployment) => session(deployment, ''));
    }
    this.known = await this.current();
    return [...this.known.values()];
  }

  async createSession(): Promise<vscode.AuthenticationSession> {
    const added = await this.signIn();
    const session = added && (await this.current()).get(SESSION_PREFIX + added.name);
    if (!session) throw new Error(localize('No Axiom deployment was added.'));
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
      const made = session(deployment, token);
      sessions.set(made.id, made);
    }
    const names = this.accounts
      .all()
      .filter((d) => sessions.has(SESSION_PREFIX + d.name))
      .map((d) => d.name);
    if (JSON.stringify(names) !== JSON.stringify(this.memory.get<unknown>(HELD_KEY)))
      await this.memory.update(HELD_KEY, names);
    return sessions;
  }

  private async announceChanges(): Promise<void> {
    // Before VS Code asked, there is nothing to tell it; when it was answered from the names kept,
    // those are what it knows.
    const listedBefore = this.known ? undefined : this.memory.get<unknown>(HELD_KEY);
    if (!this.known && !Array.isArray(listedBefore)) return;
    const before = this.known ?? new Map<string, vscode.AuthenticationSession>();
    const after = await this.current();
    if (!this.known && Array.isArray(listedBefore)) {
      for (const deployment of this.accounts.all())
        if (listedBefore.includes(deployment.name))
          before.set(
            SESSION_PREFIX + deployment.name,
            session(deployment, after.get(SESSION_PREFIX + deployment.name)?.accessToken ?? ''),
          );
    }
    this.known = after;
    const added = [...after.values()].filter((s) => !before.has(s.id));
    const removed = [...before.values()].filter((s) => !after.has(s.id));
    const changed = [...after.values()].filter((s) => {
      const old = before.get(s.id);
      return old !== undefined && (old.accessToken !== s.accessToken || old.account.label !== s.account.label);
    });
    if (added.length || removed.length || changed.length) this.changed({ added, removed, changed });
  }

  dispose(): void {
    this.listener.dispose();
  }
}

function session(deployment: Deployment, accessToken: string): vscode.AuthenticationSession {
  const id = SESSION_PREFIX + deployment.name;
  const label = deploymentLabel(deployment) + (deployment.orgId ? ` (${deployment.orgId})` : '');
  return { id, accessToken, account: { id, label }, scopes: [] };
}
