import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as vscode from 'vscode';
import { FAKE_API_TOKEN, type FakeAxiom } from '../support/fakeAxiom';
import { REALISTIC_MONITORS } from '../support/fixtures';
import { activateExtension, connectedFake, signOut, switchDeployment } from './helpers';

const OTHER_TOKEN = 'xaat-66666666-from-outside';

/** The question every command that changes something asks first when called from outside. */
const OUTSIDE_QUESTION = /^Another extension, a link or a keybinding asks to /;

/**
 * Commands only the person can drive: called from outside (another extension, a `command:` link:
 * here, executeCommand) with the arguments that would skip a question, carry a token or name a home
 * folder, each asks as from the Command Palette, and changes nothing when the question is dismissed.
 * (The extension's own code and its tests give those arguments through `own`, never the command.)
 */
describe('commands from outside ask the person', () => {
  let fake: FakeAxiom;
  let home: string;
  /** What the extension asked through vscode.window while a test ran, and its details. */
  let asked: { kind: string; text: string }[] = [];
  let details: string[] = [];
  /** How each question is answered: the button or item of that label when offered, else dismissed
   *  (an input box gets `typed`). Every question is dismissed unless a test says otherwise. */
  let answers: { choose: string[]; typed?: string } = { choose: [] };
  const window = vscode.window;
  const originals = {
    showQuickPick: window.showQuickPick,
    showInputBox: window.showInputBox,
    showWarningMessage: window.showWarningMessage,
    showInformationMessage: window.showInformationMessage,
    showErrorMessage: window.showErrorMessage,
  };

  before(async () => {
    fake = await connectedFake(REALISTIC_MONITORS);
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
        const options = args[1] as { detail?: unknown } | undefined;
        if (typeof options?.detail === 'string') details.push(options.detail);
        if (kind === 'input') return answers.typed;
        if (kind === 'pick') {
          const items = (await Promise.resolve(first)) as vscode.QuickPickItem[];
          return items.find((item) => answers.choose.includes(item.label));
        }
        return args.find((arg) => typeof arg === 'string' && answers.choose.includes(arg));
      };
    Object.assign(window, {
      showQuickPick: record('pick'),
      showInputBox: record('input'),
      showWarningMessage: record('warning'),
      showInformationMessage: record('information'),
      showErrorMessage: record('error'),
    });
  });
  beforeEach(() => {
    asked = [];
    details = [];
    answers = { choose: [] };
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

  /** Runs `id` as another extension would, with `args`; the person declines, then allows. */
  async function declinedThenAllowed(
    id: string,
    args: unknown,
    then: { allowed: string[]; typed?: string; shown?: unknown },
  ): Promise<{ declined: unknown; allowed: unknown }> {
    const declined = await vscode.commands.executeCommand(id, args);
    assert.ok(OUTSIDE_QUESTION.test(asked[0]?.text ?? ''), `${id} asked first: ${JSON.stringify(asked)}`);
    assert.equal(asked.length, 1, `${id} asked nothing more once declined: ${JSON.stringify(asked)}`);
    assert.ok(details[0]?.includes(id), 'the question names the command');
    const shown = JSON.stringify(then.shown ?? args, null, 2);
    assert.ok(details[0]?.includes(shown), `the question shows the data: ${details[0]}`);
    const afterDeclined = fake.requests.filter((r) => r.method !== 'GET');
    assert.deepEqual(afterDeclined, [], `${id} declined sent nothing that changes`);
    answers = { choose: ['Allow', ...then.allowed], typed: then.typed };
    asked = [];
    const allowed = await vscode.commands.executeCommand(id, args);
    return { declined, allowed };
  }

  const starredQuery = (id: string, name: string) => ({
    id,
    kind: 'apl',
    name,
    dataset: 'http-logs',
    who: fake.user.id,
    query: { apl: "['http-logs'] | count" },
    metadata: {},
  });
  const monitorAsGiven = (id: string) => {
    const monitor = fake.monitorById(id)!;
    return { id, name: monitor.name, aplQuery: monitor.aplQuery };
  };

  it('Delete a starred query with a confirmation asks first, then asks itself: declined, nothing is deleted; allowed, it is', async () => {
    fake.reset();
    fake.starred.push(starredQuery('sq_keep', 'Keep me'));
    const { declined, allowed } = await declinedThenAllowed(
      'axiom.deleteStarredQuery',
      { id: 'sq_keep', confirmed: true },
      { allowed: ['Delete'], shown: { id: 'sq_keep' } },
    );
    assert.equal(declined, undefined);
    assert.deepEqual(
      asked.map((a) => a.text),
      [asked[0].text, 'Delete the starred query “Keep me”?'],
      'allowed, the command asks its own question (its confirmation from outside is dropped)',
    );
    assert.equal(allowed, true);
    assert.equal(fake.requestsTo('DELETE /v2/apl-starred-queries/{id}').length, 1);
    assert.equal(fake.starredById('sq_keep'), undefined);
  });

  it('Rename a starred query ({ id, name }) asks first: declined, nothing is sent; allowed, it is renamed', async () => {
    fake.reset();
    fake.starred.push(starredQuery('sq_rename', 'Old name'));
    const { declined, allowed } = await declinedThenAllowed(
      'axiom.renameStarredQuery',
      { id: 'sq_rename', name: 'Renamed from outside' },
      { allowed: [] },
    );
    assert.equal(declined, undefined);
    assert.equal((allowed as { name: string }).name, 'Renamed from outside');
    assert.equal(fake.starredById('sq_rename')?.name, 'Renamed from outside');
  });

  it('Disable, Enable and Snooze a monitor ({ id, name }) each ask first: declined, no PUT; allowed, the monitor changes', async () => {
    fake.reset();
    await declinedThenAllowed('axiom.disableMonitor', monitorAsGiven('mon_errors_1'), { allowed: [] });
    assert.equal(fake.monitorById('mon_errors_1')?.disabled, true);
    fake.reset();
    asked = [];
    details = [];
    answers = { choose: [] };
    await declinedThenAllowed('axiom.enableMonitor', monitorAsGiven('mon_errors_1'), { allowed: [] });
    assert.equal(fake.monitorById('mon_errors_1')?.disabled, false);
    fake.reset();
    asked = [];
    details = [];
    answers = { choose: [] };
    await declinedThenAllowed('axiom.snoozeMonitor', monitorAsGiven('mon_errors_1'), { allowed: ['1 hour'] });
    assert.equal(fake.requestsTo('PUT /v2/monitors/{id}').length, 1);
    assert.match(String(fake.monitorById('mon_errors_1')?.disabledUntil), /^\d{4}-/);
  });

  it('Delete a monitor ({ id, name }) asks first, then asks itself: declined, it stays; allowed, it is deleted', async () => {
    fake.reset();
    await declinedThenAllowed('axiom.deleteMonitor', monitorAsGiven('mon_future_4'), { allowed: ['Delete'] });
    assert.equal(fake.requestsTo('DELETE /v2/monitors/{id}').length, 1);
    assert.equal(fake.monitorById('mon_future_4'), undefined);
  });

  it('Star a monitor’s query asks first: declined, nothing; allowed, the star flow asks for the name', async () => {
    fake.reset();
    await declinedThenAllowed('axiom.starMonitorQuery', monitorAsGiven('mon_go_3'), { allowed: [] });
    assert.deepEqual(
      asked.map((a) => a.kind),
      ['warning', 'input'],
      `allowed, the star flow asks for a name: ${JSON.stringify(asked)}`,
    );
    assert.equal(fake.requestsTo('POST /v2/apl-starred-queries').length, 0, 'its name dismissed, nothing starred');
  });

  it('Switch and Rename Deployment ({ name }, { from, to }) ask first: declined, the window keeps its deployment; allowed, they change', async () => {
    const api = await activateExtension();
    const { own } = api;
    assert.ok(await own.addDeployment({ name: 'elsewhere', url: fake.url, token: FAKE_API_TOKEN }));
    try {
      assert.equal(await switchDeployment(''), true);
      fake.reset();
      asked = [];
      const switched = await declinedThenAllowed('axiom.switchDeployment', { name: 'elsewhere' }, { allowed: [] });
      assert.equal(switched.declined, undefined);
      assert.equal(switched.allowed, true);
      assert.equal(await api.activeDeployment(), 'elsewhere');
      asked = [];
      details = [];
      answers = { choose: [] };
      const names = () =>
        vscode.workspace
          .getConfiguration('axiom')
          .get<{ name: string }[]>('deployments')!
          .map((d) => d.name);
      await declinedThenAllowed('axiom.renameDeployment', { from: 'elsewhere', to: 'moved' }, { allowed: [] });
      assert.ok(names().includes('moved') && !names().includes('elsewhere'), `renamed: ${names().join(', ')}`);
    } finally {
      for (const name of ['elsewhere', 'moved'])
        if (
          vscode.workspace
            .getConfiguration('axiom')
            .get<{ name: string }[]>('deployments')
            ?.some((d) => d.name === name)
        )
          await own.removeDeployment({ name, confirmed: true });
      await switchDeployment('');
    }
  });

  it('Sign In with an org id asks first: declined, no sign-in starts; allowed, it starts', async () => {
    fake.reset();
    await declinedThenAllowed('axiom.signIn', { orgId: 'planted-org' }, { allowed: [] });
    assert.ok(
      asked.some((a) => a.kind === 'error' && /Sign in with Axiom needs to know where/.test(a.text)),
      `allowed, the sign-in ran (and found no sign-in server for the fake): ${JSON.stringify(asked)}`,
    );
  });

  it('Star and Remove a query of the history ({ kind, entry }) ask first: declined, nothing; allowed, starred and removed', async () => {
    const { history } = await activateExtension();
    const entry = await history.record({
      apl: "['http-logs'] | take 3",
      range: { kind: 'preset', preset: '1h' },
      startedAt: Date.now(),
      durationMs: 5,
      outcome: 'ok',
      datasets: ['http-logs'],
      source: 'query',
    });
    assert.ok(entry, 'the run is recorded');
    fake.reset();
    await declinedThenAllowed('axiom.starHistoryQuery', { kind: 'run', entry }, { allowed: [], typed: 'From history' });
    const [posted] = fake.requestsTo('POST /v2/apl-starred-queries').map((r) => JSON.parse(r.body) as { name: string });
    assert.equal(posted?.name, 'From history');
    const count = (await history.entries()).length;
    asked = [];
    details = [];
    answers = { choose: [] };
    fake.reset();
    await declinedThenAllowed('axiom.removeHistoryEntry', { kind: 'run', entry }, { allowed: [] });
    assert.equal((await history.entries()).length, count - 1);
  });

  it('Sign Out asks itself, from the palette as from outside: declined, the token stays; allowed, it is gone', async () => {
    assert.equal(await vscode.commands.executeCommand('axiom.signOut', { confirmed: true }), false);
    assert.deepEqual(
      asked.map((a) => a.kind),
      ['warning'],
    );
    assert.match(asked[0].text, /^Sign out of Axiom \(.+\)\?$/);
    assert.equal(await tokenInUse(), `Bearer ${FAKE_API_TOKEN}`);
    answers = { choose: ['Sign Out'] };
    assert.equal(await vscode.commands.executeCommand('axiom.signOut'), true);
    assert.equal(await tokenInUse(), undefined);
    await (await activateExtension()).own.setToken({ token: FAKE_API_TOKEN });
  });

  it('Star this APL Query with a query, a name and a dataset stars none of them: it asks as from the palette', async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    fake.reset();
    answers = { choose: [] };
    await vscode.commands.executeCommand('axiom.starQuery', {
      apl: "['secrets'] | take 1",
      name: 'planted',
      dataset: 'secrets',
    });
    // With no editor, a new query opens to be starred, and its name is asked for: the given one is not used.
    assert.deepEqual(asked, [
      { kind: 'input', text: JSON.stringify('Star this APL Query (the whole document: nothing is selected)') },
    ]);
    assert.equal(fake.requestsTo('POST /v2/apl-starred-queries').length, 0);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  it('Clear Query History with an argument asks itself', async () => {
    await vscode.commands.executeCommand('axiom.clearQueryHistory', { confirmed: true });
    assert.match(asked[0]?.text ?? '', /^Clear the query history/);
  });
});
