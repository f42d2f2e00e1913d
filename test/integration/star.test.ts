import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { FakeAxiom } from '../support/fakeAxiom';
import { REALISTIC_MONITORS } from '../support/fixtures';
import { activateExtension, closeAllEditors, connectedFake, refreshedView, waitFor } from './helpers';

const APL = "['http-logs']\n| where status >= 500\n| summarize count() by bin_auto(_time)";

describe('Star this APL Query', () => {
  let fake: FakeAxiom;
  before(async () => {
    await activateExtension();
    fake = await connectedFake(REALISTIC_MONITORS);
  });
  after(async () => {
    await closeAllEditors();
    await fake.stop();
  });
  afterEach(async () => {
    fake.reset();
    await closeAllEditors();
  });

  async function editorWith(text: string, language = 'axiom-apl'): Promise<vscode.TextEditor> {
    const document = await vscode.workspace.openTextDocument({ content: text, language });
    return vscode.window.showTextDocument(document);
  }

  function posted(): Record<string, unknown>[] {
    return fake.requestsTo('POST /v2/apl-starred-queries').map((r) => JSON.parse(r.body) as Record<string, unknown>);
  }

  it('argument form: posts exactly what the API requires, headers and body field by field', async () => {
    const created = await (
      await activateExtension()
    ).own.starQuery({
      apl: APL,
      name: 'Checkout 5xx',
      dataset: 'http-logs',
    });
    assert.equal(created?.id, 'sq_000001');
    const [req] = fake.requestsTo('POST /v2/apl-starred-queries');
    assert.equal(req.path, '/v2/apl-starred-queries');
    assert.equal(req.headers.authorization, `Bearer ${fake.token}`);
    assert.equal(req.headers['content-type'], 'application/json');
    assert.match(String(req.headers['user-agent']), /^axiom-apl-vscode\/\d+\.\d+\.\d+ \(vscode 1\.\d+/);
    const body = JSON.parse(req.body) as Record<string, unknown>;
    assert.deepEqual(Object.keys(body).sort(), ['dataset', 'kind', 'metadata', 'name', 'query', 'who']);
    assert.equal(body.kind, 'apl');
    assert.equal(body.name, 'Checkout 5xx');
    assert.equal(body.dataset, 'http-logs');
    assert.equal(body.who, 'usr_fake_1', 'who is the current user from GET /v2/user');
    assert.deepEqual(body.query, { apl: APL });
    assert.deepEqual(body.metadata, {});
  });

  it('reads the primary selection', async () => {
    const editor = await editorWith(`// notes\n${APL}\n// more notes`);
    editor.selection = new vscode.Selection(1, 0, 3, editor.document.lineAt(3).text.length);
    await (await activateExtension()).own.starQuery({ name: 'sel', dataset: 'http-logs' });
    assert.equal((posted()[0].query as { apl: string }).apl, APL);
  });

  it('with an empty selection, uses the whole document', async () => {
    const editor = await editorWith(APL);
    editor.selection = new vscode.Selection(0, 0, 0, 0);
    await (await activateExtension()).own.starQuery({ name: 'whole', dataset: 'http-logs' });
    assert.equal((posted()[0].query as { apl: string }).apl, APL);
  });

  it('with no active text editor (a walkthrough or a webview has the focus), stars the Axiom APL editor in sight', async () => {
    await editorWith(APL);
    // A page of the test's own beside the query takes the focus, as the walkthrough's step does.
    const page = vscode.window.createWebviewPanel('axiomTestFocus', 'Focus', vscode.ViewColumn.Beside);
    try {
      await waitFor('the page beside the query, with the focus', () => vscode.window.activeTextEditor === undefined);
      assert.ok(vscode.window.visibleTextEditors.some((e) => e.document.getText() === APL));
      await (await activateExtension()).own.starQuery({ name: 'from beside', dataset: 'http-logs' });
      assert.equal((posted()[0].query as { apl: string }).apl, APL);
    } finally {
      page.dispose();
    }
  });

  it('with nothing at all, posts nothing', async () => {
    await editorWith('   \n  ');
    const result = await (await activateExtension()).own.starQuery({ name: 'x', dataset: 'y' });
    assert.equal(result, undefined);
    assert.equal(fake.requestsTo('POST /v2/apl-starred-queries').length, 0);
  });

  for (const failure of [
    { status: 500, body: { message: 'internal error' } },
    {
      status: 403,
      body: { code: 403, message: 'token does not have access to resource: starredQueries with action: create' },
    },
  ]) {
    it(`${failure.status}, then Retry re-posts the identical body`, async () => {
      fake.fail('POST /v2/apl-starred-queries', { ...failure, times: 1 });
      const pending = (await activateExtension()).own.starQuery({
        apl: APL,
        name: 'retry me',
        dataset: 'http-logs',
      });
      await waitFor('the failed post', () => fake.requestsTo('POST /v2/apl-starred-queries').length === 1);
      // Retry is the notification's primary action: choose it as a person would.
      await waitFor('the Retry choice to take', async () => {
        await vscode.commands.executeCommand('notification.acceptPrimaryAction');
        return fake.requestsTo('POST /v2/apl-starred-queries').length === 2;
      });
      const created = await pending;
      assert.equal(created?.id, 'sq_000001');
      const [first, second] = fake.requestsTo('POST /v2/apl-starred-queries');
      assert.equal(second.body, first.body);
      assert.equal(fake.starred.length, 1);
    });
  }

  it('Cancel aborts the request: the service sees the connection close', async () => {
    fake.fail('POST /v2/apl-starred-queries', { delayMs: 5000 });
    const pending = (await activateExtension()).own.starQuery({ apl: APL, name: 'slow', dataset: 'http-logs' });
    await waitFor('the post to start', () => fake.requestsTo('POST /v2/apl-starred-queries').length === 1);
    await waitFor('the cancel to take', async () => {
      await vscode.commands.executeCommand('notification.acceptPrimaryAction');
      return fake.abandoned.length === 1;
    });
    assert.equal(await pending, undefined);
    assert.equal(fake.starred.length, 0);
  });

  it('Star Query on a monitor with only an MPL query says so and posts nothing', async () => {
    const monitorsView = await refreshedView();
    const metrics = monitorsView.currentRows.find((row) => row.monitor.id === 'mon_metrics_2');
    assert.equal(await vscode.commands.executeCommand('axiom.starMonitorQuery', metrics), undefined);
    assert.equal(fake.requestsTo('POST /v2/apl-starred-queries').length, 0);
  });
});
