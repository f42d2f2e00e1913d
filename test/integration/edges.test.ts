// Edges and what results say of themselves, inside a real VS Code: a query over a dataset stored on
// another edge deployment goes to that edge, a deployment's own edge (set by the person) serves
// the datasets that name none and Test Connection checks it, a partial answer reaches the results panel as partial
// (with the words its page says it in), and Axiom's hosted MCP server is registered only while its
// setting is on.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { StepOutcome } from '../../src/core/accounts/connectionSteps';
import { PANEL_WORDS } from '../../src/core/run/panelWords';
import { FAKE_API_TOKEN, type FakeAxiom } from '../support/fakeAxiom';
import { FakeEdge } from '../support/fakeEdges';
import { PARTIAL, TYPED_TABULAR } from '../support/tabularFixtures';
import { activateExtension, switchDeployment, useRunningFake, waitFor } from './helpers';

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

  it('a deployment with an edge set sends a query over a dataset that names no edge to that edge (a second host), and Test Connection checks it', async () => {
    const setEdge = new FakeEdge(fake, 'cloud.set-for-the-deployment.aws', '127.0.0.3');
    await setEdge.start();
    const { own } = await activateExtension();
    try {
      assert.ok(
        await own.addDeployment({ name: 'with edge', url: fake.url, token: FAKE_API_TOKEN, edge: setEdge.url }),
      );
      assert.equal(await (await activateExtension()).activeDeployment(), 'with edge', 'the window uses it');
      assert.ok(await runInEditor("['http-logs'] | take 5"), 'the run has a result');
      assert.deepEqual(
        setEdge.requests.map((r) => `${r.method} ${r.path}`),
        ['POST /v1/query/_apl?format=tabular'],
      );
      assert.equal((JSON.parse(setEdge.requests[0].body) as { apl: string }).apl, "['http-logs'] | take 5");
      assert.equal(setEdge.requests[0].headers.authorization, `Bearer ${FAKE_API_TOKEN}`);
      assert.equal(
        fake.requestsTo('POST /v1/datasets/_apl').length,
        0,
        'nothing to the deployment’s own query endpoint',
      );
      // A dataset whose own fields name its edge still goes there: the service's word wins.
      assert.ok(await runInEditor("['eu-orders'] | take 5"));
      assert.equal(edge.requests.length, 1);
      assert.equal(setEdge.requests.length, 1);

      const outcomes = await vscode.commands.executeCommand<StepOutcome[]>('axiom.testConnection');
      const edges = outcomes.find((o) => o.step === 'edges');
      assert.equal(edges?.status, 'ok');
      assert.match(
        JSON.stringify(edges.detail),
        new RegExp(
          `the edge set for the deployment \\(\\{0\\}\\) and \\{1\\} answer.*127\\.0\\.0\\.3:${new URL(setEdge.url).port}`,
        ),
      );
      assert.equal(setEdge.requests.length, 2, 'Test Connection asked the edge set');
      await vscode.commands.executeCommand('notifications.clearAll');
    } finally {
      await switchDeployment('');
      await own.removeDeployment({ name: 'with edge', confirmed: true });
      await setEdge.stop();
    }
  });

  it('an edge set that cannot be used (axiom.edge) is said once, naming its setting, and not used: queries go to the deployment itself', async () => {
    const window = vscode.window as { showWarningMessage: (...args: unknown[]) => unknown };
    const original = window.showWarningMessage;
    const warned: string[] = [];
    window.showWarningMessage = (...args: unknown[]) => {
      warned.push(String(args[0]));
      return Promise.resolve(undefined);
    };
    const axiom = () => vscode.workspace.getConfiguration('axiom');
    try {
      await axiom().update('edge', 'http://edge.example.com', vscode.ConfigurationTarget.Global);
      assert.ok(await runInEditor("['http-logs'] | take 5"));
      assert.ok(await runInEditor("['http-logs'] | take 6"));
      assert.equal(fake.requestsTo('POST /v1/datasets/_apl').length, 2, 'both went to the deployment itself');
      const said = warned.filter((w) => w.includes('edge'));
      assert.equal(said.length, 1, 'said once');
      assert.match(
        said[0],
        /^The edge set for the Axiom deployment “127\.0\.0\.1:\d+” is not used: The edge “http:\/\/edge\.example\.com” is plain http: .* \(axiom\.edge\)\.$/,
      );
    } finally {
      window.showWarningMessage = original;
      await axiom().update('edge', undefined, vscode.ConfigurationTarget.Global);
    }
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
