// The headline rows of the fault matrix (test/unit/api/errors.test.ts), inside the real VS Code:
// what the view and the star command do, that nothing is lost, and that the next try recovers.
// Also Test Connection and VS Code's proxy settings, through a real tinyproxy.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import * as vscode from 'vscode';
import type { StepOutcome } from '../../src/core/accounts/connectionSteps';
import { FAKE_API_TOKEN, FakeAxiom, ODD_TOKEN } from '../support/fakeAxiom';
import { REALISTIC_MONITORS } from '../support/fixtures';
import { makeTestCerts } from '../support/testCerts';
import { TinyProxy } from '../support/tinyproxy';
import {
  actionRows,
  activateExtension,
  closeAllEditors,
  connectedFake,
  refreshedView,
  setSetting,
  waitFor,
} from './helpers';
import { render } from '../../src/core/phrase';

const STAR = { apl: "['http-logs'] | where status >= 500", name: 'Retry me', dataset: 'http-logs' };

describe('Faults inside VS Code', () => {
  let fake: FakeAxiom;
  before(async () => {
    fake = await connectedFake(REALISTIC_MONITORS);
  });
  after(async () => {
    await setSetting('requestTimeoutSeconds', undefined);
    await closeAllEditors();
    await fake.stop();
  });
  beforeEach(async () => {
    // Settings changed by the last test restart the view's load: let it finish before counting.
    await refreshedView();
    fake.reset();
  });
  afterEach(async () => {
    fake.reset();
    await closeAllEditors();
  });

  async function assertRecovers(): Promise<void> {
    fake.clearFaults();
    const view = await refreshedView();
    assert.equal(view.currentState, 'loaded');
    assert.equal(view.getChildren().length, REALISTIC_MONITORS.length);
    assert.equal(view.treeView.message, undefined);
  }

  it('503 twice: the view retries by itself and shows the list', async () => {
    fake.fail('GET /v2/monitors', { status: 503, body: { message: 'unavailable' }, times: 2 });
    const view = await refreshedView();
    assert.equal(fake.requestsTo('GET /v2/monitors').length, 3);
    assert.equal(view.currentState, 'loaded');
  });

  it('an HTML 502 from a proxy: tried three times, then said plainly; the next refresh recovers', async () => {
    fake.fail('GET /v2/monitors', {
      status: 502,
      body: '<html><h1>502 Bad Gateway</h1></html>',
      headers: { 'content-type': 'text/html' },
    });
    const view = await refreshedView();
    assert.equal(fake.requestsTo('GET /v2/monitors').length, 3);
    assert.equal(view.currentState, 'error');
    assert.match(String(view.treeView.message), /unexpected response \(text\/html, status 502\) from 127\.0\.0\.1:\d+/);
    await assertRecovers();
  });

  it('no answer in time: a timeout message naming the host; the next refresh recovers', async () => {
    await setSetting('requestTimeoutSeconds', 1);
    try {
      fake.fail('GET /v2/monitors', { delayMs: 1500 });
      const view = await refreshedView();
      assert.match(String(view.treeView.message), /No answer from 127\.0\.0\.1:\d+ within 1 s/);
      await assertRecovers();
    } finally {
      await setSetting('requestTimeoutSeconds', undefined);
    }
  });

  it('429 for an hour: "rate limited until" a local time, at once, without waiting', async () => {
    fake.fail('GET /v2/monitors', {
      status: 429,
      body: { message: 'rate limit exceeded' },
      headers: { 'retry-after': '3600' },
    });
    const view = await refreshedView();
    assert.match(String(view.treeView.message), /rate limited until .*\d/);
    // Without waiting: the one request, and the view says so (an hour's wait would not have ended).
    assert.equal(fake.requestsTo('GET /v2/monitors').length, 1);
    await assertRecovers();
  });

  it('a service message that echoes the token is masked in the view', async () => {
    fake.fail('GET /v2/monitors', {
      status: 403,
      body: { code: 403, message: `token ${FAKE_API_TOKEN} is not valid` },
    });
    const view = await refreshedView();
    assert.match(String(view.treeView.message), /token xaat-•••• is not valid/);
    assert.ok(!String(view.treeView.message).includes(FAKE_API_TOKEN));
    for (const row of actionRows(view)) {
      assert.equal(row.tooltip, view.treeView.message, 'the action rows say the masked reason');
      assert.ok(!String(row.accessibleLabel).includes(FAKE_API_TOKEN));
    }
  });

  it('a redirect from axiom.url: said with where it pointed, Open Settings at axiom.url, not followed', async () => {
    const elsewhere = new FakeAxiom({ monitors: REALISTIC_MONITORS });
    await elsewhere.start();
    try {
      fake.fail('GET /v2/monitors', {
        status: 302,
        body: '',
        headers: { location: `${elsewhere.url}/v2/monitors?token=${FAKE_API_TOKEN}` },
      });
      const view = await refreshedView();
      const message = String(view.treeView.message);
      assert.equal(view.currentState, 'errorConfig');
      assert.ok(message.includes(`redirected the request to ${elsewhere.url}/v2/monitors (status 302)`), message);
      assert.ok(message.includes('set axiom.url to the API’s address, such as https://api.axiom.co'), message);
      assert.ok(!message.includes('token='), 'no query string');
      assert.deepEqual(
        actionRows(view).map((row) => [row.label, row.command, row.args]),
        [
          ['Open Settings', 'workbench.action.openSettings', ['axiom.url']],
          ['Show Log', 'axiom.showLog', []],
        ],
      );
      assert.equal(fake.requestsTo('GET /v2/monitors').length, 1, 'not retried');
      assert.equal(elsewhere.requests.length, 0, 'not followed');
      await assertRecovers();
    } finally {
      await elsewhere.stop();
    }
  });

  it('a token of no known shape, echoed by the service, is masked by its value in the view and the log', async () => {
    fake.token = ODD_TOKEN;
    try {
      await (await activateExtension()).own.setToken({ token: ODD_TOKEN });
      fake.fail('GET /v2/monitors', {
        status: 403,
        body: { code: 403, message: `token ${ODD_TOKEN} is invalid; header was Bearer ${ODD_TOKEN}` },
      });
      const view = await refreshedView();
      await waitFor('the error to show', () => view.currentState === 'errorAuth');
      assert.equal(fake.requestsTo('GET /v2/monitors').at(-1)?.headers.authorization, `Bearer ${ODD_TOKEN}`);
      assert.match(String(view.treeView.message), /token •••• is invalid; header was Bearer ••••/);
    } finally {
      fake.token = FAKE_API_TOKEN;
      await (await activateExtension()).own.setToken({ token: FAKE_API_TOKEN });
    }
  });

  it('a star that meets a 503 is posted once, then Retry sends the identical body', async () => {
    fake.fail('POST /v2/apl-starred-queries', { status: 503, body: { message: 'unavailable' }, times: 1 });
    const pending = (await activateExtension()).own.starQuery(STAR);
    await waitFor('the failed post', () => fake.requestsTo('POST /v2/apl-starred-queries').length === 1);
    await new Promise((r) => setTimeout(r, 1500));
    assert.equal(fake.requestsTo('POST /v2/apl-starred-queries').length, 1, 'no automatic retry of a POST');
    await waitFor('the Retry choice to take', async () => {
      await vscode.commands.executeCommand('notification.acceptPrimaryAction');
      return fake.requestsTo('POST /v2/apl-starred-queries').length === 2;
    });
    assert.equal((await pending)?.id, 'sq_000001');
    const [first, second] = fake.requestsTo('POST /v2/apl-starred-queries');
    assert.equal(second.body, first.body);
  });
});

