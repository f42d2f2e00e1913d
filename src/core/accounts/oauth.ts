// Signing in with OAuth 2.0 (see API-NOTES, "Signing in with OAuth"): the authorization server's
// metadata (RFC 8414), Dynamic Client Registration as a public client (RFC 7591), the
// authorization code flow with PKCE S256 (RFC 7636) and `state`, the token endpoint (code and
// refresh grants) and revocation (RFC 7009). Every endpoint is read from the metadata, never
// built. Nothing here logs or repeats a token: errors carry the server's error code and words,
// masked like the API's.
import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { phrase } from '../phrase';
import { checkSignInUrl } from './signInUrl';
import { AxiomError, cancelledError, isAxiomError } from '../api/errors';
import { rememberSecret } from '../api/secrets';
import { errorCode, networkMessage, timeoutMessage } from '../api/transportErrors';
import { DEADLINE_PASSED, type Transport, type TransportResponse } from '../api/transport';

const WELL_KNOWN = '/.well-known/oauth-authorization-server';

const metadataSchema = z.object({
  issuer: z.string(),
  authorization_endpoint: z.string(),
  token_endpoint: z.string(),
  registration_endpoint: z.string().optional(),
  revocation_endpoint: z.string().optional(),
  code_challenge_methods_supported: z.array(z.string()).optional(),
  scopes_supported: z.array(z.string()).optional(),
});

/** What the extension needs of an authorization server's metadata. */
export interface ServerMetadata {
  issuer: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  registrationEndpoint?: string;
  revocationEndpoint?: string;
}

/** The tokens of a sign-in. `expiresAt` is in ms since the epoch, absent when the server did not say. */
export interface TokenSet {
  accessToken: string;
  refreshToken?: string;
  expiresAt?: number;
}

/** How the extension's requests to the authorization server go: the same transport (proxy,
 *  certificates) as the API's, a deadline, and the caller's cancellation. */
export interface OAuthHttp {
  transport: Transport;
  userAgent: string;
  timeoutMs: number;
  signal?: AbortSignal;
}

/**
 * The metadata at `{sign-in url}/.well-known/oauth-authorization-server`; every endpoint it names
 * must be https (or http to this machine), and S256 must be offered when methods are listed. Its
 * `issuer` must be the address it was found at (RFC 8414 §3.3). A sign-in address whose metadata
 * names another server as the issuer (a front that points to its authorization server) is
 * followed once: that server's own metadata is used, and it must name that server.
 */
export async function discover(signInUrl: string, http: OAuthHttp): Promise<ServerMetadata> {
  const checked = checkSignInUrl(signInUrl);
  if (!checked.ok) throw new AxiomError('config', checked.problem, { setting: 'axiom.signInUrl' });
  const address = issuerAddress(checked.url);
  const found = readMetadata(await send(http, 'GET', address + WELL_KNOWN));
  if (sameIssuer(found.issuer, address)) return found;
  const named = checkSignInUrl(found.issuer);
  const own = named.ok
    ? await send(http, 'GET', issuerAddress(named.url) + WELL_KNOWN).then(readMetadata, () => undefined)
    : undefined;
  if (named.ok && own && sameIssuer(own.issuer, issuerAddress(named.url))) return own;
  throw new AxiomError(
    'config',
    phrase(
      'The sign-in server at {0} names itself {1}, not the address it was found at, so sign-in was refused.',
      address,
      found.issuer,
    ),
    { setting: 'axiom.signInUrl' },
  );
}

/** The address an issuer's metadata is found under: origin and path, without a final slash. */
function issuerAddress(url: URL): string {
  return url.origin + url.pathname.replace(/\/+$/, '');
}

/** RFC 8414 §3.3: identical, but for a final slash. */
function sameIssuer(issuer: string, address: string): boolean {
  return issuer.replace(/\/+$/, '') === address;
}

/** An authorization server's metadata as the extension needs it, or the typed error: `invalidResponse`
 *  for a body that is not metadata or names an endpoint that is not https, `config` for a server
 *  without PKCE S256. */
