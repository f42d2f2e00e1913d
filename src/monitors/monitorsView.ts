import * as vscode from 'vscode';
import { COMMANDS, MONITORS_STATE_KEY, VIEWS, type MonitorsViewState } from '../platform/constants';
import type { Connection } from '../accounts/connection';
import type { Monitor } from '../core/api/schemas';
import { isAxiomError } from '../core/api/errors';
import { adviceFor } from '../core/api/errorAdvice';
import { monitorTooltipMarkdown } from '../core/monitors/monitorHover';
import { firstSnoozeEnd, monitorRow, monitorRows, type MonitorRow } from '../core/monitors/monitorRows';
import type { MonitorState } from '../core/monitors/monitorState';
import type { Log } from '../platform/log';
import { formatDate, listDateFormatter } from '../core/format';

const STATE_ICONS: Record<MonitorState['kind'], vscode.ThemeIcon> = {
  active: new vscode.ThemeIcon('bell'),
  disabled: new vscode.ThemeIcon('circle-slash', new vscode.ThemeColor('disabledForeground')),
  snoozed: new vscode.ThemeIcon('bell-slash'),
};

/** The Monitors tree: one item per monitor, sorted by name, with a state shown in icon and words.
 *  Its elements are the rows, made once per list; each holds its monitor. */
export class MonitorsView implements vscode.TreeDataProvider<MonitorRow>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeTreeData = this.changed.event;
  readonly treeView: vscode.TreeView<MonitorRow>;
  private rows: MonitorRow[] = [];
  /** Set while a shown monitor is snoozed: fires when the first snooze ends. */
  private wakeTimer?: ReturnType<typeof setTimeout>;
  private loaded = false;
  private inFlight?: { promise: Promise<void>; controller: AbortController };
  private state: MonitorsViewState = 'loading';
  private readonly subscriptions: vscode.Disposable[] = [];
  /** Looked up once: getTreeItem runs for every monitor of the list at each load. */
  private readonly openQueryTitle = vscode.l10n.t('Open Query');

  constructor(
    private readonly connection: Connection,
    private readonly log: Log,
  ) {
    this.treeView = vscode.window.createTreeView(VIEWS.monitors, { treeDataProvider: this, showCollapseAll: false });
    this.subscriptions.push(
      this.treeView,
      // A new token or new settings make the list in hand stale: start over, dropping any load in flight.
      connection.onDidChange(() => void this.refresh({ restart: true })),
    );
  }

  /** Loads the list. Calls that arrive while a load is in flight share it, unless `restart` is asked. */
  refresh(options: { restart?: boolean } = {}): Promise<void> {
    if (this.inFlight) {
      if (!options.restart) return this.inFlight.promise;
      this.inFlight.controller.abort();
    }
    const controller = new AbortController();
    const loading = vscode.window.withProgress({ location: { viewId: VIEWS.monitors } }, () => this.load(controller.signal));
    const promise = Promise.resolve(loading).then(() => {
      if (this.inFlight?.controller === controller) this.inFlight = undefined;
    });
    this.inFlight = { promise, controller };
    return promise;
  }

  /** What the view shows now; also the value of the context key its welcome content reads. */
  get currentState(): MonitorsViewState {
    return this.state;
  }

  /** The monitors shown, by name. */
  get currentMonitors(): readonly Monitor[] {
    return this.rows.map((row) => row.monitor);
  }

  getChildren(element?: MonitorRow): MonitorRow[] {
    if (element) return [];
    if (!this.loaded && !this.inFlight) void this.refresh();
    return this.rows;
  }

  getTreeItem(row: MonitorRow): vscode.TreeItem {
    const { monitor } = row;
    const item = new vscode.TreeItem(row.label, vscode.TreeItemCollapsibleState.None);
    item.id = monitor.id;
    item.description = row.description;
    item.iconPath = STATE_ICONS[row.state];
    item.contextValue = `monitor.${row.state}`;
    item.command = { command: COMMANDS.openMonitorQuery, title: this.openQueryTitle, arguments: [monitor] };
    return item;
  }

  /** The hover is built only when a person hovers. */
  resolveTreeItem(item: vscode.TreeItem, row: MonitorRow): vscode.TreeItem {
    item.tooltip = untrustedMarkdown(monitorTooltipMarkdown(row.monitor, formatDate));
    return item;
  }

  private async load(signal: AbortSignal): Promise<void> {
    try {
      const client = await this.connection.client();
      if (signal.aborted) return;
      if (!client) {
        this.show([], 'noToken');
        return;
      }
      if (!this.loaded) await this.setState('loading');
      const { monitors, skipped } = await client.listMonitors(signal);
      if (signal.aborted) return;
      this.show(monitorRows(monitors, listDateFormatter()), monitors.length ? 'loaded' : 'empty');
      if (skipped.length) {
        this.treeView.message = skipped.length === 1 ? vscode.l10n.t('1 entry could not be read and is not shown; see the log.') : vscode.l10n.t('{0} entries could not be read and are not shown; see the log.', countText(skipped.length));
      }
    } catch (error) {
      if (signal.aborted || (isAxiomError(error) && error.kind === 'cancelled')) return;
      const advice = adviceFor(error, 'Loading monitors');
      this.log.error(advice.message);
      const kind = isAxiomError(error) ? error.kind : undefined;
      this.show([], kind === 'auth' || kind === 'forbidden' ? 'errorAuth' : kind === 'config' ? 'errorConfig' : 'error');
      this.treeView.message = advice.message;
    }
  }

  private show(rows: MonitorRow[], state: MonitorsViewState): void {
    this.rows = rows;
    this.scheduleWake();
    this.loaded = true;
    this.treeView.message = undefined;
    this.treeView.description = state === 'loaded' || state === 'empty' ? (rows.length === 1 ? vscode.l10n.t('1 monitor') : vscode.l10n.t('{0} monitors', countText(rows.length))) : undefined;
    void this.setState(state);
    this.changed.fire();
  }

  /** A row says "snoozed until" only until then: when the first snooze ends, the rows are made
   *  again (same order, no request), and the next end is waited for. */
  private scheduleWake(): void {
    clearTimeout(this.wakeTimer);
    this.wakeTimer = undefined;
    const end = firstSnoozeEnd(this.rows);
    if (end === undefined) return;
    // A timer waits at most 2³¹−1 ms (about 24 days); a later end is simply looked at again then.
    this.wakeTimer = setTimeout(() => {
      const dates = listDateFormatter();
      const now = Date.now();
      this.rows = this.rows.map((row) => monitorRow(row.monitor, dates, now));
      this.scheduleWake();
      this.changed.fire();
    }, Math.min(end - Date.now(), 2 ** 31 - 1));
  }

  private async setState(state: MonitorsViewState): Promise<void> {
    this.state = state;
    await vscode.commands.executeCommand('setContext', MONITORS_STATE_KEY, state);
  }

  dispose(): void {
    clearTimeout(this.wakeTimer);
    this.inFlight?.controller.abort();
    for (const s of this.subscriptions) s.dispose();
    this.changed.dispose();
  }
}

/** A count as the display language writes it ("1,234" in English). */
function countText(count: number): string {
  return count.toLocaleString(vscode.env.language);
}

/** Markdown for text from the service: not trusted (no command links), no HTML. */
function untrustedMarkdown(text: string): vscode.MarkdownString {
  const markdown = new vscode.MarkdownString(text, false);
  markdown.isTrusted = false;
  markdown.supportHtml = false;
  return markdown;
}
