// A newcomer's first steps inside a real VS Code: New APL Query opens an Axiom APL editor over a
// dataset that exists (the last one run on this deployment, else the first listed) with a query
// that runs as it is; the walkthrough's steps each have a button that is a command of this
// extension and an image that ships and is small; each step's context key is set when its thing is
// done by a route other than the walkthrough's button.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as vscode from 'vscode';
import type { FakeAxiom } from '../support/fakeAxiom';
import { COUNT_ABOVE_FIFTY, seriesAplAnswer, spikySeries } from '../support/seriesFixtures';
import { TYPED_TABULAR } from '../support/tabularFixtures';
import { recordedRun } from '../support/recordedRuns';
import { WALKTHROUGH_KEYS, type WalkthroughStep as StepDone } from '../../src/core/walkthrough';
import {
  activateExtension,
  EXTENSION_ID,
  refreshedView,
  sentQueryBodies,
  setSetting,
  useRunningFake,
  waitFor,
} from './helpers';

/** The untitled documents New APL Query opened: reverted after each test, so that closing them asks nothing. */
const opened: vscode.TextDocument[] = [];

/** New APL Query, as the palette runs it: the editor it opened. */
async function newAplQuery(): Promise<vscode.TextEditor> {
  const editor = await vscode.commands.executeCommand<vscode.TextEditor>('axiom.newAplQuery');
  assert.ok(editor, 'an editor opened');
  opened.push(editor.document);
  return editor;
}

/** Records a run of `apl` in the query history, as Run Query would. */
async function ranBefore(apl: string): Promise<void> {
  const { history, runner } = await activateExtension();
  await history.record(recordedRun(apl, { range: runner.timeRange.range }));
}

describe('First steps: New APL Query', () => {
  // Before the suite's own (which closes every editor). Until the extension host hears that one is
  // closed, a new untitled document of the same name would be handed its old text: waited for.
  afterEach(async () => {
    for (const document of opened.splice(0)) {
      await vscode.window.showTextDocument(document);
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
      await waitFor('the untitled document closed', () => document.isClosed);
    }
  });
  const suite = useRunningFake(() => TYPED_TABULAR);
  let fake: FakeAxiom;
  before(async () => {
    fake = suite.fake;
    await (await activateExtension()).history.clear();
  });
  afterEach(async () => {
    await (await activateExtension()).history.clear();
    // The dataset list is kept per deployment: forgotten, so that each test's list is read afresh.
    await vscode.commands.executeCommand('axiom.refreshDatasets');
  });

  it('with nothing run yet, opens an untitled Axiom APL editor over the first dataset listed; Run Query runs it as it is', async () => {
    fake.datasets = ['sample-app', 'http-logs'];
    const editor = await newAplQuery();
    assert.equal(editor.document.languageId, 'axiom-apl');
    assert.equal(editor.document.isUntitled, true);
    assert.equal(vscode.window.activeTextEditor?.document, editor.document, 'the editor is in front');
    assert.equal(editor.document.getText(), "['http-logs']\n| sort by _time desc\n| take 10", 'the first by name');
    assert.ok(editor.selection.active.isEqual(editor.document.lineAt(2).range.end), 'the cursor after the query');

    await vscode.commands.executeCommand('axiom.runQuery');
    await waitFor('the query at the service', () => sentQueryBodies(fake).length === 1);
    assert.equal(sentQueryBodies(fake)[0].apl, editor.document.getText());
    const { runner } = await activateExtension();
    const shown = await waitFor('its results', () => runner.shownResult());
    assert.equal(shown.query, editor.document.getText());
    assert.ok(shown.tables[0].rowCount > 0, 'rows in the results');
  });

  it('opens on the dataset last run on this deployment, when the token still sees it', async () => {
    fake.datasets = ['http-logs', 'sample-app'];
    await ranBefore("['http-logs'] | count");
    await ranBefore("['sample-app'] | where level == 'error'");
    const { history } = await activateExtension();
    assert.deepEqual(
      (await history.entries()).map((entry) => entry.datasets),
      [['sample-app'], ['http-logs']],
    );
    const editor = await newAplQuery();
    assert.match(editor.document.getText(), /^\['sample-app'\]\n/);
  });

  it('passes over a recent dataset that is gone, to the next recent one, then to the first listed', async () => {
    fake.datasets = ['http-logs', 'sample-app'];
    await ranBefore("['sample-app'] | count");
    await ranBefore("['deleted-logs'] | count");
    assert.match((await newAplQuery()).document.getText(), /^\['sample-app'\]\n/, 'the newest that exists');
    await (await activateExtension()).history.clear();
    await ranBefore("['deleted-logs'] | count");
    await vscode.commands.executeCommand('axiom.refreshDatasets');
    assert.match((await newAplQuery()).document.getText(), /^\['http-logs'\]\n/, 'the first listed');
  });

  it('is in the palette, in the Monitors and Datasets title bars, and in the welcome views of empty lists', () => {
    const manifest = vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON as {
      contributes: {
        menus: Record<string, { command: string; when?: string }[]>;
        viewsWelcome: { view: string; contents: string }[];
      };
    };
    const titles = manifest.contributes.menus['view/title'].filter((m) => m.command === 'axiom.newAplQuery');
    assert.deepEqual(
      titles.map((m) => m.when),
      ['view == axiom.monitors || view == axiom.datasets'],
    );
    const hidden = (manifest.contributes.menus.commandPalette ?? []).find((m) => m.command === 'axiom.newAplQuery');
    assert.ok(!hidden || hidden.when !== 'false', 'not hidden from the palette');
    // VS Code hands the manifest with its words filled in.
    const welcomes = manifest.contributes.viewsWelcome.filter((w) =>
      w.contents.includes('(command:axiom.newAplQuery)'),
    );
    assert.deepEqual(welcomes.map((w) => w.view).sort(), [
      'axiom.monitors',
      'axiom.queryHistory',
      'axiom.starredQueries',
    ]);
  });
});

