// Tokens that expire: a signed-in deployment's grant (its access token, refresh token, expiry and
// where to refresh them) and the source the API client asks for the token to send. The token is
// refreshed shortly before it expires, and once more when the service refuses it as expired; the
// new pair is stored before it is used. One refresh at a time: callers that ask meanwhile share it.
//
// Windows share one renewal too. Servers rotate refresh tokens (each works once) and may revoke a
// whole sign-in when one is used twice, so two windows must never both send the same one. Before
// it renews, a window claims the renewal in the secret storage every window shares (a claim names
// the refresh token it renews, by a hash, and its owner), waits a moment for a claim written at
// the same time by another window to land, and reads the claim back: the last one written wins,
// and every window reads the same one. The others wait for the change event of the grant (or of
// the claim) and take the renewed grant without a request. A claim whose owner is gone (its window
// closed mid-renewal) is taken over once it has stood unchanged longer than a renewal can take.
import { createHash, randomUUID } from 'node:crypto';
import { phrase } from '../phrase';
import { AxiomError, isAxiomError } from '../api/errors';
import type { RenewalClaims } from './renewalClaims';
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
export interface TokenSource {
  /** The token to send now (refreshed first when it expires within the margin). */
  current(): Promise<string>;
  /** After the service refused `rejected` as expired: a newer token, or undefined when there is
   *  none to be had (then the refusal stands). */
  renew(rejected: string): Promise<string | undefined>;
}

export interface GrantStore {
  load(): Promise<Grant | undefined>;
  save(grant: Grant): Promise<void>;
  /** The claims of the grant's renewal, shared by every window (absent: this source renews alone). */
  claims?: RenewalClaims;
}

/** How the windows' renewal is timed: how long a claim is given to land before it is read back,
 *  how long a claim unchanged means its owner is gone (longer than a refresh request may take),
 *  and how often a waiting window looks again without an event. */
export interface SharedRenewalTiming {
  settleMs: number;
  abandonedAfterMs: number;
  lookAgainMs: number;
}

export const SHARED_RENEWAL_TIMING: SharedRenewalTiming = {
  settleMs: 250,
  abandonedAfterMs: 45_000,
  lookAgainMs: 2_000,
};

interface Claim {
  owner: string;
  /** A hash of the refresh token being renewed (the token itself is not repeated). */
  renewing: string;
}

function fingerprint(refreshToken: string): string {
  return createHash('sha256').update(refreshToken).digest('hex').slice(0, 32);
}

function readClaim(text: string | undefined): Claim | undefined {
  if (!text) return undefined;
  try {
    const value = JSON.parse(text) as Partial<Claim>;
    return typeof value.owner === 'string' && typeof value.renewing === 'string'
      ? { owner: value.owner, renewing: value.renewing }
      : undefined;
  } catch {
    return undefined;
  }
}

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

  /** Who this source is, in the claims. */
  private readonly owner = randomUUID();

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

  /** Renews the grant once across windows: as the window whose claim won, or by taking the grant
   *  another window renewed meanwhile. */
  private async run(grant: Grant): Promise<Grant> {
    const claims = this.store.claims;
    if (!claims) return this.renewNow(grant);
    let claimed = false;
    try {
      return await this.renewOnce(grant, claims, () => (claimed = true));
    } catch (error) {
      // The secret storage failed before anything was sent: renewed by this window alone.
      if (isAxiomError(error) || claimed) throw error;
      return this.renewNow(grant);
    }
  }

  private async renewOnce(grant: Grant, claims: RenewalClaims, sending: () => void): Promise<Grant> {
    const renewing = fingerprint(grant.refreshToken!);
    let watched: { claim: string; since: number } | undefined;
    for (;;) {
      const stored = await this.renewedElsewhere(grant);
      if (stored) return stored;
      const text = await claims.read();
      const claim = readClaim(text);
      if (claim && claim.owner !== this.owner && claim.renewing === renewing) {
        // Another window renews this token: wait for its grant, unless its claim stood too long.
        const since = watched && watched.claim === text ? watched.since : this.now();
        watched = { claim: text!, since };
        if (this.now() - since < this.timing.abandonedAfterMs) {
          await claims.changed(this.timing.lookAgainMs);
          continue;
        }
      }
      await claims.write(JSON.stringify({ owner: this.owner, renewing } satisfies Claim));
      await new Promise((resolve) => setTimeout(resolve, this.timing.settleMs));
      if (readClaim(await claims.read())?.owner !== this.owner) continue; // another's claim landed last
      try {
        // Renewed by a window that finished just before this claim: nothing to send.
        const stored = await this.renewedElsewhere(grant);
        if (stored) return stored;
        sending();
        return await this.renewNow(grant);
      } finally {
        await claims
          .read()
          .then((left) => (readClaim(left)?.owner === this.owner ? claims.clear() : undefined))
          .catch(() => undefined); // a claim left behind is taken over once it stood too long
      }
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

/** Whether a refusal from the API is one a new token may cure: 401, or 403 saying the token expired. */
export function saysExpired(error: unknown): boolean {
  if (!isAxiomError(error)) return false;
  if (error.kind === 'auth') return true;
  return error.kind === 'forbidden' && /expired|invalid[_ ]token/i.test(error.serviceMessage ?? '');
}
