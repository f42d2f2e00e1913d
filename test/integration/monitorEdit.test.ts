import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as vscode from 'vscode';
import type { FormState } from '../../src/core/monitors/monitorForm';
import type { RunRow } from '../../src/history/historyView';
import type { FakeAxiom } from '../support/fakeAxiom';
import { REALISTIC_MONITORS } from '../support/fixtures';
import type { DryRunPosted } from '../../src/monitors/dryRunPanel';
import {
  seriesAplAnswer,
  spikySeries,
  AVERAGE_OVER_FIFTEEN_MINUTES,
  COUNT_ABOVE_FIFTY,
} from '../support/seriesFixtures';
import {
  activateExtension,
  closeAllEditors,
  connectedFake,
  formState as formStateOf,
  refreshedView,
  sentSince,
  waitFor,
  withAutoSave,
  comparedOriginal,
  replaceText,
  send,
} from './helpers';
import { savedByAnotherExtension } from './otherExtension';

const CHECKOUT = REALISTIC_MONITORS[0] as Record<string, unknown>;
const READ_ONLY = ['id', 'createdAt', 'createdBy', 'updatedAt'];
const withoutReadOnly = (record: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(record).filter(([key]) => !READ_ONLY.includes(key)));

function monitorDocument(part: 'query' | 'settings', id = 'mon_errors_1'): vscode.TextDocument {
  const document = vscode.workspace.textDocuments.find(
    (d) =>
      !d.isClosed &&
      d.uri.scheme === 'axiom-monitor' &&
      d.uri.path.startsWith(`/${id}/`) &&
      (part === 'settings') === d.uri.path.endsWith('.monitor-settings.json'),
  );
  assert.ok(document, `the monitor's ${part} document is open`);
  return document;
}

/** Unsaved monitor documents are reverted before editors close: closing one would ask. */
async function discardEdits(): Promise<void> {
  for (const document of vscode.workspace.textDocuments.filter((d) => d.isDirty && d.uri.scheme === 'axiom-monitor')) {
    await vscode.window.showTextDocument(document);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  }
}

/** Answers the next quick picks and input boxes (and modal questions) as a person would, in order. */
function answering(
  answers: {
    pick?: (items: readonly vscode.QuickPickItem[]) => vscode.QuickPickItem | undefined;
    input?: string;
    warning?: string;
  }[],
): () => void {
  const { showQuickPick, showInputBox, showWarningMessage } = vscode.window;
  const queue = [...answers];
  const next = () => queue.shift() ?? {};
  Object.assign(vscode.window, {
    showQuickPick: async (items: readonly vscode.QuickPickItem[] | Thenable<readonly vscode.QuickPickItem[]>) =>
      next().pick?.(await items),
    showInputBox: async () => next().input,
    showWarningMessage: async () => next().warning,
  });
  return () => Object.assign(vscode.window, { showQuickPick, showInputBox, showWarningMessage });
}

/** Saves `document` while the service refuses the next monitor update for too long a range: the
 *  save fails and the edit is kept. */
async function saveRefusedForItsRange(fake: FakeAxiom, document: vscode.TextDocument): Promise<void> {
  fake.fail('PUT /v2/monitors/{id}', {
    status: 400,
    body: { code: 400, message: 'invalid monitor: rangeMinutes too long' },
    times: 1,
  });
  assert.equal(await send(document), false);
  assert.equal(document.isDirty, true);
}

/** Duplicates the monitor `id` from the Monitors view, and gives the settings of the copy, not
 *  saved yet (a new monitor's, at /new~…), once they are open. */
async function duplicated(
  id: string,
): Promise<{ view: Awaited<ReturnType<typeof refreshedView>>; settings: vscode.TextDocument }> {
  const view = await refreshedView();
  await vscode.commands.executeCommand(
    'axiom.duplicateMonitor',
    view.currentRows.find((r) => r.monitor.id === id),
  );
  const settings = await waitFor('the copy’s settings', () =>
    vscode.workspace.textDocuments.find(
      (d) =>
        d.uri.scheme === 'axiom-monitor' &&
        d.uri.path.startsWith('/new~') &&
        d.uri.path.endsWith('.monitor-settings.json'),
    ),
  );
  return { view, settings };
}

