// Proxies and certificates, for real: Debian's tinyproxy on 127.0.0.1 between the client and the
// fake service, and the fake served over TLS with a certificate authority made for this run.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { createDispatcher, undiciTransport } from '../../../src/core/api/undiciTransport';
import { checkConnection, type CheckInput } from '../../../src/core/accounts/connectionCheck';
import { adviceFor } from '../../../src/core/api/errorAdvice';
import { FAKE_API_TOKEN, FAKE_ORG_ID, FAKE_PERSONAL_TOKEN, FakeAxiom } from '../../support/fakeAxiom';
import { FakeEdge } from '../../support/fakeEdges';
import { REALISTIC_MONITORS } from '../../support/fixtures';
import { makeTestCerts, type TestCerts } from '../../support/testCerts';
import { CapturedLog, rejection, testClient } from '../../support/testClient';
import { TinyProxy } from '../../support/tinyproxy';
import { render } from '../../../src/core/phrase';

describe('through a real proxy, and over TLS', () => {
  const proxy = new TinyProxy();
  const log = new CapturedLog();
  let certs: TestCerts;
  let plain: FakeAxiom;
  let secure: FakeAxiom;
  before(async () => {
    certs = makeTestCerts();
    plain = new FakeAxiom({ monitors: REALISTIC_MONITORS });
    secure = new FakeAxiom({ monitors: REALISTIC_MONITORS, tls: certs });
    await Promise.all([proxy.start(), plain.start(), secure.start()]);
  });
  after(async () => {
    await Promise.all([proxy.stop(), plain.stop(), secure.stop()]);
    fs.rmSync(certs.dir, { recursive: true, force: true });
  });

  it('a request through the proxy is seen passing through it, and answered', async () => {
    const dispatcher = createDispatcher({ proxy: proxy.url });
    try {
      const { monitors } = await testClient(plain.url, dispatcher, log).listMonitors();
      assert.equal(monitors.length, REALISTIC_MONITORS.length);
      assert.deepEqual(proxy.requests(), [`CONNECT ${new URL(plain.url).host}`]);
      assert.equal(
        plain.requests[0].headers.authorization,
        `Bearer ${FAKE_API_TOKEN}`,
        'the token reached the service inside the tunnel',
      );
    } finally {
      await dispatcher.close();
    }
  });

  it('an untrusted certificate fails with a message that says so', async () => {
    const dispatcher = createDispatcher();
    try {
      const error = await rejection(testClient(secure.url, dispatcher, log).listMonitors());
      assert.equal(error.kind, 'network');
      assert.match(error.message, /certificate of 127\.0\.0\.1:\d+ is not trusted \(\w+\).*NODE_EXTRA_CA_CERTS/);
      assert.match(render(adviceFor(error, 'Loading monitors').message), /not trusted/);
      assert.equal(secure.requests.length, 0, 'nothing, the token least of all, was sent');
      assert.ok(!log.text().includes(FAKE_API_TOKEN));
    } finally {
      await dispatcher.close();
    }
  });

  it('an untrusted certificate through the proxy fails the same way', async () => {
    const dispatcher = createDispatcher({ proxy: proxy.url });
    try {
      const error = await rejection(testClient(secure.url, dispatcher, log).listMonitors());
      assert.match(error.message, /not trusted/);
      assert.ok(proxy.requests().includes(`CONNECT ${new URL(secure.url).host}`));
    } finally {
      await dispatcher.close();
    }
  });

  it('with http.proxyStrictSSL off, the person chose to accept it: the request goes through the proxy', async () => {
    const dispatcher = createDispatcher({ proxy: proxy.url, strictSSL: false });
    try {
      const { monitors } = await testClient(secure.url, dispatcher, log).listMonitors();
      assert.equal(monitors.length, REALISTIC_MONITORS.length);
    } finally {
      await dispatcher.close();
    }
  });

  for (const kind of ['undici', 'node']) {
    it(`NODE_EXTRA_CA_CERTS naming the test authority makes the certificate trusted, and Test Connection says so (over ${kind})`, async () => {
      const probe = path.resolve(__dirname, '../../support/caProbe.mjs');
      const run = async (env: NodeJS.ProcessEnv) =>
        JSON.parse(
          (await promisify(execFile)(process.execPath, [probe, secure.url, FAKE_API_TOKEN, kind], { env })).stdout,
        ) as { ok: boolean; count?: number; message?: string; tls?: string };
      const { NODE_EXTRA_CA_CERTS: _, ...withoutExtra } = process.env;
      assert.deepEqual(await run({ ...withoutExtra, NODE_EXTRA_CA_CERTS: certs.caFile }), {
        ok: true,
        count: REALISTIC_MONITORS.length,
        tls: 'ok: TLSv1.3, certificate trusted: issued by Axiom APL test CA, from NODE_EXTRA_CA_CERTS',
      });
      const untrusted = await run(withoutExtra);
      assert.equal(untrusted.ok, false);
      assert.match(untrusted.message ?? '', /not trusted/);
      assert.match(
        untrusted.tls ?? '',
        /^failed: The certificate of 127\.0\.0\.1:\d+ is not trusted \(UNABLE_TO_VERIFY_LEAF_SIGNATURE\)\. .*operating system’s store/,
      );
    });
  }

  describe('Test Connection', () => {
    const check = async (
      url: string,
      { proxy, token, ...over }: Partial<CheckInput> & { token?: string; proxy?: string } = {},
    ) => {
      const dispatcher = createDispatcher({ proxy, strictSSL: over.strictSSL ?? true });
      try {
        const client = async () => testClient(url, dispatcher, log, { token: token ?? FAKE_API_TOKEN });
        const transport = undiciTransport(dispatcher, { proxy });
        const outcomes = await checkConnection({
          url,
          transport,
          proxySettings: { proxy: proxy ?? '', noProxy: [] },
          strictSSL: true,
          timeoutMs: 2000,
          client,
          ...over,
        });
        return Object.fromEntries(outcomes.map((o) => [o.step, { ...o, detail: render(o.detail) }]));
      } finally {
        await dispatcher.close();
      }
    };
    const statuses = (result: Record<string, { status: string }>) =>
      Object.fromEntries(Object.entries(result).map(([k, v]) => [k, v.status]));

    it('all steps pass against the service on this machine', async () => {
      const result = await check(plain.url);
      assert.deepEqual(statuses(result), {
        url: 'ok',
        proxy: 'skipped',
        dns: 'skipped',
        tcp: 'ok',
        tls: 'skipped',
        auth: 'ok',
        monitors: 'ok',
        edges: 'skipped',
      });
      assert.equal(result.auth.detail, 'the token acts as Test Person');
      assert.equal(result.monitors.detail, `${REALISTIC_MONITORS.length} monitors visible`);
    });

    it('checks each edge deployment the datasets are on, and says which token kind an edge takes', async () => {
      const edge = new FakeEdge(plain, 'cloud.eu-central-1.aws');
      await edge.start();
      edge.placeDatasets('eu-logs');
      try {
        const result = await check(plain.url);
        assert.equal(result.edges.status, 'ok');
        assert.equal(
          result.edges.detail,
          `cloud.eu-central-1.aws (${new URL(edge.url).host}) answer queries with this token`,
        );
        assert.deepEqual(
          edge.requests.map((r) => `${r.method} ${r.path}`),
          ['POST /v1/query/_apl?format=tabular'],
        );
        const personal = createDispatcher();
        const refused = await check(plain.url, {
          client: async () => testClient(plain.url, personal, log, { token: FAKE_PERSONAL_TOKEN, orgId: FAKE_ORG_ID }),
        }).finally(() => personal.close());
        assert.equal(refused.edges.status, 'failed');
        assert.match(
          refused.edges.detail,
          /^The edge deployment at .* does not take personal access tokens: set an API token/,
        );
        assert.deepEqual((refused.edges as { actions: string[] }).actions, ['setToken', 'showLog']);
      } finally {
        delete plain.datasetEdges['eu-logs'];
        plain.datasets = plain.datasets.filter((d) => d !== 'eu-logs');
        await edge.stop();
      }
    });

    it('a bad URL stops at the first step, with Open Settings', async () => {
      const result = await check('api.axiom.co/v2?x');
      assert.deepEqual(statuses(result), { url: 'failed' });
      assert.match(result.url.detail, /axiom\.url/);
      assert.deepEqual((result.url as { actions: string[] }).actions, ['openSettings', 'showLog']);
    });

    it('a name that does not resolve fails at DNS', async () => {
      const result = await check('https://no-such-host.invalid');
      assert.equal(result.dns.status, 'failed');
      assert.match(result.dns.detail, /does not resolve/);
    });

    it('nothing listening fails at TCP', async () => {
      const closed = new FakeAxiom();
      await closed.start();
      const url = closed.url;
      await closed.stop();
      const result = await check(url);
      assert.equal(result.tcp.status, 'failed');
      assert.match(result.tcp.detail, /refused/);
    });

    it('an untrusted certificate fails at TLS, directly or through the proxy', async () => {
      assert.match((await check(secure.url)).tls.detail, /not trusted/);
      const viaProxy = await check(secure.url, { proxy: proxy.url });
      assert.equal(viaProxy.proxy.status, 'ok');
      assert.equal(viaProxy.tls.status, 'failed', 'the failure is put at the TLS step, not at authentication');
      assert.match(viaProxy.tls.detail, /not trusted/);
    });

    it('a proxy that is down fails at the proxy step', async () => {
      const result = await check(plain.url, { proxy: 'http://127.0.0.1:9' });
      assert.equal(result.proxy.status, 'failed');
      assert.match(result.proxy.detail, /refused/);
    });

    it('a refused token fails at authentication, with Set API Token; no token too', async () => {
      const wrong = await check(plain.url, { token: 'xaat-not-the-right-one' });
      assert.equal(wrong.auth.status, 'failed');
      assert.ok((wrong.auth as { actions: string[] }).actions.includes('setToken'));
      const none = await check(plain.url, { client: async () => undefined });
      assert.match(none.auth.detail, /no API token is set/);
    });

    it('a token without the monitors capability fails at the last step', async () => {
      plain.fail('GET /v2/monitors', {
        status: 403,
        body: { code: 403, message: 'token does not have access to resource: monitors with action: read' },
        times: 1,
      });
      const result = await check(plain.url);
      assert.equal(result.auth.status, 'ok');
      assert.equal(result.monitors.status, 'failed');
      assert.match(result.monitors.detail, /monitors: read/);
    });
  });
});
