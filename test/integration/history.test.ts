// The Query History inside a real VS Code: the runs of queries with their range and outcome, Run
// Again over the entry's range or the current one, the file on the disk (read again as a reloaded
// window would, then cleared), and no record while axiom.history.enabled is off. (The Datasets
// view's commands that record runs are checked from its side in datasets.test.ts.)
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import * as vscode from 'vscode';
import { HistoryStore } from '../../src/core/history/historyStore';
import type { FakeAxiom } from '../support/fakeAxiom';
import { compileErrorBody, TYPED_TABULAR } from '../support/tabularFixtures';
import { activateExtension, useRunningFake, waitFor, sentQueryBodies, shownRuns } from './helpers';

describe('Query History', () => {
  const suite = useRunningFake(() => TYPED_TABULAR);
  let fake: FakeAxiom;
  before(async () => {
    fake = suite.fake;
    const { history } = await activateExtension();
    await history.clear();
  });

  it('a query that does not compile is recorded as such; Run Again sends the same query over the same range', async () => {
    fake.aplAnswer = () => ({ status: 400, body: compileErrorBody(1, 10, 'unknown operator "wher"') });
    const document = await vscode.workspace.openTextDocument({
      content: "['http-logs'] | wher x",
      language: 'axiom-apl',
    });
    await vscode.window.showTextDocument(document);
    const { runner } = await activateExtension();
    await runner.timeRange.set({ kind: 'preset', preset: '24h' });
    await vscode.commands.executeCommand('axiom.runQuery');
    const [run] = await shownRuns("['http-logs'] | wher x");
    assert.equal(run.entry.apl, "['http-logs'] | wher x");
    assert.equal(run.entry.outcome, 'compileError');
    assert.match(run.entry.message ?? '', /unknown operator/);

    fake.reset();
    fake.aplAnswer = () => ({ body: TYPED_TABULAR });
    assert.deepEqual(run.entry.range, { version: 1, preset: '24h' });
    // The status bar says another range now: Run Again takes the entry's, Run Again (Current Range) the status bar's.
    await runner.timeRange.set({ kind: 'preset', preset: '1h' });
    await vscode.commands.executeCommand('axiom.rerunHistoryQuery', run);
    await vscode.commands.executeCommand('axiom.rerunHistoryQueryNow', run);
    const [same, now] = sentQueryBodies(fake);
    assert.equal(same.apl, run.entry.apl);
    assert.equal(same.startTime, 'now-24h');
    assert.equal(now.apl, run.entry.apl);
    assert.equal(now.startTime, 'now-1h');
    assert.equal(vscode.window.activeTextEditor?.document.getText(), run.entry.apl, 'opened in an editor of its own');
  });

  it('the history is on the disk: read again as a reloaded window would, it holds the same runs; clearing empties it', async () => {
    const { history, historyView } = await activateExtension();
    const runs = await history.entries();
    assert.ok(runs.length >= 3);
    const file = await history.file();
    const again = await new HistoryStore({ folder: path.dirname(file) }).read(
      await (await activateExtension()).activeDeployment(),
    );
    assert.deepEqual(again, runs);

    // Remove one, then clear all (the confirmation answered as a person would).
    const [newest] = await shownRuns(runs[0].apl);
    await vscode.commands.executeCommand('axiom.removeHistoryEntry', newest);
    assert.equal((await history.entries()).length, runs.length - 1);
    const { showWarningMessage } = vscode.window;
    let asked = '';
    Object.assign(vscode.window, {
      showWarningMessage: (message: string, ...rest: unknown[]) => {
        asked = message;
        return Promise.resolve(rest.find((r) => r === 'Clear History'));
      },
    });
    try {
      assert.equal(await vscode.commands.executeCommand('axiom.clearQueryHistory'), true);
    } finally {
      Object.assign(vscode.window, { showWarningMessage });
    }
    assert.match(asked, /Clear the query history/);
    assert.equal(fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '', '');
    await waitFor('the empty history view', async () => {
      await historyView.refresh();
      return historyView.currentState === 'empty';
    });
  });

  it('with axiom.history.enabled off, a run is not recorded', async () => {
    const config = vscode.workspace.getConfiguration('axiom');
    await config.update('history.enabled', false, vscode.ConfigurationTarget.Global);
    try {
      const { history } = await activateExtension();
      const before = (await history.entries()).length;
      await vscode.commands.executeCommand('axiom.showRecentEvents', { dataset: 'http-logs' });
      assert.equal(sentQueryBodies(fake).length, 1);
      assert.equal((await history.entries()).length, before);
    } finally {
      await config.update('history.enabled', undefined, vscode.ConfigurationTarget.Global);
    }
  });
});
