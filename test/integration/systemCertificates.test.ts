// A private certificate authority placed only in the operating system's store (Debian's
// /usr/local/share/ca-certificates, then update-ca-certificates) is trusted by the extension's
// requests inside VS Code, without NODE_EXTRA_CA_CERTS: VS Code adds the store's certificates
// (`http.systemCertificates`) to what Node's https trusts in the extension host. The authority is
// removed again afterwards, also when a test fails (and a copy left by a run that was killed is
// removed by the next one).
//
// Run right after commands (RUN_FIRST in index.ts; its cold start must come first, and it makes no https
// request): VS Code reads the store once per extension host, on the first https request that needs
// it, so no earlier file may make one. Needs root (the test machine's setup has it);
// elsewhere it is skipped, saying why.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import tls from 'node:tls';
import * as vscode from 'vscode';
import type { StepOutcome } from '../../src/core/accounts/connectionSteps';
import { render } from '../../src/core/phrase';
import { FAKE_API_TOKEN, FakeAxiom } from '../support/fakeAxiom';
import { REALISTIC_MONITORS } from '../support/fixtures';
import { makeTestCerts, type TestCerts } from '../support/testCerts';
import { activateExtension, closeAllEditors, setSetting } from './helpers';

const STORE = '/usr/local/share/ca-certificates';
const UPDATE = '/usr/sbin/update-ca-certificates';
const PREFIX = 'axiom-apl-test-ca-';

/** Rebuilds the store's bundle, one run at a time (other test runs may share the machine). */
function updateStore(): void {
  execFileSync('flock', ['/tmp/axiom-apl-ca-store.lock', UPDATE], { stdio: 'ignore' });
}

/** Authorities of earlier runs whose process is gone (killed before its after hook). */
function removeStale(): boolean {
  let removed = false;
  for (const name of fs.readdirSync(STORE).filter((n) => n.startsWith(PREFIX))) {
    const pid = Number(name.slice(PREFIX.length).split('.')[0]);
    let alive = false;
    try {
      process.kill(pid, 0);
      alive = true;
    } catch {
      // no such process
    }
    if (!alive) {
      fs.rmSync(path.join(STORE, name), { force: true });
      removed = true;
    }
  }
  return removed;
}

/** Whether Node alone, with its roots and NODE_EXTRA_CA_CERTS, trusts the server's certificate. */
function nodeAloneTrusts(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = tls.connect({ host: hostname, port: Number(port), rejectUnauthorized: false }, () => {
      resolve(socket.authorized);
      socket.destroy();
    });
    socket.once('error', reject);
  });
}

describe('certificates from the operating system’s store, inside VS Code', () => {
  let certs: TestCerts | undefined;
  let fake: FakeAxiom | undefined;
  const installed = path.join(STORE, `${PREFIX}${process.pid}.crt`);

  before(async function () {
    if (process.platform !== 'linux' || process.getuid?.() !== 0 || !fs.existsSync(UPDATE) || !fs.existsSync(STORE)) {
      console.log(
        '    (skipped: placing an authority in the operating system’s store needs root and Debian’s update-ca-certificates)',
      );
      this.skip();
    }
    this.timeout(60_000);
    if (removeStale()) updateStore();
    certs = makeTestCerts();
    fs.copyFileSync(certs.caFile, installed);
    updateStore();
    fake = new FakeAxiom({ monitors: REALISTIC_MONITORS, tls: { key: certs.key, cert: certs.cert } });
    await fake.start();
    await setSetting('url', fake.url);
    await setSetting('orgId', undefined);
    await (await activateExtension()).own.setToken({ token: FAKE_API_TOKEN });
  });

  after(async function () {
    this.timeout(60_000);
    if (fs.existsSync(installed)) {
      fs.rmSync(installed, { force: true });
      updateStore();
    }
    await closeAllEditors();
    await fake?.stop();
    if (certs) fs.rmSync(certs.dir, { recursive: true, force: true });
  });

  it('a private authority only in the store is trusted by the extension’s requests, and Test Connection says where the trust came from', async function () {
    this.timeout(60_000);
    const url = fake!.url;
    // Node's own trust (its roots, and what NODE_EXTRA_CA_CERTS named when the extension host
    // started: on a machine whose NODE_EXTRA_CA_CERTS is the store's bundle, the bundle as it was
    // then, without this authority) does not reach it.
    assert.equal(await nodeAloneTrusts(url), false, 'Node alone does not trust it: only the store holds it');

    const { monitorsView } = await activateExtension();
    await monitorsView.refresh();
    assert.equal(monitorsView.currentState, 'loaded', String(monitorsView.treeView.message));
    assert.equal(monitorsView.getChildren().length, REALISTIC_MONITORS.length);
    assert.ok(fake!.requestsTo('GET /v2/monitors').length >= 1);

    const outcomes = await vscode.commands.executeCommand<StepOutcome[]>('axiom.testConnection');
    const said = Object.fromEntries(outcomes.map((o) => [o.step, `${o.status}: ${render(o.detail)}`]));
    assert.equal(said.proxy, 'skipped: none: VS Code connects to this machine directly');
    // Node 22.15 and later tell what NODE_EXTRA_CA_CERTS held at start-up; before them (VS Code
    // 1.96 runs on Node 20) the file is read as it is now, so where NODE_EXTRA_CA_CERTS is the
    // store's own bundle, which holds the authority by now, that is the name given.
    const knowsStartup = typeof (tls as { getCACertificates?: unknown }).getCACertificates === 'function';
    const bundleIsExtra =
      process.env.NODE_EXTRA_CA_CERTS !== undefined &&
      fs.existsSync(process.env.NODE_EXTRA_CA_CERTS) &&
      fs
        .readFileSync(process.env.NODE_EXTRA_CA_CERTS, 'utf8')
        .includes(fs.readFileSync(certs!.caFile, 'utf8').trim().split('\n')[1]);
    const source =
      knowsStartup || !bundleIsExtra ? 'the operating system’s store, through VS Code' : 'NODE_EXTRA_CA_CERTS';
    assert.equal(
      said.tls.replace(/TLSv1\.[23]/, 'TLS'),
      `ok: TLS, certificate trusted: issued by Axiom APL test CA, from ${source}`,
    );
    assert.match(said.monitors, /^ok: /);
    await vscode.commands.executeCommand('notifications.clearAll');
  });
});
