// Edges and what results say of themselves, inside a real VS Code: a query over a dataset stored on
// another edge deployment goes to that edge, a partial answer reaches the results panel as partial
// (with the words its page says it in), and Axiom's hosted MCP server is registered only while its
// setting is on.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { PANEL_WORDS } from '../../src/core/run/panelWords';
import type { FakeAxiom } from '../support/fakeAxiom';
import { FakeEdge } from '../support/fakeEdges';
import { PARTIAL, TYPED_TABULAR } from '../support/tabularFixtures';
import { activateExtension, useRunningFake, waitFor } from './helpers';

async function runInEditor(text: string): Promise<unknown> {
  const document = await vscode.workspace.openTextDocument({ content: text, language: 'axiom-apl' });
  await vscode.window.showTextDocument(document);
  await waitFor('the query’s editor to be the active one', () => vscode.window.activeTextEditor?.document === document);
  return vscode.commands.executeCommand<unknown>('axiom.runQuery');
}

describe('edges', () => {
  let answer: unknown = TYPED_TABULAR;
  const suite = useRunningFake(() => answer);
  let fake: FakeAxiom;
  let edge: FakeEdge;
  before(async () => {
    edge = new FakeEdge(suite.fake, 'cloud.eu-central-1.aws', '127.0.0.1');
    await edge.start();
  });
  after(() => edge.stop());
  beforeEach(() => {
    fake = suite.fake;
    answer = TYPED_TABULAR;
    edge.requests.length = 0;
    edge.placeDatasets('eu-orders');
  });

  it("sends a query over a dataset on another edge to that edge's /v1/query/_apl, not to the deployment", async () => {
    const result = await runInEditor("['eu-orders'] | take 5");
    assert.ok(result, 'the run has a result');
    assert.deepEqual(
      edge.requests.map((r) => `${r.method} ${r.path}`),
      ['POST /v1/query/_apl?format=tabular'],
    );
    assert.equal((JSON.parse(edge.requests[0].body) as { apl: string }).apl, "['eu-orders'] | take 5");
    assert.equal(fake.requestsTo('POST /v1/datasets/_apl').length, 0);
  });

  it('a partial answer reaches the results panel as partial, and its page has the words for it', async () => {
    answer = PARTIAL;
    const { run } = await activateExtension();
    assert.ok(await runInEditor("['http-logs'] | count"), 'the run has a result');
    const panel = run.panels.at(-1);
    assert.ok(panel);
    await waitFor('the page to say it is ready', () => run.traffic(panel).received.includes('ready'));
    assert.equal(panel.result?.status.isPartial, true);
    assert.equal(PANEL_WORDS.partial, 'Partial results');
    const { history } = await activateExtension();
    await waitFor('the history to keep that it was partial', async () =>
      (await history.entries()).some((e) => e.flags?.includes('partial')),
    );
  });
});

describe('hosted MCP server', () => {
  const setting = () => vscode.workspace.getConfiguration('axiom.hostedMcpServer');
  after(() => setting().update('enabled', undefined, vscode.ConfigurationTarget.Global));

  it('registers nothing while its setting is off (the default), and only where VS Code offers MCP', async () => {
    const { hostedMcpServer } = await activateExtension();
    assert.equal(setting().get('enabled'), false);
    assert.equal(hostedMcpServer.registered, false);
    await setting().update('enabled', true, vscode.ConfigurationTarget.Global);
    await waitFor(
      'the setting to be seen',
      () => hostedMcpServer.registered === hostedMcpServer.available || undefined,
    );
    assert.equal(hostedMcpServer.registered, hostedMcpServer.available);
    await setting().update('enabled', false, vscode.ConfigurationTarget.Global);
    await waitFor('the provider to go', () => !hostedMcpServer.registered || undefined);
  });
});
