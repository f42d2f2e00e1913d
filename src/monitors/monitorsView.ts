import * as vscode from 'vscode';
import type { Connection } from '../accounts/connection';
import type { AxiomClient } from '../core/api/client';
import type { Monitor } from '../core/api/schemas';
import { formatDate, listDateFormatter } from '../core/format';
import { phrase } from '../core/phrase';
import { monitorTooltipMarkdown } from '../core/monitors/monitorHover';
import { firstSnoozeEnd, monitorRow, monitorRows, type MonitorRow } from '../core/monitors/monitorRows';
import type { MonitorState } from '../core/monitors/monitorState';
import { COMMANDS, MONITORS_STATE_KEY, VIEWS } from '../platform/constants';
import { countText, ListView, type Loaded } from '../platform/listView';
import type { Log } from '../platform/log';

const STATE_ICONS: Record<MonitorState['kind'], vscode.ThemeIcon> = {
  active: new vscode.ThemeIcon('bell'),
  disabled: new vscode.ThemeIcon('circle-slash', new vscode.ThemeColor('disabledForeground')),
  snoozed: new vscode.ThemeIcon('bell-slash'),
};

/** The Monitors tree: one item per monitor, sorted by name, with a state shown in icon and words.
 *  Its rows are made once per list; each holds its monitor. */
export class MonitorsView extends ListView<MonitorRow> {
  protected readonly doing = phrase('Loading monitors');
  /** Set while a shown monitor is snoozed: fires when the first snooze ends. */
  private wakeTimer?: ReturnType<typeof setTimeout>;
  /** Looked up once: getTreeItem runs for every monitor of the list at each load. */
  private readonly openQueryTitle = vscode.l10n.t('Open Query');

  constructor(connection: Connection, log: Log) {
    super({ viewId: VIEWS.monitors, stateKey: MONITORS_STATE_KEY, refreshCommand: COMMANDS.refreshMonitors, connection, log });
  }

  /** The monitors shown, by name. */
  get currentMonitors(): readonly Monitor[] {
    return this.rows.map((row) => row.monitor);
  }

  protected async fetch(client: AxiomClient, signal: AbortSignal): Promise<Loaded<MonitorRow>> {
    const { monitors, skipped } = await client.listMonitors(signal);
    return { rows: monitorRows(monitors, listDateFormatter()), unreadable: skipped.length };
  }

  protected describeCount(count: number): string {
    return count === 1 ? vscode.l10n.t('1 monitor') : vscode.l10n.t('{0} monitors', countText(count));
  }

  protected rowItem(row: MonitorRow): vscode.TreeItem {
    const { monitor } = row;
    const item = new vscode.TreeItem(row.label, vscode.TreeItemCollapsibleState.None);
    item.id = monitor.id;
    item.description = row.description;
    item.iconPath = STATE_ICONS[row.state];
    item.contextValue = `monitor.${row.state}`;
    item.command = { command: COMMANDS.openMonitorQuery, title: this.openQueryTitle, arguments: [monitor] };
    return item;
  }

  protected hoverMarkdown(row: MonitorRow): string {
    return monitorTooltipMarkdown(row.monitor, formatDate);
  }

  /** A row says "snoozed until" only until then: when the first snooze ends, the rows are made
   *  again (same order, no request), and the next end is waited for. */
  protected override rowsShown(): void {
    clearTimeout(this.wakeTimer);
    this.wakeTimer = undefined;
    const end = firstSnoozeEnd(this.rows);
    if (end === undefined) return;
    // A timer waits at most 2³¹−1 ms (about 24 days); a later end is simply looked at again then.
    this.wakeTimer = setTimeout(() => {
      const dates = listDateFormatter();
      const now = Date.now();
      this.replaceRows(this.rows.map((row) => monitorRow(row.monitor, dates, now)));
    }, Math.min(end - Date.now(), 2 ** 31 - 1));
  }

  override dispose(): void {
    clearTimeout(this.wakeTimer);
    super.dispose();
  }
}
