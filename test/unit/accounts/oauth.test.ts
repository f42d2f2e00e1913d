import assert from 'node:assert/strict';
import { execFile, fork, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createServer as httpServer } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import fc from 'fast-check';
import { after, afterEach, before, beforeEach, describe, it } from 'node:test';
import {
  authorizeUrl,
  discover,
  exchangeCode,
  makePkce,
  makeState,
  pkceChallenge,
  readMetadata,
  readTokens,
  refreshTokens,
  registerClient,
  revokeToken,
  type OAuthHttp,
  type ServerMetadata,
} from '../../../src/core/accounts/oauth';
import { checkSignInUrl, signInUrlFor } from '../../../src/core/accounts/signInUrl';
import { listenForCallback, readCallback, type CallbackListener } from '../../../src/core/accounts/oauthCallback';
import {
  RefreshingToken,
  REFRESH_MARGIN_MS,
  type Grant,
  type GrantStore,
  type SharedRenewalTiming,
} from '../../../src/core/accounts/tokenRefresh';
import { fileRenewalTurns, readRenewalNote, renewalLockFile } from '../../../src/core/accounts/renewalLock';
import type { FileLockTiming } from '../../../src/core/fileLock';
import { createDispatcher, undiciTransport } from '../../../src/core/api/undiciTransport';
import { AxiomError } from '../../../src/core/api/errors';
import { maskSecrets } from '../../../src/core/api/secrets';
import { DEMO_ORG, startDemo, startDemoSignIn } from '../../support/demo';
import { FakeAxiom } from '../../support/fakeAxiom';
import { FakeOAuth, followAuthorize, listening } from '../../support/fakeOAuth';
import type { RenewalReport, RenewalRound } from '../../support/renewingWindow';
import { WindowSecrets } from '../../support/sharedSecrets';
import { CapturedLog, rejection, testClient } from '../../support/testClient';
import { anyJson, anyJsonText, FUZZ_BOUND, typedOrNothing } from '../../support/untrustedInput';

const dispatcher = createDispatcher();
const oauth = new FakeOAuth();
const fake = new FakeAxiom({ oauth });
const log = new CapturedLog();
const http: OAuthHttp = {
  transport: undiciTransport(dispatcher),
  userAgent: 'axiom-apl-vscode/0.0.0-test',
  timeoutMs: 2000,
};
const PAGES = {
  title: 'Axiom',
  success: 'Signed in. You can close this tab and return to VS Code.',
  failure: 'Sign-in did not finish. Return to VS Code to see why.',
};

before(async () => {
  await oauth.start();
  await fake.start();
});
after(async () => {
  await oauth.stop();
  await fake.stop();
  await dispatcher.close();
});
afterEach(() => {
  oauth.reset();
  fake.reset();
  log.clear();
});

async function signIn(metadata: ServerMetadata, listener: CallbackListener, clientId: string) {
  const pkce = makePkce();
  const url = authorizeUrl(metadata, {
    clientId,
    redirectUri: listener.redirectUri,
    challenge: pkce.challenge,
    state: STATE,
  });
  const browser = await followAuthorize(url);
  return { pkce, browser, code: await listener.code };
}

const STATE = makeState();

/** The whole sign-in at the authorization server at `serverUrl`: discovery, a client of its own,
 *  the browser's round trip, and the code exchanged for tokens. */
async function signedInTokens(serverUrl: string) {
  const metadata = await discover(serverUrl, http);
  const listener = await listenForCallback({ state: STATE, timeoutMs: 10_000, pages: PAGES });
  const clientId = await registerClient(metadata, listener.redirectUri, 'test', http);
  const { pkce, code } = await signIn(metadata, listener, clientId);
  const tokens = await exchangeCode(
    metadata,
    { clientId, code, verifier: pkce.verifier, redirectUri: listener.redirectUri },
    http,
  );
  await listener.close();
  return { metadata, clientId, tokens };
}

