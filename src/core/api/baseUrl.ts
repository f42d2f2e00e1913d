import { phrase, type Phrase } from '../phrase';
import { AxiomError } from './errors';

export const DEFAULT_API_URL = 'https://api.axiom.co';

export interface ApiEndpoint {
  /** The API root without a trailing slash, always ending in /v2. */
  readonly base: string;
  readonly origin: string;
  readonly host: string;
  readonly secure: boolean;
}

export type EndpointCheck = { ok: true; endpoint: ApiEndpoint } | { ok: false; problem: Phrase };

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK.test(hostname);
}

/** Turns the `axiom.url` setting into the API root, or says what is wrong with it
 *  before any request is made. `https://api.axiom.co` and `https://api.axiom.co/v2` mean the same. */
export function resolveEndpoint(setting: string | undefined): EndpointCheck {
  const raw = (setting ?? '').trim() || DEFAULT_API_URL;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return {
      ok: false,
      problem: phrase('"{0}" is not a URL. Use the API\'s address, such as {1}.', raw, DEFAULT_API_URL),
    };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return {
      ok: false,
      problem: phrase('"{0}" uses {1}; the API is reached over https.', raw, url.protocol.replace(':', '')),
    };
  }
  if (url.search || url.hash)
    return { ok: false, problem: phrase('"{0}" has a query string or fragment; give only the address.', raw) };
  if (url.username || url.password)
    return {
      ok: false,
      problem: phrase('The URL holds a user name or password; remove it (the token is sent separately).'),
    };
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    return {
      ok: false,
      problem: phrase(
        '"{0}" is plain http: the token would travel unencrypted. Use https (http is allowed only for localhost).',
        raw,
      ),
    };
  }
  const path = url.pathname.replace(/\/+$/, '');
  const base = url.origin + (path.endsWith('/v2') ? path : `${path}/v2`);
  return { ok: true, endpoint: { base, origin: url.origin, host: url.host, secure: url.protocol === 'https:' } };
}

/** The API root for the `axiom.url` setting, or a `config` error that names the setting. */
export function requireEndpoint(setting: string | undefined): ApiEndpoint {
  const check = resolveEndpoint(setting);
  if (!check.ok)
    throw new AxiomError('config', phrase('The axiom.url setting: {0}', check.problem), { setting: 'axiom.url' });
  return check.endpoint;
}

/** A URL's host name without the brackets of an IPv6 address. */
export function bareHostname(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '');
}

/** A URL's port, or its scheme's default. */
export function portOf(url: URL): number {
  return Number(url.port) || (url.protocol === 'https:' ? 443 : 80);
}