interface WalkthroughStep {
  id: string;
  title: string;
  description: string;
  media: { image?: string; markdown?: string; altText?: string };
}

describe('First steps: the walkthrough', () => {
  const extension = () => vscode.extensions.getExtension(EXTENSION_ID)!;
  const manifest = () =>
    extension().packageJSON as {
      contributes: { walkthroughs: { id: string; steps: WalkthroughStep[] }[]; commands: { command: string }[] };
    };
  const words = () =>
    JSON.parse(fs.readFileSync(path.join(extension().extensionPath, 'package.nls.json'), 'utf8')) as Record<
      string,
      string
    >;
  /** A `%key%` of package.nls.json in English, as the Welcome page shows it. */
  const english = (text: string) => words()[/^%(.+)%$/.exec(text)?.[1] ?? ''] ?? text;

  it('is in the palette as Axiom: Get Started with Axiom, which opens it', async () => {
    const command = manifest().contributes.commands.find((c) => c.command === 'axiom.getStarted');
    assert.ok(command, 'a command of the palette');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('axiom.getStarted');
    // No tab was open: the one that opens is the command's (the Welcome page's editor, with our title).
    await waitFor('the walkthrough’s tab', () =>
      vscode.window.tabGroups.all
        .flatMap((g) => g.tabs)
        .some((tab) => /welcome|walkthrough|get started/i.test(tab.label) || tab.label.includes('Axiom')),
    );
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('takes a newcomer from connecting to a dry run, each step with a button of this extension and a small image that ships', async () => {
    const [walkthrough] = manifest().contributes.walkthroughs;
    assert.equal(walkthrough.id, 'axiom.firstSteps');
    const commands = new Set(await vscode.commands.getCommands(true));
    const ours = new Set(manifest().contributes.commands.map((c) => c.command));
    const buttons: string[] = [];
    for (const step of walkthrough.steps) {
      const description = english(step.description);
      const links = [...description.matchAll(/\]\(command:([\w.]+)\)/g)].map((m) => m[1]);
      assert.ok(links.length > 0, `${step.id} has a button`);
      for (const command of links) {
        assert.ok(commands.has(command), `${step.id}'s button runs ${command}, a command VS Code knows`);
        assert.ok(ours.has(command) || command === 'axiom.monitors.focus', `${command} is this extension's`);
      }
      buttons.push(...links);
      assert.ok(english(step.title).length > 0 && english(step.media.altText ?? '').length > 0, `${step.id}'s words`);
      const image = path.join(extension().extensionPath, step.media.image ?? '');
      assert.match(step.media.image ?? '', /^media\/walkthrough\/[\w-]+\.png$/);
      assert.ok(fs.existsSync(image), `${step.media.image} exists`);
      assert.ok(fs.statSync(image).size < 100_000, `${step.media.image} is small`);
    }
    assert.deepEqual(buttons, [
      'axiom.signIn',
      'axiom.setToken',
      'axiom.monitors.focus',
      'axiom.newAplQuery',
      'axiom.starQuery',
      'axiom.newNotebook',
      'axiom.editMonitor',
    ]);
    const shipped = fs.readFileSync(path.join(extension().extensionPath, '.vscodeignore'), 'utf8').split('\n');
    assert.ok(shipped.includes('!media/walkthrough/*.png'), 'the images are in the .vsix');
  });

  it('opens from the palette (Welcome: Open Walkthrough, with its id)', async () => {
    await vscode.commands.executeCommand('workbench.action.openWalkthrough', `${EXTENSION_ID}#axiom.firstSteps`, false);
    await waitFor('the walkthrough’s tab', () =>
      vscode.window.tabGroups.all
        .flatMap((g) => g.tabs)
        .some((tab) => /welcome|walkthrough|get started/i.test(tab.label) || tab.label.includes('Axiom')),
    );
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
});

describe('First steps: each step ticks when its thing is done by any route', () => {
  const suite = useRunningFake(() => TYPED_TABULAR);
  const commands = vscode.commands;
  const executeCommand = commands.executeCommand;
  /** The walkthrough's context keys the extension set to true, in order, since the test began. */
  let set: string[] = [];
  before(() => {
    Object.assign(commands, {
      executeCommand: (id: string, ...rest: unknown[]) => {
        if (id === 'setContext' && typeof rest[0] === 'string' && rest[0].startsWith('axiom.walkthrough.'))
          set.push(`${rest[0]}=${String(rest[1])}`);
        return executeCommand.call(commands, id, ...rest);
      },
    });
  });
  after(() => Object.assign(commands, { executeCommand }));
  beforeEach(() => {
    set = [];
  });
  const ticked = (step: StepDone) =>
    waitFor(`${WALKTHROUGH_KEYS[step]} set`, () => set.includes(`${WALKTHROUGH_KEYS[step]}=true`));

  it('connected: the window’s client made with its token', async () => {
    // A connection setting changed: the next request's client is made afresh, which ticks the step.
    await setSetting('requestTimeoutSeconds', 45);
    try {
      const client = await (await activateExtension()).runner.client();
      assert.ok(client, 'a token is set');
      await ticked('connected');
    } finally {
      await setSetting('requestTimeoutSeconds', undefined);
    }
  });

  it('the Monitors view brought into sight by its own command, not the step’s button', async () => {
    await vscode.commands.executeCommand('workbench.view.explorer');
    await vscode.commands.executeCommand('workbench.view.extension.axiom');
    await ticked('monitorsShown');
    // Out of sight again: a visible Monitors view loads and checks statuses, which the files after
    // this one (monitors: "no request", "one request at a time") must not see.
    await vscode.commands.executeCommand('workbench.view.explorer');
  });

  it('a query run with Run Query from the editor', async () => {
    const editor = await vscode.commands.executeCommand<vscode.TextEditor>('axiom.newAplQuery');
    assert.ok(editor);
    await vscode.commands.executeCommand('axiom.runQuery');
    await waitFor('the query at the service', () => sentQueryBodies(suite.fake).length === 1);
    await ticked('queryRun');
    assert.ok(!set.includes(`${WALKTHROUGH_KEYS.queryStarred}=true`), 'running stars nothing');
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  it('a query starred by Star this APL Query (as from the palette, with its answers given)', async () => {
    const starred = await (
      await activateExtension()
    ).own.starQuery({
      apl: "['http-logs'] | count",
      name: 'Walkthrough star',
      dataset: 'http-logs',
    });
    assert.ok(starred, 'starred at the service');
    await ticked('queryStarred');
  });

  it('Star this APL Query with no editor (the walkthrough in front) opens a new query to star and asks its name', async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const starring = vscode.commands.executeCommand('axiom.starQuery');
    const editor = await waitFor('a new query in front', () => vscode.window.activeTextEditor);
    assert.equal(editor.document.languageId, 'axiom-apl');
    assert.equal(editor.document.isUntitled, true);
    await new Promise((resolve) => setTimeout(resolve, 500));
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    assert.equal(await starring, undefined, 'the name’s box dismissed: nothing starred');
    assert.equal(suite.fake.requestsTo('POST /v2/apl-starred-queries').length, 0);
    await vscode.window.showTextDocument(editor.document);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  it('a star that is cancelled ticks nothing', async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const starring = (await activateExtension()).own.starQuery({ apl: "['http-logs'] | count", dataset: 'http-logs' });
    // The name's box is open: dismissed.
    await new Promise((resolve) => setTimeout(resolve, 500));
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    assert.equal(await starring, undefined);
    assert.ok(!set.includes(`${WALKTHROUGH_KEYS.queryStarred}=true`), JSON.stringify(set));
  });

  it('a notebook’s cell run', async () => {
    const file = path.join(os.tmpdir(), `axiom-walkthrough-${process.pid}.axiom-notebook`);
    fs.writeFileSync(
      file,
      JSON.stringify({ axiomNotebook: 1, cells: [{ kind: 'apl', source: "['http-logs'] | take 3" }] }),
    );
    try {
      const notebook = await vscode.workspace.openNotebookDocument(vscode.Uri.file(file));
      await vscode.window.showNotebookDocument(notebook);
      await vscode.commands.executeCommand('notebook.cell.execute', {
        ranges: [{ start: 0, end: 1 }],
        document: notebook.uri,
      });
      await ticked('cellRun');
    } finally {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      fs.rmSync(file, { force: true });
    }
  });

  it('a monitor’s dry run from the Monitors view’s row', async () => {
    suite.fake.monitors = [{ id: 'mon_walk', name: 'Walkthrough errors', ...COUNT_ABOVE_FIFTY }];
    suite.fake.aplAnswer = seriesAplAnswer(spikySeries([], { base: 1, spike: 100 }));
    const view = await refreshedView();
    await vscode.commands.executeCommand(
      'axiom.dryRunMonitor',
      view.currentRows.find((row) => row.monitor.id === 'mon_walk'),
    );
    await ticked('dryRun');
  });
});
