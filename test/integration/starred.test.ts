import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { AxiomExtensionApi } from '../../src/testApi';
import type { StarredNode } from '../../src/core/starred/starredTree';
import { FakeAxiom } from '../support/fakeAxiom';
import { starredPath } from '../../src/core/starred/starredUri';
import { manyStarred, ME, realisticStarred } from '../support/starredFixtures';
import { savedByAnotherExtension } from './otherExtension';
import {
  actionRows,
  activateExtension,
  closeAllEditors,
  connectedFake,
  labelText,
  setSetting,
  waitFor,
  comparedOriginal,
  signOut,
  switchDeployment,
  send,
  draftThenSend,
  sendAndDismissQuestion,
} from './helpers';

type StarredView = AxiomExtensionApi['starredView'];

const CHECKOUT_APL = "['http-logs']\n| where status >= 500\n| summarize count() by bin_auto(_time)";

/** The view once a load (or the one in flight) has finished. */
async function loadedView(): Promise<StarredView> {
  const { starredView } = await activateExtension();
  await starredView.refresh();
  return starredView;
}

function row(view: StarredView, id: string) {
  const found = view.currentQueryRows.find((r) => r.query.id === id);
  assert.ok(found, `${id} is shown`);
  return found;
}

function labels(view: StarredView, nodes: StarredNode[]): string[] {
  return nodes.map((n) => labelText(view.getTreeItem(n).label));
}

/** Unsaved starred documents are reverted before editors close: closing one would ask. */
async function discardStarredEdits(): Promise<void> {
  for (const document of vscode.workspace.textDocuments.filter((d) => d.isDirty && d.uri.scheme === 'axiom-starred')) {
    await vscode.window.showTextDocument(document);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  }
}

async function replaceText(editor: vscode.TextEditor, text: string): Promise<void> {
  const { document } = editor;
  await editor.edit((edit) =>
    edit.replace(new vscode.Range(document.positionAt(0), document.positionAt(document.getText().length)), text),
  );
}

