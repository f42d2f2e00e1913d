// A stand-in for the OAuth 2.0 authorization server behind Axiom's sign-in, on 127.0.0.1: its
// metadata, Dynamic Client Registration (public clients; an http redirect to an IP address is
// refused as the real one refuses it), authorize (which approves at once, denies, answers with a
// wrong state, or holds, as the test sets `mode`), the token endpoint (checks the PKCE verifier
// and the redirect address, refuses a code used twice, issues short-lived tokens with refresh
// tokens that rotate, and, when told, revokes a whole sign-in when one of its refresh tokens is
// used twice, as servers with reuse detection do) and revocation. A FakeAxiom given this server accepts the tokens it issues.
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';

export type AuthorizeMode = 'approve' | 'deny' | 'wrongState' | 'hold';

interface Client {
  id: string;
  redirectUris: string[];
}

interface PendingCode {
  clientId: string;
  redirectUri: string;
  challenge: string;
  used: boolean;
}

interface Issued {
  clientId: string;
  /** The sign-in (authorization code) the token descends from. */
  family: number;
  expiresAt: number;
  revoked: boolean;
}

export interface OAuthRequest {
  method: string;
  path: string;
  body: string;
}

/** The prefixes of what it issues: of no Axiom shape, so only masking by value hides them. */
export const FAKE_ACCESS_PREFIX = 'fake-oauth-access-';
export const FAKE_REFRESH_PREFIX = 'fake-oauth-refresh-';

export class FakeOAuth {
  mode: AuthorizeMode = 'approve';
  /** Lifetime of an access token, in seconds. */
  accessLifetimeSeconds = 3600;
  /** Whether the token answer carries expires_in and a refresh token. */
  issueRefreshTokens = true;
  /** Whether the metadata names a revocation endpoint. */
  offerRevocation = true;
  /** Whether registration refuses a plain-http redirect to an IP address, as Axiom's does. */
  refuseIpRedirects = true;
  /** Whether a refresh token used twice revokes every token of its sign-in (reuse detection). */
  revokeFamilyOnReuse = false;
  readonly clients = new Map<string, Client>();
  readonly requests: OAuthRequest[] = [];
  /** Every access and refresh token issued, for a test (or the token scan) to look for. */
  readonly issuedTokens: string[] = [];
  readonly revoked: string[] = [];
  private readonly codes = new Map<string, PendingCode>();
  private readonly access = new Map<string, Issued>();
  private readonly refresh = new Map<string, Issued & { used: boolean }>();
  private readonly server = http.createServer((req, res) => void this.handle(req, res));
  private serial = 0;
  private families = 0;

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return this.url;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  reset(): void {
    this.mode = 'approve';
    this.accessLifetimeSeconds = 3600;
    this.issueRefreshTokens = true;
    this.offerRevocation = true;
    this.refuseIpRedirects = true;
    this.revokeFamilyOnReuse = false;
    this.requests.length = 0;
  }

  /** What the fake API makes of a bearer token: one of ours that is live, expired, or not ours. */
  check(token: string): 'live' | 'expired' | 'unknown' {
    const issued = this.access.get(token);
    if (!issued || issued.revoked) return 'unknown';
    return issued.expiresAt <= Date.now() ? 'expired' : 'live';
  }

  /** Ends an access token's life now (as if its hour had passed). */
  expire(token: string): void {
    const issued = this.access.get(token);
    if (issued) issued.expiresAt = Date.now();
  }

  /** Ends every refresh token (as a sign-in revoked in the web app would): a refresh then fails. */
  revokeRefreshTokens(): void {
    for (const held of this.refresh.values()) held.revoked = true;
  }

  requestsTo(path: string): OAuthRequest[] {
    return this.requests.filter((r) => r.path.split('?')[0] === path);
  }

  /** The refresh grants received (each a POST to the token endpoint with grant_type=refresh_token). */
  refreshGrants(): OAuthRequest[] {
    return this.requestsTo('/oauth2/token').filter(
      (r) => new URLSearchParams(r.body).get('grant_type') === 'refresh_token',
    );
  }

