// Monitor statuses inside the real VS Code: triggered rows, the badge and count, triggered-first and
// only-triggered, a change at the service seen within one poll, polling only while the view shows,
// the hover's last changes and web-app link, and the opt-in notification.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { FakeAxiom } from '../support/fakeAxiom';
import { closeAllEditors, connectedFake, refreshedView, setSetting, waitFor } from './helpers';

const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const MONITORS = [
  { id: 'mon_quiet', name: 'A quiet one', type: 'Threshold', aplQuery: "['a'] | count" },
  { id: 'mon_fire', name: 'B on fire', type: 'Threshold', aplQuery: "['b'] | count" },
  { id: 'mon_off', name: 'C turned off', type: 'Threshold', disabled: true, aplQuery: "['c'] | count" },
];

describe('Monitor status', () => {
  let fake: FakeAxiom;
  const config = () => vscode.workspace.getConfiguration('axiom');
  const historyRequests = () => fake.requestsTo('GET /v2/monitors/*/history').length;

  before(async () => {
    fake = await connectedFake(MONITORS);
    fake.histories.set('mon_quiet', [
      { name: 'A quiet one', checkId: 'c', timestamp: ago(90), state: 'open' },
      { name: 'A quiet one', checkId: 'c', timestamp: ago(80), state: 'closed' },
    ]);
    fake.histories.set('mon_fire', [
      { name: 'B on fire', checkId: 'eu', timestamp: ago(12), state: 'open' },
      { name: 'B on fire', checkId: 'us', timestamp: ago(3), state: 'open' },
    ]);
    await config().update('monitorStatus.pollSeconds', 5, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('workbench.view.extension.axiom');
  });
  after(async () => {
    await config().update('monitorStatus.pollSeconds', undefined, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('axiom.monitorsByName');
    await vscode.commands.executeCommand('axiom.monitorsShowAll');
    await closeAllEditors();
    await fake.stop();
  });

  it('a triggered monitor: its own icon, "triggered … ago" in words, the badge and the count', async () => {
    const view = await refreshedView();
    await waitFor(
      'the statuses',
      () => view.status('mon_fire')?.kind === 'triggered' && view.status('mon_quiet')?.kind === 'normal',
      15_000,
    );
    const item = (id: string) => view.getTreeItem(view.currentRows.find((row) => row.monitor.id === id)!);
    const fire = item('mon_fire');
    assert.match(String(fire.description), /^triggered 12m ago · Threshold$/);
    assert.equal(fire.contextValue, 'monitor.triggered');
    assert.equal((fire.iconPath as vscode.ThemeIcon).id, 'alert');
    assert.equal(item('mon_quiet').contextValue, 'monitor.active');
    assert.equal(item('mon_off').contextValue, 'monitor.disabled');
    assert.equal(view.status('mon_off'), undefined, 'a disabled monitor is not asked about');
    assert.ok(!fake.requestsTo('GET /v2/monitors/*/history').some((r) => r.path.includes('mon_off')));
    assert.equal(view.treeView.badge?.value, 1);
    assert.equal(view.treeView.description, '1 triggered · 3 monitors');
    const hover = (
      view.resolveTreeItem(
        fire,
        view.currentRows.find((row) => row.monitor.id === 'mon_fire')!,
      ).tooltip as vscode.MarkdownString
    ).value;
    assert.match(hover, /Status: \*\*triggered\*\* since .* \(12m ago\)/);
    assert.match(hover, /Triggered for: eu, us/);
    assert.match(hover, /^Last changes:$/m);
    assert.match(
      hover,
      /^- .+ · triggered for us\n- .+ · triggered for eu$/m,
      'the changes newest first, each with its time',
    );
    assert.doesNotMatch(hover, /Open in Axiom/, 'no org id: no link');
  });

  it('the hover links to the monitor in the web app once the org id is known', async () => {
    await setSetting('orgId', 'my-org');
    try {
      // The new setting restarts the list; the link is made for the list loaded with it.
      const view = await refreshedView();
      await waitFor('the list loaded with the org id', async () => {
        await view.refresh();
        const row = view.currentRows.find((r) => r.monitor.id === 'mon_fire');
        const hover = row && (view.resolveTreeItem(view.getTreeItem(row), row).tooltip as vscode.MarkdownString).value;
        return hover?.includes(`[Open in Axiom](${new URL(fake.url).origin}/my-org/monitors/mon_fire)`);
      });
    } finally {
      await setSetting('orgId', undefined);
    }
  });

  it('triggered first, then only triggered, from the title bar', async () => {
    const view = await refreshedView();
    await vscode.commands.executeCommand('axiom.monitorsTriggeredFirst');
    assert.deepEqual(
      view.getChildren().map((row) => ('monitor' in row ? row.monitor.id : 'an action row')),
      ['mon_fire', 'mon_quiet', 'mon_off'],
    );
    await vscode.commands.executeCommand('axiom.monitorsOnlyTriggered');
    assert.deepEqual(
      view.getChildren().map((row) => ('monitor' in row ? row.monitor.id : 'an action row')),
      ['mon_fire'],
    );
    await vscode.commands.executeCommand('axiom.monitorsShowAll');
    await vscode.commands.executeCommand('axiom.monitorsByName');
    assert.equal(view.getChildren().length, 3);
  });

  it('a change at the service shows within one interval; later polls ask only for what is new', async () => {
    const view = await refreshedView();
    fake.histories
      .get('mon_fire')!
      .push(
        { name: 'B on fire', checkId: 'eu', timestamp: new Date().toISOString(), state: 'closed' },
        { name: 'B on fire', checkId: 'us', timestamp: new Date().toISOString(), state: 'closed' },
      );
    const fireHistory = () => fake.requestsTo('GET /v2/monitors/*/history').filter((r) => r.path.includes('mon_fire'));
    const asked = fireHistory().length;
    await waitFor('the monitor back to normal', () => view.status('mon_fire')?.kind === 'normal', 12_000);
    // Counted, not timed: the first poll after the change saw it (one in flight then may have, too).
    assert.ok(fireHistory().length - asked <= 1, `seen after ${fireHistory().length - asked} polls of its history`);
    assert.equal(view.treeView.badge, undefined);
    const last = fake.requestsTo('GET /v2/monitors/*/history').at(-1)!;
    const params = new URL(last.path, 'http://x').searchParams;
    assert.ok(
      Date.parse(params.get('endTime')!) - Date.parse(params.get('startTime')!) < 5 * 60_000,
      'a poll asks for minutes, not the month of the first look',
    );
  });

  it('polling stops while the view is hidden, and starts again when it shows', async () => {
    await vscode.commands.executeCommand('workbench.action.closeSidebar');
    await new Promise((r) => setTimeout(r, 1000));
    const before = historyRequests();
    await new Promise((r) => setTimeout(r, 7000));
    assert.equal(historyRequests(), before, 'no history asked while hidden');
    await vscode.commands.executeCommand('workbench.view.extension.axiom');
    await waitFor('a poll after the view shows again', () => historyRequests() > before, 8000);
  });

  it('Show Monitor History lists the changes newest first', async () => {
    const view = await refreshedView();
    const fire = view.currentRows.find((row) => row.monitor.id === 'mon_fire')!;
    const lines = await vscode.commands.executeCommand<string[]>('axiom.showMonitorHistory', fire, 24);
    assert.equal(lines?.length, 4);
    assert.match(lines[0], /^closed · (eu|us) · /);
    assert.match(lines[3], /^open · eu · /);
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
  });

  it('the opt-in notification: one for monitors that turn together, none when the setting is off', async function () {
    this.timeout(60_000);
    const view = await refreshedView();
    await waitFor(
      'both monitors normal',
      () => view.status('mon_fire')?.kind === 'normal' && view.status('mon_quiet')?.kind === 'normal',
      15_000,
    );
    // The extension host runs the tests and the extension in one process: what the extension asks
    // VS Code to show is recorded here instead of shown.
    const shown: { kind: 'warning' | 'information'; message: string; actions: unknown[] }[] = [];
    const { showWarningMessage, showInformationMessage } = vscode.window;
    const record =
      (kind: 'warning' | 'information') =>
      (message: string, ...actions: unknown[]) => {
        shown.push({ kind, message, actions });
        return Promise.resolve(undefined);
      };
    Object.assign(vscode.window, {
      showWarningMessage: record('warning'),
      showInformationMessage: record('information'),
    });
    /** A sweep now, as after each list load, instead of the next poll's 5 s; resolves once both
     *  monitors were asked (a poll already in flight may be the one that asks: a wait for what it
     *  shows is then one poll longer, never wrong). */
    const sweepNow = async () => {
      const before = historyRequests();
      await view.refresh();
      await waitFor('a sweep', () => historyRequests() >= before + 2, 12_000);
      await new Promise((r) => setTimeout(r, 300));
    };
    const change = (id: string, name: string, state: 'open' | 'closed') =>
      fake.histories.get(id)!.push({ name, checkId: 'eu', timestamp: new Date().toISOString(), state });
    try {
      await config().update('monitorStatus.notify', true, vscode.ConfigurationTarget.Global);
      // Both changed just after a sweep (the next poll is 5 s away), so that no sweep in flight
      // reads one without the other.
      await sweepNow();
      change('mon_quiet', 'A quiet one', 'open');
      change('mon_fire', 'B on fire', 'open');
      await sweepNow();
      await waitFor('a notification', () => shown.length > 0, 12_000);
      await sweepNow();
      assert.equal(view.treeView.badge?.value, 2);
      assert.deepEqual(
        shown,
        [
          {
            kind: 'warning',
            message: 'Axiom monitors: 2 triggered, 0 back to normal.',
            actions: ['Open Query', 'Open in Axiom'],
          },
        ],
        'one notification for both, and no more at the next poll',
      );

      change('mon_quiet', 'A quiet one', 'closed');
      await sweepNow();
      await waitFor('a second notification', () => shown.length > 1, 12_000);
      assert.deepEqual(shown[1], {
        kind: 'information',
        message: 'Axiom monitor “A quiet one” is back to normal.',
        actions: ['Open Query', 'Open in Axiom'],
      });

      await config().update('monitorStatus.notify', false, vscode.ConfigurationTarget.Global);
      change('mon_fire', 'B on fire', 'closed');
      await sweepNow();
      await waitFor('the monitor back to normal', () => view.status('mon_fire')?.kind === 'normal', 12_000);
      await sweepNow();
      assert.equal(shown.length, 2, 'nothing shown with the setting off');
    } finally {
      Object.assign(vscode.window, { showWarningMessage, showInformationMessage });
      await config().update('monitorStatus.notify', undefined, vscode.ConfigurationTarget.Global);
    }
  });
});
