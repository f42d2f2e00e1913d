import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as vscode from 'vscode';
import { FAKE_API_TOKEN, type FakeAxiom } from '../support/fakeAxiom';
import { REALISTIC_MONITORS } from '../support/fixtures';
import { sampleDashboard } from '../support/dashboardFixtures';
import { recordedRun } from '../support/recordedRuns';
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

  it('Delete a starred query with a confirmation from outside: its confirmation dropped, it asks once, naming the query as Axiom has it', async () => {
    fake.reset();
    fake.starred.push(starredQuery('sq_keep', 'Keep me'));
    const allowed = await recordDeclinedThenAllowed(
      'axiom.deleteStarredQuery',
      () => ({ id: 'sq_keep', name: 'not what Axiom calls it', confirmed: true }),
      { id: 'sq_keep', named: 'Keep me' },
      ['Delete'],
    );
    assert.equal(allowed, true);
    assert.equal(fake.requestsTo('DELETE /v2/apl-starred-queries/{id}').length, 1);
    assert.equal(fake.starredById('sq_keep'), undefined);
  });

  it('Rename a starred query ({ id, name }) asks once, showing the new name: declined, nothing is sent; allowed, it is renamed', async () => {
    fake.reset();
    fake.starred.push(starredQuery('sq_rename', 'Old name'));
    const allowed = await recordDeclinedThenAllowed(
      'axiom.renameStarredQuery',
      () => ({ id: 'sq_rename', name: 'Renamed from outside' }),
      { id: 'sq_rename', named: 'Old name' },
      ['Rename'],
    );
    assert.ok(
      details.some((d) => d.includes('Renamed from outside')),
      'the question shows the new name',
    );
    assert.equal((allowed as { name: string }).name, 'Renamed from outside');
    assert.equal(fake.starredById('sq_rename')?.name, 'Renamed from outside');
  });

  /**
   * Runs `id`, a command that changes a record, as another extension would, with the argument
   * `given()` makes (afresh for each call) naming the record `record.id`: it reads the record from Axiom by that id and asks once, naming it as Axiom
   * has it (`named`, and its id), not in the caller's words; the person declines, then allows
   * (`allow`: the question's button, then what else is chosen).
   */
  async function recordDeclinedThenAllowed(
    id: string,
    given: () => unknown,
    record: { id: string; named: string },
    allow: string[],
  ): Promise<unknown> {
    const declined = await vscode.commands.executeCommand(id, given());
    assert.ok(!declined, `${id} declined did nothing`);
    assert.equal(asked.length, 1, `${id} asked once: ${JSON.stringify(asked)}`);
    assert.ok(OUTSIDE_QUESTION.test(asked[0].text), `${id} said it comes from outside: ${asked[0].text}`);
    assert.ok(
      asked[0].text.includes(`${JSON.stringify(record.named)} (id ${JSON.stringify(record.id)}), as Axiom has it now`),
      `the question names the record as Axiom has it: ${asked[0].text}`,
    );
    assert.deepEqual(
      fake.requests.filter((r) => r.method !== 'GET'),
      [],
      `${id} declined sent nothing that changes`,
    );
    answers = { choose: allow };
    asked = [];
    details = [];
    const allowed = await vscode.commands.executeCommand(id, given());
    assert.ok(OUTSIDE_QUESTION.test(asked[0]?.text ?? ''), `allowed, ${id} asked the same: ${JSON.stringify(asked)}`);
    assert.equal(asked.filter((a) => a.kind === 'warning').length, 1, `${id} asked once: ${JSON.stringify(asked)}`);
    return allowed;
  }

  /**
   * An argument whose getters answer `first`'s values at their first read and `then`'s after: a
   * caller that shows the person one record and swaps in another once the question is answered.
   */
  function shifting(first: Record<string, unknown>, then: Record<string, unknown>): object {
    const given = {};
    for (const key of Object.keys(first)) {
      let reads = 0;
      Object.defineProperty(given, key, { enumerable: true, get: () => (reads++ === 0 ? first[key] : then[key]) });
    }
    return given;
  }

  const named = (id: string) => ({ id, named: String(fake.monitorById(id)?.name) });

  it('Disable, Enable and Snooze a monitor ({ id, name }) each ask once, naming Axiom’s monitor: declined, no PUT; allowed, it changes', async () => {
    fake.reset();
    const given = () => ({ id: 'mon_errors_1', name: 'not its name' });
    await recordDeclinedThenAllowed('axiom.disableMonitor', given, named('mon_errors_1'), ['Allow']);
    assert.equal(fake.monitorById('mon_errors_1')?.disabled, true);
    fake.reset();
    asked = [];
    answers = { choose: [] };
    await recordDeclinedThenAllowed('axiom.enableMonitor', given, named('mon_errors_1'), ['Allow']);
    assert.equal(fake.monitorById('mon_errors_1')?.disabled, false);
    fake.reset();
    asked = [];
    answers = { choose: [] };
    await recordDeclinedThenAllowed('axiom.snoozeMonitor', given, named('mon_errors_1'), ['Allow', '1 hour']);
    assert.equal(fake.requestsTo('PUT /v2/monitors/{id}').length, 1);
    assert.match(String(fake.monitorById('mon_errors_1')?.disabledUntil), /^\d{4}-/);
  });

  it('Delete a monitor ({ id, name }) asks once, naming Axiom’s monitor and its id: declined, it stays; allowed, it is deleted', async () => {
    fake.reset();
    const deleted = await recordDeclinedThenAllowed(
      'axiom.deleteMonitor',
      () => monitorAsGiven('mon_future_4'),
      named('mon_future_4'),
      ['Delete'],
    );
    assert.equal(deleted, true);
    assert.equal(fake.requestsTo('DELETE /v2/monitors/{id}').length, 1);
    assert.equal(fake.monitorById('mon_future_4'), undefined);
  });

  describe('an argument whose id changes after the question acts on the record the question named', () => {
    const scratch = 'mon_metrics_2';
    const production = 'mon_go_3';
    const unchanged = () => assert.deepEqual(fake.monitorById(production), productionBefore, 'production untouched');
    let productionBefore: unknown;
    beforeEach(() => {
      fake.reset();
      productionBefore = structuredClone(fake.monitorById(production));
    });
    const swapped = () => shifting({ id: scratch, name: 'scratch' }, { id: production, name: 'scratch' });
    const sentTo = () => fake.requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`);

    for (const [command, allow] of [
      ['disableMonitor', ['Allow']],
      ['enableMonitor', ['Allow']],
      ['snoozeMonitor', ['Allow', '1 hour']],
    ] as const)
      it(`${command}: changes the monitor named in the question`, async () => {
        await recordDeclinedThenAllowed(`axiom.${command}`, swapped, named(scratch), [...allow]);
        assert.deepEqual(sentTo(), [`PUT /v2/monitors/${scratch}`]);
        unchanged();
      });

    it('deleteMonitor: deletes the monitor named in the one question, not the production one', async () => {
      const scratchNamed = named(scratch);
      assert.equal(await recordDeclinedThenAllowed('axiom.deleteMonitor', swapped, scratchNamed, ['Delete']), true);
      assert.deepEqual(sentTo(), [`DELETE /v2/monitors/${scratch}`]);
      assert.equal(fake.monitorById(scratch), undefined);
      unchanged();
    });

    it('duplicateDashboard and deleteDashboard: the dashboard of the uid the question named', async () => {
      fake.dashboards.add(sampleDashboard('Scratch board'), 'scratch');
      fake.dashboards.add(sampleDashboard('Production board'), 'production');
      const given = () => shifting({ uid: 'scratch', name: 'Copied' }, { uid: 'production', name: 'Copied' });
      const record = { id: 'scratch', named: 'Scratch board' };
      await recordDeclinedThenAllowed('axiom.duplicateDashboard', given, record, ['Allow']);
      assert.deepEqual(sentTo(), ['POST /v2/dashboards']);
      assert.deepEqual(
        fake.requests.filter((r) => r.path.startsWith('/v2/dashboards/uid/')).map((r) => r.path),
        ['/v2/dashboards/uid/scratch', '/v2/dashboards/uid/scratch', '/v2/dashboards/uid/scratch'],
        'read to name it, then read to copy it: always the scratch one',
      );
      fake.requests.length = 0;
      asked = [];
      answers = { choose: [] };
      const deleted = await recordDeclinedThenAllowed(
        'axiom.deleteDashboard',
        () => shifting({ uid: 'scratch', confirmed: true }, { uid: 'production', confirmed: true }),
        record,
        ['Delete'],
      );
      assert.equal(deleted, true);
      assert.deepEqual(sentTo(), ['DELETE /v2/dashboards/uid/scratch']);
      assert.ok(fake.dashboards.byUid('production'), 'the production dashboard is there');
    });

    it('deleteAnnotation: the annotation of the id read once, named as Axiom has it with its id, asked once', async () => {
      fake.annotations.push(
        { id: 'ann_scratch', type: 'deploy', datasets: ['http-logs'], time: '2026-01-01T00:00:00Z', title: 'Scratch' },
        { id: 'ann_prod', type: 'deploy', datasets: ['http-logs'], time: '2026-01-01T00:00:00Z', title: 'Prod' },
      );
      const given = () =>
        shifting(
          { kind: 'annotation', annotation: { id: 'ann_scratch', title: 'whatever' } },
          { kind: 'annotation', annotation: { id: 'ann_prod', title: 'whatever' } },
        );
      assert.equal(await vscode.commands.executeCommand('axiom.deleteAnnotation', given()), false);
      assert.deepEqual(asked, [{ kind: 'warning', text: 'Delete the annotation “Scratch”?' }]);
      assert.match(details[0] ?? '', /\(id ann_scratch\)/);
      answers = { choose: ['Delete'] };
      asked = [];
      assert.equal(await vscode.commands.executeCommand('axiom.deleteAnnotation', given()), true);
      assert.equal(asked.length, 1, 'asked once');
      assert.deepEqual(sentTo(), ['DELETE /v2/annotations/ann_scratch']);
      assert.ok(fake.annotationById('ann_prod'));
    });

    it('deleteStarredQuery: the query of the id read once, named as Axiom has it, asked once', async () => {
      fake.starred.push(starredQuery('sq_scratch', 'Scratch'), starredQuery('sq_prod', 'Prod'));
      const given = () => shifting({ id: 'sq_scratch' }, { id: 'sq_prod' });
      const deleted = await recordDeclinedThenAllowed(
        'axiom.deleteStarredQuery',
        given,
        { id: 'sq_scratch', named: 'Scratch' },
        ['Delete'],
      );
      assert.equal(deleted, true);
      assert.deepEqual(sentTo(), ['DELETE /v2/apl-starred-queries/sq_scratch']);
      assert.ok(fake.starredById('sq_prod'));
    });
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
    const entry = await history.record(recordedRun("['http-logs'] | take 3", { datasets: ['http-logs'] }));
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