export function readMetadata(body: unknown): ServerMetadata {
  const parsed = metadataSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AxiomError(
      'invalidResponse',
      phrase('the sign-in server’s metadata is not usable: {0} ({1})', issue.path.join('.') || 'body', issue.message),
    );
  }
  const m = parsed.data;
  const methods = m.code_challenge_methods_supported;
  if (methods && !methods.includes('S256'))
    throw new AxiomError(
      'config',
      phrase('The sign-in server {0} does not offer PKCE with S256, which sign-in needs.', m.issuer),
    );
  const endpoint = (value: string | undefined, name: string) => {
    if (value === undefined) return undefined;
    const check = checkSignInUrl(value);
    if (!check.ok)
      throw new AxiomError(
        'invalidResponse',
        phrase('the sign-in server’s {0} is not usable: {1}', name, check.problem),
      );
    return check.url.href;
  };
  return {
    issuer: m.issuer,
    authorizationEndpoint: endpoint(m.authorization_endpoint, 'authorization_endpoint')!,
    tokenEndpoint: endpoint(m.token_endpoint, 'token_endpoint')!,
    registrationEndpoint: endpoint(m.registration_endpoint, 'registration_endpoint'),
    revocationEndpoint: endpoint(m.revocation_endpoint, 'revocation_endpoint'),
  };
}

/** Registers the extension as a public client (no secret) for one redirect address; its client id. */
export async function registerClient(
  metadata: ServerMetadata,
  redirectUri: string,
  clientName: string,
  http: OAuthHttp,
): Promise<string> {
  if (!metadata.registrationEndpoint) {
    throw new AxiomError(
      'config',
      phrase(
        'The sign-in server {0} does not let programs register themselves, so the extension cannot sign in there. Add a deployment with a token instead.',
        metadata.issuer,
      ),
    );
  }
  const body = await send(http, 'POST', metadata.registrationEndpoint, {
    json: {
      client_name: clientName,
      redirect_uris: [redirectUri],
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
    },
  });
  const parsed = z.object({ client_id: z.string().min(1) }).safeParse(body);
  if (!parsed.success)
    throw new AxiomError('invalidResponse', phrase('the sign-in server’s registration answer has no client_id'));
  return parsed.data.client_id;
}

/** A PKCE pair: a verifier of 43 characters from 32 random bytes, and its S256 challenge. */
export function makePkce(): { verifier: string; challenge: string; method: 'S256' } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: pkceChallenge(verifier), method: 'S256' };
}

