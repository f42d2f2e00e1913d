// Live tail inside a real VS Code, on the fake service answering as the demo does: Tail Dataset…
// receives new events poll after poll; hidden (another editor in its place), it asks nothing; shown
// again, it goes on; closed, the service sees no request more. Tail This Query keeps the query's
// leading wheres and leaves the rest out; a query a tail cannot follow is said, nothing sent.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { TailPanel } from '../../src/tail/tailPanel';
import { demoDatasets } from '../support/demo';
import { answerQuery } from '../support/demoQueries';
import { activateExtension, sentQueryBodies, useRunningFake, waitFor } from './helpers';

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('Live tail', () => {
  const suite = useRunningFake(() => ({}));
  const settings = () => vscode.workspace.getConfiguration('axiom');
  before(() => settings().update('tail.intervalSeconds', 1, vscode.ConfigurationTarget.Global));
  after(() => settings().update('tail.intervalSeconds', undefined, vscode.ConfigurationTarget.Global));
  beforeEach(() => {
    const datasets = demoDatasets(Date.now());
    suite.fake.aplAnswer = (body) => answerQuery(datasets, body);
  });
  afterEach(async () => {
    for (const panel of [...(await activateExtension()).tail.panels]) panel.dispose();
  });

  it('receives, pauses while hidden, resumes when shown, and asks nothing once closed', async () => {
    // As the extension's own code calls it (the Datasets view's menu): from outside, the command asks first.
    const tail = await (await activateExtension()).tail.commands['axiom.tailDataset']({ dataset: 'http-logs' });
    assert.ok(tail, 'a tail opened');
    const api = await activateExtension();
    assert.ok(api.tail.panels.has(tail));
    const asked = () => sentQueryBodies(suite.fake).length;
    await waitFor('the first events', () => tail.session.rows.rows.length > 0);
    const first = tail.session.rows.rows.length;
    await waitFor('two polls more', () => asked() >= 3);
    await waitFor('new events after the first poll', () => tail.session.rows.rows.length > first);
    const [firstBody, secondBody] = sentQueryBodies(suite.fake);
    assert.match(firstBody.apl, /^\['http-logs'\]\n\| sort by _time desc\n\| take \d+$/);
    assert.ok(Date.parse(secondBody.startTime) > Date.parse(firstBody.startTime), 'after the newest seen');

    // Hidden: another editor in the tail's place.
    const other = await vscode.workspace.openTextDocument({ content: 'something else' });
    await vscode.window.showTextDocument(other, { viewColumn: tail.panel.viewColumn });
    await waitFor('the tail hidden', () => !tail.panel.visible);
    await pause(300);
    const whileHidden = asked();
    await pause(2500);
    assert.equal(asked(), whileHidden, 'nothing asked while hidden');
    assert.equal(tail.following, false);

    tail.reveal();
    await waitFor('shown again', () => tail.panel.visible);
    await waitFor('a poll once shown', () => asked() > whileHidden);

    tail.panel.dispose();
    assert.equal(api.tail.panels.size, 0);
    await pause(300);
    const atClose = asked();
    await pause(2500);
    assert.equal(asked(), atClose, 'no request after close');
  });

  it('a tail VS Code brings back after a reload shows what it followed and asks nothing until Resume', async () => {
    const api = await activateExtension();
    const panel = vscode.window.createWebviewPanel('axiom.tail', 'Tail: http-logs', vscode.ViewColumn.Beside);
    api.tail.restore(panel, { dataset: 'http-logs', conditions: ['status >= 500'], filter: "service == 'checkout'" });
    const [restored] = [...api.tail.panels];
    assert.ok(restored);
    assert.deepEqual(restored.target, { dataset: 'http-logs', conditions: ['status >= 500'] });
    assert.equal(restored.session.filter, "service == 'checkout'", 'its filter kept');
    assert.equal(restored.following, false);
    await pause(2500);
    assert.equal(sentQueryBodies(suite.fake).length, 0, 'nothing asked');
    restored.panel.dispose();
    assert.equal(api.tail.panels.size, 0);

    // What is not a tail's state closes the panel, asking nothing.
    const stray = vscode.window.createWebviewPanel('axiom.tail', 'Tail', vscode.ViewColumn.Beside);
    let closed = false;
    stray.onDidDispose(() => (closed = true));
    api.tail.restore(stray, { rows: [] });
    assert.ok(closed);
    assert.equal(api.tail.panels.size, 0);
  });

  it('Tail This Query keeps the leading wheres and leaves the rest out; a query it cannot follow is said', async () => {
    const editor = await vscode.window.showTextDocument(
      await vscode.workspace.openTextDocument({
        content: "['http-logs']\n| where status >= 500\n| summarize count() by service",
        language: 'axiom-apl',
      }),
    );
    const tail = await vscode.commands.executeCommand<TailPanel | undefined>('axiom.tailQuery');
    assert.ok(tail);
    assert.deepEqual(tail.target, { dataset: 'http-logs', conditions: ['status >= 500'] });
    await waitFor('its first poll', () => sentQueryBodies(suite.fake).length > 0);
    assert.equal(
      sentQueryBodies(suite.fake)[0].apl,
      "['http-logs']\n| where status >= 500\n| sort by _time desc\n| take 500",
    );
    tail.panel.dispose();
    await pause(200);

    const asked = sentQueryBodies(suite.fake).length;
    await editor.edit((edit) => edit.replace(new vscode.Range(0, 0, editor.document.lineCount, 0), 'print x = 1'));
    assert.equal(await vscode.commands.executeCommand('axiom.tailQuery'), undefined);
    assert.equal(sentQueryBodies(suite.fake).length, asked, 'nothing sent');
    await vscode.commands.executeCommand('workbench.action.files.revert');
  });
});
