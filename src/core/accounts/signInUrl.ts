// Where a deployment signs in with the browser: light enough for activation (no HTTP here).
import { phrase, type Phrase } from '../phrase';
import { isLoopbackHost } from '../api/baseUrl';

/** Where Sign in with Axiom looks for the authorization server of https://api.axiom.co. */
export const DEFAULT_SIGN_IN_URL = 'https://mcp.axiom.co';

/** A sign-in address is https, or http only to this machine (a test or a local deployment). */
export function checkSignInUrl(raw: string): { ok: true; url: URL } | { ok: false; problem: Phrase } {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return { ok: false, problem: phrase('"{0}" is not a web address.', raw) };
  }
  if (url.username || url.password || url.search || url.hash)
    return { ok: false, problem: phrase('"{0}" holds more than an address (a user, a query or a fragment).', raw) };
  if (url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname))) return { ok: true, url };
  return { ok: false, problem: phrase('"{0}" is not https: sign-in needs an encrypted connection.', raw) };
}

/** Where to discover the authorization server of a deployment: the `axiom.signInUrl` setting when
 *  set, else Axiom's own for https://api.axiom.co; undefined for another deployment without it. */
export function signInUrlFor(apiUrl: string, setting: string): string | undefined {
  if (setting.trim()) return setting.trim().replace(/\/+$/, '');
  try {
    return new URL(apiUrl).host === 'api.axiom.co' ? DEFAULT_SIGN_IN_URL : undefined;
  } catch {
    return undefined;
  }
}