describe('OAuth: PKCE, state and the authorize address', () => {
  it('the verifier is 43 base64url characters and the challenge its SHA-256, base64url without padding', () => {
    const { verifier, challenge, method } = makePkce();
    assert.match(verifier, /^[A-Za-z0-9_-]{43}$/);
    assert.equal(
      challenge,
      createHash('sha256').update(verifier).digest('base64').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, ''),
    );
    assert.equal(method, 'S256');
    // RFC 7636, appendix B
    assert.equal(
      pkceChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk'),
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
    assert.notEqual(makePkce().verifier, verifier);
    assert.match(STATE, /^[A-Za-z0-9_-]{43}$/);
    assert.notEqual(makeState(), STATE);
  });

  it('the authorize address keeps the endpoint’s own parameters and adds the flow’s', () => {
    const url = new URL(
      authorizeUrl(
        {
          issuer: 'x',
          authorizationEndpoint: 'https://auth.example/oauth2/authorize?tenant=a',
          tokenEndpoint: 'https://auth.example/t',
        },
        { clientId: 'c 1', redirectUri: 'http://localhost:5000/callback', challenge: 'ch', state: 's&t' },
      ),
    );
    assert.equal(url.origin + url.pathname, 'https://auth.example/oauth2/authorize');
    assert.deepEqual(Object.fromEntries(url.searchParams), {
      tenant: 'a',
      response_type: 'code',
      client_id: 'c 1',
      redirect_uri: 'http://localhost:5000/callback',
      code_challenge: 'ch',
      code_challenge_method: 'S256',
      state: 's&t',
    });
  });

  it('the state check: the right state gives the code; another, none, or a denial do not', () => {
    assert.deepEqual(readCallback(new URLSearchParams({ code: 'abc', state: 'S' }), 'S'), { code: 'abc' });
    for (const [params, code] of [
      [{ code: 'abc', state: 'T' }, 'state_mismatch'],
      [{ code: 'abc' }, 'state_mismatch'],
      [{ error: 'access_denied', state: 'S' }, 'access_denied'],
      [{ error: 'access_denied', state: 'T' }, 'state_mismatch'],
      [{ error: 'server_error', state: 'S' }, 'server_error'],
      [{ state: 'S' }, 'no_code'],
    ] as const) {
      const outcome = readCallback(new URLSearchParams(params), 'S');
      assert.ok(outcome instanceof AxiomError && outcome.code === code, JSON.stringify(params));
    }
  });

  it('sign-in addresses: https, or http only to this machine; the default for api.axiom.co', () => {
    assert.ok(checkSignInUrl('https://mcp.axiom.co').ok);
    assert.ok(checkSignInUrl('http://127.0.0.1:4000').ok);
    assert.ok(!checkSignInUrl('http://mcp.example.com').ok);
    assert.ok(!checkSignInUrl('https://u:p@mcp.example.com').ok);
    assert.equal(signInUrlFor('https://api.axiom.co', ''), 'https://mcp.axiom.co');
    assert.equal(signInUrlFor('https://api.axiom.co/v2', ''), 'https://mcp.axiom.co');
    assert.equal(signInUrlFor('https://axiom.internal.example', ''), undefined);
    assert.equal(
      signInUrlFor('https://axiom.internal.example', 'https://login.internal.example/'),
      'https://login.internal.example',
    );
  });
});

