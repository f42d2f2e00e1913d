// Dashboards as code inside VS Code (issue 41): the view, a dashboard as a JSON document saved as
// one PUT with the version read, a conflict leading to Compare, Overwrite sent only when chosen, a
// refused save kept with the reason at its place, the APL checked inside the JSON, Export and Apply.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as vscode from 'vscode';
import type { AxiomExtensionApi } from '../../src/testApi';
import { FakeAxiom } from '../support/fakeAxiom';
import { sampleDashboard } from '../support/dashboardFixtures';
import {
  activateExtension,
  closeAllEditors,
  comparedOriginal,
  connectedFake,
  setSetting,
  waitFor,
  send,
  watchErrorMessages,
  draftThenSend,
  sendAndDismissQuestion,
} from './helpers';
import { invokeToolText } from './languageModelTools';
import { savedByAnotherExtension } from './otherExtension';

type Dashboards = AxiomExtensionApi['dashboards'];

async function replaceText(editor: vscode.TextEditor, text: string): Promise<void> {
  const { document } = editor;
  await editor.edit((edit) =>
    edit.replace(new vscode.Range(document.positionAt(0), document.positionAt(document.getText().length)), text),
  );
}

/** Unsaved dashboard documents are reverted before editors close: closing one would ask. */
async function discardDashboardEdits(): Promise<void> {
  for (const document of vscode.workspace.textDocuments.filter((d) => d.isDirty)) {
    await vscode.window.showTextDocument(document);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  }
}

const putBodies = (fake: FakeAxiom) =>
  fake.requestsTo('PUT /v2/dashboards/uid/{uid}').map((r) => JSON.parse(r.body) as Record<string, unknown>);

