import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { FAKE_ORG_ID, FAKE_PERSONAL_TOKEN, type FakeAxiom } from '../support/fakeAxiom';
import { REALISTIC_MONITORS } from '../support/fixtures';
import { activateExtension, connectedFake, setSetting, waitFor, signOut } from './helpers';

describe('foundation: activation, commands, token storage', () => {
  let fake: FakeAxiom;
  before(async () => {
    await activateExtension();
    fake = await connectedFake(REALISTIC_MONITORS);
  });
  after(async () => {
    await signOut();
    await fake.stop();
  });

  it('runs inside a real VS Code and activates', async () => {
    assert.match(vscode.version, /^1\.\d+\.\d+/);
    const api = await activateExtension();
    assert.ok(api.monitorsView, 'activate returns the monitors view');
  });

  it('contributes its commands', async () => {
    const all = await vscode.commands.getCommands(true);
    for (const id of [
      'axiom.setToken',
      'axiom.signOut',
      'axiom.refreshMonitors',
      'axiom.openMonitorQuery',
      'axiom.starQuery',
      'axiom.copyMonitorQuery',
      'axiom.openMonitorInAxiom',
      'axiom.showLog',
    ]) {
      assert.ok(all.includes(id), `${id} is registered`);
    }
  });

  it('Set Token stores the token in SecretStorage: the next request carries it', async () => {
    const { monitorsView } = await activateExtension();
    fake.reset();
    await monitorsView.refresh();
    assert.equal(monitorsView.currentState, 'loaded');
    assert.equal(fake.requestsTo('GET /v2/monitors').at(-1)?.headers.authorization, `Bearer ${fake.token}`);
  });

  it('Set Token trims, and refuses an empty value without touching the stored token', async () => {
    const { monitorsView } = await activateExtension();
    assert.equal(await (await activateExtension()).own.setToken({ token: '   ' }), false);
    assert.equal(await (await activateExtension()).own.setToken({ token: `  ${fake.token}\n` }), true);
    fake.reset();
    await monitorsView.refresh();
    assert.equal(fake.requestsTo('GET /v2/monitors').at(-1)?.headers.authorization, `Bearer ${fake.token}`);
  });

  it('Set Token refuses an org id argument that is not one, saving neither', async () => {
    assert.equal(
      await (await activateExtension()).own.setToken({ token: FAKE_PERSONAL_TOKEN, orgId: 'not/an org' }),
      false,
    );
    assert.equal(vscode.workspace.getConfiguration('axiom').get('orgId'), '');
    fake.reset();
    const { monitorsView } = await activateExtension();
    await monitorsView.refresh();
    assert.equal(fake.requestsTo('GET /v2/monitors').at(-1)?.headers.authorization, `Bearer ${fake.token}`);
  });

  it('a personal token with its org id: the org id is saved to axiom.orgId and sent', async () => {
    const { monitorsView } = await activateExtension();
    await (await activateExtension()).own.setToken({ token: FAKE_PERSONAL_TOKEN, orgId: FAKE_ORG_ID });
    assert.equal(vscode.workspace.getConfiguration('axiom').get('orgId'), FAKE_ORG_ID);
    fake.reset();
    await waitFor('a reload with the personal token', async () => {
      await monitorsView.refresh();
      return fake
        .requestsTo('GET /v2/monitors')
        .some((r) => r.headers.authorization === `Bearer ${FAKE_PERSONAL_TOKEN}`);
    });
    const last = fake.requestsTo('GET /v2/monitors').at(-1);
    assert.equal(last?.headers['x-axiom-org-id'], FAKE_ORG_ID);
    assert.equal(monitorsView.currentState, 'loaded');
    await setSetting('orgId', undefined);
    await (await activateExtension()).own.setToken({ token: fake.token });
  });

  it('Sign Out deletes the token: the view asks for one and no request is sent', async () => {
    const { monitorsView } = await activateExtension();
    await signOut();
    fake.reset();
    await waitFor('the no-token state', async () => {
      await monitorsView.refresh();
      return monitorsView.currentState === 'noToken';
    });
    assert.equal(fake.requests.length, 0);
    assert.deepEqual(monitorsView.getChildren(), []);
  });
});
