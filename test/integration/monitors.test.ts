import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { FakeAxiom } from '../support/fakeAxiom';
import { formatDay } from '../../src/core/format';
import type { MonitorRow } from '../../src/core/monitors/monitorRows';
import { nameSortKey } from '../../src/core/monitors/nameSortKey';
import type { ListElement } from '../../src/platform/listView';
import { FIXTURE_NOTIFIERS, GO_SDK_MONITORS, REALISTIC_MONITORS } from '../support/fixtures';
import { manyMonitors } from '../support/manyMonitors';
import {
  actionRows,
  activateExtension,
  closeAllEditors,
  connectedFake,
  labelText,
  refreshedView,
  setSetting,
  waitFor,
} from './helpers';

const SNOOZED_UNTIL = new Date(Date.now() + 3 * 3600_000).toISOString();
const MONITORS = [
  ...REALISTIC_MONITORS,
  ...GO_SDK_MONITORS,
  {
    id: 'mon_snoozed',
    name: 'beta snoozed',
    type: 'Threshold',
    aplQuery: "['x'] | count",
    disabledUntil: SNOOZED_UNTIL,
  },
  {
    id: 'mon_past',
    name: 'Gamma woke up',
    type: 'Threshold',
    aplQuery: "['x'] | count",
    disabledUntil: '2020-01-01T00:00:00Z',
  },
  {
    id: 'mon_hostile',
    name: 'Hostile [click](command:axiom.signOut) <img src=x onerror=alert(1)>',
    type: 'Threshold',
    description: '<script>alert(1)</script> [link](command:workbench.action.quit)',
    aplQuery: '[\'logs\']\n| where msg == "```"\n```\n[pwn](command:axiom.signOut)\n<b>bold</b>\n| take 1',
  },
  { id: 'mon_noquery', name: 'no query at all', type: 'MatchEvent' },
];
const HOSTILE = MONITORS.find((m) => m.id === 'mon_hostile')!;

