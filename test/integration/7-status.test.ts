// Monitor statuses inside the real VS Code: triggered rows, the badge and count, triggered-first and
// only-triggered, a change at the service seen within one poll, polling only while the view shows.
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { FakeAxiom } from '../support/fakeAxiom';
import { closeAllEditors, connectedFake, refreshedView, waitFor } from './helpers';

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
    await waitFor('the statuses', () => view.status('mon_fire')?.kind === 'triggered' && view.status('mon_quiet')?.kind === 'normal', 15_000);
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
    const hover = (view.resolveTreeItem(fire, view.currentRows.find((row) => row.monitor.id === 'mon_fire')!).tooltip as vscode.MarkdownString).value;
    assert.match(hover, /Status: \*\*triggered\*\* since .* \(12m ago\)/);
    assert.match(hover, /Open: eu, us/);
  });

  it('triggered first, then only triggered, from the title bar', async () => {
    const view = await refreshedView();
    await vscode.commands.executeCommand('axiom.monitorsTriggeredFirst');
    assert.deepEqual(view.getChildren().map((row) => ('monitor' in row ? row.monitor.id : 'an action row')), ['mon_fire', 'mon_quiet', 'mon_off']);
    await vscode.commands.executeCommand('axiom.monitorsOnlyTriggered');
    assert.deepEqual(view.getChildren().map((row) => ('monitor' in row ? row.monitor.id : 'an action row')), ['mon_fire']);
    await vscode.commands.executeCommand('axiom.monitorsShowAll');
    await vscode.commands.executeCommand('axiom.monitorsByName');
    assert.equal(view.getChildren().length, 3);
  });

  it('a change at the service shows within one interval; later polls ask only for what is new', async () => {
    const view = await refreshedView();
    fake.histories.get('mon_fire')!.push(
      { name: 'B on fire', checkId: 'eu', timestamp: new Date().toISOString(), state: 'closed' },
      { name: 'B on fire', checkId: 'us', timestamp: new Date().toISOString(), state: 'closed' },
    );
    const started = Date.now();
    await waitFor('the monitor back to normal', () => view.status('mon_fire')?.kind === 'normal', 12_000);
    assert.ok(Date.now() - started < 11_000, `seen after ${Date.now() - started} ms, the interval is 5 s`);
    assert.equal(view.treeView.badge, undefined);
    const last = fake.requestsTo('GET /v2/monitors/*/history').at(-1)!;
    const params = new URL(last.path, 'http://x').searchParams;
    assert.ok(Date.parse(params.get('endTime')!) - Date.parse(params.get('startTime')!) < 5 * 60_000, 'a poll asks for minutes, not the month of the first look');
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
    assert.match(lines![0], /^closed · (eu|us) · /);
    assert.match(lines![3], /^open · eu · /);
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
  });
});
