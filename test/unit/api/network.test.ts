// Proxies and certificates, for real: Debian's tinyproxy on 127.0.0.1 between the client and the
// fake service, and the fake served over TLS with a certificate authority made for this run.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import tls from 'node:tls';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { createDispatcher, undiciTransport } from '../../../src/core/api/undiciTransport';
import { AxiomError } from '../../../src/core/api/errors';
import { chooseProxy, describeProxy, nameProxy } from '../../../src/core/api/proxy';
import { proxyUrl } from '../../../src/core/api/nodeTransport';
import { trustSource } from '../../../src/core/api/trustSource';
import { checkConnection, type CheckInput } from '../../../src/core/accounts/connectionCheck';
import { adviceFor } from '../../../src/core/api/errorAdvice';
import { FAKE_API_TOKEN, FakeAxiom } from '../../support/fakeAxiom';
import { REALISTIC_MONITORS } from '../../support/fixtures';
import { makeTestCerts, type TestCerts } from '../../support/testCerts';
import { CapturedLog, rejection, testClient } from '../../support/testClient';
import { TinyProxy } from '../../support/tinyproxy';
import { render } from '../../../src/core/phrase';

describe('choosing a proxy', () => {
  const api = new URL('https://api.axiom.co/v2');
  const none = { proxy: '', noProxy: [] };
  it('the http.proxy setting wins over the environment', () => {
    assert.equal(
      chooseProxy(api, { proxy: 'http://corp:3128', noProxy: [] }, { HTTPS_PROXY: 'http://env:8080' }),
      'http://corp:3128',
    );
  });
  it('HTTPS_PROXY for https, falling back to HTTP_PROXY; lower case first', () => {
    assert.equal(chooseProxy(api, none, { HTTPS_PROXY: 'http://a:1', HTTP_PROXY: 'http://b:2' }), 'http://a:1');
    assert.equal(chooseProxy(api, none, { HTTP_PROXY: 'http://b:2' }), 'http://b:2');
    assert.equal(chooseProxy(api, none, { https_proxy: 'http://low:1', HTTPS_PROXY: 'http://up:2' }), 'http://low:1');
    assert.equal(
      chooseProxy(new URL('http://localhost:8080'), none, { HTTPS_PROXY: 'http://a:1' }),
      undefined,
      'http uses HTTP_PROXY only',
    );
    assert.equal(chooseProxy(api, none, {}), undefined);
  });
  it('http.noProxy and NO_PROXY: exact hosts, domains with or without a dot, ports, *', () => {
    const proxy = { proxy: 'http://corp:3128', noProxy: [] };
    const bypass = (noProxy: string[], env = {}, url = api) =>
      chooseProxy(url, { ...proxy, noProxy }, env) === undefined;
    assert.ok(bypass(['api.axiom.co']));
    assert.ok(bypass(['axiom.co']));
    assert.ok(bypass(['.axiom.co']));
    assert.ok(bypass(['*.axiom.co']));
    assert.ok(bypass(['*']));
    assert.ok(bypass(['api.axiom.co:443']));
    assert.ok(!bypass(['api.axiom.co:8443']));
    assert.ok(!bypass(['xaxiom.co', 'co.uk']));
    assert.ok(bypass([], { NO_PROXY: 'localhost, .axiom.co' }));
    assert.ok(bypass(['::1'], {}, new URL('http://[::1]:8080')));
    assert.ok(bypass(['[::1]:8080'], {}, new URL('http://[::1]:8080')));
  });
  it('a proxy that is not an http(s) URL is a config error before any request', () => {
    for (const proxy of ['corp proxy', 'socks5://corp:1080']) {
      assert.throws(
        () => createDispatcher({ proxy }),
        (e: unknown) => e instanceof AxiomError && e.kind === 'config' && /proxy/.test(e.message),
        proxy,
      );
    }
  });
  it('a proxy address in the log hides its credentials', () => {
    assert.equal(describeProxy('http://user:secret@corp:3128'), 'http://••••@corp:3128');
    assert.equal(describeProxy('http://corp:3128'), 'http://corp:3128');
  });
});