describe('Monitors view', () => {
  let fake: FakeAxiom;
  before(async () => {
    fake = await connectedFake(MONITORS);
    fake.notifiers = FIXTURE_NOTIFIERS;
  });
  after(async () => {
    await closeAllEditors();
    await fake.stop();
  });
  afterEach(async () => {
    fake.reset();
    fake.monitors = MONITORS;
    await closeAllEditors();
  });

  it('lists every monitor sorted by name, case-insensitively', async () => {
    const view = await refreshedView();
    assert.deepEqual(
      view.currentRows.map((row) => row.label),
      [
        'api latency p99',
        'Auth failures (Go client spelling)',
        'beta snoozed',
        'Checkout errors',
        'Enterprise signups',
        'Gamma woke up',
        HOSTILE.name,
        'no query at all',
        'Odd fields',
        'Orders backlog (Go, no notifiers)',
        'Test (Go SDK shape)',
        'Zeta forecast',
      ],
    );
    assert.equal(view.treeView.description, '12 monitors');
    assert.equal(view.treeView.message, undefined, 'fields left out of a monitor shown are not entries left out');
    assert.equal(view.currentState, 'loaded');
  });

  it('counts a large list with the digit grouping of the display language', async () => {
    fake.monitors = manyMonitors(1234);
    const view = await refreshedView();
    assert.equal(view.treeView.description, '1,234 monitors');
  });

  it('shows a long list’s first page at once and puts the rest in order just after: the same rows first, then the whole list by name', async () => {
    fake.monitors = manyMonitors(1234);
    const { monitorsView: view } = await activateExtension();
    // What VS Code gets when it asks as soon as the view says its rows changed: the first page,
    // before the rest is in order.
    const asked: ListElement<MonitorRow>[][] = [];
    const listening = view.onDidChangeTreeData(() => asked.push(view.getChildren()));
    await view.refresh();
    // The last answer before the load ended: the new list's (an earlier one may be the last list's).
    const early = asked[asked.length - 1];
    listening.dispose();
    assert.equal(early.length, 501, 'the first page was given, then the More row');
    assert.equal(view.getTreeItem(early[500]).description, '500 of 1,234 shown', 'the More row counts the whole list');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const rows = view.currentRows;
    assert.equal(rows.length, 1234);
    early.slice(0, 500).forEach((row, i) => assert.equal(row, rows[i], `row ${i}: the same row in the same place`));
    for (let i = 1; i < rows.length; i++) {
      const [a, b] = [rows[i - 1].monitor, rows[i].monitor];
      const [x, y] = [nameSortKey(a.name), nameSortKey(b.name)];
      assert.ok(x < y || (x === y && a.id < b.id), `${a.name} (${a.id}) before ${b.name} (${b.id})`);
    }
    assert.equal(view.getChildren().length, 501);
  });

  it('a long list loaded while a filter is on is filtered and counted whole at once', async () => {
    fake.monitors = manyMonitors(1234);
    const view = await refreshedView();
    const last = view.currentRows[view.currentRows.length - 1].label;
    await vscode.commands.executeCommand('axiom.filterMonitors', { text: last });
    try {
      const asked: ListElement<MonitorRow>[][] = [];
      const listening = view.onDidChangeTreeData(() => asked.push(view.getChildren()));
      await view.refresh();
      listening.dispose();
      const shown = asked[asked.length - 1].map((element) => labelText(view.getTreeItem(element).label));
      assert.ok(
        shown.length > 0 && shown.every((label) => label === last),
        `only “${last}”: ${shown.slice(0, 3).join(', ')}`,
      );
      assert.equal(view.treeView.description, `${shown.length} of 1,234 monitors · “${last}”`);
    } finally {
      await vscode.commands.executeCommand('axiom.clearMonitorsFilter');
    }
  });

  it('shows a long list a page at a time: the More row shows the next page, the filter searches them all, and a monitor added beyond the page is shown', async () => {
    fake.monitors = manyMonitors(1234);
    const view = await refreshedView();
    const names = view.currentRows.map((row) => row.label);
    const page = view.getChildren();
    assert.equal(page.length, 501, 'the first 500 rows, then the More row');
    assert.deepEqual(
      page.slice(0, 500).map((element) => view.getTreeItem(element).label),
      names.slice(0, 500),
      'the first page in name order',
    );
    const more = view.getTreeItem(page[500]);
    assert.equal(more.label, 'Show 500 more');
    assert.equal(more.description, '500 of 1,234 shown');
    assert.equal(more.command?.command, 'axiom.showMoreMonitors');
    assert.equal(more.contextValue, 'more', 'no row menu matches it');
    assert.equal(view.getParent(page[500]), undefined);
    assert.deepEqual(view.getChildren(page[500]), []);
    assert.equal(view.treeView.description, '1,234 monitors', 'the description counts the whole list');

    // The filter looks through the whole list, not the page shown.
    const last = names[names.length - 1];
    await vscode.commands.executeCommand('axiom.filterMonitors', { text: last });
    assert.ok(
      view.getChildren().some((element) => view.getTreeItem(element).label === last),
      'a row beyond the first page is found',
    );
    await vscode.commands.executeCommand('axiom.clearMonitorsFilter');
    assert.equal(view.getChildren().length, 501, 'the first page again');

    // The More row's command, twice from the same row (a double-click): one page more.
    const args = more.command.arguments ?? [];
    await vscode.commands.executeCommand(more.command.command, ...(args as unknown[]));
    await vscode.commands.executeCommand(more.command.command, ...(args as unknown[]));
    const two = view.getChildren();
    assert.equal(two.length, 1001);
    assert.equal(view.getTreeItem(two[500]).label, names[500], 'the next page follows the first');
    await vscode.commands.executeCommand('axiom.showMoreMonitors');
    const three = view.getChildren();
    assert.equal(view.getTreeItem(three[1000]).label, names[1000]);
    assert.equal(three.length, 1234, 'the last page: every row, no More row');

    // A refresh keeps the rows shown.
    await view.refresh();
    assert.equal(view.getChildren().length, 1234);
  });

  it('a monitor created from here is shown even when it sorts beyond the page shown', async () => {
    fake.monitors = manyMonitors(2345);
    const { monitorsView } = await activateExtension();
    // A new deployment's list starts at the first page; this one is a refresh of the same list.
    await monitorsView.refresh();
    const names = monitorsView.currentRows.map((row) => row.label);
    const shownBefore = monitorsView.getChildren().length;
    const name = `${names[names.length - 1]} zz new`;
    const created = { id: 'mon_created_here', name, type: 'Threshold', aplQuery: "['x'] | count" } as never;
    await monitorsView.added(created);
    const shown = monitorsView.getChildren().map((element) => monitorsView.getTreeItem(element).label);
    assert.ok(shown.includes(name), 'the page grew to the new row');
    assert.ok(shown.length > shownBefore);
  });

  it('notifiers that answer late (their budget taken by a long sweep) do not hold the list: it shows, with the last names, and the new names follow', async () => {
    const view = await refreshedView();
    const checkout = () =>
      view.getTreeItem(view.currentRows.find((row) => row.monitor.id === 'mon_errors_1')!).description;
    assert.equal(checkout(), 'Above 100 · every 5m · Threshold · notifies #oncall');
    fake.notifiers = FIXTURE_NOTIFIERS.map((n) =>
      n.id === 'notify_slack_oncall' ? { ...n, name: '#oncall-renamed' } : n,
    );
    fake.fail('GET /v2/notifiers', { delayMs: 3000, times: 1 });
    await view.refresh();
    // The list is shown before the notifiers' answer (3 s): with the names of the last load, not the new ones.
    assert.equal(
      checkout(),
      'Above 100 · every 5m · Threshold · notifies #oncall',
      'the list waited for the notifiers, or lost their last names',
    );
    await waitFor(
      'the new names',
      () => checkout() === 'Above 100 · every 5m · Threshold · notifies #oncall-renamed',
      10_000,
    );
    fake.notifiers = FIXTURE_NOTIFIERS;
  });

  it('a late notifiers answer of a load that a later load superseded is never shown', async () => {
    const view = await refreshedView();
    const checkout = () =>
      view.getTreeItem(view.currentRows.find((row) => row.monitor.id === 'mon_errors_1')!).description;
    const named = (name: string) => FIXTURE_NOTIFIERS.map((n) => (n.id === 'notify_slack_oncall' ? { ...n, name } : n));
    fake.notifiers = named('#stale');
    fake.fail('GET /v2/notifiers', { delayMs: 2000, times: 1 });
    await view.refresh();
    fake.notifiers = named('#fresh');
    await view.refresh();
    assert.equal(checkout(), 'Above 100 · every 5m · Threshold · notifies #fresh');
    await new Promise((resolve) => setTimeout(resolve, 2500));
    assert.equal(
      checkout(),
      'Above 100 · every 5m · Threshold · notifies #fresh',
      'the first load’s answer, come late, is dropped',
    );
    fake.notifiers = FIXTURE_NOTIFIERS;
    await view.refresh();
  });

  it('entries that are not monitors (no id or no name) are left out and counted in the view, the rest shown', async () => {
    // The last one has an id and a name: a monitor, shown without the field it cannot read.
    fake.monitors = [
      ...MONITORS,
      { id: 'mon_no_name', type: 'Threshold' },
      { name: 'no id', type: 'Threshold' },
      { id: 'mon_odd_type', name: 'Odd type', type: ['Threshold'] },
    ];
    const view = await refreshedView();
    assert.equal(view.currentRows.length, MONITORS.length + 1);
    assert.equal(view.treeView.description, `${MONITORS.length + 1} monitors`);
    assert.equal(
      view.getTreeItem(view.currentRows.find((row) => row.monitor.id === 'mon_odd_type')!).description,
      'Unknown type',
    );
    assert.equal(view.treeView.message, '2 entries could not be read and are not shown; see the log.');
    fake.monitors = MONITORS;
    await view.refresh();
    assert.equal(view.treeView.message, undefined, 'a clean list clears the message');
  });

  it('shows summary, state in icon and words, and a contextValue per state', async () => {
    const view = await refreshedView();
    const item = (id: string) => view.getTreeItem(view.currentRows.find((row) => row.monitor.id === id)!);
    const checkout = item('mon_errors_1');
    assert.equal(checkout.label, 'Checkout errors');
    assert.equal(checkout.description, 'Above 100 · every 5m · Threshold · notifies #oncall', 'its notifier by name');
    assert.equal(checkout.contextValue, 'monitor.active');
    assert.equal((checkout.iconPath as vscode.ThemeIcon).id, 'bell');
    const disabled = item('mon_go_3');
    assert.equal(disabled.contextValue, 'monitor.disabled');
    assert.equal(
      disabled.description,
      'disabled · every 1m · Match event · notifies Platform team, notify_email_2 (no longer exists)',
      'a deleted notifier said as such',
    );
    const snoozed = item('mon_snoozed');
    assert.equal(snoozed.contextValue, 'monitor.snoozed');
    assert.match(String(snoozed.description), /^snoozed until /);
    assert.equal((snoozed.iconPath as vscode.ThemeIcon).id, 'bell-slash');
    assert.equal(item('mon_past').contextValue, 'monitor.active', 'a past disabledUntil is not snoozed');
    assert.equal(item('mon_future_4').description, 'SomethingNew · ForecastDeviation');
    assert.equal(checkout.command?.command, 'axiom.openMonitorQuery');
    assert.equal(
      checkout.command?.arguments?.[0],
      view.currentRows.find((row) => row.monitor.id === 'mon_errors_1')?.monitor,
      'a click passes the monitor itself',
    );
  });

  it("monitors in the Go SDK's shapes: listed, with rows and hovers that read as any other", async () => {
    const view = await refreshedView();
    const row = (id: string) => view.currentRows.find((r) => r.monitor.id === id)!;
    const item = (id: string) => view.getTreeItem(row(id));
    const hover = (id: string) => (view.resolveTreeItem(item(id), row(id)).tooltip as vscode.MarkdownString).value;
    for (const monitor of GO_SDK_MONITORS) {
      assert.equal(item(monitor.id).label, monitor.name);
      assert.equal(item(monitor.id).contextValue, 'monitor.active', `${monitor.id}: a zero time is no snooze`);
      assert.equal((item(monitor.id).iconPath as vscode.ThemeIcon).id, 'bell');
      assert.doesNotMatch(
        `${item(monitor.id).description}\n${hover(monitor.id)}`,
        /0001|null|undefined|NaN|oops|not a date|(^|\D)0m/,
        monitor.id,
      );
    }
    assert.equal(
      item('mon_go_nil_5').description,
      `Above 10 · every 5m · Threshold · changed ${formatDay(new Date('2025-04-02T09:30:00Z'))}`,
      'changed a day after it was made, long ago',
    );
    assert.equal(item('mon_go_sdk_6').description, 'At or above 1000 · Unknown type');
    assert.equal(item('mon_nulls_7').description, 'every 10m · Match event');
    assert.equal(item('mon_odd_8').description, 'every 5m · Unknown type');
    assert.match(hover('mon_go_sdk_6'), /^Type: Unknown type {2}$/m);
    assert.match(hover('mon_go_sdk_6'), /^A test monitor$/m);
    assert.doesNotMatch(hover('mon_go_sdk_6'), /Created|Runs every|Over the last|Notifiers/);
    assert.match(hover('mon_go_nil_5'), /^Created: by usr\\_2 on .*2025/m);
    assert.doesNotMatch(hover('mon_go_nil_5'), /Notifiers/);
    assert.match(hover('mon_odd_8'), /^Type: Unknown type {2}$/m);
    // A monitor without a type is a monitor to the commands too.
    const editor = await vscode.commands.executeCommand<vscode.TextEditor>(
      'axiom.openMonitorQuery',
      row('mon_go_sdk_6').monitor,
    );
    assert.equal(editor.document.getText(), "['test'] | count");
  });

  it('a snooze that ends while the list is shown: the row turns active then, with no new request', async () => {
    fake.monitors = [
      {
        id: 'mon_wakes',
        name: 'Wakes soon',
        type: 'Threshold',
        disabledUntil: new Date(Date.now() + 1500).toISOString(),
      },
    ];
    const view = await refreshedView();
    const state = () => view.getTreeItem(view.currentRows[0]).contextValue;
    assert.equal(state(), 'monitor.snoozed');
    const requests = fake.requestsTo('GET /v2/monitors').length;
    await waitFor('the snooze to end', () => state() === 'monitor.active');
    assert.equal(view.getTreeItem(view.currentRows[0]).description, 'Threshold');
    assert.equal(fake.requestsTo('GET /v2/monitors').length, requests);
  });

  it('hover: untrusted markdown, no HTML, the query in one intact fence', async () => {
    const view = await refreshedView();
    const checkout = view.currentRows.find((row) => row.monitor.id === 'mon_errors_1')!;
    const tip = view.resolveTreeItem(view.getTreeItem(checkout), checkout).tooltip as vscode.MarkdownString;
    assert.equal(tip.isTrusted, false);
    assert.equal(tip.supportHtml, false);
    assert.ok(
      tip.value.includes(
        "```axiom-apl\n['http-logs'] | where status >= 500 | summarize count() by bin_auto(_time)\n```",
      ),
    );
    assert.match(tip.value, /Condition: Above 100/);
    assert.ok(tip.value.includes('Notifiers: \\#oncall \\(Slack\\)'), 'the notifier by name and channel');
    const go = view.currentRows.find((row) => row.monitor.id === 'mon_go_3')!;
    const goTip = (view.resolveTreeItem(view.getTreeItem(go), go).tooltip as vscode.MarkdownString).value;
    assert.ok(goTip.includes('Notifiers: Platform team \\(Email\\), notify\\_email\\_2 \\(no longer exists\\)'), goTip);
    assert.ok(!/platform@example|hooks\.slack/.test(goTip + tip.value), 'a channel’s settings are never shown');
    assert.equal(fake.requestsTo('GET /v2/notifiers').length >= 1, true, 'read with the list');

    const hostile = view.currentRows.find((row) => row.monitor.id === 'mon_hostile')!;
    const md = (view.resolveTreeItem(view.getTreeItem(hostile), hostile).tooltip as vscode.MarkdownString).value;
    const query = HOSTILE.aplQuery as string;
    assert.ok(md.includes(`\`\`\`\`axiom-apl\n${query}\n\`\`\`\``), 'a longer fence keeps the query whole');
    const outside = md.replace(`\`\`\`\`axiom-apl\n${query}\n\`\`\`\``, '');
    assert.ok(!/\]\(command:/.test(outside), 'no live command link outside the code block');
    assert.ok(!/(^|[^\\])<(img|script)/.test(outside), 'no unescaped HTML outside the code block');
    assert.ok(outside.includes('\\<img'), 'the name shows its angle brackets as text');
  });

  it('opens a monitor’s query read-only in a tab named after the monitor, the same tab each time, Edit Monitor above it; closing asks nothing', async () => {
    const view = await refreshedView();
    const checkout = view.currentRows.find((row) => row.monitor.id === 'mon_errors_1')!;
    const dirtyBefore = vscode.workspace.textDocuments.filter((d) => d.isDirty).length;
    // A click passes the monitor; a menu passes the row.
    const first = await vscode.commands.executeCommand<vscode.TextEditor>('axiom.openMonitorQuery', checkout.monitor);
    const second = await vscode.commands.executeCommand<vscode.TextEditor>('axiom.openMonitorQueryInNewTab', checkout);
    assert.equal(first.document.languageId, 'axiom-apl');
    assert.equal(first.document.getText(), checkout.monitor.aplQuery);
    assert.equal(first.document.isUntitled, false);
    assert.equal(first.document.uri.scheme, 'axiom-monitor-query');
    assert.equal(first.document.uri.path.split('/').pop(), `${checkout.monitor.name}.apl`);
    assert.equal(second.document.uri.toString(), first.document.uri.toString(), 'one tab per monitor');
    const tab = vscode.window.tabGroups.activeTabGroup.activeTab;
    assert.equal(tab?.label, `${checkout.monitor.name}.apl`);
    assert.equal(tab?.isDirty, false);
    assert.equal(first.document.isDirty, false);
    assert.equal(
      vscode.workspace.textDocuments.filter((d) => d.isDirty).length,
      dirtyBefore,
      'nothing counted as unsaved',
    );
    // Read-only for the person (the journey types into it): its file system writes nothing.
    await assert.rejects(
      Promise.resolve(vscode.workspace.fs.writeFile(first.document.uri, new TextEncoder().encode('x'))),
      /NoPermissions|permission/i,
    );
    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>(
      'vscode.executeCodeLensProvider',
      first.document.uri,
    );
    const edit = lenses.find((lens) => lens.command?.command === 'axiom.editMonitor');
    assert.ok(edit, 'Edit Monitor above the query');
    assert.equal((edit.command?.arguments?.[0] as { id: string }).id, checkout.monitor.id);
    // Closing it asks nothing (a question would keep the command waiting).
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    assert.ok(
      !vscode.window.tabGroups.all.flatMap((g) => g.tabs).some((t) => t.label === `${checkout.monitor.name}.apl`),
    );
  });

  it('a monitor with no query opens no tab', async () => {
    const view = await refreshedView();
    const before = vscode.workspace.textDocuments.length;
    const result = await vscode.commands.executeCommand(
      'axiom.openMonitorQuery',
      view.currentRows.find((row) => row.monitor.id === 'mon_noquery'),
    );
    assert.equal(result, undefined);
    assert.equal(vscode.workspace.textDocuments.length, before);
  });

  it('copies the APL query', async () => {
    const view = await refreshedView();
    await vscode.commands.executeCommand(
      'axiom.copyMonitorQuery',
      view.currentRows.find((row) => row.monitor.id === 'mon_go_3'),
    );
    assert.equal(await vscode.env.clipboard.readText(), "['auth'] | where outcome == 'failure'");
  });

  it('Open in Axiom builds the monitor link from the API host and org id', async () => {
    const view = await refreshedView();
    await setSetting('orgId', 'my-org');
    const link = await vscode.commands.executeCommand<string>(
      'axiom.openMonitorInAxiom',
      view.currentRows.find((row) => row.monitor.id === 'mon_errors_1'),
    );
    assert.equal(link, `${fake.url}/my-org/monitors/mon_errors_1`);
    await setSetting('orgId', undefined);
  });

  const states: { name: string; arrange: () => void; state: string; message?: RegExp; actions: string[] }[] = [
    { name: 'an empty list', arrange: () => (fake.monitors = []), state: 'empty', actions: [] },
    {
      name: '401',
      arrange: () => fake.fail('GET /v2/monitors', { status: 401, body: { message: 'invalid token' } }),
      state: 'errorAuth',
      message: /the token was not accepted \(401\)/,
      actions: ['Set API Token', 'Switch Deployment', 'Retry', 'Test Connection', 'Show Log'],
    },
    {
      name: '403',
      arrange: () =>
        fake.fail('GET /v2/monitors', {
          status: 403,
          body: { code: 403, message: 'token does not have access to resource: monitors with action: read' },
        }),
      state: 'errorAuth',
      message: /not allowed.*monitors with action: read/,
      actions: ['Set API Token', 'Switch Deployment', 'Retry', 'Test Connection', 'Show Log'],
    },
    {
      name: '500',
      arrange: () => fake.fail('GET /v2/monitors', { status: 500, body: { message: 'internal error' } }),
      state: 'error',
      message: /Axiom had a problem \(500\)/,
      actions: ['Retry', 'Test Connection', 'Show Log'],
    },
  ];
  for (const c of states) {
    it(`${c.name}: the view explains itself, offers its actions as rows, and recovers on the next refresh`, async () => {
      c.arrange();
      const view = await refreshedView();
      assert.equal(view.currentState, c.state);
      assert.deepEqual(view.currentRows, []);
      assert.deepEqual(
        actionRows(view).map((row) => row.label),
        c.actions,
      );
      if (c.message) assert.match(String(view.treeView.message), c.message);
      fake.clearFaults();
      fake.monitors = MONITORS;
      await view.refresh();
      assert.equal(view.currentState, 'loaded');
      assert.equal(view.treeView.message, undefined);
      assert.equal(view.currentRows.length, MONITORS.length);
      assert.deepEqual(view.getChildren(), view.currentRows, 'the action rows are gone');
    });
  }

  it('after a 403 the rows run Set API Token, Switch Deployment, Retry, Test Connection and Show Log; none carries a monitor menu; the first says the reason', async () => {
    fake.fail('GET /v2/monitors', {
      status: 403,
      body: { code: 403, message: 'token does not have access to resource: monitors with action: read' },
    });
    const view = await refreshedView();
    const rows = actionRows(view);
    assert.deepEqual(
      rows.map(({ command, icon }) => [command, icon]),
      [
        ['axiom.setToken', 'key'],
        ['axiom.switchDeployment', 'cloud'],
        ['axiom.refreshMonitors', 'refresh'],
        ['axiom.testConnection', 'plug'],
        ['axiom.showLog', 'output'],
      ],
    );
    const commands = await vscode.commands.getCommands(true);
    for (const row of rows) {
      assert.ok(commands.includes(row.command!), `${row.command} is a command`);
      assert.ok(!/^monitor/.test(row.contextValue ?? ''), `no monitor menu on ${labelText(row.label)}`);
      assert.equal(row.tooltip, view.treeView.message, 'the hover says why');
    }
    assert.equal(
      rows[0].accessibleLabel,
      `${view.treeView.message} Set API Token`,
      'a screen reader hears the reason with the first action',
    );
    assert.equal(rows[1].accessibleLabel, 'Switch Deployment');
  });

  it('after a 500 the Retry row reloads the list', async () => {
    fake.fail('GET /v2/monitors', { status: 500, body: { message: 'internal error' } });
    const view = await refreshedView();
    const retry = actionRows(view).find((row) => row.label === 'Retry')!;
    fake.clearFaults();
    const requests = fake.requestsTo('GET /v2/monitors').length;
    await vscode.commands.executeCommand(retry.command!, ...retry.args);
    assert.equal(fake.requestsTo('GET /v2/monitors').length, requests + 1);
    assert.equal(view.currentState, 'loaded');
    assert.equal(view.currentRows.length, MONITORS.length);
    assert.deepEqual(view.getChildren(), view.currentRows);
    assert.equal(view.treeView.message, undefined);
  });

  it('a bad axiom.url is explained before any request, offers Open Settings at axiom.url, and no web-app link is built from it', async () => {
    const { monitorsView } = await activateExtension();
    await monitorsView.refresh();
    const shown = monitorsView.currentRows[0];
    fake.reset();
    await setSetting('url', 'ftp://example.com');
    try {
      await waitFor('the config error state', async () => {
        await monitorsView.refresh();
        return monitorsView.currentState === 'errorConfig';
      });
      assert.match(String(monitorsView.treeView.message), /ftp/);
      assert.equal(fake.requests.length, 0);
      const rows = actionRows(monitorsView);
      assert.deepEqual(
        rows.map((row) => row.label),
        ['Open Settings', 'Show Log'],
      );
      assert.deepEqual(
        [rows[0].command, rows[0].args, rows[0].icon],
        ['workbench.action.openSettings', ['axiom.url'], 'settings-gear'],
      );
      await vscode.commands.executeCommand(rows[0].command!, ...rows[0].args);
      await waitFor(
        'the Settings editor',
        () => vscode.window.tabGroups.activeTabGroup.activeTab?.label === 'Settings',
      );
      await setSetting('orgId', 'my-org');
      assert.equal(await vscode.commands.executeCommand('axiom.openMonitorInAxiom', shown), undefined);
      await vscode.commands.executeCommand('notifications.clearAll');
    } finally {
      await setSetting('orgId', undefined);
      await setSetting('url', fake.url);
    }
  });

  it('a refresh storm (50 in a second) makes one request at a time', async () => {
    const view = await refreshedView();
    fake.reset();
    fake.fail('GET /v2/monitors', { delayMs: 150 });
    fake.fail('GET /v2/monitors', { delayMs: 150 });
    const refreshes: Thenable<unknown>[] = [];
    for (let i = 0; i < 50; i++) {
      refreshes.push(vscode.commands.executeCommand('axiom.refreshMonitors'));
      await new Promise((r) => setTimeout(r, 20));
    }
    await Promise.all(refreshes);
    assert.equal(fake.maxConcurrent, 1);
    const count = fake.requestsTo('GET /v2/monitors').length;
    assert.ok(count >= 1 && count <= 10, `${count} requests for 50 refreshes`);
    assert.equal(view.currentRows.length, MONITORS.length);
  });

  it('a new setting while a load is in flight: that load is cancelled at the service, and the list comes from the new load', async () => {
    const view = await refreshedView();
    fake.reset();
    fake.fail('GET /v2/monitors', { delayMs: 5000, times: 1 });
    const slow = view.refresh();
    await waitFor('the slow load to reach the service', () => fake.requestsTo('GET /v2/monitors').length === 1);
    fake.monitors = MONITORS.slice(0, 2);
    await setSetting('requestTimeoutSeconds', 29);
    try {
      await waitFor('the superseded request to be dropped', () => fake.abandoned.length === 1);
      await slow;
      await waitFor('the new list', () => view.currentRows.length === 2);
      assert.equal(view.currentState, 'loaded');
      assert.equal(fake.requestsTo('GET /v2/monitors').length, 2);
    } finally {
      await setSetting('requestTimeoutSeconds', undefined);
    }
  });
});
