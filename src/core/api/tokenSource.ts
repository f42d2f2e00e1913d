// A token that expires, as the HTTP engine (http.ts) meets it: asked for before each request, and
// renewed once when the service refuses it as expired. What keeps and renews it is the accounts'
// (core/accounts/tokenRefresh.ts's RefreshingToken).
import { isAxiomError } from './errors';

export interface TokenSource {
  /** The token to send now (refreshed first when it expires within the margin). */
  current(): Promise<string>;
  /** After the service refused `rejected` as expired: a newer token, or undefined when there is
   *  none to be had (then the refusal stands). */
  renew(rejected: string): Promise<string | undefined>;
}

/** Whether a refusal from the API is one a new token may cure: 401, or 403 saying the token expired. */
export function saysExpired(error: unknown): boolean {
  if (!isAxiomError(error)) return false;
  if (error.kind === 'auth') return true;
  return error.kind === 'forbidden' && /expired|invalid[_ ]token/i.test(error.serviceMessage ?? '');
}