  private newToken(prefix: string): string {
    const token = `${prefix}${++this.serial}-${randomBytes(12).toString('hex')}`;
    this.issuedTokens.push(token);
    return token;
  }

  private issue(clientId: string, family = ++this.families): Record<string, unknown> {
    const accessToken = this.newToken(FAKE_ACCESS_PREFIX);
    this.access.set(accessToken, {
      clientId,
      family,
      expiresAt: Date.now() + this.accessLifetimeSeconds * 1000,
      revoked: false,
    });
    const body: Record<string, unknown> = { access_token: accessToken, token_type: 'Bearer' };
    if (this.issueRefreshTokens) {
      const refreshToken = this.newToken(FAKE_REFRESH_PREFIX);
      this.refresh.set(refreshToken, {
        clientId,
        family,
        expiresAt: Date.now() + 30 * 24 * 3600_000,
        revoked: false,
        used: false,
      });
      body.refresh_token = refreshToken;
      body.expires_in = this.accessLifetimeSeconds;
    }
    return body;
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', this.url);
    this.requests.push({ method: req.method ?? '', path: req.url ?? '', body });
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(JSON.stringify(value));
    };
    const oauthError = (status: number, error: string, description: string) =>
      json(status, { error, error_description: description });
    const route = `${req.method} ${url.pathname}`;

