import * as vscode from 'vscode';
import type { AxiomClient } from '../core/api/client';
import type { DashboardResource } from '../core/api/dashboards';
import { EVERYONE, dashboardRowWords, type DashboardRowWords } from '../core/dashboards/dashboardRows';
import { escapeMarkdown } from '../core/markdown';
import { phrase } from '../core/phrase';
import { matchesText } from '../core/textMatch';
import { COMMANDS, VIEWS } from '../platform/constants';
import { localize, translated } from '../platform/l10n';
import { readUserNames, USER_WORDS, type UserNames } from '../core/users/userNames';
import { countText, ListView, type ListFeatureDeps, type Loaded } from '../platform/listView';
import { listDateFormatter } from '../core/format';
import { inNameOrder } from '../core/monitors/nameSortKey';

/** Context keys of the Dashboards view: its state, and whether a filter is on. */

/**
 * The Dashboards view: every dashboard the token may see, by name, with its owner, its number of
 * charts and its last change (who, when); filtered by the title bar's filter like the other views.
 */
export class DashboardsView extends ListView<DashboardResource> {
  protected readonly doing = phrase('Loading dashboards');
  private readonly words = {
    open: localize('Open Dashboard'),
    everyone: localize('shared with everyone'),
  };
  protected readonly filterWords = {
    title: localize('Filter dashboards'),
    prompt: localize('Shows the dashboards whose name, description, owner or chart names have this text. Empty: all.'),
  };
  private readonly dateText = listDateFormatter();
  private readonly userWords = translated(USER_WORDS);
  /** People's names by id, read with the list (empty where the token may not read them). */
  private userNames: UserNames = new Map();

  constructor(deps: ListFeatureDeps<DashboardResource>) {
    super(
      {
        viewId: VIEWS.dashboards,
        refreshCommand: COMMANDS.refreshDashboards,
      },
      deps,
    );
  }

  /** The dashboards shown, in order (the filter applied). */
  get currentDashboards(): readonly DashboardResource[] {
    const text = this.currentFilterText;
    return text ? this.currentRows.filter((row) => this.matchesFilter(row, text)) : this.currentRows;
  }

  /** The dashboard in hand of that uid. */
  dashboardByUid(uid: string): DashboardResource | undefined {
    return this.rows.find((row) => row.uid === uid);
  }

  /** A dashboard saved, created or deleted from here: its row changes without a reload. */
  updated(resource: DashboardResource): void {
    const rows = this.rows.filter((row) => row.uid !== resource.uid);
    this.changeRows(sortedByName([...rows, resource]));
  }

  removed(uid: string): void {
    this.changeRows(this.rows.filter((row) => row.uid !== uid));
  }

  protected async fetch(client: AxiomClient, signal: AbortSignal): Promise<Loaded<DashboardResource>> {
    const [list, names] = await Promise.all([client.listDashboards(signal), readUserNames(client, signal)]);
    this.userNames = names;
    return { rows: sortedByName(list.dashboards), unreadable: list.skipped.length };
  }

  protected describeCount(count: number): string {
    return this.describeFiltered(
      count === 1 ? localize('1 dashboard') : localize('{0} dashboards', countText(count)),
      () => this.countShown(),
    );
  }

  protected matchesFilter(row: DashboardResource, text: string): boolean {
    const { name, description, owner, charts } = row.dashboard;
    return (
      matchesText(name, text) ||
      matchesText(description, text) ||
      matchesText(owner, text) ||
      matchesText(this.rowWords(row).owner, text) ||
      charts.some((chart) => matchesText(chart.name, text))
    );
  }

  protected rowItem(row: DashboardResource): vscode.TreeItem {
    const words = this.rowWords(row);
    const item = new vscode.TreeItem(row.dashboard.name || row.uid, vscode.TreeItemCollapsibleState.None);
    item.id = `dashboard/${row.uid}`;
    item.description = [
      words.owner,
      row.dashboard.charts.length === 1 ? localize('1 chart') : localize('{0} charts', row.dashboard.charts.length),
      words.changed && localize('changed {0}', words.changed),
    ]
      .filter(Boolean)
      .join(' · ');
    item.iconPath = new vscode.ThemeIcon('dashboard');
    item.contextValue = 'dashboard';
    item.command = { command: COMMANDS.openDashboard, title: this.words.open, arguments: [row] };
    return item;
  }

  private rowWords(row: DashboardResource): DashboardRowWords {
    const words = dashboardRowWords(row, this.dateText, this.userNames, this.userWords);
    return row.dashboard.owner === EVERYONE ? { ...words, owner: this.words.everyone } : words;
  }

  protected hoverMarkdown(row: DashboardResource): string {
    const words = this.rowWords(row);
    const lines = [`**${escapeMarkdown(row.dashboard.name)}**`];
    if (row.dashboard.description) lines.push(escapeMarkdown(row.dashboard.description));
    lines.push(
      localize('{0} charts; owner: {1}', row.dashboard.charts.length, escapeMarkdown(words.owner || '—')),
      words.changed
        ? localize('Last changed {0} by {1} (version {2})', words.changed, escapeMarkdown(words.by || '—'), row.version)
        : localize('Version {0}', row.version),
    );
    return lines.join('\n\n');
  }
}

/** Dashboards by name as the other views order what people name (case, accents and the width of
 *  numbers aside), equal names by uid. */
function sortedByName(rows: readonly DashboardResource[]): DashboardResource[] {
  return inNameOrder(
    rows,
    (row) => row.dashboard.name,
    (row) => row.uid,
  );
}
