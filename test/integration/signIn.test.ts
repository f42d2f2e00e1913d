// Sign in with Axiom inside the real VS Code: the test is the browser. It follows the authorize
// address the extension opens (taken from the extension's own Browser seam, not from VS Code)
// to the fake authorization server, which redirects to the extension's loopback listener. Then
// the deployment's requests reach the fake API with the issued token and the org header; an
// expired token is renewed; a denied sign-in changes nothing, a mismatched answer is refused; the port is closed.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { AxiomExtensionApi } from '../../src/testApi';
import { FakeAxiom } from '../support/fakeAxiom';
import { FakeOAuth, followAuthorize, listening } from '../support/fakeOAuth';
import { actionRows, activateExtension, refreshedView, waitFor, signOut, switchDeployment } from './helpers';

const SECOND_ORG = { id: 'second-org-2', name: 'Second Org' };

describe('Sign in with Axiom', () => {
  const oauth = new FakeOAuth();
  const fake = new FakeAxiom({
    oauth,
    monitors: [{ id: 'mon_signed_in', name: 'signed-in monitor', type: 'Threshold' }],
  });
  let api: AxiomExtensionApi;
  let restoreOpen: AxiomExtensionApi['browser']['open'];
  const opened: string[] = [];
  const config = () => vscode.workspace.getConfiguration('axiom');
  const listed = () => JSON.stringify(config().get('deployments') ?? []);

  /** Starts Sign in with Axiom and waits for the address it opens in the "browser". */
  async function start(args?: {
    orgId?: string;
  }): Promise<{ done: Thenable<{ name: string; orgId?: string } | undefined>; address: string; port: number }> {
    const before = opened.length;
    const done = (await activateExtension()).own.signIn(args);
    const address = await waitFor('the authorize address', () => opened[before]);
    const redirectParam = new URL(address).searchParams.get('redirect_uri');
    assert.ok(redirectParam, `no redirect_uri in ${address}`);
    const redirect = new URL(redirectParam);
    const forwarded = /^\/proxy\/(\d+)\//.exec(redirect.pathname);
    return { done, address, port: Number(forwarded ? forwarded[1] : redirect.port) };
  }

  before(async () => {
    await oauth.start();
    await fake.start();
    fake.orgs.push({ ...SECOND_ORG });
    await config().update('url', fake.url, vscode.ConfigurationTarget.Global);
    await config().update('signInUrl', oauth.url, vscode.ConfigurationTarget.Global);
    api = await activateExtension();
    restoreOpen = api.browser.open;
    api.browser.open = async (uri) => {
      // As VS Code hands it to the browser: the query as written, not re-encoded.
      opened.push(uri.toString(true));
      return true;
    };
  });

  after(async () => {
    api.browser.open = restoreOpen;
    for (const d of (config().get<{ name: string }[]>('deployments') ?? []) as { name: string }[]) {
      await (await activateExtension()).own.removeDeployment({ name: d.name, confirmed: true });
    }
    await switchDeployment('');
    await config().update('signInUrl', undefined, vscode.ConfigurationTarget.Global);
    await Promise.all([oauth.stop(), fake.stop()]);
  });

  it('a denied sign-in changes nothing, and closes the port', async () => {
    const deployments = listed();
    const active = await api.activeDeployment();
    oauth.mode = 'deny';
    const { done, address, port } = await start();
    const browser = await followAuthorize(address);
    assert.equal(browser.status, 400);
    assert.match(browser.page, /Return to VS Code/);
    assert.equal(await done, undefined);
    assert.equal(listed(), deployments);
    assert.equal(await api.activeDeployment(), active);
    assert.equal(oauth.requestsTo('/oauth2/token').length, 0, 'no code was exchanged');
    assert.equal(await listening(port), false);
  });

  it('an answer with another sign-in’s state is refused and the sign-in goes on waiting; nothing changes', async () => {
    const deployments = listed();
    oauth.mode = 'wrongState';
    const { done, address, port } = await start();
    const refused = await followAuthorize(address);
    assert.equal(refused.status, 400);
    assert.equal(await listening(port), true, 'still waiting for its own answer');
    // Its own answer (a denial here) is the one that ends it.
    oauth.mode = 'deny';
    await followAuthorize(address);
    assert.equal(await done, undefined);
    assert.equal(listed(), deployments);
    assert.equal(await listening(port), false);
    oauth.mode = 'approve';
  });

  it('signs in, takes the org asked for, and saves a deployment whose requests carry the new token and the org', async () => {
    oauth.requests.length = 0;
    const { done, address, port } = await start({ orgId: SECOND_ORG.id });
    const authorize = new URL(address);
    assert.equal(authorize.origin + authorize.pathname, `${oauth.url}/oauth2/authorize`);
    assert.equal(authorize.searchParams.get('code_challenge_method'), 'S256');
    const browser = await followAuthorize(address);
    assert.equal(browser.status, 200);
    assert.match(browser.page, /return to VS Code/);
    const deployment = await done;
    assert.deepEqual(deployment, { name: SECOND_ORG.name, url: fake.url, orgId: SECOND_ORG.id });
    assert.equal(await api.activeDeployment(), SECOND_ORG.name);
    assert.ok(!listed().includes('fake-oauth'), 'no token in the settings');
    assert.equal(await listening(port), false, 'the loopback port is closed');

    fake.requests.length = 0;
    const view = await refreshedView();
    assert.deepEqual(
      view.currentRows.map((r) => r.monitor.id),
      ['mon_signed_in'],
    );
    const sent = fake.requestsTo('GET /v2/monitors').at(-1)!;
    const token = (sent.headers.authorization ?? '').replace('Bearer ', '');
    assert.equal(oauth.check(token), 'live', 'the token the fake issued');
    assert.equal(sent.headers['x-axiom-org-id'], SECOND_ORG.id);
  });

  it('with several orgs it asks which one; the forwarded address is tried first and refused, as Axiom refuses http to an IP', async () => {
    oauth.requests.length = 0;
    // The pick, as a person answers it: the second org. Recorded, so the test sees what was offered.
    const { showQuickPick } = vscode.window;
    const offered: string[] = [];
    Object.assign(vscode.window, {
      showQuickPick: async (items: readonly (vscode.QuickPickItem & { org?: unknown })[]) => {
        offered.push(...items.map((i) => `${i.label} (${i.description ?? ''})`));
        return items.find((i) => i.description === SECOND_ORG.id);
      },
    });
    try {
      const { done, address } = await start();
      await followAuthorize(address);
      assert.equal((await done)?.orgId, SECOND_ORG.id);
    } finally {
      Object.assign(vscode.window, { showQuickPick });
    }
    assert.deepEqual(offered, ['Fake Org (fake-org-1)', `${SECOND_ORG.name} (${SECOND_ORG.id})`]);
    // In a browser-hosted VS Code the extension first offers the address VS Code forwards to it.
    const registrations = oauth
      .requestsTo('/oauth2/register')
      .map((r) => (JSON.parse(r.body) as { redirect_uris: string[] }).redirect_uris[0]);
    if (vscode.env.uiKind === vscode.UIKind.Web && registrations.length)
      assert.match(registrations[0], /\/proxy\/\d+\/callback$/);
  });

  it('an org pick dismissed changes nothing, and the unused tokens are revoked', async () => {
    const deployments = listed();
    const revoked = oauth.revoked.length;
    const { showQuickPick } = vscode.window;
    Object.assign(vscode.window, { showQuickPick: async () => undefined });
    try {
      const { done, address } = await start();
      await followAuthorize(address);
      assert.equal(await done, undefined);
    } finally {
      Object.assign(vscode.window, { showQuickPick });
    }
    assert.equal(listed(), deployments);
    assert.ok(oauth.revoked.length > revoked, 'revoked at the server');
  });

  it('where the server takes the address VS Code forwards, the browser comes back through it', async () => {
    if (vscode.env.uiKind !== vscode.UIKind.Web) return; // a desktop window listens on localhost only
    oauth.refuseIpRedirects = false;
    try {
      const { done, address } = await start({ orgId: SECOND_ORG.id });
      const redirect = new URL(new URL(address).searchParams.get('redirect_uri')!);
      assert.match(redirect.pathname, /^\/proxy\/\d+\/callback$/, 'the forwarded address');
      const browser = await followAuthorize(address);
      assert.equal(browser.status, 200);
      assert.match(browser.page, /return to VS Code/);
      assert.equal((await done)?.name, SECOND_ORG.name);
    } finally {
      oauth.refuseIpRedirects = true;
    }
  });

  it('a second sign-in uses the client registered before', async () => {
    const clients = oauth.clients.size;
    const { done, address } = await start({ orgId: SECOND_ORG.id });
    await followAuthorize(address);
    assert.equal((await done)?.name, SECOND_ORG.name, 'the same org renews the same deployment');
    assert.equal(oauth.clients.size, clients, 'no new client');
  });

  it('an expired token is renewed and the request sent once more', async () => {
    // The token of the list on screen: the last request made for it (a refresh may join a load that
    // an earlier test started, so its request can predate this test).
    await refreshedView();
    const before = (fake.requestsTo('GET /v2/monitors').at(-1)!.headers.authorization ?? '').replace('Bearer ', '');
    oauth.expire(before);
    oauth.requests.length = 0;
    fake.requests.length = 0;
    const view = await refreshedView();
    assert.deepEqual(
      view.currentRows.map((r) => r.monitor.id),
      ['mon_signed_in'],
    );
    const tokens = fake
      .requestsTo('GET /v2/monitors')
      .map((r) => (r.headers.authorization ?? '').replace('Bearer ', ''));
    const serials = tokens.map((t) => t.split('-')[3]).join(' ');
    assert.equal(tokens[0], before, serials);
    assert.notEqual(tokens.at(-1), before, serials);
    assert.equal(oauth.check(tokens.at(-1)!), 'live');
    assert.deepEqual(
      oauth.requestsTo('/oauth2/token').map((r) => new URLSearchParams(r.body).get('grant_type')),
      ['refresh_token'],
    );
  });

  it('a renewal the server refuses asks to sign in again, and keeps the deployment', async () => {
    await refreshedView();
    const token = (fake.requestsTo('GET /v2/monitors').at(-1)!.headers.authorization ?? '').replace('Bearer ', '');
    oauth.expire(token);
    oauth.revokeRefreshTokens();
    const view = await refreshedView();
    const rows = actionRows(view);
    assert.deepEqual(
      rows.map((r) => r.label),
      ['Sign in with Axiom', 'Show Log'],
    );
    assert.equal(rows[0].command, 'axiom.signIn');
    const tooltip = rows[0].tooltip;
    assert.match(
      view.treeView.message ?? (typeof tooltip === 'object' ? tooltip.value : String(tooltip)),
      /sign-in has expired/i,
    );
    assert.ok(listed().includes(SECOND_ORG.name), 'the deployment stays');
    // Signing in again renews the same deployment, and the monitors come back.
    const { done, address } = await start({ orgId: SECOND_ORG.id });
    await followAuthorize(address);
    assert.equal((await done)?.name, SECOND_ORG.name);
    assert.deepEqual(
      (await refreshedView()).currentRows.map((r) => r.monitor.id),
      ['mon_signed_in'],
    );
  });

  it('sign out revokes the tokens and forgets them', async () => {
    await refreshedView();
    const token = (fake.requestsTo('GET /v2/monitors').at(-1)!.headers.authorization ?? '').replace('Bearer ', '');
    await signOut();
    assert.equal(oauth.check(token), 'unknown', 'revoked at the server');
    assert.ok(oauth.requestsTo('/oauth2/revoke').length >= 1);
    assert.ok(listed().includes(SECOND_ORG.name), 'the deployment stays, without its token');
  });
});
