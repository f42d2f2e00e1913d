import * as vscode from 'vscode';
import { fileRenewalTurns } from '../core/accounts/renewalLock';
import type { TokenSource } from '../core/api/tokenSource';
import type { Transport } from '../core/api/transport';
import { isAxiomError } from '../core/api/errors';
import { phrase } from '../core/phrase';
import { load } from '../platform/lazy';
import type { Log } from '../platform/log';
import type { TokenStore } from '../platform/tokenStore';

/** How long sign-out waits for the server to revoke a token before it forgets it anyway. */
const REVOKE_TIMEOUT_MS = 5_000;

/**
 * The tokens of deployments signed in with the browser: a source for the API client that renews
 * them (before they expire, and once when the service refuses one as expired) and stores each new
 * pair in secret storage, and revocation at sign-out. A deployment whose token was pasted has none.
 */
export class SignedInTokens implements vscode.Disposable {
  constructor(
    private readonly tokens: TokenStore,
    private readonly log: Log,
    private readonly userAgent: string,
    /** How requests go: the connection's transport. */
    private readonly transport: () => Transport,
    /** The extension's global storage folder: where the windows of this machine take turns renewing. */
    private readonly folder: string,
  ) {}

  /** The source of a deployment's token when it was signed in with the browser and `token` is that sign-in's. */
  async source(name: string, token: string): Promise<TokenSource | undefined> {
    const grant = await this.tokens.getGrant(name);
    if (!grant || grant.accessToken !== token || !grant.refreshToken) return undefined;
    const api = load('client');
    return new api.RefreshingToken(
      {
        load: async () => {
          const current = await this.tokens.getGrant(name);
          return current && current.issuer === grant.issuer ? current : undefined;
        },
        save: async (renewed) => {
          await this.tokens.setGrant(name, renewed, { renewal: true });
          this.log.info(
            `sign-in of “${name}” renewed${renewed.expiresAt ? `, valid until ${new Date(renewed.expiresAt).toISOString()}` : ''}`,
          );
        },
        // Windows renew it once, under a lock file: the others take the renewed grant from the secret storage.
        turns: fileRenewalTurns(this.folder, name, {
          onTakeOver: () =>
            this.log.info(`the renewal of “${name}”'s sign-in by a window that went away was taken over`),
        }),
      },
      (held) =>
        api.refreshTokens(
          held.tokenEndpoint,
          { clientId: held.clientId, refreshToken: held.refreshToken },
          this.http(30_000),
        ),
    );
  }

  /** Asks the server to revoke a signed-in deployment's tokens, where it offers revocation. Never
   *  throws: the deployment is forgotten locally either way. */
  async revoke(name: string): Promise<void> {
    const grant = await this.tokens.getGrant(name);
    if (!grant?.revocationEndpoint) return;
    const api = load('client');
    const http = this.http(REVOKE_TIMEOUT_MS);
    const revoke = (token: string, hint: 'access_token' | 'refresh_token') =>
      api.revokeToken(grant.revocationEndpoint!, { clientId: grant.clientId, token, hint }, http);
    try {
      if (grant.refreshToken) await revoke(grant.refreshToken, 'refresh_token');
      await revoke(grant.accessToken, 'access_token');
      this.log.info(`signed out of “${name}”: the server revoked its tokens`);
    } catch (error) {
      this.log.warn(
        phrase(
          'signing out of “{0}”: the server did not revoke its tokens ({1}); they are forgotten here anyway',
          name,
          isAxiomError(error) ? error.phrase : String(error),
        ),
      );
    }
  }

  private http(timeoutMs: number) {
    return { transport: this.transport(), userAgent: this.userAgent, timeoutMs };
  }

  dispose(): void {
    // Nothing held: the transport is the connection's.
  }
}
