import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as vscode from 'vscode';
import { FAKE_API_TOKEN, type FakeAxiom } from '../support/fakeAxiom';
import { activateExtension, connectedFake, waitFor, signOut, switchDeployment } from './helpers';

const OTHER_TOKEN = 'xaat-66666666-from-outside';

/**
 * Commands only the person can drive: called from outside (another extension, a `command:` link:
 * here, executeCommand) with the arguments that would skip a question, carry a token or name a home
 * folder, each asks as from the Command Palette, and changes nothing when the question is dismissed.
 * (The extension's own code and its tests give those arguments through `own`, never the command.)
 */
describe('commands from outside ask the person', () => {
  let fake: FakeAxiom;
  let home: string;
  /** What the extension asked through vscode.window while a test ran: each question is dismissed. */
  let asked: { kind: string; text: string }[] = [];
  const window = vscode.window;
  const originals = {
    showInputBox: window.showInputBox,
    showWarningMessage: window.showWarningMessage,
    showInformationMessage: window.showInformationMessage,
    showErrorMessage: window.showErrorMessage,
  };

  before(async () => {
    fake = await connectedFake();
    home = fs.mkdtempSync(path.join(os.tmpdir(), 'axiom-outside-home-'));
    fs.writeFileSync(
      path.join(home, '.axiom.toml'),
      `active_deployment = "planted"\n\n[deployments.planted]\nurl = "${fake.url}"\ntoken = "${OTHER_TOKEN}"\norg_id = ""\n`,
      { mode: 0o600 },
    );
    const record =
      (kind: string) =>
      async (...args: unknown[]) => {
        const first = args[0];
        asked.push({
          kind,
          text:
            typeof first === 'string'
              ? first
              : JSON.stringify((first as vscode.InputBoxOptions | undefined)?.title ?? ''),
        });
        return undefined;
      };
    Object.assign(window, {
      showInputBox: record('input'),
      showWarningMessage: record('warning'),
      showInformationMessage: record('information'),
      showErrorMessage: record('error'),
    });
  });
  beforeEach(() => {
    asked = [];
  });
  after(async () => {
    Object.assign(window, originals);
    fs.rmSync(home, { recursive: true, force: true });
    await signOut();
    await fake.stop();
  });

  /** The token the window's requests carry now. */
  async function tokenInUse(): Promise<string | undefined> {
    fake.reset();
    const { monitorsView } = await activateExtension();
    await monitorsView.refresh();
    return fake.requestsTo('GET /v2/monitors').at(-1)?.headers.authorization;
  }

  it('Set API Token with a token asks for one in its password box, and keeps the token stored', async () => {
    assert.equal(
      await vscode.commands.executeCommand('axiom.setToken', { token: OTHER_TOKEN, orgId: 'some-org' }),
      false,
    );
    assert.deepEqual(
      asked.map((a) => a.kind),
      ['input'],
    );
    assert.equal(await tokenInUse(), `Bearer ${FAKE_API_TOKEN}`);
    assert.equal(vscode.workspace.getConfiguration('axiom').get('orgId'), '');
  });

  it('Add Deployment with a name, an address and a token asks for each, starting with the name, and adds nothing', async () => {
    const { own } = await activateExtension();
    const before = vscode.workspace.getConfiguration('axiom').get<unknown[]>('deployments');
    assert.equal(
      await vscode.commands.executeCommand('axiom.addDeployment', {
        name: 'planted',
        url: fake.url,
        token: OTHER_TOKEN,
      }),
      undefined,
    );
    assert.equal(asked[0]?.kind, 'input');
    assert.deepEqual(vscode.workspace.getConfiguration('axiom').get('deployments'), before);
    assert.ok(own, 'the own functions are there for the extension and its tests');
  });

  it("Import from Axiom CLI with another home and a confirmation reads only the person's own home, and asks before importing", async () => {
    const before = vscode.workspace.getConfiguration('axiom').get<unknown[]>('deployments');
    await vscode.commands.executeCommand('axiom.importCliConfig', { home, confirmed: true });
    assert.ok(asked.length >= 1, 'it told or asked the person something');
    assert.ok(
      asked.every((a) => !a.text.includes(home)),
      `the given home was not read: ${JSON.stringify(asked)}`,
    );
    assert.deepEqual(vscode.workspace.getConfiguration('axiom').get('deployments'), before, 'nothing imported');
  });

  it('Remove Deployment with a confirmation asks first, and removes nothing', async () => {
    const { own } = await activateExtension();
    assert.ok(await own.addDeployment({ name: 'keep', url: fake.url, token: FAKE_API_TOKEN }));
    try {
      asked = [];
      assert.equal(
        await vscode.commands.executeCommand('axiom.removeDeployment', { name: 'keep', confirmed: true }),
        false,
      );
      assert.deepEqual(asked, [{ kind: 'warning', text: 'Remove the Axiom deployment “keep”?' }]);
      assert.ok(
        vscode.workspace
          .getConfiguration('axiom')
          .get<{ name: string }[]>('deployments')!
          .some((d) => d.name === 'keep'),
      );
    } finally {
      assert.equal(await own.removeDeployment({ name: 'keep', confirmed: true }), true);
      await switchDeployment('');
    }
  });

  it('Delete a starred query with a confirmation asks first, and deletes nothing', async () => {
    fake.starred.push({
      id: 'sq_keep',
      kind: 'apl',
      name: 'Keep me',
      dataset: 'http-logs',
      who: fake.user.id,
      query: { apl: "['http-logs'] | count" },
      metadata: {},
    });
    const { starredView } = await activateExtension();
    await starredView.refresh();
    await waitFor('the starred query listed', () => starredView.queryById('sq_keep'));
    assert.equal(
      await vscode.commands.executeCommand('axiom.deleteStarredQuery', { id: 'sq_keep', confirmed: true }),
      false,
    );
    assert.deepEqual(asked, [{ kind: 'warning', text: 'Delete the starred query “Keep me”?' }]);
    assert.equal(fake.requestsTo('DELETE /v2/apl-starred-queries/{id}').length, 0);
    assert.ok(fake.starredById('sq_keep'));
  });
});