describe('OAuth against the fake authorization server', () => {
  it('discovers the endpoints from the metadata', async () => {
    const metadata = await discover(oauth.url, http);
    assert.deepEqual(metadata, {
      issuer: oauth.url,
      authorizationEndpoint: `${oauth.url}/oauth2/authorize`,
      tokenEndpoint: `${oauth.url}/oauth2/token`,
      registrationEndpoint: `${oauth.url}/oauth2/register`,
      revocationEndpoint: `${oauth.url}/oauth2/revoke`,
    });
    oauth.offerRevocation = false;
    assert.equal((await discover(`${oauth.url}/`, http)).revocationEndpoint, undefined);
  });

  it('metadata that names a plain-http endpoint elsewhere, or no S256, or is not metadata, is refused', async () => {
    let body: unknown;
    const server = httpServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const good = {
      issuer: url,
      authorization_endpoint: `${url}/a`,
      token_endpoint: `${url}/t`,
      registration_endpoint: `${url}/r`,
    };
    try {
      body = { ...good, token_endpoint: 'http://auth.example.com/t' };
      assert.match((await rejection(discover(url, http))).message, /token_endpoint/);
      body = { ...good, code_challenge_methods_supported: ['plain'] };
      assert.equal((await rejection(discover(url, http))).kind, 'config');
      body = { hello: 'world' };
      assert.equal((await rejection(discover(url, http))).kind, 'invalidResponse');
      body = good;
      assert.equal((await discover(url, http)).tokenEndpoint, `${url}/t`);
      assert.equal((await rejection(discover('http://sign-in.example.com', http))).kind, 'config');
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('the issuer must be the address the metadata was found at (RFC 8414 §3.3); a front naming its server is followed once', async () => {
    const bodies = new Map<string, unknown>();
    const asked: string[] = [];
    const server = httpServer((req, res) => {
      asked.push(req.url ?? '');
      const body = bodies.get((req.url ?? '').replace('/.well-known/oauth-authorization-server', ''));
      res.writeHead(body === undefined ? 404 : 200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body ?? { error: 'not_found' }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const metadataOf = (issuer: string) => ({
      issuer,
      authorization_endpoint: `${url}/auth/a`,
      token_endpoint: `${url}/auth/t`,
      registration_endpoint: `${url}/auth/r`,
    });
    try {
      // Another server's metadata served here: refused, in one sentence naming both.
      bodies.set('', metadataOf('http://127.0.0.1:1'));
      const error = await rejection(discover(url, http));
      assert.equal(error.kind, 'config');
      assert.match(error.message, /names itself http:\/\/127\.0\.0\.1:1, not the address it was found at/);
      // Its own issuer, with or without a final slash: used.
      bodies.set('', metadataOf(`${url}/`));
      assert.equal((await discover(url, http)).tokenEndpoint, `${url}/auth/t`);
      // A front naming its server, whose own metadata names it: that server's metadata.
      bodies.set('', metadataOf(`${url}/auth`));
      bodies.set('/auth', { ...metadataOf(`${url}/auth`), token_endpoint: `${url}/auth/token` });
      asked.length = 0;
      assert.equal((await discover(url, http)).tokenEndpoint, `${url}/auth/token`);
      assert.deepEqual(asked, [
        '/.well-known/oauth-authorization-server',
        '/auth/.well-known/oauth-authorization-server',
      ]);
      // …but not when that server names yet another one.
      bodies.set('/auth', metadataOf(`${url}/elsewhere`));
      assert.match((await rejection(discover(url, http))).message, /not the address it was found at/);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('registers a public client for its redirect address; an http redirect to an IP address is refused', async () => {
    const metadata = await discover(oauth.url, http);
    const id = await registerClient(metadata, 'http://localhost:5123/callback', 'Axiom for VS Code', http);
    assert.deepEqual(oauth.clients.get(id)?.redirectUris, ['http://localhost:5123/callback']);
    const sent = JSON.parse(oauth.requestsTo('/oauth2/register')[0].body) as Record<string, unknown>;
    assert.equal(sent.token_endpoint_auth_method, 'none');
    assert.equal(sent.client_name, 'Axiom for VS Code');
    const refused = await rejection(
      registerClient(metadata, 'http://127.0.0.1:5123/callback', 'Axiom for VS Code', http),
    );
    assert.equal(refused.code, 'invalid_redirect_uri');
  });

  it('the whole flow: listener, authorize, code exchange with the verifier; the code works once', async () => {
    const metadata = await discover(oauth.url, http);
    const listener = await listenForCallback({ state: STATE, timeoutMs: 10_000, pages: PAGES });
    assert.match(listener.redirectUri, /^http:\/\/localhost:\d+\/callback$/);
    const clientId = await registerClient(metadata, listener.redirectUri, 'test', http);
    const { browser, code } = await signIn(metadata, listener, clientId);
    assert.equal(browser.status, 200);
    assert.match(browser.page, /return to VS Code/);
    assert.ok(!browser.page.includes(code), 'the page does not repeat the code');
    await listener.close();
    assert.equal(await listening(listener.port), false, 'closed after use');

    const wrongVerifier = await rejection(
      exchangeCode(
        metadata,
        { clientId, code, verifier: makePkce().verifier, redirectUri: listener.redirectUri },
        http,
      ),
    );
    assert.equal(wrongVerifier.code, 'invalid_grant');

    // A fresh code, exchanged with the right verifier but another redirect address: refused too.
    const listener2 = await listenForCallback({ state: STATE, timeoutMs: 10_000, pages: PAGES, port: listener.port });
    assert.equal(listener2.port, listener.port, 'the registered port is taken again when free');
    const second = await signIn(metadata, listener2, clientId);
    const wrongRedirect = await rejection(
      exchangeCode(
        metadata,
        { clientId, code: second.code, verifier: second.pkce.verifier, redirectUri: 'http://localhost:1/callback' },
        http,
      ),
    );
    assert.equal(wrongRedirect.code, 'invalid_grant');

    const listener3 = await listenForCallback({ state: STATE, timeoutMs: 10_000, pages: PAGES, port: listener.port });
    const third = await signIn(metadata, listener3, clientId);
    const now = Date.now();
    const tokens = await exchangeCode(
      metadata,
      { clientId, code: third.code, verifier: third.pkce.verifier, redirectUri: listener3.redirectUri },
      http,
      () => now,
    );
    assert.equal(oauth.check(tokens.accessToken), 'live');
    assert.ok(tokens.refreshToken);
    assert.equal(tokens.expiresAt, now + 3600_000);
    assert.equal(
      maskSecrets(`a ${tokens.accessToken} and ${tokens.refreshToken}`),
      'a •••• and ••••',
      'both tokens are masked from now on',
    );

    const reused = await rejection(
      exchangeCode(
        metadata,
        { clientId, code: third.code, verifier: third.pkce.verifier, redirectUri: listener3.redirectUri },
        http,
      ),
    );
    assert.equal(reused.code, 'invalid_grant');
    assert.match(reused.message, /already used/);

    // The API takes the token with an org; it lists the orgs without one.
    fake.orgs.push({ id: 'second-org', name: 'Second Org' });
    const orgs = await testClient(fake.url, dispatcher, log, { token: tokens.accessToken }).listOrgs();
    assert.deepEqual(
      orgs.map((o) => o.id),
      ['fake-org-1', 'second-org'],
    );
    fake.orgs.pop();
    const monitors = await testClient(fake.url, dispatcher, log, {
      token: tokens.accessToken,
      orgId: 'fake-org-1',
    }).listMonitors();
    assert.deepEqual(monitors.monitors, []);

    // Refresh rotates the pair; revocation ends the access token.
    const renewed = await refreshTokens(metadata.tokenEndpoint, { clientId, refreshToken: tokens.refreshToken }, http);
    assert.notEqual(renewed.accessToken, tokens.accessToken);
    assert.notEqual(renewed.refreshToken, tokens.refreshToken);
    const spent = await rejection(
      refreshTokens(metadata.tokenEndpoint, { clientId, refreshToken: tokens.refreshToken }, http),
    );
    assert.equal(spent.kind, 'auth');
    await revokeToken(
      metadata.revocationEndpoint!,
      { clientId, token: renewed.accessToken, hint: 'access_token' },
      http,
    );
    assert.equal(oauth.check(renewed.accessToken), 'unknown');
    assert.ok(!log.text().includes(renewed.accessToken));
  });
});

describe('OAuth: the loopback listener', () => {
  const listen = (timeoutMs = 10_000, signal?: AbortSignal) =>
    listenForCallback({ state: STATE, timeoutMs, pages: PAGES, signal });

  it('answers 400 to anything but the callback with its state, and goes on waiting', async () => {
    const listener = await listen();
    const base = `http://localhost:${listener.port}`;
    for (const [path, method] of [
      ['/favicon.ico', 'GET'],
      [`/callback/x?code=a&state=${STATE}`, 'GET'],
      [`/callback?code=a&state=${STATE}`, 'POST'],
      ['/callback?code=the-code&state=someone-else', 'GET'],
      ['/callback?code=the-code', 'GET'],
      ['/callback?error=access_denied&state=someone-else', 'GET'],
    ]) {
      const answer = await fetch(`${base}${path}`, { method });
      assert.equal(answer.status, 400, `${method} ${path}`);
      assert.match(await answer.text(), /Return to VS Code/);
    }
    assert.ok(listener.complete(`${base}/callback?code=pasted&state=someone-else`), 'another state pasted is refused');
    assert.equal(await listening(listener.port), true);
    const ok = await fetch(`http://127.0.0.1:${listener.port}/callback?code=the-code&state=${STATE}`);
    assert.equal(ok.status, 200);
    assert.equal(ok.headers.get('content-security-policy')?.startsWith("default-src 'none'"), true);
    assert.equal(await listener.code, 'the-code');
  });

  it('a malformed request never throws, is answered 400, and its connection is closed', async () => {
    const listener = await listen();
    /** Sends `raw` over a socket; what came back once the listener closed it. */
    const sendRaw = (raw: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = net.connect({ port: listener.port, host: '127.0.0.1' });
        let received = '';
        socket.setEncoding('utf8');
        socket.on('data', (chunk: string) => (received += chunk));
        socket.on('error', reject);
        socket.on('close', () => resolve(received));
        socket.setTimeout(5_000, () => reject(new Error(`the connection stayed open after ${JSON.stringify(raw)}`)));
        socket.write(raw);
      });
    for (const raw of [
      'GET http://[ HTTP/1.1\r\nhost: localhost\r\n\r\n',
      'GET http://[::1/callback?state=x HTTP/1.1\r\n\r\n',
      'GET /callback?%zz HTTP/1.1\r\nhost: localhost\r\n\r\n',
      'BREW /callback HTTP/1.1\r\n\r\n',
      'GET /callback HTTP/1.1\r\ncontent-length: x\r\n\r\n',
      '\u0000\u0001 garbage\r\n\r\n',
      'GET /callback?code=a&state=x HTTP/1.1\r\nhost: localhost\r\ncontent-length: 1000\r\n\r\nshort',
    ]) {
      const received = await sendRaw(raw);
      assert.match(received, /^HTTP\/1\.1 400 /, JSON.stringify(raw));
    }
    assert.equal(await listening(listener.port), true, 'still waiting');
    await listener.close();
    assert.equal((await rejection(listener.code)).kind, 'cancelled');
    assert.equal(await listening(listener.port), false);
  });

  it('a second callback finds nobody listening', async () => {
    const listener = await listen();
    const url = `http://localhost:${listener.port}/callback?code=one&state=${STATE}`;
    assert.equal((await fetch(url)).status, 200);
    assert.equal(await listener.code, 'one');
    await listener.close();
    await assert.rejects(fetch(url.replace('one', 'two')));
  });

  it('the time limit ends the sign-in and closes the port', async () => {
    const listener = await listen(150);
    const error = await rejection(listener.code);
    assert.equal(error.kind, 'timeout');
    await listener.close();
    assert.equal(await listening(listener.port), false);
  });

  it('cancel ends the sign-in and closes the port', async () => {
    const controller = new AbortController();
    const listener = await listen(10_000, controller.signal);
    controller.abort();
    assert.equal((await rejection(listener.code)).kind, 'cancelled');
    await listener.close();
    assert.equal(await listening(listener.port), false);
  });

  it('a pasted address finishes it; something else pasted is refused and it goes on waiting', async () => {
    const listener = await listen();
    assert.ok(listener.complete('not an address'));
    assert.ok(listener.complete(`http://localhost:${listener.port}/callback`));
    assert.equal(listener.complete(`http://localhost:${listener.port}/callback?code=pasted&state=${STATE}`), undefined);
    assert.equal(await listener.code, 'pasted');
    await listener.close();
    assert.equal(await listening(listener.port), false);
  });

  it('a denial in the browser ends the sign-in as declined', async () => {
    const metadata = await discover(oauth.url, http);
    const listener = await listen();
    const clientId = await registerClient(metadata, listener.redirectUri, 'test', http);
    oauth.mode = 'deny';
    const pkce = makePkce();
    await followAuthorize(
      authorizeUrl(metadata, { clientId, redirectUri: listener.redirectUri, challenge: pkce.challenge, state: STATE }),
    );
    assert.equal((await rejection(listener.code)).code, 'access_denied');
    await listener.close();
  });
});

describe('OAuth: tokens that expire', () => {
  async function signedIn(lifetimeSeconds: number): Promise<{
    grant: Grant;
    store: { grant: Grant; saves: number; load(): Promise<Grant>; save(g: Grant): Promise<void> };
  }> {
    oauth.accessLifetimeSeconds = lifetimeSeconds;
    const { metadata, clientId, tokens } = await signedInTokens(oauth.url);
    const grant: Grant = {
      ...tokens,
      clientId,
      issuer: metadata.issuer,
      tokenEndpoint: metadata.tokenEndpoint,
      revocationEndpoint: metadata.revocationEndpoint,
    };
    const store = {
      grant,
      saves: 0,
      load: async () => store.grant,
      save: async (g: Grant) => {
        store.grant = g;
        store.saves++;
      },
    };
    return { grant, store };
  }
  const refresher = (store: { load(): Promise<Grant>; save(g: Grant): Promise<void> }) =>
    new RefreshingToken(store, (g) =>
      refreshTokens(g.tokenEndpoint, { clientId: g.clientId, refreshToken: g.refreshToken }, http),
    );

  it('is refreshed before it expires, and the new pair stored', async () => {
    const { grant, store } = await signedIn(30); // inside the 60-second margin
    const client = testClient(fake.url, dispatcher, log, {
      token: grant.accessToken,
      orgId: 'fake-org-1',
      tokenSource: refresher(store),
    });
    await client.listMonitors();
    assert.equal(store.saves, 1);
    assert.notEqual(store.grant.accessToken, grant.accessToken);
    assert.notEqual(store.grant.refreshToken, grant.refreshToken);
    assert.equal(fake.requestsTo('GET /v2/monitors')[0].headers.authorization, `Bearer ${store.grant.accessToken}`);
    assert.equal(fake.requestsTo('GET /v2/monitors').length, 1);
  });

  it('after a 401 it is refreshed and the request sent exactly once more', async () => {
    const { grant, store } = await signedIn(3600);
    const client = testClient(fake.url, dispatcher, log, {
      token: grant.accessToken,
      orgId: 'fake-org-1',
      tokenSource: refresher(store),
    });
    oauth.expire(grant.accessToken);
    await client.listMonitors();
    const sent = fake.requestsTo('GET /v2/monitors');
    assert.deepEqual(
      sent.map((r) => r.headers.authorization),
      [`Bearer ${grant.accessToken}`, `Bearer ${store.grant.accessToken}`],
    );
    assert.equal(oauth.requestsTo('/oauth2/token').length, 2, 'the code, then one refresh');
    assert.ok(
      !log.text().includes(store.grant.accessToken) && !log.text().includes(store.grant.refreshToken!),
      'no token in the log',
    );

    // Refused again after the refresh: no second refresh, no third request.
    fake.reset();
    oauth.requests.length = 0;
    fake.fail('GET /v2/monitors', { status: 401, body: { code: 401, message: 'token expired' } });
    const error = await rejection(client.listMonitors());
    assert.equal(error.kind, 'auth');
    assert.equal(fake.requestsTo('GET /v2/monitors').length, 2);
    assert.equal(oauth.requestsTo('/oauth2/token').length, 1);
  });

  it('a refresh the server refuses says to sign in again', async () => {
    const { grant, store } = await signedIn(3600);
    store.grant = { ...grant, refreshToken: 'fake-oauth-refresh-not-issued' };
    const client = testClient(fake.url, dispatcher, log, {
      token: grant.accessToken,
      orgId: 'fake-org-1',
      tokenSource: refresher(store),
    });
    oauth.expire(grant.accessToken);
    const error = await rejection(client.listMonitors());
    assert.equal(error.code, 'sign_in_expired');
    assert.match(error.message, /Sign in with Axiom again/);
    assert.equal(fake.requestsTo('GET /v2/monitors').length, 1);
  });

  it('the grant is read once, not before every request, until it nears its expiry', async () => {
    const { grant, store } = await signedIn(3600);
    let loads = 0;
    const counting = { load: async () => (loads++, store.grant), save: (g: Grant) => store.save(g) };
    const client = testClient(fake.url, dispatcher, log, {
      token: grant.accessToken,
      orgId: 'fake-org-1',
      tokenSource: refresher(counting),
    });
    for (let i = 0; i < 5; i++) await client.listMonitors();
    assert.equal(loads, 1);
    assert.equal(store.saves, 0);
  });

  it('requests at the same time share one refresh', async () => {
    const { grant, store } = await signedIn(1);
    const source = refresher(store);
    const client = testClient(fake.url, dispatcher, log, {
      token: grant.accessToken,
      orgId: 'fake-org-1',
      tokenSource: source,
    });
    await Promise.all([client.listMonitors(), client.listDatasets(), client.listMonitors()]);
    assert.equal(store.saves, 1);
  });
});

describe('OAuth: windows renew a sign-in once', () => {
  const GRANT_KEY = 'axiom.signIn:prod';
  /** The lock's timings in these tests: a lock is taken from its holder only when its process
   *  ended (both windows live here), never because its heartbeat stopped. */
  const LOCK_TIMING: FileLockTiming = { heartbeatMs: 100, stoppedAfterMs: 10 * 60_000, retryMs: 10 };
  const RENEWAL_TIMING: SharedRenewalTiming = { lookAgainMs: 50, renewedWithinMs: 10_000 };
  let folder: string;
  beforeEach(() => (folder = fs.mkdtempSync(path.join(os.tmpdir(), 'axiom-renewal-'))));
  afterEach(() => fs.rmSync(folder, { recursive: true, force: true }));
  /** The extension's global storage folder, which every window of the machine shares. */
  const storageFolder = () => path.join(folder, 'globalStorage');

  /** A window of this process: its own copy of the shared secret storage (another window's write
   *  reaches it `delayMs` late), and its token store, which renews under the machine's lock. */
  function windowOver(
    delayMs: number,
    options: {
      refresh?: ReturnType<typeof refreshWith>;
      storage?: string;
      onTakeOver?: () => void;
      timing?: SharedRenewalTiming;
    } = {},
  ): { source: RefreshingToken; saves: Grant[] } {
    const secrets = new WindowSecrets(path.join(folder, 'secrets'), delayMs);
    const saves: Grant[] = [];
    const store: GrantStore = {
      load: async () => {
        const text = await secrets.get(GRANT_KEY);
        return text ? (JSON.parse(text) as Grant) : undefined;
      },
      save: async (grant) => {
        saves.push(grant);
        await secrets.store(GRANT_KEY, JSON.stringify(grant));
      },
      turns: fileRenewalTurns(options.storage ?? storageFolder(), 'prod', {
        timing: LOCK_TIMING,
        onTakeOver: options.onTakeOver,
      }),
    };
    const refresh = options.refresh ?? refreshWith(http);
    const timing = options.timing ?? RENEWAL_TIMING;
    return { source: new RefreshingToken(store, refresh, Date.now, REFRESH_MARGIN_MS, timing), saves };
  }
  const refreshWith = (over: OAuthHttp) => (g: Grant & { refreshToken: string }) =>
    refreshTokens(g.tokenEndpoint, { clientId: g.clientId, refreshToken: g.refreshToken }, over);

  /** Signed in with tokens that live `lifetimeSeconds` (inside the margin: due for renewal), the
   *  grant in the secret storage's folder `secretsFolder`, where every window's copy has it. */
  async function signedInAcross(lifetimeSeconds: number, secretsFolder = path.join(folder, 'secrets')): Promise<Grant> {
    oauth.accessLifetimeSeconds = lifetimeSeconds;
    oauth.revokeFamilyOnReuse = true;
    const { metadata, clientId, tokens } = await signedInTokens(oauth.url);
    const grant: Grant = { ...tokens, clientId, issuer: metadata.issuer, tokenEndpoint: metadata.tokenEndpoint };
    await WindowSecrets.written(secretsFolder, GRANT_KEY, JSON.stringify(grant));
    oauth.requests.length = 0;
    oauth.accessLifetimeSeconds = 3600; // the renewed tokens are not due again
    return grant;
  }

  const clientOf = (source: RefreshingToken, token: string) =>
    testClient(fake.url, dispatcher, log, { token, orgId: 'fake-org-1', tokenSource: source });

  it(
    'two windows (processes) renewing at the same moment, their secret storage 0, 100, 300 or 1,000 ms apart: one refresh grant, the other takes it at the lock’s release',
    { timeout: 120_000 },
    async () => {
      const windows = [0, 1].map(() =>
        fork(path.resolve(__dirname, '../../support/renewingWindow.mjs'), [], { stdio: 'ignore' }),
      );
      const answer = (child: ChildProcess) =>
        new Promise<RenewalReport>((resolve, reject) => {
          const ended = (code: number | null) => reject(new Error(`a window ended (${code})`));
          child.once('exit', ended);
          child.once('message', (message) => {
            child.off('exit', ended);
            resolve(message as RenewalReport);
          });
        });
      const problems: string[] = [];
      try {
        let round = 0;
        for (const delayMs of [0, 100, 300, 1_000])
          for (let again = 0; again < 3; again++, round++) {
            const secretsFolder = path.join(folder, `secrets-${round}`);
            const grant = await signedInAcross(30, secretsFolder);
            fake.reset();
            const message: RenewalRound = {
              round,
              secretsFolder,
              delayMs,
              grantKey: GRANT_KEY,
              storageFolder: storageFolder(),
              lockTiming: LOCK_TIMING,
              renewalTiming: RENEWAL_TIMING,
              apiUrl: fake.url,
              orgId: 'fake-org-1',
              // Both at once, once both have their window ready.
              startAt: Date.now() + 200,
            };
            const reports = await Promise.all(
              windows.map((child) => {
                const report = answer(child);
                child.send(message);
                return report;
              }),
            );
            const sent = fake.requestsTo('GET /v2/monitors').map((r) => r.headers.authorization);
            const renewed = sent[0]?.replace('Bearer ', '') ?? '';
            const waiter = reports.find((r) => r.refreshes === 0);
            const said = `round ${round} (${delayMs} ms): ${oauth.refreshGrants().length} refresh grants, ${JSON.stringify(reports)}, sent ${sent.length}`;
            if (
              oauth.refreshGrants().length !== 1 ||
              reports.some((r) => r.failed !== undefined || r.takeOvers !== 0) ||
              reports.reduce((sum, r) => sum + r.refreshes, 0) !== 1 ||
              // The other window waited for the renewed grant only as long as its copy of the
              // secret storage took to have it (counted in reads, one every lookAgainMs): < 2 s.
              !waiter ||
              waiter.readsUntilRenewed * RENEWAL_TIMING.lookAgainMs > 2_000 ||
              sent.length !== 2 ||
              sent[1] !== sent[0] ||
              renewed === grant.accessToken ||
              oauth.check(renewed) !== 'live'
            )
              problems.push(said);
          }
      } finally {
        for (const child of windows) child.kill();
      }
      assert.deepEqual(problems, []);
    },
  );

  it('a window that finds the token already renewed uses the new one without a request; after a 401 too', async () => {
    const grant = await signedInAcross(3600);
    // Another window's writes reach each window's copy 300 ms late.
    const [a, b] = [windowOver(300), windowOver(300)];
    const clientA = clientOf(a.source, grant.accessToken);
    const clientB = clientOf(b.source, grant.accessToken);
    await Promise.all([clientA.listMonitors(), clientB.listMonitors()]);
    // The token is refused as expired in both windows, one after the other: one renewal.
    oauth.expire(grant.accessToken);
    await clientA.listMonitors();
    assert.equal(oauth.refreshGrants().length, 1);
    const renewed = a.saves[0].accessToken;
    fake.reset();
    await clientB.listMonitors();
    assert.equal(oauth.refreshGrants().length, 1, 'window B took the renewed grant: no second refresh');
    assert.deepEqual(
      fake.requestsTo('GET /v2/monitors').map((r) => r.headers.authorization),
      [`Bearer ${grant.accessToken}`, `Bearer ${renewed}`],
    );
    assert.equal(b.saves.length, 0);
    // What the windows share besides the secret storage names no token.
    const shared = fs
      .readdirSync(storageFolder())
      .map((f) => fs.readFileSync(path.join(storageFolder(), f), 'utf8'))
      .join('\n');
    assert.ok(shared.length > 0);
    assert.deepEqual(
      oauth.issuedTokens.filter((token) => shared.includes(token)),
      [],
    );
  });

  it('both windows refused at the same moment after a 401: one refresh grant', async () => {
    const grant = await signedInAcross(3600);
    const [a, b] = [windowOver(100), windowOver(100)];
    oauth.expire(grant.accessToken);
    await Promise.all([
      clientOf(a.source, grant.accessToken).listMonitors(),
      clientOf(b.source, grant.accessToken).listMonitors(),
    ]);
    assert.equal(oauth.refreshGrants().length, 1);
    assert.equal(fake.requestsTo('GET /v2/monitors').length, 4, 'each window: refused once, then sent again');
  });

  it('a window whose copy of the secret storage never gets the renewed grant gives up rather than send the spent token', async () => {
    const grant = await signedInAcross(3600);
    const a = windowOver(0);
    // Window B's copy learns of another window's writes only after a minute; it waits 300 ms at most.
    const b = windowOver(60_000, { timing: { lookAgainMs: 50, renewedWithinMs: 300 } });
    oauth.expire(grant.accessToken);
    await clientOf(a.source, grant.accessToken).listMonitors();
    const error = await rejection(clientOf(b.source, grant.accessToken).listMonitors());
    assert.equal(error.code, 'sign_in_expired');
    assert.equal(oauth.refreshGrants().length, 1, 'the spent refresh token was not sent again');
    assert.equal(oauth.check(a.saves[0].accessToken), 'live', 'and the sign-in lives on');
  });

  it('the lock of a window that ended mid-renewal is taken at once', async () => {
    await signedInAcross(30);
    // A window that took the lock, then ended before it let go (closed while its request was out).
    const ended = await promisify(execFile)(process.execPath, ['-p', 'process.pid']);
    fs.mkdirSync(storageFolder(), { recursive: true });
    fs.writeFileSync(
      renewalLockFile(storageFolder(), 'prod'),
      JSON.stringify({ pid: Number(ended.stdout), host: os.hostname(), id: 'ended' }),
    );
    let takeOvers = 0;
    const token = await windowOver(100, { onTakeOver: () => takeOvers++ }).source.current();
    assert.equal(takeOvers, 1);
    assert.equal(oauth.check(token), 'live');
    assert.equal(oauth.refreshGrants().length, 1);
    assert.equal(fs.existsSync(renewalLockFile(storageFolder(), 'prod')), false, 'and let go after');
  });

  it('when the lock’s folder cannot be used, the window renews alone rather than not at all', async () => {
    await signedInAcross(30);
    const notAFolder = path.join(folder, 'a-file');
    fs.writeFileSync(notAFolder, '');
    const token = await windowOver(0, { storage: notAFolder }).source.current();
    assert.equal(oauth.check(token), 'live');
    assert.equal(oauth.refreshGrants().length, 1);
  });

  it('the fake revokes the whole sign-in when a refresh token is used twice (what the lock prevents)', async () => {
    const grant = await signedInAcross(30);
    const refresh = refreshWith(http);
    const held = grant as Grant & { refreshToken: string };
    const outcomes = await Promise.allSettled([refresh(held), refresh(held)]);
    assert.equal(oauth.refreshGrants().length, 2);
    const issued = outcomes.flatMap((o) => (o.status === 'fulfilled' ? [o.value.accessToken] : []));
    assert.equal(issued.length, 1, 'the second use is refused');
    assert.equal(oauth.check(issued[0]), 'unknown', 'and the first one’s new token is revoked with it');
  });

  it('the note of renewed grants, read from anything, is a list of fingerprints or nothing', () => {
    fc.assert(
      fc.property(anyJsonText, (text) => {
        const read = readRenewalNote(text);
        assert.ok(Array.isArray(read) && read.every((f) => typeof f === 'string'));
      }),
      FUZZ_BOUND,
    );
    assert.deepEqual(readRenewalNote(JSON.stringify({ renewed: ['a', 3, 'b'] })), ['a', 'b']);
  });
});

describe('OAuth: the demo deployment (npm start) offers sign-in too', () => {
  it('signs in to the demo service through its own sign-in server, which lists the demo org', async () => {
    const demo = await startDemo();
    const server = await startDemoSignIn(demo);
    try {
      const { tokens } = await signedInTokens(server.url);
      const orgs = await testClient(demo.url, dispatcher, log, { token: tokens.accessToken }).listOrgs();
      assert.deepEqual(
        orgs.map((o) => [o.id, o.name]),
        [[DEMO_ORG.id, DEMO_ORG.name]],
      );
      const { monitors } = await testClient(demo.url, dispatcher, log, {
        token: tokens.accessToken,
        orgId: DEMO_ORG.id,
      }).listMonitors();
      assert.ok(monitors.length > 0);
    } finally {
      await demo.stop();
      await server.stop();
    }
  });
});

describe('OAuth: the readers of the sign-in server’s answers, fuzzed', () => {
  const address = fc.oneof(
    fc.webUrl(),
    fc.constantFrom('http://127.0.0.1:1/t', 'http://localhost/t', 'http://evil.example.com/t', 'javascript:alert(1)'),
    fc.string(),
  );
  const metadataish = fc.record(
    {
      issuer: fc.oneof(fc.webUrl(), fc.string()),
      authorization_endpoint: address,
      token_endpoint: address,
      registration_endpoint: address,
      revocation_endpoint: address,
      code_challenge_methods_supported: fc.array(fc.constantFrom('S256', 'plain', 'x')),
      scopes_supported: fc.array(fc.string()),
    },
    { requiredKeys: [] },
  );

  it('metadata: any JSON gives usable metadata or the one typed error; every endpoint kept is https or this machine', () => {
    fc.assert(
      fc.property(fc.oneof(anyJson, metadataish), (body) => {
        typedOrNothing(() => {
          const metadata = readMetadata(body);
          for (const endpoint of [
            metadata.authorizationEndpoint,
            metadata.tokenEndpoint,
            metadata.registrationEndpoint,
            metadata.revocationEndpoint,
          ])
            if (endpoint !== undefined) assert.ok(checkSignInUrl(endpoint).ok, endpoint);
        });
        try {
          readMetadata(body);
        } catch (error) {
          assert.ok(['invalidResponse', 'config'].includes((error as AxiomError).kind));
        }
      }),
      FUZZ_BOUND,
    );
  });

  it('token answers: any JSON gives a bearer token with a finite expiry in the future, or invalidResponse', () => {
    const tokenish = fc.record(
      {
        access_token: fc.oneof(fc.string(), anyJson),
        token_type: fc.oneof(fc.constantFrom('Bearer', 'bearer', 'mac', 'DPoP'), fc.string()),
        expires_in: fc.oneof(fc.double(), fc.integer(), fc.string(), fc.constantFrom('3600', '1e400', '-1', 'NaN')),
        refresh_token: fc.oneof(fc.string(), anyJson),
      },
      { requiredKeys: [] },
    );
    const now = 1_800_000_000_000;
    fc.assert(
      fc.property(fc.oneof(anyJson, tokenish), (body) => {
        let tokens;
        try {
          tokens = readTokens(body, now);
        } catch (error) {
          assert.ok(error instanceof AxiomError, `threw ${String(error)}`);
          assert.equal(error.kind, 'invalidResponse');
          return;
        }
        assert.match(tokens.accessToken, /^[\x21-\x7e]+$/, 'fit for an Authorization header');
        if (tokens.refreshToken !== undefined)
          assert.ok(typeof tokens.refreshToken === 'string' && tokens.refreshToken);
        if (tokens.expiresAt !== undefined) assert.ok(Number.isFinite(tokens.expiresAt) && tokens.expiresAt > now);
      }),
      FUZZ_BOUND,
    );
  });
});