export function pkceChallenge(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

/** A state value nobody can guess: 32 random bytes. */
export function makeState(): string {
  return randomBytes(32).toString('base64url');
}

export interface AuthorizeRequest {
  clientId: string;
  redirectUri: string;
  challenge: string;
  state: string;
  scope?: string;
}

/** The address the browser opens: the authorization endpoint with the code flow's parameters
 *  added to any it already has. */
export function authorizeUrl(metadata: ServerMetadata, r: AuthorizeRequest): string {
  const url = new URL(metadata.authorizationEndpoint);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', r.clientId);
  url.searchParams.set('redirect_uri', r.redirectUri);
  url.searchParams.set('code_challenge', r.challenge);
  url.searchParams.set('code_challenge_method', 'S256');
  url.searchParams.set('state', r.state);
  if (r.scope) url.searchParams.set('scope', r.scope);
  return url.href;
}

const tokenSchema = z.object({
  // What an Authorization header can carry: visible ASCII, no space (RFC 6750's b64token, loosely).
  access_token: z.string().regex(/^[\x21-\x7e]+$/),
  token_type: z.string().optional(),
  expires_in: z.union([z.number(), z.string()]).optional(),
  refresh_token: z.string().min(1).optional(),
});

/** A token answer as the extension keeps it, or the typed `invalidResponse` error. */
export function readTokens(body: unknown, now: number): TokenSet {
  const parsed = tokenSchema.safeParse(body);
  if (!parsed.success)
    throw new AxiomError('invalidResponse', phrase('the sign-in server’s token answer has no access_token'));
  const t = parsed.data;
  if (t.token_type && t.token_type.toLowerCase() !== 'bearer')
    throw new AxiomError(
      'invalidResponse',
      phrase('the sign-in server issued a token of type {0}, not a bearer token', t.token_type),
    );
  rememberSecret(t.access_token);
  if (t.refresh_token) rememberSecret(t.refresh_token);
  const seconds = Number(t.expires_in);
  const set: TokenSet = { accessToken: t.access_token };
  if (t.refresh_token) set.refreshToken = t.refresh_token;
  const expiresAt = now + seconds * 1000;
  if (t.expires_in !== undefined && expiresAt > now && Number.isFinite(expiresAt)) set.expiresAt = expiresAt;
  return set;
}

/** Trades the authorization code (with the PKCE verifier and the same redirect address) for tokens. */
export async function exchangeCode(
  metadata: ServerMetadata,
  r: { clientId: string; code: string; verifier: string; redirectUri: string },
  http: OAuthHttp,
  now = Date.now,
): Promise<TokenSet> {
  const body = await send(http, 'POST', metadata.tokenEndpoint, {
    form: {
      grant_type: 'authorization_code',
      code: r.code,
      redirect_uri: r.redirectUri,
      client_id: r.clientId,
      code_verifier: r.verifier,
    },
  });
  return readTokens(body, now());
}

/** New tokens for a refresh token. A server that does not send a new refresh token keeps the old one valid. */
export async function refreshTokens(
  tokenEndpoint: string,
  r: { clientId: string; refreshToken: string },
  http: OAuthHttp,
  now = Date.now,
): Promise<TokenSet> {
  rememberSecret(r.refreshToken);
  const body = await send(http, 'POST', tokenEndpoint, {
    form: { grant_type: 'refresh_token', refresh_token: r.refreshToken, client_id: r.clientId },
  });
  const set = readTokens(body, now());
  return set.refreshToken ? set : { ...set, refreshToken: r.refreshToken };
}

/** Asks the server to revoke a token (RFC 7009). */
export async function revokeToken(
  revocationEndpoint: string,
  r: { clientId: string; token: string; hint: 'access_token' | 'refresh_token' },
  http: OAuthHttp,
): Promise<void> {
  await send(http, 'POST', revocationEndpoint, {
    form: { token: r.token, token_type_hint: r.hint, client_id: r.clientId },
  });
}

const oauthErrorSchema = z.object({ error: z.string(), error_description: z.string().optional() });

/** One request to the authorization server: no redirect followed, JSON read, an OAuth error body
 *  turned into an AxiomError whose words are the server's (the code and its description). */
async function send(
  http: OAuthHttp,
  method: 'GET' | 'POST',
  url: string,
  body?: { json?: unknown; form?: Record<string, string> },
): Promise<unknown> {
  if (http.signal?.aborted) throw cancelledError();
  const host = new URL(url).host;
  const headers: Record<string, string> = { accept: 'application/json', 'user-agent': http.userAgent };
  let payload: string | undefined;
  if (body?.json !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body.json);
  } else if (body?.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    payload = new URLSearchParams(body.form).toString();
  }
  try {
    let response: TransportResponse;
    let text: string;
    try {
      response = await http.transport.send({
        method,
        url,
        headers,
        body: payload,
        signal: http.signal,
        timeoutMs: http.timeoutMs,
      });
      text = await response.text();
    } catch (e) {
      if (http.signal?.aborted) throw cancelledError();
      if (errorCode(e) === DEADLINE_PASSED) throw new AxiomError('timeout', timeoutMessage(host, http.timeoutMs));
      if (isAxiomError(e)) throw e;
      const code = errorCode(e);
      throw new AxiomError('network', networkMessage(code, host), { code });
    }
    const status = response.status;
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    if (status >= 200 && status < 300) {
      if (json === undefined && text)
        throw new AxiomError(
          'invalidResponse',
          phrase('the sign-in server at {0} answered with something other than JSON (status {1})', host, status),
          { status },
        );
      return json;
    }
    const oauthError = oauthErrorSchema.safeParse(json);
    if (oauthError.success) {
      const { error, error_description: description } = oauthError.data;
      const kind =
        error === 'invalid_grant' || error === 'invalid_client' || error === 'unauthorized_client'
          ? 'auth'
          : status >= 500
            ? 'server'
            : 'badRequest';
      throw new AxiomError(
        kind,
        description
          ? phrase('the sign-in server said {0}: {1}', error, description)
          : phrase('the sign-in server said {0}', error),
        { status, serviceMessage: error, code: error },
      );
    }
    const kind = status >= 500 ? 'server' : status >= 300 && status < 400 ? 'config' : 'badRequest';
    throw new AxiomError(kind, phrase('the sign-in server at {0} answered {1}', host, status), { status });
  } catch (e) {
    if (isAxiomError(e)) throw e;
    if (http.signal?.aborted) throw cancelledError();
    throw new AxiomError('network', networkMessage(errorCode(e), host), { code: errorCode(e) });
  }
}