    if (route === 'GET /.well-known/oauth-authorization-server') {
      json(200, {
        issuer: this.url,
        authorization_endpoint: `${this.url}/oauth2/authorize`,
        token_endpoint: `${this.url}/oauth2/token`,
        registration_endpoint: `${this.url}/oauth2/register`,
        ...(this.offerRevocation ? { revocation_endpoint: `${this.url}/oauth2/revoke` } : {}),
        response_types_supported: ['code'],
        grant_types_supported: ['authorization_code', 'refresh_token'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['none'],
      });
      return;
    }
    if (route === 'POST /oauth2/register') {
      let request: { redirect_uris?: unknown; token_endpoint_auth_method?: unknown };
      try {
        request = JSON.parse(body) as typeof request;
      } catch {
        oauthError(400, 'invalid_client_metadata', 'the body is not JSON');
        return;
      }
      const uris = request.redirect_uris;
      if (!Array.isArray(uris) || !uris.length || !uris.every((u) => typeof u === 'string')) {
        oauthError(400, 'invalid_redirect_uri', 'redirect_uris is required');
        return;
      }
      for (const uri of uris) {
        const parsed = new URL(uri);
        if (
          this.refuseIpRedirects &&
          parsed.protocol === 'http:' &&
          (/^\d+\.\d+\.\d+\.\d+$/.test(parsed.hostname) || parsed.hostname.startsWith('['))
        ) {
          oauthError(400, 'invalid_redirect_uri', 'http redirect URIs must use localhost');
          return;
        }
      }
      if (request.token_endpoint_auth_method !== 'none') {
        oauthError(400, 'invalid_client_metadata', 'only public clients are accepted');
        return;
      }
      const id = `client-${this.clients.size + 1}-${randomBytes(4).toString('hex')}`;
      this.clients.set(id, { id, redirectUris: uris });
      json(201, {
        client_id: id,
        redirect_uris: uris,
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
      });
      return;
    }
    if (route === 'GET /oauth2/authorize') {
      const p = url.searchParams;
      const client = this.clients.get(p.get('client_id') ?? '');
      const redirectUri = p.get('redirect_uri') ?? '';
      // Without a known client and one of its redirect addresses, nothing is redirected anywhere.
      if (!client || !client.redirectUris.includes(redirectUri)) {
        res.writeHead(400, { 'content-type': 'text/plain' });
        res.end('unknown client or redirect_uri');
        return;
      }
      if (
        p.get('response_type') !== 'code' ||
        p.get('code_challenge_method') !== 'S256' ||
        !p.get('code_challenge') ||
        !p.get('state')
      ) {
        res.writeHead(400, { 'content-type': 'text/plain' });
        res.end('response_type=code, PKCE S256 and state are required');
        return;
      }
      if (this.mode === 'hold') {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end('<!doctype html><title>Sign in to Axiom</title><p>Approve the sign-in of VS Code?</p>');
        return;
      }
      const back = new URL(redirectUri);
      const state = this.mode === 'wrongState' ? `not-${p.get('state')}` : p.get('state')!;
      if (this.mode === 'deny') {
        back.searchParams.set('error', 'access_denied');
        back.searchParams.set('error_description', 'The user denied the request');
      } else {
        const code = `code-${randomBytes(16).toString('hex')}`;
        this.codes.set(code, { clientId: client.id, redirectUri, challenge: p.get('code_challenge')!, used: false });
        back.searchParams.set('code', code);
      }
      back.searchParams.set('state', state);
      res.writeHead(302, { location: back.href });
      res.end();
      return;
    }
    if (route === 'POST /oauth2/token') {
      if (!/application\/x-www-form-urlencoded/.test(req.headers['content-type'] ?? '')) {
        oauthError(400, 'invalid_request', 'the body must be form-encoded');
        return;
      }
      const form = new URLSearchParams(body);
      const clientId = form.get('client_id') ?? '';
      if (!this.clients.has(clientId)) {
        oauthError(401, 'invalid_client', 'unknown client');
        return;
      }
      if (form.get('grant_type') === 'authorization_code') {
        const pending = this.codes.get(form.get('code') ?? '');
        if (!pending || pending.clientId !== clientId) {
          oauthError(400, 'invalid_grant', 'unknown code');
          return;
        }
        if (pending.used) {
          oauthError(400, 'invalid_grant', 'the code was already used');
          return;
        }
        pending.used = true;
        if (form.get('redirect_uri') !== pending.redirectUri) {
          oauthError(400, 'invalid_grant', 'redirect_uri does not match');
          return;
        }
        const verifier = form.get('code_verifier') ?? '';
        if (createHash('sha256').update(verifier).digest('base64url') !== pending.challenge) {
          oauthError(400, 'invalid_grant', 'the code verifier does not match the challenge');
          return;
        }
        json(200, this.issue(clientId));
        return;
      }
      if (form.get('grant_type') === 'refresh_token') {
        const token = form.get('refresh_token') ?? '';
        const held = this.refresh.get(token);
        if (held?.used && this.revokeFamilyOnReuse)
          for (const issued of [...this.access.values(), ...this.refresh.values()])
            if (issued.family === held.family) issued.revoked = true;
        if (!held || held.revoked || held.used || held.clientId !== clientId) {
          oauthError(400, 'invalid_grant', 'the refresh token is not valid');
          return;
        }
        held.used = true; // rotated: each refresh token works once
        json(200, this.issue(clientId, held.family));
        return;
      }
      oauthError(400, 'unsupported_grant_type', 'only authorization_code and refresh_token');
      return;
    }
    if (route === 'POST /oauth2/revoke' && this.offerRevocation) {
      const token = new URLSearchParams(body).get('token') ?? '';
      const held = this.access.get(token) ?? this.refresh.get(token);
      if (held) {
        held.revoked = true;
        this.revoked.push(token);
      }
      res.writeHead(200);
      res.end();
      return;
    }
    json(404, { error: 'not_found' });
  }
}

/** What a browser does with the authorize address: asks the server, then goes where it redirects
 *  (the loopback listener). The page's status and text, and where it went. */
export async function followAuthorize(
  authorizeUrl: string,
): Promise<{ redirectedTo?: string; status: number; page: string }> {
  const first = await fetch(authorizeUrl, { redirect: 'manual' });
  const location = first.headers.get('location');
  if (!location) return { status: first.status, page: await first.text() };
  const back = await fetch(location, { redirect: 'manual' });
  return { redirectedTo: location, status: back.status, page: await back.text() };
}

/** Whether anything listens on the port, on either loopback address (a closed listener: no). */
export async function listening(port: number): Promise<boolean> {
  for (const host of ['127.0.0.1', '::1']) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect({ port, host });
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return true;
  }
  return false;
}
