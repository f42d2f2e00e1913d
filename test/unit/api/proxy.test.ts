// Which proxy a request takes, and how Test Connection names the proxy and the certificate source.
import assert from 'node:assert/strict';
import { X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import tls from 'node:tls';
import { describe, it } from 'node:test';
import { createDispatcher } from '../../../src/core/api/undiciTransport';
import { AxiomError } from '../../../src/core/api/errors';
import { chooseProxy, describeProxy, nameProxy } from '../../../src/core/api/proxy';
import { proxyUrl } from '../../../src/core/api/nodeTransport';
import { trustSource } from '../../../src/core/api/trustSource';
import { makeTestCerts } from '../../support/testCerts';
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
