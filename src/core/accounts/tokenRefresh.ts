// Tokens that expire: a signed-in deployment's grant (its access token, refresh token, expiry and
// where to refresh them) and the source the API client asks for the token to send. The token is
// refreshed shortly before it expires, and once more when the service refuses it as expired; the
// new pair is stored before it is used. One refresh at a time: callers that ask meanwhile share it.
//
// Windows share one renewal too. Servers rotate refresh tokens (each works once) and may revoke a
// whole sign-in when one is used twice, so two windows must never both send the same one. A window
// renews under the machine's lock of the sign-in's renewal (renewalLock.ts: a lock file, not the
// secret storage, whose copy in each window learns of another window's write only later). Holding
// it, the window looks whether the grant it holds was renewed already (the lock's note says so at
// once); if not, it renews, stores the new grant, notes the old one renewed, and lets go. A window
// that finds its grant renewed sends nothing: it reads the secret storage again until the renewed
// grant is there (bounded). A lock whose holder is gone (its window closed mid-renewal) is taken.
import { phrase } from '../phrase';
import { AxiomError, isAxiomError } from '../api/errors';
import type { TokenSource } from '../api/tokenSource';
import { grantFingerprint, type RenewalTurns } from './renewalLock';
import type { TokenSet } from './oauth';

/** What a signed-in deployment keeps in secret storage. Only the tokens are secret; the rest is
 *  kept beside them so that everything of one sign-in is in one place and goes with it. */
export interface Grant extends TokenSet {
  clientId: string;
  issuer: string;
  tokenEndpoint: string;
  revocationEndpoint?: string;
}

/** Where the API client takes its token from when it is not a fixed one. */
export interface GrantStore {
  load(): Promise<Grant | undefined>;
  save(grant: Grant): Promise<void>;
  /** Where the windows of the machine take turns renewing the grant (absent: this source renews alone). */
  turns?: RenewalTurns;
}

/** How a window whose grant another window renewed waits for the renewed grant to reach its copy
 *  of the secret storage: how often it reads it again, and for how long at most. */
export interface SharedRenewalTiming {
  lookAgainMs: number;
  renewedWithinMs: number;
}

export const SHARED_RENEWAL_TIMING: SharedRenewalTiming = { lookAgainMs: 50, renewedWithinMs: 10_000 };

/** Refresh this long before the expiry the server announced. */
export const REFRESH_MARGIN_MS = 60_000;

/** The error of a sign-in that can no longer be refreshed: the person signs in again. */
export function signInExpired(cause?: unknown): AxiomError {
  // A network failure or a server down is said as such: signing in again would not help.
  if (isAxiomError(cause) && ['network', 'timeout', 'server', 'cancelled', 'rateLimited'].includes(cause.kind))
    return cause;
  return new AxiomError('auth', phrase('The sign-in has expired and could not be renewed. Sign in with Axiom again.'), {
    status: 401,
    code: 'sign_in_expired',
  });
}

export class RefreshingToken implements TokenSource {
  private pending?: Promise<Grant>;
  /** The grant as last read or renewed: read from the store again only near its expiry or after a
   *  refusal (another window may have renewed it), not before every request. */
  private cached?: Grant;

  constructor(
    private readonly store: GrantStore,
    private readonly refresh: (grant: Grant & { refreshToken: string }) => Promise<TokenSet>,
    private readonly now: () => number = Date.now,
    private readonly marginMs = REFRESH_MARGIN_MS,
    private readonly timing: SharedRenewalTiming = SHARED_RENEWAL_TIMING,
  ) {}

  async current(): Promise<string> {
    const fresh = (grant: Grant) =>
      grant.expiresAt === undefined || grant.expiresAt - this.marginMs > this.now() || !grant.refreshToken;
    const cached = this.cached ?? (await this.loaded());
    if (fresh(cached)) return cached.accessToken;
    const grant = await this.loaded();
    return fresh(grant) ? grant.accessToken : (await this.refreshed(grant)).accessToken;
  }

  async renew(rejected: string): Promise<string | undefined> {
    const grant = await this.loaded();
    // Renewed meanwhile (by another request or window): the newer token is the answer.
    if (grant.accessToken !== rejected) return grant.accessToken;
    if (!grant.refreshToken) return undefined;
    return (await this.refreshed(grant)).accessToken;
  }

  private async loaded(): Promise<Grant> {
    const grant = await this.store.load();
    if (!grant) throw signInExpired();
    this.cached = grant;
    return grant;
  }

  private refreshed(grant: Grant): Promise<Grant> {
    this.pending ??= this.run(grant).finally(() => (this.pending = undefined));
    return this.pending;
  }

  /** Renews the grant once across windows: in this window's turn, or by taking the grant another
   *  window renewed. */
  private async run(grant: Grant): Promise<Grant> {
    const turns = this.store.turns;
    if (!turns) return this.renewNow(grant);
    const renewing = grantFingerprint(grant);
    let sent = false;
    let renewed: Grant | 'elsewhere';
    try {
      renewed = await turns.exclusive(async () => {
        if (await turns.renewed(renewing)) return 'elsewhere';
        // Renewed before, and already in this window's copy of the secret storage.
        const stored = await this.renewedElsewhere(grant);
        if (stored) return stored;
        sent = true;
        const next = await this.renewNow(grant);
        // Stored first: a window that reads the note then finds the new grant, if not at once.
        await turns.noteRenewed(renewing).catch(() => undefined);
        return next;
      });
    } catch (error) {
      // The lock's folder failed before anything was sent: renewed by this window alone.
      if (isAxiomError(error) || sent) throw error;
      return this.renewNow(grant);
    }
    return renewed === 'elsewhere' ? this.renewedGrant(grant) : renewed;
  }

  /** The grant another window renewed from `grant`, once this window's copy of the secret storage has it. */
  private async renewedGrant(grant: Grant): Promise<Grant> {
    const until = this.now() + this.timing.renewedWithinMs;
    for (;;) {
      const stored = await this.renewedElsewhere(grant);
      if (stored) return stored;
      if (this.now() >= until) throw signInExpired();
      await new Promise((resolve) => setTimeout(resolve, this.timing.lookAgainMs));
    }
  }

  /** The grant as stored when it is no longer the one given: renewed by another window (or source). */
  private async renewedElsewhere(grant: Grant): Promise<Grant | undefined> {
    const stored = await this.store.load();
    if (!stored) throw signInExpired();
    if (stored.refreshToken === grant.refreshToken && stored.accessToken === grant.accessToken) return undefined;
    return (this.cached = stored);
  }

  private async renewNow(grant: Grant): Promise<Grant> {
    let tokens: TokenSet;
    try {
      tokens = await this.refresh(grant as Grant & { refreshToken: string });
    } catch (error) {
      // Another window may have used the refresh token first (servers rotate them): its pair is stored.
      const stored = await this.store.load();
      if (stored && stored.refreshToken !== grant.refreshToken) return (this.cached = stored);
      throw signInExpired(error);
    }
    const next: Grant = {
      ...grant,
      accessToken: tokens.accessToken,
      refreshToken: tokens.refreshToken ?? grant.refreshToken,
      expiresAt: tokens.expiresAt,
    };
    await this.store.save(next);
    this.cached = next;
    return next;
  }
}