describe('Dashboards', () => {
  let fake: FakeAxiom;
  let dashboards: Dashboards;
  before(async () => {
    dashboards = (await activateExtension()).dashboards;
    fake = await connectedFake();
  });
  beforeEach(() => {
    fake.reset();
    fake.dashboards.add(sampleDashboard(), 'checkout');
    fake.dashboards.add({ ...sampleDashboard('Team traffic'), owner: 'X-AXIOM-EVERYONE' }, 'team-traffic');
  });
  afterEach(async () => {
    await discardDashboardEdits();
    await closeAllEditors();
  });
  after(async () => {
    await fake.stop();
  });

  async function openCheckout(): Promise<vscode.TextEditor> {
    await dashboards.view.refresh();
    const row = dashboards.view.dashboardByUid('checkout');
    assert.ok(row, 'the dashboard is listed');
    const editor = await vscode.commands.executeCommand<vscode.TextEditor>('axiom.openDashboard', row);
    assert.ok(editor, 'the dashboard opens');
    return editor;
  }

  it('lists the dashboards with owner, charts and last change, and filters them', async () => {
    await dashboards.view.refresh();
    const names = dashboards.view.currentDashboards.map((d) => d.dashboard.name);
    assert.deepEqual(names, ['Checkout health', 'Team traffic']);
    const item = dashboards.view.getTreeItem(dashboards.view.dashboardByUid('team-traffic')!);
    assert.match(String(item.description), /shared with everyone · 3 charts · changed /);
    await dashboards.view.setFilterText('team');
    assert.deepEqual(
      dashboards.view.currentDashboards.map((d) => d.uid),
      ['team-traffic'],
    );
    await vscode.commands.executeCommand('axiom.clearDashboardsFilter');
  });

  it('names the owner by the users endpoint’s name, else the id with the word "user" (issue 52, item 6)', async () => {
    fake.otherUsers = [{ id: 'usr_sam', name: 'Sam Teammate', email: 'sam@example.com', role: { id: 'user' } }];
    fake.dashboards.add({ ...sampleDashboard('Sam’s board'), owner: 'usr_sam' }, 'sams');
    fake.dashboards.add({ ...sampleDashboard('Gone board'), owner: 'usr_gone' }, 'gone');
    const description = (uid: string) =>
      String(dashboards.view.getTreeItem(dashboards.view.dashboardByUid(uid)!).description);
    await dashboards.view.refresh();
    assert.match(description('sams'), /^Sam Teammate · 3 charts · /);
    assert.match(description('gone'), /^user usr_gone · 3 charts · /);
    fake.readUsers = false;
    await dashboards.view.refresh();
    assert.match(description('sams'), /^user usr_sam · 3 charts · /, 'the token may not list users: the id, in words');
    await dashboards.view.setFilterText('Sam Teammate');
    assert.deepEqual(
      dashboards.view.currentDashboards.map((d) => d.uid),
      [],
      'a name no longer read finds nothing',
    );
    await vscode.commands.executeCommand('axiom.clearDashboardsFilter');
  });

  it('opens as JSON, and a save is one PUT of the document carrying the version it was read at', async () => {
    const editor = await openCheckout();
    assert.equal(editor.document.uri.scheme, 'axiom-dashboard');
    assert.match(editor.document.uri.path, /\/checkout\/Checkout health\.axiom-dashboard\.json$/);
    const shown = JSON.parse(editor.document.getText()) as Record<string, unknown>;
    assert.deepEqual(shown, sampleDashboard());
    assert.equal(editor.document.getText().indexOf('"name"'), 4, 'the name comes first');
    await replaceText(editor, editor.document.getText().replace('"Checkout health"', '"Checkout, edited"'));
    const before = fake.requestsTo('PUT /v2/dashboards/uid/{uid}').length;
    assert.equal(await send(editor.document), true);
    const bodies = putBodies(fake).slice(before);
    assert.equal(bodies.length, 1);
    assert.equal(bodies[0].version, 1);
    assert.equal(bodies[0].overwrite, undefined);
    assert.equal((bodies[0].dashboard as { name: string }).name, 'Checkout, edited');
    assert.equal(fake.dashboards.byUid('checkout')?.version, 2);
  });

  it('changed in Axiom meanwhile: the save asks and sends nothing when dismissed; after Compare, a save overwrites', async () => {
    const editor = await openCheckout();
    await replaceText(editor, editor.document.getText().replace('"Checkout health"', '"Mine"'));
    fake.dashboards.changeBehindTheBack('checkout', (d) => (d.description = 'theirs'));
    assert.equal(await sendAndDismissQuestion(editor.document), false);
    assert.equal(editor.document.isDirty, true);
    assert.equal(putBodies(fake).length, 0);

    await dashboards.files.compare(editor.document.uri);
    const original = await comparedOriginal(editor.document);
    assert.match(original.getText(), /"description": "theirs"/);
    assert.equal(await send(editor.document), true);
    const [body] = putBodies(fake);
    assert.equal(body.overwrite, true);
    assert.equal(body.version, undefined);
    assert.equal(fake.dashboards.byUid('checkout')?.dashboard.name, 'Mine');
  });

  it('with auto save on: a draft, nothing sent, no error; Ctrl+S sends one PUT of the editor’s text', async () => {
    const editor = await openCheckout();
    const sent = await draftThenSend(fake, editor, () =>
      replaceText(editor, editor.document.getText().replace('"Checkout health"', '"Checkout, drafted"')),
    );
    assert.deepEqual(sent, ['PUT /v2/dashboards/uid/checkout']);
    assert.equal(fake.dashboards.byUid('checkout')?.dashboard.name, 'Checkout, drafted');
  });

  it('Save All, workspace.save, TextDocument.save and a workspace.fs write by another extension send nothing: a draft; Ctrl+S sends one PUT of what was written last', async () => {
    const editor = await openCheckout();
    const read = editor.document.getText();
    const named = (name: string) => read.replace('"Checkout health"', `"${name}"`);
    await savedByAnotherExtension(fake, editor.document, {
      saveAll: named('Checkout, saved by Save All'),
      workspaceSave: named('Checkout, saved by workspace.save'),
      documentSave: named('Checkout, saved by TextDocument.save'),
      fsWrite: named('Checkout, written by workspace.fs'),
    });
    assert.equal(putBodies(fake).length, 0);
    assert.equal(await send(editor.document), true);
    assert.equal(putBodies(fake).length, 1, 'the person’s send: one PUT');
    assert.equal(fake.dashboards.byUid('checkout')?.dashboard.name, 'Checkout, written by workspace.fs');
  });

  it('a PUT answered 412 (saved by a colleague after the read) reads again and never hangs; refused again, it says why and keeps the text', async () => {
    const editor = await openCheckout();
    await replaceText(editor, editor.document.getText().replace('"Checkout health"', '"Mine, again"'));
    fake.fail('PUT /v2/dashboards/uid/{uid}', {
      status: 412,
      body: { code: 412, message: 'version mismatch', currentVersion: 1 },
      times: 2,
    });
    const errors = watchErrorMessages();
    try {
      assert.equal(await send(editor.document), false);
    } finally {
      errors.dispose();
    }
    assert.equal(fake.requestsTo('PUT /v2/dashboards/uid/{uid}').length, 2, 'read again and sent again once');
    assert.equal(editor.document.isDirty, true, 'the text is kept');
    assert.match(errors.seen.join('\n'), /changed in Axiom since it was read \(412\)/);
    assert.equal(await send(editor.document), true, 'the next send goes through');
  });

  it('Overwrite, when chosen, sends overwrite; a refused save stays unsaved with the reason at the key it names', async () => {
    const editor = await openCheckout();
    await replaceText(editor, editor.document.getText().replace('"Checkout health"', '"Mine"'));
    fake.dashboards.changeBehindTheBack('checkout', (d) => (d.description = 'theirs'));
    const saving = send(editor.document);
    await waitFor('Overwrite to be chosen', async () => {
      await vscode.commands.executeCommand('notification.acceptPrimaryAction');
      return fake.requestsTo('PUT /v2/dashboards/uid/{uid}').length === 1;
    });
    assert.equal(await saving, true);
    assert.equal(putBodies(fake)[0].overwrite, true);

    await replaceText(
      editor,
      editor.document.getText().replace('"id": "errors",', '"id": "errors",\n      "colour": "red",'),
    );
    assert.equal(await send(editor.document), false);
    assert.equal(editor.document.isDirty, true);
    assert.equal(putBodies(fake)[1].version, 3, 'the version the last save made');
    const refusal = await waitFor('the reason to show', () =>
      vscode.languages.getDiagnostics(editor.document.uri).find((d) => d.source === 'Axiom'),
    );
    assert.match(refusal.message, /colour/);
    assert.equal(editor.document.getText(refusal.range).startsWith('"colour"'), true);
    // An edit makes the reason stale: it goes.
    await replaceText(editor, editor.document.getText().replace('\n      "colour": "red",', ''));
    await waitFor('the stale reason to go', () =>
      vscode.languages.getDiagnostics(editor.document.uri).every((d) => d.source !== 'Axiom'),
    );
    await vscode.commands.executeCommand('notifications.clearAll');
  });

  it('Preview Dashboard on a row opens the dashboard’s document and previews it', async () => {
    await dashboards.view.refresh();
    const row = dashboards.view.dashboardByUid('checkout');
    const preview = await vscode.commands.executeCommand<{ document: vscode.TextDocument } | undefined>(
      'axiom.previewDashboardRow',
      row,
    );
    assert.ok(preview, 'a preview opened');
    assert.equal(preview.document.uri.scheme, 'axiom-dashboard');
    assert.equal((JSON.parse(preview.document.getText()) as { name: string }).name, 'Checkout health');
  });

  it('checks each chart’s APL at its place inside the JSON string', async () => {
    const editor = await openCheckout();
    await replaceText(editor, editor.document.getText().replace('| top 10 by', '| topp 10 by'));
    const problem = await waitFor('the APL check', () =>
      vscode.languages.getDiagnostics(editor.document.uri).find((d) => d.source === 'Axiom APL'),
    );
    assert.equal(editor.document.getText(problem.range).startsWith('topp'), true);
  });

  it('Export writes the file without what Axiom sets; Apply updates by its uid with the version read, or creates it', async () => {
    const folder = vscode.Uri.file(fs.mkdtempSync(path.join(os.tmpdir(), 'axiom-dashboards-')));
    const written = await dashboards.own.exportAllDashboards(folder);
    assert.equal(written?.length, 2);
    const file = vscode.Uri.joinPath(folder, 'Checkout health.axiom-dashboard.json');
    const exported = JSON.parse(fs.readFileSync(file.fsPath, 'utf8')) as Record<string, unknown>;
    assert.deepEqual(exported, { ...sampleDashboard(), uid: 'checkout' });

    fs.writeFileSync(file.fsPath, JSON.stringify({ ...exported, name: 'Checkout, from git' }, null, 2));
    const updated = await dashboards.own.applyDashboardFile(file);
    assert.equal(updated?.version, 2);
    assert.deepEqual(putBodies(fake).at(-1)?.version, 1);
    assert.equal(fake.dashboards.byUid('checkout')?.dashboard.name, 'Checkout, from git');

    fake.dashboards.stored.splice(0, fake.dashboards.stored.length);
    const created = await dashboards.own.applyDashboardFile(file);
    assert.equal(created?.uid, 'checkout');
    assert.equal(fake.requestsTo('POST /v2/dashboards').length, 1);
    fs.rmSync(folder.fsPath, { recursive: true, force: true });
  });

  it('Export All Dashboards: names apart past the cut and in composition, the count written, one question before overwriting, a given folder only opens the dialog', async () => {
    fake.dashboards.stored.splice(0, fake.dashboards.stored.length);
    const long = 'Checkout latency by region and by service, '.repeat(2);
    const names = [`${long}EU`, `${long}eu`, 'Caf\u00e9', 'Cafe\u0301', 'Ops', 'OPS'];
    names.forEach((name, i) => fake.dashboards.add(sampleDashboard(name), `board-${i}`));
    const folder = vscode.Uri.file(fs.mkdtempSync(path.join(os.tmpdir(), 'axiom-dashboards-')));
    const elsewhere = vscode.Uri.file(fs.mkdtempSync(path.join(os.tmpdir(), 'axiom-elsewhere-')));
    const window = vscode.window;
    const saved = { showOpenDialog: window.showOpenDialog, showWarningMessage: window.showWarningMessage };
    const said = { dialogs: [] as (vscode.Uri | undefined)[], warnings: [] as string[], informed: [] as string[] };
    let overwrite: string | undefined;
    const informed = window.showInformationMessage;
    Object.assign(window, {
      showOpenDialog: (options: vscode.OpenDialogOptions) => {
        said.dialogs.push(options.defaultUri);
        return Promise.resolve([folder]);
      },
      showWarningMessage: (message: string) => {
        said.warnings.push(message);
        return Promise.resolve(overwrite);
      },
      showInformationMessage: (message: string) => {
        said.informed.push(message);
        return Promise.resolve(undefined);
      },
    });
    try {
      // A folder given to the command (another extension, a link) is where the dialog opens; the person chooses.
      const written = await vscode.commands.executeCommand<vscode.Uri[]>('axiom.exportAllDashboards', elsewhere);
      assert.deepEqual(said.dialogs.map(String), [elsewhere.toString()]);
      assert.equal(fs.readdirSync(elsewhere.fsPath).length, 0, 'nothing written where the caller said');
      assert.equal(written.length, 6);
      assert.equal(fs.readdirSync(folder.fsPath).length, 6, 'six dashboards, six files');
      assert.deepEqual(said.informed, ['Exported 6 dashboards.']);

      // Again into the same folder: asked once before overwriting; declined, nothing written.
      fs.writeFileSync(written[0].fsPath, 'kept');
      const again = await dashboards.own.exportAllDashboards(folder);
      assert.equal(again, undefined);
      assert.deepEqual(said.warnings, [
        '6 of the files to export are already in “' + path.basename(folder.fsPath) + '”.',
      ]);
      assert.equal(fs.readFileSync(written[0].fsPath, 'utf8'), 'kept');
      overwrite = 'Overwrite All';
      assert.equal((await dashboards.own.exportAllDashboards(folder))?.length, 6);
      assert.notEqual(fs.readFileSync(written[0].fsPath, 'utf8'), 'kept');
      assert.equal(said.dialogs.length, 1, 'the own code’s folder is taken as chosen');
    } finally {
      Object.assign(window, { ...saved, showInformationMessage: informed });
      for (const made of [folder, elsewhere]) fs.rmSync(made.fsPath, { recursive: true, force: true });
    }
  });

  it('agent tools through vscode.lm.invokeTool: the list and one dashboard, inside the data framing', async () => {
    const list = await invokeToolText('axiom_listDashboards', { filter: 'team' });
    assert.match(list, /1 dashboards/);
    assert.match(list, /<axiom-data[\s\S]*"uid":"team-traffic"[\s\S]*<\/axiom-data>/);
    const one = await invokeToolText('axiom_getDashboard', { uid: 'checkout' });
    assert.match(one, /"apl":"\['http-logs'\] \| top 10 by req_duration_ms"/);
    assert.equal(fake.requestsTo('PUT /v2/dashboards/uid/{uid}').length, 0);
  });

  it('axiom_updateDashboardChart: the confirmation shows each change from → to; then one PATCH with the version read', async () => {
    const input = { uid: 'checkout', chartId: 'errors', name: 'Errors (5xx)' };
    const tool = (await activateExtension()).agentTools.tool('axiom_updateDashboardChart');
    const prepared = await tool.prepareInvocation!({ input }, new vscode.CancellationTokenSource().token);
    const message = prepared?.confirmationMessages?.message;
    const shown = typeof message === 'string' ? message : (message?.value ?? '');
    assert.ok(shown.includes('- name: `"Server errors"` → `"Errors (5xx)"`'), shown);
    const text = await invokeToolText('axiom_updateDashboardChart', input);
    assert.match(text, /Changed name of the chart "errors"/);
    const patches = fake.requestsTo('PATCH /v2/dashboards/uid/{uid}/charts/{chartId}');
    assert.equal(patches.length, 1);
    assert.deepEqual(JSON.parse(patches[0].body), { chart: { name: 'Errors (5xx)' }, version: 1 });
  });

  it('Open in Axiom and Copy Link address the web app by the dashboard’s id (not its uid)', async () => {
    await dashboards.view.refresh();
    const row = dashboards.view.dashboardByUid('checkout');
    const id = fake.dashboards.byUid('checkout')?.id;
    assert.ok(row && id && id !== 'checkout', 'the dashboard has an id of its own');
    await setSetting('orgId', 'my-org');
    try {
      const opened = await vscode.commands.executeCommand<string>('axiom.openDashboardInAxiom', row);
      assert.equal(opened, `${fake.url}/my-org/dashboards/${id}`);
      const copied = await vscode.commands.executeCommand<string>('axiom.copyDashboardLink', row);
      assert.equal(copied, opened);
      assert.equal(await vscode.env.clipboard.readText(), opened);
    } finally {
      await setSetting('orgId', undefined);
    }
  });

  it('Delete asks, naming it, then sends one DELETE', async () => {
    await dashboards.view.refresh();
    assert.equal(await dashboards.own.deleteDashboard({ uid: 'team-traffic', confirmed: true }), true);
    assert.equal(fake.requestsTo('DELETE /v2/dashboards/uid/{uid}').length, 1);
    assert.equal(dashboards.view.dashboardByUid('team-traffic'), undefined);
  });
});
