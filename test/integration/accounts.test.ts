// Deployments inside the real VS Code: import from the Axiom CLI's config, switch, rename, remove,
// a workspace's pin, and bad input; each asserted at the fake services (which token and org header
// reached which service).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as vscode from 'vscode';
import { FAKE_API_TOKEN, FakeAxiom } from '../support/fakeAxiom';
import { REALISTIC_MONITORS } from '../support/fixtures';
import { activateExtension, closeAllEditors, connectedFake, refreshedView, waitFor, switchDeployment } from './helpers';

const PROD_TOKEN = 'xaat-11111111-prod-test-token';
const STAGING_TOKEN = 'xapt-22222222-staging-test-token';
const STAGING_ORG = 'staging-org-2';

describe('Deployments', () => {
  let settingsService: FakeAxiom;
  let prod: FakeAxiom;
  let staging: FakeAxiom;
  let home: string;

  const config = () => vscode.workspace.getConfiguration('axiom');
  const active = async () => (await activateExtension()).activeDeployment();
  const listedNames = () =>
    ((config().get<{ name: string }[]>('deployments') ?? []) as { name: string }[]).map((d) => d.name);
  /** The names of the monitors the view shows once its load has finished. */
  const shown = async () => (await refreshedView()).currentRows.map((row) => row.monitor.id);

  function writeCliConfig(text: string): void {
    fs.writeFileSync(path.join(home, '.axiom.toml'), text, { mode: 0o600 });
  }

  before(async () => {
    settingsService = await connectedFake(REALISTIC_MONITORS);
    prod = new FakeAxiom({
      token: PROD_TOKEN,
      monitors: [{ id: 'mon_prod', name: 'prod monitor', type: 'Threshold' }],
    });
    staging = new FakeAxiom({ monitors: [{ id: 'mon_staging', name: 'staging monitor', type: 'Threshold' }] });
    staging.personalToken = STAGING_TOKEN;
    staging.orgId = STAGING_ORG;
    await prod.start();
    await staging.start();
    home = fs.mkdtempSync(path.join(os.tmpdir(), 'axiom-home-'));
  });

  after(async () => {
    for (const name of listedNames()) await (await activateExtension()).own.removeDeployment({ name, confirmed: true });
    await switchDeployment('');
    await closeAllEditors();
    await Promise.all([settingsService.stop(), prod.stop(), staging.stop()]);
    fs.rmSync(home, { recursive: true, force: true });
  });

  it("imports the CLI's deployments (tokens to secret storage, the rest to settings) and uses its active one", async () => {
    writeCliConfig(
      `active_deployment = "staging"\n\n[deployments.prod]\nurl = "${prod.url}"\ntoken = "${PROD_TOKEN}"\n\n[deployments.staging]\nurl = "${staging.url}"\ntoken = "${STAGING_TOKEN}"\norg_id = "${STAGING_ORG}"\nedge_region = "eu-central-1"\n`,
    );
    const imported = await (await activateExtension()).own.importCliConfig({ home, confirmed: true });
    assert.deepEqual(
      imported?.map((d) => d.name),
      ['prod', 'staging'],
    );
    assert.deepEqual(listedNames(), ['prod', 'staging']);
    assert.ok(!JSON.stringify(config().get('deployments')).includes('test-token'), 'no token in the settings');
    assert.deepEqual(
      (config().get('deployments') as { name: string; edge?: string }[]).map((d) => [d.name, d.edge]),
      [
        ['prod', undefined],
        ['staging', 'eu-central-1'],
      ],
      'the CLI’s edge_region comes along',
    );
    assert.equal(await active(), 'staging');
    await waitFor('the staging list', async () => (await shown()).join() === 'mon_staging');
    const request = staging.requestsTo('GET /v2/monitors').at(-1)!;
    assert.equal(request.headers.authorization, `Bearer ${STAGING_TOKEN}`);
    assert.equal(request.headers['x-axiom-org-id'], STAGING_ORG);
  });

  it('switching reloads the view from the other deployment, with its token and no org header', async () => {
    prod.reset();
    assert.equal(await switchDeployment('prod'), true);
    await waitFor('the prod list', async () => (await shown()).join() === 'mon_prod');
    const request = prod.requestsTo('GET /v2/monitors').at(-1)!;
    assert.equal(request.headers.authorization, `Bearer ${PROD_TOKEN}`);
    assert.equal(request.headers['x-axiom-org-id'], undefined);
    // Back to the settings deployment (axiom.url and the token from Set API Token).
    await switchDeployment('');
    await waitFor('the settings list', async () => (await shown()).length === REALISTIC_MONITORS.length);
    assert.equal(
      settingsService.requestsTo('GET /v2/monitors').at(-1)!.headers.authorization,
      `Bearer ${FAKE_API_TOKEN}`,
    );
  });

  it('a workspace pins a deployment by name; one not set up here is said, and nothing is sent', async () => {
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder, 'the test VS Code has a folder open');
    await config().update('deployment', 'staging', vscode.ConfigurationTarget.Workspace);
    try {
      await waitFor('the pinned list', async () => (await shown()).join() === 'mon_staging');
      await config().update('deployment', 'qa', vscode.ConfigurationTarget.Workspace);
      const requests = prod.requests.length + staging.requests.length + settingsService.requests.length;
      const view = await refreshedView();
      await waitFor('the config error', () => view.currentState === 'errorConfig');
      assert.match(String(view.treeView.message), /deployment “qa” .*not set up here/);
      assert.equal(
        prod.requests.length + staging.requests.length + settingsService.requests.length,
        requests,
        'no request went anywhere',
      );
    } finally {
      await config().update('deployment', undefined, vscode.ConfigurationTarget.Workspace);
    }
  });

  it('renaming keeps its token; removing the one in use falls back and deletes its token', async () => {
    await switchDeployment('prod');
    assert.equal(await (await activateExtension()).own.renameDeployment({ from: 'prod', to: 'production' }), true);
    assert.deepEqual(listedNames().sort(), ['production', 'staging']);
    assert.equal(await active(), 'production', 'the window keeps using it');
    prod.reset();
    await waitFor('the prod list under its new name', async () => (await shown()).join() === 'mon_prod');
    assert.equal(
      prod.requestsTo('GET /v2/monitors').at(-1)!.headers.authorization,
      `Bearer ${PROD_TOKEN}`,
      'the token moved with it',
    );

    assert.equal(await (await activateExtension()).own.removeDeployment({ name: 'production', confirmed: true }), true);
    assert.deepEqual(listedNames(), ['staging']);
    await waitFor('the settings list again', async () => (await shown()).length === REALISTIC_MONITORS.length);
    // Listed again under the old name, without a token: the view asks for one rather than reusing it.
    await config().update(
      'deployments',
      [...(config().get<object[]>('deployments') ?? []), { name: 'production', url: prod.url }],
      vscode.ConfigurationTarget.Global,
    );
    await switchDeployment('production');
    const view = await refreshedView();
    await waitFor('no token', () => view.currentState === 'noToken');
  });

  it('bad input is refused with nothing stored: a taken name, credentials in the url, a malformed file', async () => {
    const before = JSON.stringify(config().get('deployments'));
    assert.equal(
      await (await activateExtension()).own.addDeployment({ name: 'STAGING', url: prod.url, token: PROD_TOKEN }),
      undefined,
    );
    assert.equal(
      await (
        await activateExtension()
      ).own.addDeployment({ name: 'creds', url: 'https://user:secret@api.axiom.co', token: PROD_TOKEN }),
      undefined,
    );
    assert.equal(await (await activateExtension()).own.renameDeployment({ from: 'staging', to: 'production' }), false);
    writeCliConfig('[deployments.broken]\nurl = "https://api.axiom.co\n');
    assert.equal(await (await activateExtension()).own.importCliConfig({ home, confirmed: true }), undefined);
    fs.rmSync(path.join(home, '.axiom.toml'));
    assert.equal(
      await (await activateExtension()).own.importCliConfig({ home, confirmed: true }),
      undefined,
      'no file: nothing imported',
    );
    assert.equal(JSON.stringify(config().get('deployments')), before);
  });

  it('adds a deployment by hand and switches to it', async () => {
    const added = await (
      await activateExtension()
    ).own.addDeployment({ name: 'by hand', url: prod.url, token: PROD_TOKEN });
    assert.equal(added?.name, 'by hand');
    assert.equal(await active(), 'by hand');
    await waitFor('the prod list', async () => (await shown()).join() === 'mon_prod');
    await switchDeployment('');
  });
});
