// A newcomer's first steps inside a real VS Code: New APL Query opens an Axiom APL editor over a
// dataset that exists (the last one run on this deployment, else the first listed) with a query
// that runs as it is; the walkthrough's steps each have a button that is a command of this
// extension and an image that ships and is small.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';
import type { FakeAxiom } from '../support/fakeAxiom';
import { TYPED_TABULAR } from '../support/tabularFixtures';
import { activateExtension, EXTENSION_ID, sentQueryBodies, useRunningFake, waitFor } from './helpers';

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
  await history.record({
    apl,
    range: runner.timeRange.range,
    startedAt: Date.now(),
    durationMs: 12,
    rows: 1,
    outcome: 'ok',
    source: 'query',
  });
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