describe('Editing monitors', () => {
  let fake: FakeAxiom;
  let restore: (() => void) | undefined;
  let autoSave: unknown;
  before(async () => {
    await activateExtension();
    fake = await connectedFake();
    // Saves here are the tests' own (a browser-hosted VS Code saves a second after typing by default).
    autoSave = vscode.workspace.getConfiguration('files').inspect('autoSave')?.globalValue;
    await vscode.workspace.getConfiguration('files').update('autoSave', 'off', vscode.ConfigurationTarget.Global);
  });
  beforeEach(async () => {
    fake.reset();
    fake.monitors = structuredClone(REALISTIC_MONITORS);
    fake.notifiers = [
      { id: 'notify_slack_oncall', name: 'On-call Slack', properties: { slack: {} } },
      { id: 'notify_email_team', name: 'Team mail', properties: { email: {} } },
    ];
    await refreshedView();
  });
  afterEach(async () => {
    restore?.();
    restore = undefined;
    await discardEdits();
    await closeAllEditors();
  });
  after(async () => {
    await vscode.workspace.getConfiguration('files').update('autoSave', autoSave, vscode.ConfigurationTarget.Global);
    await fake.stop();
  });

  async function editCheckout(): Promise<vscode.TextEditor> {
    const view = await refreshedView();
    const row = view.currentRows.find((r) => r.monitor.id === 'mon_errors_1');
    const editor = await vscode.commands.executeCommand<vscode.TextEditor>('axiom.editMonitor', row);
    assert.ok(editor, 'the query opened');
    await waitFor('the settings beside it', () =>
      vscode.workspace.textDocuments.some((d) => d.uri.path.endsWith('.monitor-settings.json')),
    );
    return editor;
  }

  it('after Edit Monitor one tab per part: the read-only query gives way; a read-only view opened again shows what was just sent (issue 52, item 3)', async () => {
    const view = await refreshedView();
    const row = view.currentRows.find((r) => r.monitor.id === 'mon_errors_1');
    const readOnly = await vscode.commands.executeCommand<vscode.TextEditor>('axiom.openMonitorQuery', row);
    assert.ok(readOnly, 'the read-only query opened');
    const readOnlyUri = readOnly.document.uri.toString();
    const tabsOf = (uri: string) =>
      vscode.window.tabGroups.all
        .flatMap((group) => group.tabs)
        .filter((tab) => tab.input instanceof vscode.TabInputText && tab.input.uri.toString() === uri);
    assert.equal(tabsOf(readOnlyUri).length, 1);

    const editor = await editCheckout();
    assert.equal(tabsOf(readOnlyUri).length, 0, 'the read-only query gave way to the one to edit');
    const named = vscode.window.tabGroups.all
      .flatMap((group) => group.tabs)
      .filter((tab) => tab.label === readOnly.document.uri.path.split('/').pop());
    assert.equal(named.length, 1, 'one tab of that name: the query to edit');

    // Opened again while editing, then the edit sent: the read-only view shows what was sent.
    const again = await vscode.commands.executeCommand<vscode.TextEditor>('axiom.openMonitorQuery', row);
    assert.equal(again?.document.uri.toString(), readOnlyUri);
    const sentText = "['http-logs'] | where status >= 503 | summarize count() by bin(_time, 5m)";
    await replaceText(editor.document, sentText);
    assert.equal(await send(editor.document), true);
    await waitFor('the read-only view to show what was sent', () =>
      vscode.workspace.textDocuments.some((d) => d.uri.toString() === readOnlyUri && d.getText() === sentText),
    );
  });

  it('Edit Monitor opens its query as Axiom APL and its settings beside it; Ctrl+S on the query is one PUT with only aplQuery changed', async () => {
    const editor = await editCheckout();
    assert.equal(editor.document.languageId, 'axiom-apl');
    assert.equal(editor.document.getText(), CHECKOUT.aplQuery);
    const settings = JSON.parse(monitorDocument('settings').getText()) as Record<string, unknown>;
    assert.equal(settings.threshold, 100);
    assert.equal('aplQuery' in settings || 'id' in settings, false);
    await replaceText(editor.document, "['http-logs'] | where status >= 502 | summarize count() by bin(_time, 5m)");
    assert.equal(await send(editor.document), true);
    const puts = fake.requestsTo('PUT /v2/monitors/{id}');
    assert.equal(puts.length, 1);
    assert.deepEqual(JSON.parse(puts[0].body), {
      ...withoutReadOnly(CHECKOUT),
      aplQuery: "['http-logs'] | where status >= 502 | summarize count() by bin(_time, 5m)",
    });
    const view = await activateExtension().then((api) => api.monitorsView);
    assert.equal(
      view.currentMonitors.find((m) => m.id === 'mon_errors_1')?.aplQuery,
      "['http-logs'] | where status >= 502 | summarize count() by bin(_time, 5m)",
      'the row follows, with no new list',
    );
  });

  it('threshold and notifiers changed in the settings: one PUT with those two changed', async () => {
    await editCheckout();
    const document = monitorDocument('settings');
    const settings = JSON.parse(document.getText()) as Record<string, unknown>;
    await replaceText(
      document,
      JSON.stringify(
        { ...settings, threshold: 250, notifierIds: ['notify_slack_oncall', 'notify_email_team'] },
        null,
        2,
      ),
    );
    assert.equal(await send(document), true);
    const puts = fake.requestsTo('PUT /v2/monitors/{id}');
    assert.equal(puts.length, 1);
    assert.deepEqual(JSON.parse(puts[0].body), {
      ...withoutReadOnly(CHECKOUT),
      threshold: 250,
      notifierIds: ['notify_slack_oncall', 'notify_email_team'],
    });
    const view = (await activateExtension()).monitorsView;
    assert.match(
      String(view.getTreeItem(view.currentRows.find((r) => r.monitor.id === 'mon_errors_1')!).description),
      /250/,
      'the row shows the new threshold',
    );
  });

  it('a save the checks refuse sends nothing and keeps the text; a save the service refuses keeps it too', async () => {
    const editor = await editCheckout();
    const query = editor.document.getText();
    await replaceText(editor.document, "['http-logs'] | where status >= 500");
    assert.equal(await send(editor.document), false, 'a threshold query must end with summarize');
    assert.equal(editor.document.isDirty, true);
    assert.equal(fake.requestsTo('PUT /v2/monitors/{id}').length, 0);
    await vscode.commands.executeCommand('notifications.clearAll');
    // The monitor is one record: its query is sent with its settings, so it is put back first.
    await replaceText(editor.document, query);

    const document = monitorDocument('settings');
    const settings = JSON.parse(document.getText()) as Record<string, unknown>;
    await replaceText(document, JSON.stringify({ ...settings, rangeMinutes: 15 }, null, 2));
    await saveRefusedForItsRange(fake, document);
    assert.equal((JSON.parse(document.getText()) as { rangeMinutes: number }).rangeMinutes, 15);
    await vscode.commands.executeCommand('notifications.clearAll');
    assert.equal(await send(document), true);
    assert.equal(fake.monitorById('mon_errors_1')?.rangeMinutes, 15);
  });

  it('a monitor changed in Axiom since it was opened: the save asks; Overwrite puts ours and keeps their other change', async () => {
    await editCheckout();
    const document = monitorDocument('settings');
    const settings = JSON.parse(document.getText()) as Record<string, unknown>;
    await replaceText(document, JSON.stringify({ ...settings, threshold: 7 }, null, 2));
    Object.assign(fake.monitorById('mon_errors_1')!, { threshold: 5000, description: 'changed elsewhere' });
    const saving = send(document);
    await waitFor('Overwrite to be chosen', async () => {
      await vscode.commands.executeCommand('notification.acceptPrimaryAction');
      return fake.requestsTo('PUT /v2/monitors/{id}').length === 1;
    });
    assert.equal(await saving, true);
    assert.equal(fake.monitorById('mon_errors_1')?.threshold, 7);
    assert.equal(fake.monitorById('mon_errors_1')?.description, 'changed elsewhere', 'only what we changed is changed');
  });

  it('a query changed in Axiom: Compare shows theirs beside ours; a save after it overwrites without asking', async () => {
    const editor = await editCheckout();
    await replaceText(editor.document, "['http-logs'] | summarize mine = count()");
    Object.assign(fake.monitorById('mon_errors_1')!, { aplQuery: "['http-logs'] | summarize theirs = count()" });
    restore = answering([{ warning: 'Compare' }]);
    assert.equal(await send(editor.document), false);
    const original = await comparedOriginal(editor.document);
    assert.equal(original.getText(), "['http-logs'] | summarize theirs = count()");
    assert.equal(await send(editor.document), true);
    assert.equal(fake.monitorById('mon_errors_1')?.aplQuery, "['http-logs'] | summarize mine = count()");
    assert.equal(fake.requestsTo('PUT /v2/monitors/{id}').length, 1);
  });

  /** The settings form of a monitor's settings document, once its page was told the notifiers. */
  function formState(
    document: vscode.TextDocument,
    until: (state: FormState) => boolean = () => true,
  ): Promise<FormState> {
    return formStateOf(document.uri, (state) => state.notifiers !== undefined && until(state));
  }
  /** What the form's page sends when the person changes a field. */
  async function typeInForm(document: vscode.TextDocument, key: string, value: unknown): Promise<void> {
    await (await activateExtension()).monitorForms.receive(document.uri, { type: 'edit', key, value });
  }

  it('the settings open in the form; threshold and notifiers changed there are one PUT with only those two', async () => {
    fake.monitorById('mon_errors_1')!.notifierIds = ['notify_slack_oncall', 'notify_gone'];
    await editCheckout();
    const document = monitorDocument('settings');
    assert.ok(
      vscode.window.tabGroups.all
        .flatMap((g) => g.tabs)
        .some(
          (t) =>
            t.input instanceof vscode.TabInputCustom &&
            t.input.viewType === 'axiom.monitorSettings' &&
            t.input.uri.toString() === document.uri.toString(),
        ),
      'the settings show in the form',
    );
    const before = await formState(document);
    assert.deepEqual(
      before.notifiers?.map((n) => [n.name, n.exists, n.chosen]),
      [
        ['On-call Slack', true, true],
        ['Team mail', true, false],
        ['notify_gone', false, true],
      ],
      'the notifiers by name, and an id no longer listed shown as such, kept',
    );
    await typeInForm(document, 'threshold', 250);
    await typeInForm(document, 'notifierIds', ['notify_slack_oncall', 'notify_gone', 'notify_email_team']);
    assert.equal(document.isDirty, true);
    assert.deepEqual(
      (await formState(document, (s) => s.definition?.threshold === 250)).problems.filter((p) => p.level === 'error'),
      [],
    );
    assert.equal(await send(document), true);
    const puts = fake.requestsTo('PUT /v2/monitors/{id}');
    assert.equal(puts.length, 1);
    assert.deepEqual(JSON.parse(puts[0].body), {
      ...withoutReadOnly(CHECKOUT),
      threshold: 250,
      notifierIds: ['notify_slack_oncall', 'notify_gone', 'notify_email_team'],
    });
  });

  it('the form checks as typed, greys what a type does not use without dropping it, and a failing save keeps the edits with the service’s reason at its field', async () => {
    await editCheckout();
    const document = monitorDocument('settings');
    await formState(document);
    await typeInForm(document, 'intervalMinutes', 0);
    await typeInForm(document, 'threshold', 'ten');
    let state = await formState(document, (s) => s.definition?.threshold === 'ten');
    assert.deepEqual(
      state.problems.filter((p) => p.level === 'error').map((p) => [p.field, p.reason]),
      [
        ['threshold', 'Enter a number.'],
        ['intervalMinutes', 'Enter 1 or more.'],
      ],
    );
    assert.equal(await send(document), false, 'the checks refuse it');
    assert.equal(fake.requestsTo('PUT /v2/monitors/{id}').length, 0);
    await vscode.commands.executeCommand('notifications.clearAll');
    await typeInForm(document, 'intervalMinutes', 5);
    await typeInForm(document, 'threshold', 10);
    await typeInForm(document, 'type', 'AnomalyDetection');
    state = await formState(document, (s) => s.definition?.type === 'AnomalyDetection');
    assert.equal(state.definition?.threshold, 10, 'the threshold is kept for a type that does not use it');
    await typeInForm(document, 'type', 'Threshold');
    await typeInForm(document, 'rangeMinutes', 15);
    await saveRefusedForItsRange(fake, document);
    state = await formState(document, (s) => s.saveFailed !== undefined);
    assert.deepEqual(
      state.saveFailed,
      { message: 'invalid monitor: rangeMinutes too long', field: 'rangeMinutes' },
      'the reason at the field it names',
    );
    assert.equal(state.definition?.rangeMinutes, 15, 'the edit is kept');
    await vscode.commands.executeCommand('notifications.clearAll');
    assert.equal(await send(document), true);
    assert.equal((await formState(document, (s) => !s.saveFailed)).saveFailed, undefined);
    assert.deepEqual(JSON.parse(fake.requestsTo('PUT /v2/monitors/{id}')[1].body), {
      ...withoutReadOnly(CHECKOUT),
      threshold: 10,
      rangeMinutes: 15,
    });
  });

  it('Duplicate opens "… (copy)" as a new monitor, not yet created; edited in the form and saved, it is one POST, listed and opened as itself', async () => {
    const { view, settings } = await duplicated('mon_errors_1');
    const state = await formState(settings);
    assert.equal(state.draft, true);
    assert.equal(state.definition?.name, 'Checkout errors (copy)');
    assert.equal(fake.requestsTo('POST /v2/monitors').length, 0, 'nothing is created before a save');
    await typeInForm(settings, 'threshold', 5);
    assert.equal(await send(settings), true);
    const posts = fake.requestsTo('POST /v2/monitors');
    assert.equal(posts.length, 1);
    const copy: Record<string, unknown> = {
      ...withoutReadOnly(CHECKOUT),
      name: 'Checkout errors (copy)',
      threshold: 5,
    };
    delete copy.disabledUntil; // null: a new monitor is sent without it
    assert.deepEqual(JSON.parse(posts[0].body), copy);
    assert.equal(fake.requestsTo('PUT /v2/monitors/{id}').length, 0);
    assert.ok(
      view.currentMonitors.some((m) => m.id === 'mon_new_1' && m.name === 'Checkout errors (copy)'),
      'listed',
    );
    await waitFor(
      'the new monitor opened as itself, the draft closed',
      () =>
        vscode.window.tabGroups.all
          .flatMap((g) => g.tabs)
          .some((t) => t.input instanceof vscode.TabInputCustom && t.input.uri.path.startsWith('/mon_new_1/')) &&
        !vscode.window.tabGroups.all
          .flatMap((g) => g.tabs)
          .some(
            (t) =>
              (t.input instanceof vscode.TabInputCustom || t.input instanceof vscode.TabInputText) &&
              t.input.uri.path.startsWith('/new~'),
          ),
    );
  });

  it('New Monitor from Query: the type asked, then a new monitor with the defaults in the form; the threshold asked for there; the dry run before it exists; one POST', async () => {
    const apl = "['http-logs'] | where status >= 500 | summarize count() by bin(_time, 5m)";
    const document = await vscode.workspace.openTextDocument({ language: 'axiom-apl', content: apl });
    await vscode.window.showTextDocument(document);
    restore = answering([{ pick: (items) => items.find((i) => i.label === 'Threshold') }]);
    const query = await vscode.commands.executeCommand<vscode.TextEditor>('axiom.newMonitorFromQuery');
    assert.equal(query.document.getText(), apl);
    assert.equal(query.document.languageId, 'axiom-apl');
    const settings = await waitFor('its settings', () =>
      vscode.workspace.textDocuments.find(
        (d) =>
          d.uri.path.startsWith(query.document.uri.path.split('/').slice(0, 2).join('/') + '/') &&
          d.uri.path.endsWith('.monitor-settings.json'),
      ),
    );
    const state = await formState(settings);
    assert.equal(state.draft, true);
    assert.deepEqual(
      state.problems.map((p) => [p.field, p.reason]),
      [['threshold', 'A threshold monitor needs a threshold.']],
    );
    await typeInForm(settings, 'threshold', 42);
    await typeInForm(settings, 'name', 'Server errors');
    const FIVE = 5 * 60_000;
    const start = Math.floor(Date.now() / FIVE) * FIVE - 24 * 60 * 60_000;
    fake.aplAnswer = seriesAplAnswer(spikySeries([start + 50 * FIVE + 60_000], { base: 1, spike: 100 }));
    const report = await vscode.commands.executeCommand<{
      name: string;
      count: number;
      realAlerts: number;
      runs: number;
    }>('axiom.dryRunMonitor', query.document.uri);
    assert.deepEqual(
      { ...report, queries: undefined },
      { name: 'Server errors', count: 1, realAlerts: 0, runs: 288, queries: undefined },
      'the dry run of the monitor not yet created, as typed',
    );
    // Two editor groups at most: the query in the first, the settings form and the dry run as tabs of the second.
    const tabs = vscode.window.tabGroups.all.flatMap((group) => group.tabs.map((tab) => ({ group, tab })));
    const groupOf = (found: (tab: vscode.Tab) => boolean) => tabs.find(({ tab }) => found(tab))?.group.viewColumn;
    const queryGroup = groupOf(
      (t) => t.input instanceof vscode.TabInputText && t.input.uri.toString() === query.document.uri.toString(),
    );
    const settingsGroup = groupOf(
      (t) => t.input instanceof vscode.TabInputCustom && t.input.uri.toString() === settings.uri.toString(),
    );
    const dryRunGroup = groupOf((t) => t.input instanceof vscode.TabInputWebview && t.label.startsWith('Dry Run'));
    assert.deepEqual(
      { queryGroup, settingsGroup, dryRunGroup },
      { queryGroup: vscode.ViewColumn.One, settingsGroup: vscode.ViewColumn.Two, dryRunGroup: vscode.ViewColumn.Two },
    );
    assert.ok(
      vscode.window.tabGroups.all.filter((group) => group.tabs.length > 0).length <= 2,
      vscode.window.tabGroups.all.map((g) => g.tabs.map((t) => t.label).join(', ')).join(' | '),
    );
    assert.deepEqual(
      [...fake.requestsTo('POST /v2/monitors'), ...fake.requestsTo('GET /v2/monitors/{id}')].map((r) => r.path),
      [],
      'nothing created or read for it',
    );
    assert.equal(await send(settings), true);
    const posts = fake.requestsTo('POST /v2/monitors');
    assert.equal(posts.length, 1);
    assert.deepEqual(JSON.parse(posts[0].body), {
      name: 'Server errors',
      type: 'Threshold',
      aplQuery: apl,
      intervalMinutes: 5,
      rangeMinutes: 5,
      operator: 'Above',
      threshold: 42,
    });
    const view = (await activateExtension()).monitorsView;
    assert.ok(view.currentMonitors.some((m) => m.name === 'Server errors'));
    await waitFor('the new monitor opened for editing', () =>
      vscode.workspace.textDocuments.some(
        (d) => !d.isClosed && d.uri.scheme === 'axiom-monitor' && d.uri.path.includes('mon_new_1'),
      ),
    );
  });

  it('a new monitor sent twice at once is created once', async () => {
    const { settings } = await duplicated('mon_errors_1');
    await formState(settings);
    assert.deepEqual(await Promise.all([send(settings), send(settings)]), [true, true]);
    assert.equal(fake.requestsTo('POST /v2/monitors').length, 1);
  });

  it('an auto save never creates a new monitor; the person’s save does', async () => {
    const { settings } = await duplicated('mon_errors_1');
    await formState(settings);
    const files = vscode.workspace.getConfiguration('files');
    await files.update('autoSaveDelay', 50, vscode.ConfigurationTarget.Global);
    await files.update('autoSave', 'afterDelay', vscode.ConfigurationTarget.Global);
    try {
      let autoSaved = false;
      const listening = vscode.workspace.onWillSaveTextDocument(
        (e) => (autoSaved ||= e.document === settings && e.reason === vscode.TextDocumentSaveReason.AfterDelay),
      );
      await typeInForm(settings, 'threshold', 7);
      await waitFor('an auto save', () => autoSaved);
      listening.dispose();
      await waitFor('the auto save kept, not sent', () => !settings.isDirty);
      await new Promise((resolve) => setTimeout(resolve, 500));
    } finally {
      await files.update('autoSave', 'off', vscode.ConfigurationTarget.Global);
      await files.update('autoSaveDelay', undefined, vscode.ConfigurationTarget.Global);
    }
    await vscode.commands.executeCommand('notifications.clearAll');
    assert.equal(fake.requestsTo('POST /v2/monitors').length, 0);
    assert.equal(await send(settings), true);
    const posts = fake.requestsTo('POST /v2/monitors');
    assert.equal(posts.length, 1);
    assert.equal((JSON.parse(posts[0].body) as { threshold?: number }).threshold, 7, 'the form’s value, as auto saved');
  });

  it('with auto save after 100 ms, an edit of the query and of the form is kept as one draft for 2 s; Ctrl+S in either sends one PUT holding both; a committed field is one change', async () => {
    const editor = await editCheckout();
    const settings = monitorDocument('settings');
    await formState(settings);
    await withAutoSave(100, async (autoSaved) => {
      const from = fake.requests.length;
      let settingsChanges = 0;
      const counting = vscode.workspace.onDidChangeTextDocument((e) => {
        if (e.document === settings && e.contentChanges.length) settingsChanges++;
      });
      await replaceText(editor.document, "['http-logs'] | where status >= 502 | summarize count() by bin(_time, 5m)");
      await typeInForm(settings, 'threshold', 130);
      counting.dispose();
      assert.equal(settingsChanges, 1, 'the threshold the form committed is one change of the document');
      await waitFor('VS Code’s auto saves', () => autoSaved(editor.document) && autoSaved(settings));
      await new Promise((resolve) => setTimeout(resolve, 2000));
      assert.deepEqual(sentSince(fake, from), [], 'nothing reached Axiom');
      assert.ok(!editor.document.isDirty && !settings.isDirty, 'both auto saves succeeded: kept as drafts');
      // Ctrl+S in the query's editor: the whole monitor, both parts as the editors show them, in one PUT.
      await vscode.window.showTextDocument(editor.document);
      assert.equal(await vscode.commands.executeCommand('axiom.sendToAxiom'), true);
      let puts = fake.requestsTo('PUT /v2/monitors/{id}');
      assert.equal(puts.length, 1);
      const sent = JSON.parse(puts[0].body) as { threshold?: number; aplQuery?: string };
      assert.equal(sent.threshold, 130);
      assert.equal(sent.aplQuery, "['http-logs'] | where status >= 502 | summarize count() by bin(_time, 5m)");
      // Ctrl+S in a field of the form: its value, then the person's send.
      await typeInForm(settings, 'threshold', 1300);
      await (await activateExtension()).monitorForms.receive(settings.uri, { type: 'save' });
      assert.equal(settings.isDirty, false);
      puts = fake.requestsTo('PUT /v2/monitors/{id}');
      assert.equal(puts.length, 2, 'one PUT for each send, none for the auto saves');
      assert.equal((JSON.parse(puts[1].body) as { threshold?: number }).threshold, 1300);
    });
  });

  it('Save All, workspace.save, TextDocument.save and a workspace.fs write by another extension, of the query and of the form’s settings, send nothing: one draft; Ctrl+S sends both in one PUT', async () => {
    const editor = await editCheckout();
    const settings = monitorDocument('settings');
    await formState(settings);
    const query = (status: number) => `['http-logs'] | where status >= ${status} | summarize count() by bin(_time, 5m)`;
    await savedByAnotherExtension(fake, editor.document, {
      saveAll: query(511),
      workspaceSave: query(512),
      documentSave: query(513),
      fsWrite: query(514),
    });
    const read = JSON.parse(settings.getText()) as Record<string, unknown>;
    const threshold = (value: number) => JSON.stringify({ ...read, threshold: value }, null, 2);
    await savedByAnotherExtension(fake, settings, {
      saveAll: threshold(141),
      workspaceSave: threshold(142),
      documentSave: threshold(143),
      fsWrite: threshold(144),
    });
    assert.equal(fake.requestsTo('PUT /v2/monitors/{id}').length, 0);
    assert.equal(await send(editor.document), true);
    const puts = fake.requestsTo('PUT /v2/monitors/{id}');
    assert.equal(puts.length, 1, 'the person’s send: one PUT');
    const sent = JSON.parse(puts[0].body) as { threshold?: number; aplQuery?: string };
    assert.equal(sent.aplQuery, query(514), 'the query as the other extension last wrote it');
    assert.equal(sent.threshold, 144, 'the settings as the other extension last wrote them');
  });

  it('New Monitor from Query refuses a match query that aggregates, before sending', async () => {
    const document = await vscode.workspace.openTextDocument({
      language: 'axiom-apl',
      content: "['http-logs'] | summarize count()",
    });
    await vscode.window.showTextDocument(document);
    restore = answering([{ pick: (items) => items.find((i) => i.label === 'Match event') }]);
    assert.equal(await vscode.commands.executeCommand('axiom.newMonitorFromQuery'), undefined);
    assert.equal(fake.requestsTo('POST /v2/monitors').length, 0);
  });

  it('Delete asks first, naming the monitor; one DELETE; an open editor keeps its text', async () => {
    const editor = await editCheckout();
    await replaceText(editor.document, "['http-logs'] | summarize kept = count()");
    const view = (await activateExtension()).monitorsView;
    restore = answering([{ warning: undefined }]);
    assert.equal(
      await vscode.commands.executeCommand(
        'axiom.deleteMonitor',
        view.currentRows.find((r) => r.monitor.id === 'mon_errors_1'),
      ),
      false,
    );
    assert.equal(fake.requestsTo('DELETE /v2/monitors/{id}').length, 0, 'dismissed: nothing sent');
    restore();
    restore = answering([{ warning: 'Delete' }]);
    assert.equal(
      await vscode.commands.executeCommand(
        'axiom.deleteMonitor',
        view.currentRows.find((r) => r.monitor.id === 'mon_errors_1'),
      ),
      true,
    );
    assert.equal(fake.requestsTo('DELETE /v2/monitors/{id}').length, 1);
    assert.equal(fake.monitorById('mon_errors_1'), undefined);
    assert.equal(
      view.currentMonitors.some((m) => m.id === 'mon_errors_1'),
      false,
    );
    assert.equal(editor.document.getText(), "['http-logs'] | summarize kept = count()");
    assert.equal(await send(editor.document), false, 'a deleted monitor is not saved again');
  });

  it('Snooze sends disabledUntil that far ahead; Enable clears it; Disable sets disabled — each one PUT of the whole record', async () => {
    const view = await refreshedView();
    const row = () => view.currentRows.find((r) => r.monitor.id === 'mon_errors_1');
    restore = answering([{ pick: (items) => items.find((i) => i.label === '4 hours') }]);
    const before = Date.now();
    await vscode.commands.executeCommand('axiom.snoozeMonitor', row());
    const [snoozed] = fake
      .requestsTo('PUT /v2/monitors/{id}')
      .map((r) => JSON.parse(r.body) as Record<string, unknown>);
    const until = Date.parse(String(snoozed.disabledUntil));
    assert.ok(
      until >= before + 4 * 3600_000 && until <= Date.now() + 4 * 3600_000,
      `disabledUntil ${String(snoozed.disabledUntil)}`,
    );
    assert.deepEqual(snoozed, { ...withoutReadOnly(CHECKOUT), disabledUntil: snoozed.disabledUntil });
    assert.equal(row()?.state, 'snoozed');
    await vscode.commands.executeCommand('axiom.enableMonitor', row());
    assert.equal(fake.monitorById('mon_errors_1')?.disabledUntil, null);
    assert.equal(row()?.state, 'active');
    await vscode.commands.executeCommand('axiom.disableMonitor', row());
    assert.equal(fake.monitorById('mon_errors_1')?.disabled, true);
    assert.equal(row()?.state, 'disabled');
    assert.equal(fake.requestsTo('PUT /v2/monitors/{id}').length, 3);
  });

  it('Dry Run: the count for data that crosses the threshold at known runs, beside the alerts as saved; an unsaved threshold in the settings is what is evaluated', async () => {
    const FIVE = 5 * 60_000;
    const start = Math.floor(Date.now() / FIVE) * FIVE - 24 * 60 * 60_000;
    const spikes = [30, 31, 100, 200].map((k) => start + k * FIVE + 2 * 60_000);
    fake.aplAnswer = seriesAplAnswer(spikySeries(spikes, { base: 1, spike: 100 }));
    fake.monitors = [
      {
        id: 'mon_dry',
        name: 'Dry errors',
        ...COUNT_ABOVE_FIFTY,
      },
    ];
    fake.histories.set('mon_dry', [
      { checkId: 'c1', timestamp: new Date(start + 3600_000).toISOString(), state: 'open' },
      { checkId: 'c1', timestamp: new Date(start + 7200_000).toISOString(), state: 'closed' },
    ]);
    const view = await refreshedView();
    const report = await vscode.commands.executeCommand<{
      count: number;
      realAlerts: number;
      queries: number;
      runs: number;
    }>(
      'axiom.dryRunMonitor',
      view.currentRows.find((r) => r.monitor.id === 'mon_dry'),
    );
    assert.deepEqual(
      report,
      { name: 'Dry errors', count: 3, realAlerts: 1, queries: 1, runs: 288 },
      'runs 30 and 31 in one stretch, 100 and 200 alone',
    );
    assert.equal(fake.requestsTo('POST /v1/datasets/_apl').length, 1);
    assert.ok(
      vscode.window.tabGroups.all.flatMap((g) => g.tabs).some((t) => t.label === 'Dry Run: Dry errors'),
      'the panel is open',
    );

    await vscode.commands.executeCommand(
      'axiom.editMonitor',
      view.currentRows.find((r) => r.monitor.id === 'mon_dry'),
    );
    await waitFor('the settings', () =>
      vscode.workspace.textDocuments.some(
        (d) => d.uri.path.startsWith('/mon_dry/') && d.uri.path.endsWith('.monitor-settings.json'),
      ),
    );
    const settings = monitorDocument('settings', 'mon_dry');
    await replaceText(
      settings,
      JSON.stringify({ ...(JSON.parse(settings.getText()) as object), threshold: 500 }, null, 2),
    );
    const edited = await vscode.commands.executeCommand<{ count: number }>(
      'axiom.dryRunMonitor',
      monitorDocument('query', 'mon_dry').uri,
    );
    assert.equal(edited.count, 0, 'the unsaved threshold of 500 is never crossed');

    // One threshold, the form's: a change in the form is told to the dry run's page, and one in the page is the form's.
    const { dryRunPanels, monitorForms } = await activateExtension();
    const told: DryRunPosted['message'][] = [];
    const hearing = dryRunPanels.onDidPost((p) => p.id === 'mon_dry' && told.push(p.message));
    try {
      await monitorForms.receive(settings.uri, { type: 'edit', key: 'threshold', value: 40 });
      await waitFor('the page told the form’s threshold', () =>
        told.some((m) => m.type === 'rule' && m.threshold === 40),
      );
      dryRunPanels.receive(settings.uri, { type: 'rule', operator: 'Above', threshold: 70 });
      const state = await formStateOf(settings.uri, (f) => f.definition?.threshold === 70);
      assert.equal(state.definition?.operator, 'Above');
      assert.equal((JSON.parse(settings.getText()) as { threshold: number }).threshold, 70, 'in the form’s document');
    } finally {
      hearing.dispose();
    }
    assert.equal(fake.requestsTo('PUT /v2/monitors/{id}').length, 0, 'a dry run saves nothing');
  });

  it('Dry Run of a monitor that needs one query per run: queries in parallel, the rule told first, the result so far as they answer', async () => {
    const FIVE = 5 * 60_000;
    const start = Math.floor(Date.now() / FIVE) * FIVE - 24 * 60 * 60_000;
    fake.aplAnswer = seriesAplAnswer(spikySeries([start + 100 * FIVE], { base: 1, spike: 100 }));
    fake.monitors = [{ id: 'mon_each', name: 'Each run', ...AVERAGE_OVER_FIFTEEN_MINUTES }];
    // A little latency, as the service has: the queries overlap, and the panel is told the result so far more than once.
    fake.fail('POST /v1/datasets/_apl', { delayMs: 10 });
    const { dryRunPanels } = await activateExtension();
    const told: DryRunPosted['message'][] = [];
    const hearing = dryRunPanels.onDidPost((p) => p.id === 'mon_each' && told.push(p.message));
    try {
      const view = await refreshedView();
      const report = await vscode.commands.executeCommand<{ count: number; queries: number; runs: number }>(
        'axiom.dryRunMonitor',
        view.currentRows.find((r) => r.monitor.id === 'mon_each'),
      );
      assert.deepEqual(
        { queries: report.queries, runs: report.runs, count: report.count },
        { queries: 288, runs: 288, count: 1 },
      );
      assert.ok(fake.maxConcurrent > 1, `queries in parallel (${fake.maxConcurrent} at once)`);
      await waitFor('the whole result told', () => told.some((m) => m.type === 'result' && !m.progress));
      const results = told.filter((m) => m.type === 'result');
      const first = results[0];
      assert.ok(
        first.type === 'result' && first.progress?.done === 0 && first.rule.threshold === 5,
        'the rule before any answer',
      );
      assert.ok(results.length >= 2, `${results.length} results told`);
      assert.ok(results.length < 100, `a few times a second, not once per query: ${results.length}`);
    } finally {
      fake.clearFaults();
      hearing.dispose();
    }
  });

  it('Dry Run of a query that ends with a comment line: the time bin is added before the comment, and the count is the data’s (issue 39)', async () => {
    const FIVE = 5 * 60_000;
    const start = Math.floor(Date.now() / FIVE) * FIVE - 24 * 60 * 60_000;
    // A spike every sixth run, each alone: as many alerts as spikes.
    const spikes = Array.from({ length: 47 }, (_, i) => start + (2 + 6 * i) * FIVE + 2 * 60_000);
    const sent: string[] = [];
    fake.aplAnswer = seriesAplAnswer(spikySeries(spikes, { base: 1, spike: 100 }), ({ apl }) => sent.push(apl));
    fake.monitors = [
      {
        id: 'mon_commented',
        name: 'Commented errors',
        ...COUNT_ABOVE_FIFTY,
        aplQuery: "['http-logs']\n| summarize count()\n// tuned after the outage",
      },
    ];
    const view = await refreshedView();
    const report = await vscode.commands.executeCommand<{ count: number; queries: number; runs: number }>(
      'axiom.dryRunMonitor',
      view.currentRows.find((r) => r.monitor.id === 'mon_commented'),
    );
    assert.deepEqual(
      sent,
      ["['http-logs']\n| summarize count() by bin(_time, 5m)\n// tuned after the outage"],
      'one query, binned in its code, the comment kept after it',
    );
    assert.deepEqual(
      { count: report.count, queries: report.queries, runs: report.runs },
      { count: spikes.length, queries: 1, runs: 288 },
    );
  });

  it('Dry Run of an MPL monitor asks nothing and says why, with its real alerts; a dry run of an APL monitor is in the Query History as a dry run', async () => {
    const { history, historyView } = await activateExtension();
    await history.clear();
    const now = Date.now();
    fake.histories.set('mon_metrics_2', [
      { checkId: 'all', timestamp: new Date(now - 3 * 3600_000).toISOString(), state: 'open' },
      { checkId: 'all', timestamp: new Date(now - 2 * 3600_000).toISOString(), state: 'closed' },
    ]);
    const view = await refreshedView();
    const mpl = await vscode.commands.executeCommand<{
      noQuery?: string;
      queries: number;
      realAlerts: number;
      runs: number;
    }>(
      'axiom.dryRunMonitor',
      view.currentRows.find((r) => r.monitor.id === 'mon_metrics_2'),
    );
    assert.match(mpl.noQuery ?? '', /MPL/);
    assert.deepEqual(
      [mpl.queries, mpl.runs, mpl.realAlerts],
      [0, 0, 1],
      'no values shown as if known; the alert it raised',
    );
    assert.equal(fake.requestsTo('POST /v1/datasets/_apl').length, 0);

    fake.aplAnswer = seriesAplAnswer(spikySeries([now - 3600_000], { base: 1, spike: 100 }));
    fake.monitors = [
      ...fake.monitors,
      {
        id: 'mon_hist',
        name: 'History errors',
        ...COUNT_ABOVE_FIFTY,
      },
    ];
    const listed = await refreshedView();
    await vscode.commands.executeCommand(
      'axiom.dryRunMonitor',
      listed.currentRows.find((r) => r.monitor.id === 'mon_hist'),
    );
    const [entry] = await waitFor('the dry run in the history', async () => {
      const entries = await history.entries();
      return entries.length ? entries : undefined;
    });
    assert.equal((await history.entries()).length, 1, 'one entry for the dry run, none for the MPL monitor');
    assert.deepEqual(
      { apl: entry.apl, source: entry.source, outcome: entry.outcome },
      { apl: "['http-logs'] | summarize count()", source: 'dryRun', outcome: 'ok' },
    );
    assert.ok(
      'start' in entry.range && Date.parse(entry.range.end) - Date.parse(entry.range.start) === 24 * 3600_000,
      'over the period it looked at',
    );
    await historyView.refresh({ restart: true });
    const [today] = historyView.getChildren();
    const rows = (await historyView.getChildren(today)) as RunRow[];
    assert.match(String(historyView.getTreeItem(rows[0]).description), / · dry run · /);
    await history.clear();
  });

  it('Export writes the monitor as a file without ids; Apply of an edited file shows the difference, asks once and sends one PUT with that change', async () => {
    const folder = vscode.Uri.file(fs.mkdtempSync(path.join(os.tmpdir(), 'axiom-monitors-')));
    const { showOpenDialog } = vscode.window;
    Object.assign(vscode.window, { showOpenDialog: async () => [folder] });
    try {
      const view = await refreshedView();
      const uri = await vscode.commands.executeCommand<vscode.Uri>(
        'axiom.exportMonitor',
        view.currentRows.find((r) => r.monitor.id === 'mon_errors_1'),
      );
      assert.equal(path.basename(uri.fsPath), 'Checkout errors.axiom-monitor.json');
      const written = JSON.parse(fs.readFileSync(uri.fsPath, 'utf8')) as Record<string, unknown>;
      assert.deepEqual(
        written,
        Object.fromEntries(Object.entries(withoutReadOnly(CHECKOUT)).filter(([, v]) => v !== null)),
      );
      const file = await vscode.workspace.openTextDocument(uri);
      await replaceText(file, JSON.stringify({ ...written, threshold: 321 }, null, 2));
      assert.equal(await file.save(), true);
      restore = answering([{ warning: 'Update' }]);
      const applied = await vscode.commands.executeCommand<{ threshold?: number }>('axiom.applyMonitorFile', uri);
      assert.equal(applied?.threshold, 321);
      const puts = fake.requestsTo('PUT /v2/monitors/{id}');
      assert.equal(puts.length, 1);
      assert.deepEqual(JSON.parse(puts[0].body), { ...withoutReadOnly(CHECKOUT), threshold: 321 });
      assert.ok(
        vscode.window.tabGroups.all
          .flatMap((g) => g.tabs)
          .some((t) => t.input instanceof vscode.TabInputTextDiff && t.input.original.scheme === 'axiom-monitor-apply'),
        'the difference was shown',
      );
    } finally {
      Object.assign(vscode.window, { showOpenDialog });
    }
  });
});