describe('naming the proxy and the certificate source, as Test Connection says them', () => {
  const api = new URL('https://api.axiom.co/v2');
  const settings = { proxy: '', noProxy: [] as string[] };
  it('VS Code’s resolver words become URLs; DIRECT and nonsense are no proxy', () => {
    assert.equal(proxyUrl('PROXY corp:3128'), 'http://corp:3128');
    assert.equal(proxyUrl('HTTPS corp:443'), 'https://corp:443');
    assert.equal(proxyUrl('SOCKS5 corp:1080'), 'socks://corp:1080');
    assert.equal(proxyUrl('SOCKS4 corp:1080'), 'socks4://corp:1080');
    assert.equal(proxyUrl('DIRECT'), undefined);
    assert.equal(proxyUrl(undefined), undefined);
    assert.equal(proxyUrl('PROXY'), undefined);
  });
  it('a proxy used is named by where it came from: http.proxy, the environment, else the system or PAC', () => {
    assert.equal(
      render(nameProxy('http://corp:3128', api, { ...settings, proxy: 'http://corp:3128/' }, {})),
      'http://corp:3128, from http.proxy',
    );
    assert.equal(
      render(nameProxy('http://env:8080', api, settings, { HTTPS_PROXY: 'http://env:8080' })),
      'http://env:8080, from HTTPS_PROXY',
    );
    assert.equal(
      render(nameProxy('http://pac:8080', api, settings, {})),
      'http://pac:8080, from the system’s proxy settings or PAC file',
    );
    assert.equal(
      render(nameProxy('http://user:secret@pac:8080', api, settings, {})),
      'http://••••@pac:8080, from the system’s proxy settings or PAC file',
    );
  });
  it('no proxy is named by why, in the order VS Code decides', () => {
    assert.equal(render(nameProxy(undefined, api, { ...settings, off: true }, {})), 'none: http.proxySupport is off');
    assert.equal(
      render(nameProxy(undefined, new URL('http://127.0.0.1:8080'), { ...settings, proxy: 'http://corp:3128' }, {})),
      'none: VS Code connects to this machine directly',
    );
    assert.equal(
      render(nameProxy(undefined, api, { proxy: 'http://corp:3128', noProxy: ['.axiom.co'] }, {})),
      'none: api.axiom.co is in http.noProxy',
    );
    assert.equal(
      render(nameProxy(undefined, api, settings, { HTTPS_PROXY: 'http://env:1', NO_PROXY: 'axiom.co' })),
      'none: api.axiom.co is in NO_PROXY',
    );
    assert.equal(
      render(nameProxy(undefined, api, settings, {})),
      'none: no proxy is set, and the system’s settings name none for api.axiom.co',
    );
  });
  it('the trust in a chain comes from Node’s list, NODE_EXTRA_CA_CERTS, or else what VS Code added', () => {
    const certs = makeTestCerts();
    try {
      const builtIn = new X509Certificate(tls.rootCertificates[0]);
      const testCa = new X509Certificate(fs.readFileSync(certs.caFile));
      const leaf = { name: 'api.axiom.co', fingerprint256: 'AA' };
      // Node 22.15 and later tell what NODE_EXTRA_CA_CERTS held at start-up (not this file, made
      // since); before them the file named is read as it is now.
      const knowsStartup = typeof (tls as { getCACertificates?: unknown }).getCACertificates === 'function';
      assert.equal(
        trustSource([leaf, { name: 'a root', fingerprint256: builtIn.fingerprint256 }], undefined),
        'builtIn',
      );
      assert.equal(
        trustSource([leaf, { name: 'Axiom APL test CA', fingerprint256: testCa.fingerprint256 }], certs.caFile),
        knowsStartup ? 'system' : 'extra',
      );
      assert.equal(
        trustSource([leaf, { name: 'Axiom APL test CA', fingerprint256: testCa.fingerprint256 }], undefined),
        'system',
      );
    } finally {
      fs.rmSync(certs.dir, { recursive: true, force: true });
    }
  });
});

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
      });
      assert.equal(result.auth.detail, 'the token acts as Test Person');
      assert.equal(result.monitors.detail, `${REALISTIC_MONITORS.length} monitors visible`);
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