describe('Starred Queries view', () => {
  let fake: FakeAxiom;
  before(async () => {
    await activateExtension();
    fake = await connectedFake();
  });
  beforeEach(async () => {
    fake.reset();
    fake.starred.push(...realisticStarred());
    await vscode.commands.executeCommand('axiom.clearStarredFilter');
    await vscode.commands.executeCommand('axiom.listStarredQueries');
    await vscode.commands.executeCommand('axiom.showMyStarredQueries');
  });
  afterEach(async () => {
    await discardStarredEdits();
    await closeAllEditors();
  });
  after(async () => {
    await fake.stop();
  });

  it('lists my starred queries by name with their dataset; unreadable entries are counted; no owner is named', async () => {
    const view = await loadedView();
    assert.deepEqual(
      view.currentQueries.map((q) => q.id),
      ['sq_go_nulls', 'sq_checkout'],
    );
    assert.equal(view.treeView.description, 'Mine · 2 queries');
    assert.equal(view.treeView.message, '2 entries could not be read and are not shown; see the log.');
    const item = view.getTreeItem(row(view, 'sq_checkout'));
    assert.equal(item.label, 'Checkout 5xx');
    assert.equal(item.description, 'http-logs');
    assert.equal(item.contextValue, 'starredQuery');
    assert.equal(item.command?.command, 'axiom.openStarredQuery');
    assert.equal(item.command?.arguments?.[0], row(view, 'sq_checkout'), 'a click passes the row, as a menu does');
    assert.equal(view.getTreeItem(row(view, 'sq_go_nulls')).description, '', 'a null dataset is none');
    const [request] = fake.requestsTo('GET /v2/apl-starred-queries');
    assert.equal(new URL(request.path, fake.url).searchParams.has('who'), false);
  });

  it('Team and All from the title bar: asked with who, said in the description, owners named', async () => {
    const view = await loadedView();
    await vscode.commands.executeCommand('axiom.showTeamStarredQueries');
    assert.equal(view.currentOwner, 'team');
    assert.deepEqual(
      view.currentQueries.map((q) => q.id),
      ['sq_hostile', 'sq_team_1'],
    );
    assert.equal(view.getTreeItem(row(view, 'sq_team_1')).description, 'sample-app · user usr_colleague_2');
    assert.equal(view.treeView.description, 'Team · 2 queries');
    await vscode.commands.executeCommand('axiom.chooseStarredOwner', { owner: 'all' });
    assert.equal(view.treeView.description, 'All · 4 queries');
    assert.equal(view.getTreeItem(row(view, 'sq_checkout')).description, 'http-logs', 'my own: no owner');
    const who = fake
      .requestsTo('GET /v2/apl-starred-queries')
      .map((r) => new URL(r.path, fake.url).searchParams.get('who'));
    assert.deepEqual(who.slice(-2), ['team', 'all']);
  });

  it('hover: untrusted markdown, no HTML, the APL in one intact fence, dataset, owner, time range and options', async () => {
    const view = await loadedView();
    await vscode.commands.executeCommand('axiom.showAllStarredQueries');
    const tip = (r: ReturnType<typeof row>) =>
      view.resolveTreeItem(view.getTreeItem(r), r).tooltip as vscode.MarkdownString;
    const checkout = tip(row(view, 'sq_checkout'));
    assert.equal(checkout.isTrusted, false);
    assert.equal(checkout.supportHtml, false);
    assert.ok(checkout.value.includes(`\`\`\`axiom-apl\n${CHECKOUT_APL}\n\`\`\``));
    assert.match(checkout.value, /Dataset: http\\-logs/);
    assert.match(checkout.value, /Owner: Test Person \\\(you\\\)/, 'the caller by name (GET /v2/users)');
    assert.match(checkout.value, /Time range: now\\-1h to now/);
    assert.match(checkout.value, /Options: quickRange\\: 1h, timeSeriesView\\: charts/);
    const hostile = tip(row(view, 'sq_hostile')).value;
    const apl = fake.starredById('sq_hostile')!.query as { apl: string };
    const fence = `\`\`\`\`axiom-apl\n${apl.apl}\n\`\`\`\``;
    assert.ok(hostile.includes(fence), 'a longer fence keeps the query whole');
    const outside = hostile.replace(fence, '');
    assert.ok(!/\]\(command:/.test(outside));
    assert.ok(!/(^|[^\\])<(img|b)/.test(outside));
  });

  it('filters in hand with no request when the whole list is here; the dataset too; the description says which', async () => {
    const view = await loadedView();
    await vscode.commands.executeCommand('axiom.showAllStarredQueries');
    const requests = fake.requestsTo('GET /v2/apl-starred-queries').length;
    await vscode.commands.executeCommand('axiom.filterStarredQueries', { text: 'OUTCOME' });
    assert.deepEqual(
      view.currentQueries.map((q) => q.id),
      ['sq_go_nulls'],
      'matched in the APL',
    );
    assert.equal(view.treeView.description, 'All · 1 query · “OUTCOME”');
    await vscode.commands.executeCommand('axiom.filterStarredQueries', { text: '' });
    await vscode.commands.executeCommand('axiom.filterStarredByDataset', { dataset: 'sample-app' });
    assert.deepEqual(
      view.currentQueries.map((q) => q.id),
      ['sq_team_1'],
    );
    assert.equal(view.treeView.description, 'All · 1 query · sample-app');
    await vscode.commands.executeCommand('axiom.filterStarredQueries', { text: 'nothing like this' });
    assert.equal(view.currentState, 'empty');
    assert.equal(fake.requestsTo('GET /v2/apl-starred-queries').length, requests);
    await vscode.commands.executeCommand('axiom.clearStarredFilter');
    assert.equal(view.currentQueries.length, 4);
    assert.equal(view.currentState, 'loaded');
  });

  it('groups by dataset and back; the grouping is a toggle of the title bar', async () => {
    const view = await loadedView();
    await vscode.commands.executeCommand('axiom.showAllStarredQueries');
    await vscode.commands.executeCommand('axiom.groupStarredByDataset');
    const groups = view.getChildren() as StarredNode[];
    assert.deepEqual(labels(view, groups), ['http-logs', 'logs <b>', 'sample-app', 'No dataset']);
    assert.deepEqual(labels(view, view.getChildren(groups[0]) as StarredNode[]), ['Checkout 5xx']);
    assert.equal(view.getParent(row(view, 'sq_checkout')), groups[0]);
    assert.equal(view.treeView.description, 'All · 4 queries', 'the count is of queries, not groups');
    await vscode.commands.executeCommand('axiom.listStarredQueries');
    assert.equal(view.getChildren().length, 4);
  });

  it('a long list: the first 1,000, then Load More twice to all 2,345; a filter then goes to the service with qs', async () => {
    fake.starred.push(...manyStarred(2345));
    fake.requests.length = 0;
    const view = await loadedView();
    const nodes = () => view.getChildren() as StarredNode[];
    // Of the first 1,000 entries, 2 are not starred queries the view can read (realisticStarred).
    assert.equal(view.currentQueries.length, 998);
    assert.equal(view.treeView.description, 'Mine · 998 loaded');
    const more = nodes().at(-1)!;
    assert.equal(more.kind, 'more');
    const item = view.getTreeItem(more);
    assert.equal(item.label, 'Load More');
    assert.equal(item.command?.command, 'axiom.loadMoreStarredQueries');
    await vscode.commands.executeCommand(item.command.command);
    await vscode.commands.executeCommand('axiom.loadMoreStarredQueries');
    assert.equal(view.currentQueries.length, 2347);
    assert.equal(nodes().at(-1)?.kind, 'query');
    assert.equal(view.treeView.description, 'Mine · 2,347 queries');
    const offsets = fake
      .requestsTo('GET /v2/apl-starred-queries')
      .map((r) => Number(new URL(r.path, fake.url).searchParams.get('offset')));
    assert.deepEqual(offsets, [0, 500, 1000, 1500, 2000]);
    // Complete now: a filter needs no request.
    await vscode.commands.executeCommand('axiom.filterStarredQueries', { text: 'payments p99' });
    assert.equal(fake.requestsTo('GET /v2/apl-starred-queries').length, 5);
    await vscode.commands.executeCommand('axiom.clearStarredFilter');
    await view.refresh({ restart: true });
    await vscode.commands.executeCommand('axiom.filterStarredQueries', { text: 'payments' });
    const last = new URL(fake.requestsTo('GET /v2/apl-starred-queries').at(-1)!.path, fake.url).searchParams;
    assert.equal(last.get('qs'), 'payments');
    assert.ok(view.currentQueries.length > 0 && view.currentQueries.every((q) => /payments/i.test(q.name)));
  });

  it('a page that fails after others keeps what loaded, says what is missing, and Load the Rest goes on', async () => {
    fake.starred.push(...manyStarred(700));
    fake.fail('GET /v2/apl-starred-queries', { status: 500, body: { message: 'internal error' }, after: 1 });
    const view = await loadedView();
    assert.equal(view.currentState, 'loaded');
    assert.equal(view.currentQueries.length, 498, 'the first page: 500 entries, 2 of them unreadable');
    assert.match(
      String(view.treeView.message),
      /^Loading starred queries failed: Axiom had a problem \(500\)\. Axiom said: “internal error”\. Try again shortly\. Only the first 498 are shown\./,
    );
    const more = (view.getChildren() as StarredNode[]).at(-1)!;
    assert.equal(view.getTreeItem(more).label, 'Load the Rest');
    fake.clearFaults();
    await vscode.commands.executeCommand('axiom.loadMoreStarredQueries');
    assert.equal(view.currentQueries.length, 702);
    assert.equal(
      view.treeView.message,
      '2 entries could not be read and are not shown; see the log.',
      'the failure is gone; the unreadable entries are still said',
    );
  });

  it('empty: the state says so (the welcome names Team and All); a 403 shows the actions as rows, and Retry reloads', async () => {
    fake.starred.length = 0;
    const view = await loadedView();
    assert.equal(view.currentState, 'empty');
    assert.equal(view.treeView.description, 'Mine · 0 queries');
    fake.starred.push(...realisticStarred());
    fake.fail('GET /v2/apl-starred-queries', {
      status: 403,
      body: { code: 403, message: 'token does not have access to resource: starredQueries with action: read' },
    });
    await view.refresh();
    assert.equal(view.currentState, 'errorAuth');
    assert.match(
      String(view.treeView.message),
      /^Loading starred queries failed: the token is not allowed to do this \(403\)/,
    );
    const rows = actionRows(view as unknown as AxiomExtensionApi['monitorsView']);
    assert.deepEqual(
      rows.map((r) => r.label),
      ['Set API Token', 'Switch Deployment', 'Retry', 'Test Connection', 'Show Log'],
    );
    fake.clearFaults();
    const retry = rows.find((r) => r.label === 'Retry')!;
    assert.equal(retry.command, 'axiom.refreshStarredQueries');
    await vscode.commands.executeCommand(retry.command);
    assert.equal(view.currentState, 'loaded');
    assert.equal(view.currentQueries.length, 2);
  });

  it('open: the query as its own Axiom APL document, one per query; edit, save, and the service has the new APL and nothing else changed', async () => {
    const view = await loadedView();
    const before = structuredClone(fake.starredById('sq_checkout')!);
    const editor = await vscode.commands.executeCommand<vscode.TextEditor>(
      'axiom.openStarredQuery',
      row(view, 'sq_checkout'),
    );
    const { document } = editor;
    assert.equal(document.uri.scheme, 'axiom-starred');
    assert.equal(document.uri.path, '/sq_checkout/Checkout 5xx.apl');
    assert.equal(document.languageId, 'axiom-apl');
    assert.equal(document.getText(), CHECKOUT_APL);
    const again = await vscode.commands.executeCommand<vscode.TextEditor>('axiom.openStarredQuery', {
      id: 'sq_checkout',
    });
    assert.equal(again.document, document, 'one document per query');

    await replaceText(editor, "['http-logs'] | where status == 502 | count");
    assert.equal(await send(document), true);
    assert.equal(document.isDirty, false);
    const puts = fake.requestsTo('PUT /v2/apl-starred-queries/{id}');
    assert.equal(puts.length, 1);
    assert.equal(puts[0].path, '/v2/apl-starred-queries/sq_checkout');
    assert.deepEqual(fake.starredById('sq_checkout'), {
      ...before,
      query: { ...(before.query as object), apl: "['http-logs'] | where status == 502 | count" },
    });
    assert.equal(
      view.queryById('sq_checkout')?.query.apl,
      "['http-logs'] | where status == 502 | count",
      'the row has the new APL, with no new list',
    );
  });

  it('with auto save after 100 ms, an edit is kept as a draft for 2 s, marked, no error; Send to Axiom sends one PUT of the editor’s text', async () => {
    const view = await loadedView();
    const editor = await vscode.commands.executeCommand<vscode.TextEditor>(
      'axiom.openStarredQuery',
      row(view, 'sq_checkout'),
    );
    const sent = await draftThenSend(fake, editor, () =>
      replaceText(editor, "['http-logs'] | where status == 503 | count"),
    );
    assert.deepEqual(sent, ['PUT /v2/apl-starred-queries/sq_checkout']);
    assert.equal(
      (fake.starredById('sq_checkout')?.query as { apl?: string } | undefined)?.apl,
      "['http-logs'] | where status == 503 | count",
    );
  });

  it('Save All, workspace.save, TextDocument.save and a workspace.fs write by another extension send nothing: each keeps a draft', async () => {
    const view = await loadedView();
    const editor = await vscode.commands.executeCommand<vscode.TextEditor>(
      'axiom.openStarredQuery',
      row(view, 'sq_checkout'),
    );
    await savedByAnotherExtension(fake, editor.document, {
      saveAll: "['http-logs'] | where status == 504 | count",
      workspaceSave: "['http-logs'] | where status == 505 | count",
      documentSave: "['http-logs'] | where status == 506 | count",
      fsWrite: "['http-logs'] | where status == 507 | count",
    });
    assert.equal(await send(editor.document), true);
    assert.equal(
      (fake.starredById('sq_checkout')?.query as { apl?: string } | undefined)?.apl,
      "['http-logs'] | where status == 507 | count",
      'the person’s send sends what the editor shows',
    );
  });

  it('Ctrl+S twice in a row sends once: the second send follows the first and finds nothing left to send', async () => {
    const view = await loadedView();
    const editor = await vscode.commands.executeCommand<vscode.TextEditor>(
      'axiom.openStarredQuery',
      row(view, 'sq_checkout'),
    );
    await replaceText(editor, "['http-logs'] | where status == 599 | count");
    assert.deepEqual(await Promise.all([send(editor.document), send(editor.document)]), [true, true]);
    assert.equal(fake.requestsTo('PUT /v2/apl-starred-queries/{id}').length, 1);
    assert.equal(editor.document.isDirty, false);
  });

  it('a draft is discarded: the editor shows Axiom’s version again and nothing is sent', async () => {
    const view = await loadedView();
    const editor = await vscode.commands.executeCommand<vscode.TextEditor>(
      'axiom.openStarredQuery',
      row(view, 'sq_checkout'),
    );
    const api = await activateExtension();
    const before = editor.document.getText();
    await replaceText(editor, "['http-logs'] | where status == 418 | count");
    assert.equal(await editor.document.save(), true);
    assert.ok(api.hasDraft(editor.document.uri));
    const puts = fake.requestsTo('PUT /v2/apl-starred-queries/{id}').length;
    await vscode.window.showTextDocument(editor.document);
    await vscode.commands.executeCommand('axiom.discardDraft');
    assert.equal(editor.document.getText(), before);
    assert.equal(editor.document.isDirty, false);
    assert.ok(!api.hasDraft(editor.document.uri));
    assert.equal(fake.requestsTo('PUT /v2/apl-starred-queries/{id}').length, puts);
  });

  it('closed, starred documents leave nothing behind: what was kept for each is forgotten', async function () {
    this.timeout(120_000);
    // VS Code lets go of documents an extension opened, with no editor, ten at a time once 60 are
    // held, oldest first (or after 3 minutes): those the tests before this one opened go first, so
    // 80 are opened here, and at least 21 of them close whatever came before.
    fake.starred.push(...manyStarred(80));
    await activateExtension();
    const opened: vscode.TextDocument[] = [];
    for (const query of manyStarred(80))
      opened.push(
        await vscode.workspace.openTextDocument(
          vscode.Uri.from({ scheme: 'axiom-starred', path: starredPath(String(query.id), String(query.name)) }),
        ),
      );
    await waitFor(
      'VS Code to close the first documents',
      () => opened.filter((document) => document.isClosed).length >= 5,
      30_000,
    );
    // Seen through the file system, as VS Code sees it: of a document still open, the record its
    // text was read from and its time are kept (a stat asks Axiom nothing and the time stays); of
    // a closed one, nothing is kept (a stat reads the record afresh, and its time starts over).
    const reads = (document: vscode.TextDocument) =>
      fake
        .requestsTo('GET /v2/apl-starred-queries/{id}')
        .filter((r) => r.path.split('?')[0].endsWith(`/${document.uri.path.split('/')[1]}`)).length;
    const kept = async (document: vscode.TextDocument, since: number): Promise<boolean> => {
      const before = reads(document);
      const { mtime } = await vscode.workspace.fs.stat(document.uri);
      return reads(document) === before && mtime < since;
    };
    const since = Date.now();
    const open = opened.filter((document) => !document.isClosed);
    for (const document of open.slice(-5))
      assert.ok(await kept(document, since), `${document.uri.path} is open: what was read of it is kept`);
    const forgotten = new Set<vscode.TextDocument>();
    await waitFor(`what was kept of the closed documents to be forgotten (${forgotten.size} so far)`, async () => {
      for (const document of opened.filter((d) => d.isClosed && !forgotten.has(d)))
        if (!(await kept(document, since))) forgotten.add(document);
      return forgotten.size === opened.filter((d) => d.isClosed).length;
    });
    assert.ok(open.length < opened.length);
  });

  it('save while the query changed in Axiom: the save asks; Overwrite puts ours, keeping the name changed there', async () => {
    const view = await loadedView();
    const editor = await vscode.commands.executeCommand<vscode.TextEditor>(
      'axiom.openStarredQuery',
      row(view, 'sq_checkout'),
    );
    await replaceText(editor, 'print "mine"');
    const record = fake.starredById('sq_checkout')!;
    record.query = { ...(record.query as object), apl: 'print "theirs"' };
    record.name = 'Renamed elsewhere';
    const saving = send(editor.document);
    await waitFor(
      'the save to read the query afresh',
      () => fake.requestsTo('GET /v2/apl-starred-queries/{id}').length >= 2,
    );
    await waitFor('Overwrite to be chosen', async () => {
      await vscode.commands.executeCommand('notification.acceptPrimaryAction');
      return fake.requestsTo('PUT /v2/apl-starred-queries/{id}').length === 1;
    });
    assert.equal(await saving, true);
    assert.equal((fake.starredById('sq_checkout')!.query as { apl: string }).apl, 'print "mine"');
    assert.equal(fake.starredById('sq_checkout')!.name, 'Renamed elsewhere');
  });

  it('save while the query changed in Axiom: dismissed, nothing is saved and the text stays; after Compare, a save overwrites without asking', async () => {
    const view = await loadedView();
    const editor = await vscode.commands.executeCommand<vscode.TextEditor>(
      'axiom.openStarredQuery',
      row(view, 'sq_checkout'),
    );
    assert.equal(editor.document.getText(), CHECKOUT_APL, 'a document still open from before shows Axiom’s text again');
    await replaceText(editor, 'print "mine"');
    const record = fake.starredById('sq_checkout')!;
    record.query = { ...(record.query as object), apl: 'print "theirs"' };
    assert.equal(await sendAndDismissQuestion(editor.document), false);
    assert.equal(editor.document.isDirty, true);
    assert.equal(editor.document.getText(), 'print "mine"');
    assert.equal(fake.requestsTo('PUT /v2/apl-starred-queries/{id}').length, 0);

    await vscode.commands.executeCommand('axiom.compareStarredQuery', editor.document.uri);
    const original = await comparedOriginal(editor.document);
    assert.equal(original.getText(), 'print "theirs"');
    assert.equal(await send(editor.document), true);
    assert.equal((fake.starredById('sq_checkout')!.query as { apl: string }).apl, 'print "mine"');
  });

  it('a save that fails keeps the text unsaved in the editor; the next one succeeds', async () => {
    const view = await loadedView();
    const editor = await vscode.commands.executeCommand<vscode.TextEditor>(
      'axiom.openStarredQuery',
      row(view, 'sq_checkout'),
    );
    await replaceText(editor, 'print "typed"');
    fake.fail('PUT /v2/apl-starred-queries/{id}', { status: 500, body: { message: 'internal error' }, times: 1 });
    assert.equal(await send(editor.document), false);
    assert.equal(editor.document.isDirty, true);
    assert.equal(editor.document.getText(), 'print "typed"');
    assert.equal((fake.starredById('sq_checkout')!.query as { apl: string }).apl, CHECKOUT_APL);
    await vscode.commands.executeCommand('notifications.clearAll');
    assert.equal(await send(editor.document), true);
    assert.equal((fake.starredById('sq_checkout')!.query as { apl: string }).apl, 'print "typed"');
  });

  it('a document belongs to the deployment it was opened from: after a switch nothing is sent and its save fails; back there, it saves', async () => {
    const OTHER_TOKEN = 'xaat-33333333-other-test-token';
    const view = await loadedView();
    const editor = await vscode.commands.executeCommand<vscode.TextEditor>(
      'axiom.openStarredQuery',
      row(view, 'sq_checkout'),
    );
    const mine = editor.document;
    assert.equal(mine.uri.query, '', 'the settings deployment keeps the plain URI');
    // Another org whose starred query has the same id.
    const other = new FakeAxiom({ token: OTHER_TOKEN });
    await other.start();
    const theirRecord = structuredClone(fake.starredById('sq_checkout')!);
    theirRecord.query = { ...(theirRecord.query as object), apl: 'print "the other org’s"' };
    other.starred.push(theirRecord);
    const byId = (service: FakeAxiom) =>
      service.requests.filter((r) => r.path.startsWith('/v2/apl-starred-queries/sq_checkout'));
    try {
      assert.ok(
        await (await activateExtension()).own.addDeployment({ name: 'other org', url: other.url, token: OTHER_TOKEN }),
      );
      assert.equal(await (await activateExtension()).activeDeployment(), 'other org');

      await replaceText(editor, 'print "for the settings deployment"');
      assert.equal(await send(mine), false);
      assert.equal(mine.isDirty, true);
      assert.equal(mine.getText(), 'print "for the settings deployment"');
      await assert.rejects(Promise.resolve(vscode.workspace.fs.readFile(mine.uri)), (error: Error) => {
        assert.match(
          error.message,
          new RegExp(
            `opened from the deployment “${new URL(fake.url).host}”, but this window now uses “other org”: nothing was sent\\. Switch back to “${new URL(fake.url).host}” to send it`,
          ),
        );
        return true;
      });
      assert.deepEqual(byId(other), [], 'the other deployment was asked nothing of that id');
      assert.equal(fake.requestsTo('PUT /v2/apl-starred-queries/{id}').length, 0);
      await vscode.commands.executeCommand('notifications.clearAll');

      // Opened again now, the query is the other deployment's, in a document of its own.
      const theirs = (
        await vscode.commands.executeCommand<vscode.TextEditor>('axiom.openStarredQuery', { id: 'sq_checkout' })
      ).document;
      assert.notEqual(theirs, mine);
      assert.equal(theirs.uri.path, mine.uri.path, 'the same tab title');
      assert.equal(theirs.uri.query, 'deployment=other%20org');
      assert.equal(theirs.getText(), 'print "the other org’s"');
      assert.equal(
        vscode.Uri.parse(theirs.uri.toString()).query,
        theirs.uri.query,
        'the deployment survives the URI as text',
      );

      await switchDeployment('');
      const asked = byId(other).length;
      assert.equal(await send(mine), true);
      assert.equal(mine.isDirty, false);
      assert.equal(
        (fake.starredById('sq_checkout')!.query as { apl: string }).apl,
        'print "for the settings deployment"',
      );
      assert.equal(byId(other).length, asked, 'the save went to its own deployment only');
      assert.equal((other.starredById('sq_checkout')!.query as { apl: string }).apl, 'print "the other org’s"');
      await assert.rejects(
        Promise.resolve(vscode.workspace.fs.readFile(theirs.uri)),
        /opened from the deployment “other org”/,
      );
    } finally {
      await (await activateExtension()).own.removeDeployment({ name: 'other org', confirmed: true });
      await switchDeployment('');
      await other.stop();
    }
  });

  it('rename: a PUT with only the name changed; the row follows with no new list', async () => {
    const view = await loadedView();
    const before = structuredClone(fake.starredById('sq_checkout')!);
    const lists = fake.requestsTo('GET /v2/apl-starred-queries').length;
    const renamed = await (
      await activateExtension()
    ).own.renameStarredQuery({
      id: 'sq_checkout',
      name: 'Checkout errors',
    });
    assert.equal(renamed?.name, 'Checkout errors');
    assert.deepEqual(fake.starredById('sq_checkout'), { ...before, name: 'Checkout errors' });
    assert.equal(view.getTreeItem(row(view, 'sq_checkout')).label, 'Checkout errors');
    assert.equal(fake.requestsTo('GET /v2/apl-starred-queries').length, lists);
  });

  it('delete (confirmed): one DELETE, the row goes, and an open document of it can no longer be saved over it', async () => {
    const view = await loadedView();
    const editor = await vscode.commands.executeCommand<vscode.TextEditor>(
      'axiom.openStarredQuery',
      row(view, 'sq_checkout'),
    );
    assert.equal(
      await (await activateExtension()).own.deleteStarredQuery({ ...row(view, 'sq_checkout'), confirmed: true }),
      true,
    );
    assert.equal(fake.requestsTo('DELETE /v2/apl-starred-queries/{id}').length, 1);
    assert.equal(fake.starredById('sq_checkout'), undefined);
    assert.deepEqual(
      view.currentQueries.map((q) => q.id),
      ['sq_go_nulls'],
    );
    assert.equal(view.treeView.description, 'Mine · 1 query');
    await replaceText(editor, 'print "still here"');
    assert.equal(await send(editor.document), false);
    assert.equal(editor.document.getText(), 'print "still here"');
    assert.equal(fake.requestsTo('PUT /v2/apl-starred-queries/{id}').length, 0);
  });

  it('delete that fails is not repeated by itself; the row stays', async () => {
    const view = await loadedView();
    fake.fail('DELETE /v2/apl-starred-queries/{id}', { status: 503, body: { message: 'busy' } });
    const deleting = (await activateExtension()).own.deleteStarredQuery({ id: 'sq_checkout', confirmed: true });
    await waitFor('the DELETE', () => fake.requestsTo('DELETE /v2/apl-starred-queries/{id}').length === 1);
    await new Promise((r) => setTimeout(r, 500));
    await vscode.commands.executeCommand('notifications.clearAll');
    assert.equal(await deleting, false);
    assert.equal(fake.requestsTo('DELETE /v2/apl-starred-queries/{id}').length, 1);
    assert.ok(view.queryById('sq_checkout'));
  });

  it('copies the APL; Open in Axiom links to the query page with the APL', async () => {
    const view = await loadedView();
    await vscode.commands.executeCommand('axiom.copyStarredQuery', row(view, 'sq_checkout'));
    assert.equal(await vscode.env.clipboard.readText(), CHECKOUT_APL);
    await setSetting('orgId', 'my-org');
    try {
      const link = await vscode.commands.executeCommand<string>(
        'axiom.openStarredQueryInAxiom',
        row(view, 'sq_checkout'),
      );
      const url = new URL(link);
      assert.equal(`${url.origin}${url.pathname}`, `${fake.url}/my-org/query`);
      assert.equal((JSON.parse(url.searchParams.get('initForm')!) as { apl: string }).apl, CHECKOUT_APL);
    } finally {
      await setSetting('orgId', undefined);
    }
  });

  it('a query starred from an editor shows at once, selected, with no new list', async () => {
    const view = await loadedView();
    await vscode.commands.executeCommand('axiom.starredQueries.focus');
    await waitFor('the view to show', () => view.treeView.visible);
    const lists = fake.requestsTo('GET /v2/apl-starred-queries').length;
    const created = await (
      await activateExtension()
    ).own.starQuery({
      apl: "['sample-app'] | take 5",
      name: 'A new one',
      dataset: 'sample-app',
    });
    assert.ok(created, 'starred');
    await waitFor('the new row', () => view.currentQueries.some((q) => q.id === created.id));
    assert.equal(fake.requestsTo('GET /v2/apl-starred-queries').length, lists);
    assert.equal(view.treeView.description, 'Mine · 3 queries');
    await waitFor('the new row to be selected', () =>
      view.treeView.selection.some((n) => 'kind' in n && n.kind === 'query' && n.query.id === created.id),
    );
    assert.equal(fake.starredById(created.id)?.who, ME);
  });

  it('with no token the view says how to connect, and nothing is asked', async () => {
    const view = await loadedView();
    await signOut();
    try {
      await waitFor('the no-token state', () => view.currentState === 'noToken');
      fake.reset();
      await view.refresh();
      assert.equal(view.currentState, 'noToken');
      assert.equal(fake.requests.length, 0);
    } finally {
      await (await activateExtension()).own.setToken({ token: fake.token });
    }
  });
});
