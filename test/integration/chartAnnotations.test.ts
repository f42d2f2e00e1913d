// Annotations on a query's chart inside a real VS Code: Run Query reads those of the query's
// dataset over the range once, alongside the query, and the panel's page is sent them in a message
// of their own (the rows are not sent again); when the service cannot give them, the result still
// shows and the page is told quietly.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { FakeAxiom } from '../support/fakeAxiom';
import { TIME_SERIES } from '../support/tabularFixtures';
import { activateExtension, useRunningFake, waitFor } from './helpers';

async function runInEditor(apl: string): Promise<void> {
  const document = await vscode.workspace.openTextDocument({ content: apl, language: 'axiom-apl' });
  await vscode.window.showTextDocument(document);
  assert.ok(await vscode.commands.executeCommand('axiom.runQuery'), 'the run has a result');
}

describe('Annotations on the chart of Run Query', () => {
  const suite = useRunningFake(() => TIME_SERIES);
  let fake: FakeAxiom;
  beforeEach(() => (fake = suite.fake));

  it("reads the dataset's annotations over the range once, and the panel's page gets them after the rows", async () => {
    const now = Date.now();
    fake.annotations.push(
      {
        id: 'ann_deploy',
        type: 'deploy',
        datasets: ['logs'],
        title: 'v1.4.2',
        time: new Date(now - 20 * 60_000).toISOString(),
      },
      { id: 'ann_elsewhere', type: 'deploy', datasets: ['billing'], time: new Date(now - 60_000).toISOString() },
    );
    const { run: results } = await activateExtension();
    await runInEditor("['logs'] | summarize count() by bin(_time, 1m)");
    const panel = results.panels.at(-1)!;
    await waitFor('the page to say it is ready', () => results.traffic(panel).received.includes('ready'));
    await waitFor('the annotations sent to the page', () => results.traffic(panel).sent.includes('annotations'));
    const sent = results.traffic(panel).sent.filter((kind) => kind !== 'remember');
    assert.ok(sent.indexOf('results') < sent.indexOf('annotations'), sent.join(', '));
    assert.equal(sent.filter((kind) => kind === 'results').length, 1, 'the rows are not sent again');
    // The chart's reads: those of its dataset (the Annotations view, loaded by an earlier file of
    // this window, reads the last 30 days of every dataset when a suite connects to its fake).
    const reads = fake
      .requestsTo('GET /v2/annotations')
      .filter((read) => new URL(read.path, 'http://x').searchParams.get('datasets') !== null);
    assert.equal(reads.length, 1, 'read once');
    const asked = new URL(reads[0].path, 'http://x').searchParams;
    assert.equal(asked.get('datasets'), 'logs');
    const span = Date.parse(asked.get('end') ?? '') - Date.parse(asked.get('start') ?? '');
    assert.ok(Math.abs(span - 60 * 60_000) < 1000, `the last hour: ${span} ms`);
  });

  it('when they cannot be read, the result shows and the page is told so', async () => {
    fake.fail('GET /v2/annotations', { status: 500 });
    const { run: results } = await activateExtension();
    await runInEditor("['logs'] | summarize count() by bin(_time, 1m)");
    const panel = results.panels.at(-1)!;
    assert.ok(panel.result, 'the result is shown');
    await waitFor('the page to say it is ready', () => results.traffic(panel).received.includes('ready'));
    await waitFor('the note sent to the page', () => results.traffic(panel).sent.includes('annotations'));
  });
});
