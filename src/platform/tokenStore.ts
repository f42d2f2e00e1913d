import * as vscode from 'vscode';
import { rememberSecret } from '../core/api/secrets';
import type { Grant } from '../core/accounts/tokenRefresh';

const SETTINGS_TOKEN_KEY = 'axiom.token';
const GRANT_KEY = 'axiom.signIn';
/** Where windows once claimed the renewal of a deployment's grant (now a lock file: renewalLock.ts);
 *  a claim left there is deleted with the deployment's token. */
const RENEWAL_KEY = 'axiom.signInRenewal';
const ENV_IMPORTED_KEY = 'axiom.tokenImportedFromEnvironment';

/** The secret's key for a deployment's token: the settings deployment (no name) keeps the key it
 *  always had, so a token set before deployments existed is still found. */
function keyFor(deployment: string): string {
  return deployment ? `${SETTINGS_TOKEN_KEY}:${deployment}` : SETTINGS_TOKEN_KEY;
}

/** Tokens live in SecretStorage only (the OS keychain on desktop), one per deployment. Their
 *  values are never logged, and every value read or written is masked wherever text is shown. */
export class TokenStore implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  /** Fires when any deployment's token changes, in this window or any other. */
  readonly onDidChange = this.changed.event;
  private readonly listener: vscode.Disposable;
  /** Tokens this window renewed (by key): their change is no change of account, so that views
   *  and runs in flight go on with the renewed token rather than start over. */
  private readonly renewed = new Map<string, string>();
  /** The tokens read (by key), kept until the secret storage says one changed, here or in another
   *  window, or this store writes it: every request asks for its deployment's token, and each
   *  read of the secret storage is a round trip out of the extension host (2–7 ms measured). */
  private readonly reads = new Map<string, Promise<string | undefined>>();

  constructor(private readonly secrets: vscode.SecretStorage) {
    this.listener = secrets.onDidChange(async (e) => {
      if (e.key !== SETTINGS_TOKEN_KEY && !e.key.startsWith(`${SETTINGS_TOKEN_KEY}:`)) return;
      this.reads.delete(e.key);
      const renewal = this.renewed.get(e.key);
      if (renewal !== undefined) {
        this.renewed.delete(e.key);
        if ((await this.secrets.get(e.key)) === renewal) return;
      }
      this.changed.fire();
    });
  }

  /** The token of a deployment (by default the settings deployment). */
  async get(deployment = ''): Promise<string | undefined> {
    const token = await this.read(keyFor(deployment));
    if (!token) return undefined;
    rememberSecret(token);
    return token;
  }

  /** A token as the secret storage has it, read once until it changes (a failed read is not kept). */
  private read(key: string): Promise<string | undefined> {
    const known = this.reads.get(key);
    if (known) return known;
    const reading = Promise.resolve(this.secrets.get(key));
    this.reads.set(key, reading);
    reading.catch(() => this.forgetRead(key, reading));
    return reading;
  }

  private forgetRead(key: string, reading?: Promise<string | undefined>): void {
    if (!reading || this.reads.get(key) === reading) this.reads.delete(key);
  }

  async set(token: string, deployment = ''): Promise<void> {
    rememberSecret(token);
    try {
      await this.secrets.store(keyFor(deployment), token);
    } finally {
      // After the write: a read made while it was under way may have seen the value before it.
      this.forgetRead(keyFor(deployment));
    }
  }

  /** Deletes the deployment's token, and its sign-in if it had one. */
  async delete(deployment = ''): Promise<void> {
    try {
      await this.secrets.delete(keyFor(deployment));
    } finally {
      this.forgetRead(keyFor(deployment));
    }
    await this.secrets.delete(`${GRANT_KEY}:${deployment}`);
    await this.secrets.delete(`${RENEWAL_KEY}:${deployment}`);
  }

  /** A signed-in deployment's grant (tokens, expiry, where to refresh), kept in secret storage
   *  beside its token. It counts only while its access token is the deployment's token: a token
   *  pasted later replaces the sign-in. */
  async getGrant(deployment: string): Promise<Grant | undefined> {
    const text = await this.secrets.get(`${GRANT_KEY}:${deployment}`);
    if (!text) return undefined;
    try {
      const grant = JSON.parse(text) as Grant;
      if (
        typeof grant.accessToken !== 'string' ||
        typeof grant.clientId !== 'string' ||
        typeof grant.tokenEndpoint !== 'string'
      )
        return undefined;
      rememberSecret(grant.accessToken);
      if (grant.refreshToken) rememberSecret(grant.refreshToken);
      return grant;
    } catch {
      return undefined;
    }
  }

  /** Stores a sign-in: the grant first, then its access token as the deployment's token. A
   *  renewal of the same sign-in is not announced as a change in this window. */
  async setGrant(deployment: string, grant: Grant, how: { renewal?: boolean } = {}): Promise<void> {
    rememberSecret(grant.accessToken);
    if (grant.refreshToken) rememberSecret(grant.refreshToken);
    await this.secrets.store(`${GRANT_KEY}:${deployment}`, JSON.stringify(grant));
    if (how.renewal) this.renewed.set(keyFor(deployment), grant.accessToken);
    await this.set(grant.accessToken, deployment);
  }

  /** Moves a sign-in with its deployment's new name. */
  async moveGrant(from: string, to: string): Promise<void> {
    const grant = await this.secrets.get(`${GRANT_KEY}:${from}`);
    if (!grant) return;
    await this.secrets.store(`${GRANT_KEY}:${to}`, grant);
    await this.secrets.delete(`${GRANT_KEY}:${from}`);
  }

  /**
   * Official Axiom clients read AXIOM_TOKEN. When the deployment the window uses has no token yet,
   * take it from the extension host's environment once; after Sign Out it is not taken again.
   */
  async importFromEnvironment(
    state: vscode.Memento,
    deployment: { name: string; url: string },
    environment: NodeJS.ProcessEnv = process.env,
  ): Promise<boolean> {
    const token = environment.AXIOM_TOKEN?.trim();
    if (!token || state.get<boolean>(ENV_IMPORTED_KEY) || (await this.get(deployment.name))) return false;
    // A token meant for the service AXIOM_URL names does not go to another one.
    const url = environment.AXIOM_URL?.trim().replace(/\/+$/, '');
    if (url && url !== (deployment.url || 'https://api.axiom.co').replace(/\/+$/, '')) return false;
    await state.update(ENV_IMPORTED_KEY, true);
    await this.set(token, deployment.name);
    return true;
  }

  dispose(): void {
    this.listener.dispose();
    this.changed.dispose();
  }
}