describe('Test Connection and proxies inside VS Code', () => {
  let fake: FakeAxiom;
  const proxy = new TinyProxy();
  before(async () => {
    fake = await connectedFake(REALISTIC_MONITORS);
    await proxy.start();
  });
  after(async () => {
    const http = vscode.workspace.getConfiguration('http');
    await http.update('proxy', undefined, vscode.ConfigurationTarget.Global);
    await http.update('noProxy', undefined, vscode.ConfigurationTarget.Global);
    await closeAllEditors();
    await proxy.stop();
    await fake.stop();
  });
  afterEach(() => fake.reset());

  const statuses = (outcomes: StepOutcome[]) => Object.fromEntries(outcomes.map((o) => [o.step, o.status]));

  it('Test Connection against the fake: every step passes', async () => {
    const outcomes = await vscode.commands.executeCommand<StepOutcome[]>('axiom.testConnection');
    assert.deepEqual(statuses(outcomes), {
      url: 'ok',
      proxy: 'skipped',
      dns: 'skipped',
      tcp: 'ok',
      tls: 'skipped',
      auth: 'ok',
      monitors: 'ok',
      // The fake's datasets are on no edge of their own: nothing to check there.
      edges: 'skipped',
    });
    await vscode.commands.executeCommand('notifications.clearAll');
  });

  it('Test Connection with a bad URL stops at the URL step', async () => {
    await setSetting('url', 'ftp://example.com');
    try {
      const pending = vscode.commands.executeCommand<StepOutcome[]>('axiom.testConnection');
      // The failure waits for the person's choice; dismissing the notification ends the command.
      const outcomes = await waitFor('the test to end', async () => {
        await vscode.commands.executeCommand('notifications.clearAll');
        return Promise.race([pending, new Promise<undefined>((r) => setTimeout(() => r(undefined), 100))]);
      });
      assert.deepEqual(statuses(outcomes), { url: 'failed' });
      assert.match(render(outcomes[0].detail), /axiom\.url/);
      assert.equal(fake.requests.length, 0);
    } finally {
      await setSetting('url', fake.url);
    }
  });

  /** A fake on 127.0.0.2, which VS Code's resolver (unlike 127.0.0.1 and localhost) does not send directly. */
  async function awayFake(tls?: { key: string; cert: string }): Promise<FakeAxiom> {
    const away = new FakeAxiom({ monitors: REALISTIC_MONITORS, host: '127.0.0.2', tls });
    await away.start();
    await setSetting('url', away.url);
    return away;
  }

  it('http.proxy: monitors load through the proxy VS Code resolves, Test Connection names it, and http.noProxy exempts the host', async function () {
    this.timeout(60_000);
    const http = vscode.workspace.getConfiguration('http');
    const certs = makeTestCerts();
    // The test authority is trusted nowhere: certificates are not checked here (what is checked is
    // where the requests go), which VS Code's patched https honours through the tunnel too.
    await http.update('proxyStrictSSL', false, vscode.ConfigurationTarget.Global);
    const away = await awayFake({ key: certs.key, cert: certs.cert });
    try {
      await http.update('proxy', proxy.url, vscode.ConfigurationTarget.Global);
      const { monitorsView, starredView, datasetsView } = await activateExtension();
      // Every view that loads from the service: whichever was loaded before reloads on a new setting,
      // and is waited for here (a reload still in flight would pass the proxy after it was exempted).
      const refreshed = () => Promise.all([monitorsView.refresh(), starredView.refresh(), datasetsView.refresh()]);
      await refreshed();
      assert.equal(monitorsView.getChildren().length, REALISTIC_MONITORS.length);
      const target = `CONNECT ${new URL(away.url).host}`;
      const tunnels = () => proxy.requests().filter((r) => r === target).length;
      assert.ok(tunnels() >= 1, 'the requests passed through tinyproxy');

      const outcomes = await vscode.commands.executeCommand<StepOutcome[]>('axiom.testConnection');
      assert.deepEqual(statuses(outcomes), {
        url: 'ok',
        proxy: 'ok',
        dns: 'skipped',
        tcp: 'skipped',
        tls: 'ok',
        auth: 'ok',
        monitors: 'ok',
        edges: 'skipped',
      });
      const said = (step: string) => render(outcomes.find((o) => o.step === step)!.detail);
      assert.match(said('proxy'), new RegExp(`^http://127\\.0\\.0\\.1:${proxy.port}, from http\\.proxy`));
      assert.match(said('tls'), /certificate not checked \(http\.proxyStrictSSL is off\)/);
      await vscode.commands.executeCommand('notifications.clearAll');
      const tunnelsBefore = tunnels();

      // Registered by every VS Code this extension supports (1.96 and later), so written through the API.
      await http.update('noProxy', ['127.0.0.2'], vscode.ConfigurationTarget.Global);
      try {
        away.reset();
        await refreshed();
        assert.ok(away.requestsTo('GET /v2/monitors').length >= 1);
        assert.equal(tunnels(), tunnelsBefore, 'the exempt host was reached directly (http.noProxy)');
        const direct = await vscode.commands.executeCommand<StepOutcome[]>('axiom.testConnection');
        assert.equal(render(direct.find((o) => o.step === 'proxy')!.detail), 'none: 127.0.0.2 is in http.noProxy');
        await vscode.commands.executeCommand('notifications.clearAll');
      } finally {
        await http.update('noProxy', undefined, vscode.ConfigurationTarget.Global);
      }
    } finally {
      await http.update('proxy', undefined, vscode.ConfigurationTarget.Global);
      await http.update('proxyStrictSSL', undefined, vscode.ConfigurationTarget.Global);
      await setSetting('url', fake.url);
      await away.stop();
      fs.rmSync(certs.dir, { recursive: true, force: true });
    }
  });

  it('a proxy that asks for a password gets the one in http.proxy (VS Code’s proxy authentication); without it the 407 is said', async function () {
    this.timeout(60_000);
    const http = vscode.workspace.getConfiguration('http');
    const guarded = new TinyProxy({ basicAuth: { user: 'axiom', password: 'proxy-secret-42' } });
    const certs = makeTestCerts();
    await guarded.start();
    await http.update('proxyStrictSSL', false, vscode.ConfigurationTarget.Global);
    const away = await awayFake({ key: certs.key, cert: certs.cert });
    try {
      await http.update(
        'proxy',
        `http://axiom:proxy-secret-42@127.0.0.1:${guarded.port}`,
        vscode.ConfigurationTarget.Global,
      );
      const { monitorsView } = await activateExtension();
      await monitorsView.refresh();
      assert.equal(monitorsView.getChildren().length, REALISTIC_MONITORS.length, String(monitorsView.treeView.message));
      assert.ok(guarded.requests().includes(`CONNECT ${new URL(away.url).host}`), 'through the proxy, signed in');
      const outcomes = await vscode.commands.executeCommand<StepOutcome[]>('axiom.testConnection');
      const proxyStep = render(outcomes.find((o) => o.step === 'proxy')!.detail);
      assert.equal(
        proxyStep.split(':').slice(0, 3).join(':'),
        `http://••••@127.0.0.1:${guarded.port}, from http.proxy`,
        proxyStep,
      );
      assert.ok(!proxyStep.includes('proxy-secret-42'));
      await vscode.commands.executeCommand('notifications.clearAll');

      await http.update('proxy', `http://127.0.0.1:${guarded.port}`, vscode.ConfigurationTarget.Global);
      const view = await refreshedView();
      assert.notEqual(view.currentState, 'loaded', 'refused without the password');
      // The proxy's 407 comes back in place of the answer (VS Code asks for a password only where
      // its window can: here none is given).
      assert.match(String(view.treeView.message), /407/);
    } finally {
      await http.update('proxy', undefined, vscode.ConfigurationTarget.Global);
      await http.update('proxyStrictSSL', undefined, vscode.ConfigurationTarget.Global);
      await setSetting('url', fake.url);
      await away.stop();
      await guarded.stop();
      fs.rmSync(certs.dir, { recursive: true, force: true });
    }
  });

  it('plain http that VS Code would send through a proxy goes nowhere: the proxy would read the token', async function () {
    this.timeout(60_000);
    const http = vscode.workspace.getConfiguration('http');
    const away = await awayFake();
    try {
      await http.update('proxy', proxy.url, vscode.ConfigurationTarget.Global);
      const { starredView, datasetsView } = await activateExtension();
      // What loaded before the proxy was set (directly, then) is not counted.
      await Promise.all([starredView.refresh(), datasetsView.refresh()]);
      away.reset();
      const before = proxy.requests().length;
      await Promise.all([starredView.refresh(), datasetsView.refresh()]);
      const view = await refreshedView();
      const message = String(view.treeView.message);
      assert.equal(view.currentState, 'errorConfig');
      assert.ok(
        message.includes(
          `send ${new URL(away.url).host} through the proxy http://127.0.0.1:${proxy.port}, which would see the token`,
        ),
        message,
      );
      assert.ok(message.includes('Add 127.0.0.2 to http.noProxy, or use https'), message);
      assert.equal(away.requests.length, 0, 'nothing reached the service');
      // Of this service: the proxy's log is shared with the tests before, whose https services on
      // 127.0.0.2 (tunnelled) may still be written to it as this test runs.
      const target = new URL(away.url).host;
      assert.deepEqual(
        proxy
          .requests()
          .slice(before)
          .filter((request) => request.includes(target)),
        [],
        'the proxy was asked for nothing',
      );
    } finally {
      await http.update('proxy', undefined, vscode.ConfigurationTarget.Global);
      await setSetting('url', fake.url);
      await away.stop();
    }
  });

  it('requests to the deployment share one connection, over http and https, where VS Code’s patch would close each', async function () {
    this.timeout(30_000);
    const { runner, monitorsView, starredView, datasetsView } = await activateExtension();
    /** Connections opened for six requests in turn, once the views have loaded from `server` (their
     *  loads at once open a few; the requests after take a free one, or open one more at most). */
    const openedFor = async (server: FakeAxiom) => {
      await Promise.all([monitorsView.refresh(), starredView.refresh(), datasetsView.refresh()]);
      const client = await runner.client();
      assert.ok(client, 'a token is set');
      const before = server.connectionsOpened;
      for (let i = 0; i < 6; i++) await client.listDatasets();
      assert.ok(server.requestsTo('GET /v2/datasets').length >= 6);
      return server.connectionsOpened - before;
    };
    const overHttp = await openedFor(fake);
    assert.ok(overHttp <= 1, `six requests opened ${overHttp} connections`);

    // https to 127.0.0.2: the route VS Code resolves for any other host (no proxy here: direct).
    const http = vscode.workspace.getConfiguration('http');
    const certs = makeTestCerts();
    await http.update('proxyStrictSSL', false, vscode.ConfigurationTarget.Global);
    const away = await awayFake({ key: certs.key, cert: certs.cert });
    try {
      const overHttps = await openedFor(away);
      assert.ok(overHttps <= 1, `six requests opened ${overHttps} TLS connections`);
    } finally {
      await http.update('proxyStrictSSL', undefined, vscode.ConfigurationTarget.Global);
      await setSetting('url', fake.url);
      await away.stop();
      fs.rmSync(certs.dir, { recursive: true, force: true });
    }
  });
});
