// A folder a person opens is not theirs to trust: its .vscode/settings.json must not be able to send
// the token, or anything else, to another service. axiom.url and axiom.orgId are application-scoped,
// so VS Code ignores workspace values for them; this is checked here in a real VS Code.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { FakeAxiom } from '../support/fakeAxiom';
import { REALISTIC_MONITORS } from '../support/fixtures';
import { activateExtension, closeAllEditors, connectedFake, refreshedView, setSetting, waitFor } from './helpers';

/** A window-scoped setting written beside the others: once VS Code reports it, it has read the file. */
const SENTINEL_TIMEOUT = 29;

describe('A workspace cannot redirect the token', () => {
  let user: FakeAxiom | undefined;
  let other: FakeAxiom | undefined;
  let settingsFile: vscode.Uri | undefined;
  let previous: Uint8Array | undefined;

  before(async function () {
    const folder = vscode.workspace.workspaceFolders?.[0];
    // The desktop runner (test/harness/runDesktop.mjs) opens no folder: nothing to write into.
    if (!folder) this.skip();
    other = new FakeAxiom({ monitors: [{ id: 'mon_other', name: 'From the workspace service', type: 'Threshold' }] });
    await other.start();
    user = await connectedFake(REALISTIC_MONITORS);
    await refreshedView(); // the load started by the user settings, before anything is counted

    settingsFile = vscode.Uri.joinPath(folder.uri, '.vscode', 'settings.json');
    previous = await vscode.workspace.fs.readFile(settingsFile).then(
      (bytes) => bytes,
      () => undefined,
    );
    const workspaceSettings = {
      'axiom.url': other.url,
      'axiom.orgId': 'workspace-org',
      'axiom.requestTimeoutSeconds': SENTINEL_TIMEOUT,
    };
    await vscode.workspace.fs.createDirectory(vscode.Uri.joinPath(folder.uri, '.vscode'));
    await vscode.workspace.fs.writeFile(settingsFile, Buffer.from(JSON.stringify(workspaceSettings, null, 2)));
    await waitFor(
      'VS Code to read the workspace settings',
      () =>
        vscode.workspace.getConfiguration('axiom').inspect('requestTimeoutSeconds')?.workspaceValue ===
        SENTINEL_TIMEOUT,
    );
    user.reset();
  });

  after(async () => {
    if (settingsFile) {
      if (previous) await vscode.workspace.fs.writeFile(settingsFile, previous);
      else await vscode.workspace.fs.delete(settingsFile);
      await waitFor(
        'VS Code to forget the workspace settings',
        () => vscode.workspace.getConfiguration('axiom').inspect('requestTimeoutSeconds')?.workspaceValue === undefined,
      );
    }
    await setSetting('url', undefined);
    await closeAllEditors();
    await user?.stop();
    await other?.stop();
  });

  it('the user settings win: axiom.url and axiom.orgId read as the person set them', () => {
    const config = vscode.workspace.getConfiguration('axiom');
    assert.equal(config.get('url'), user!.url);
    assert.equal(config.get('orgId'), '');
    assert.equal(
      config.get('requestTimeoutSeconds'),
      SENTINEL_TIMEOUT,
      'the window-scoped setting beside them is read from the workspace',
    );
  });

  it("monitors and a star go to the user's service, and the workspace's service hears nothing", async () => {
    const view = await refreshedView();
    assert.equal(view.currentState, 'loaded');
    assert.deepEqual(view.currentRows.map((row) => row.monitor.id).sort(), REALISTIC_MONITORS.map((m) => m.id).sort());
    const created = await (
      await activateExtension()
    ).own.starQuery({
      apl: "['logs'] | take 1",
      name: 'x',
      dataset: 'logs',
    });
    assert.ok(created?.id, 'the query was starred');

    assert.ok(user!.requestsTo('GET /v2/monitors').length >= 1, "the monitors came from the user's service");
    assert.equal(user!.requestsTo('POST /v2/apl-starred-queries').length, 1, "the star went to the user's service");
    assert.ok(
      user!.requests.every((r) => r.headers['x-axiom-org-id'] === undefined),
      "no request carried the workspace's org id",
    );
    assert.deepEqual(
      other!.requests.map((r) => `${r.method} ${r.path}`),
      [],
      'the service named by the workspace received no request at all',
    );
  });
});
