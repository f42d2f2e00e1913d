import * as vscode from 'vscode';
import type { BackgroundRequests } from '../platform/backgroundRequests';
import type { ClientAccess } from '../platform/clientAccess';
import type { AxiomClient } from '../core/api/client';
import type { Monitor } from '../core/api/schemas';
import { formatDate, listDateFormatter } from '../core/format';
import { phrase } from '../core/phrase';
import { matchesText } from '../core/textMatch';
import { requireEndpoint } from '../core/api/baseUrl';
import { monitorLink } from '../core/links';
import { monitorHoverMarkdown } from '../core/monitors/monitorHover';
import {
  firstMonitorRows,
  firstSnoozeEnd,
  MONITOR_ROWS_PER_PAGE,
  monitorRow,
  monitorRows,
  monitorRowWords,
  type MonitorRow,
} from '../core/monitors/monitorRows';
import type { MonitorState } from '../core/monitors/monitorState';
import type { MonitorStatus } from '../core/monitors/monitorStatus';
import { listNotifierWords, notifierIndex, type NotifierIndex } from '../core/monitors/monitorNotifiers';
import { lastChangeTime, listChangedWords } from '../core/monitors/monitorWords';
import { triggeredWords } from '../core/monitors/statusWords';
import type { MonitorWords } from '../core/monitors/monitorVocabulary';
import { MinuteTicker } from './minuteTicker';
import { systemClock, type TimerClock } from '../core/polling/timerClock';
import { StatusPoller, type StatusChange } from './statusPoller';
import { COMMANDS, SETTINGS, viewKey, VIEWS } from '../platform/constants';
import type { LazyTree } from '../platform/lazyEntries';
import { countText, ListView, type ListElement, type Loaded } from '../platform/listView';
import type { Log } from '../platform/log';
import { localize } from '../platform/l10n';
import { stepDone } from '../platform/walkthroughSteps';

const STATE_ICONS: Record<MonitorState['kind'], vscode.ThemeIcon> = {
  active: new vscode.ThemeIcon('bell'),
  disabled: new vscode.ThemeIcon('circle-slash', new vscode.ThemeColor('disabledForeground')),
  snoozed: new vscode.ThemeIcon('bell-slash'),
};
const TRIGGERED_ICON = new vscode.ThemeIcon('alert', new vscode.ThemeColor('list.errorForeground'));
/** How long a loaded list waits for the notifiers' names before it shows. */
const NOTIFIERS_WAIT_MS = 300;

/** How the rows are arranged: by name, or triggered first; all, or only the triggered. */
export interface MonitorsArrangement {
  triggeredFirst: boolean;
  onlyTriggered: boolean;
}

/** The Monitors tree: one item per monitor, sorted by name, with a state shown in icon and words,
 *  a page at a time. Its rows are made once per list; each holds its monitor. */
export class MonitorsView extends ListView<MonitorRow> {
  protected readonly doing = phrase('Loading monitors');
  /** Set while a shown monitor is snoozed: fires when the first snooze ends. */
  private wakeTimer?: ReturnType<typeof setTimeout>;
  /** Looked up once: getTreeItem runs for every monitor of the list at each load. */
  private readonly openQueryTitle = localize('Open Query');
  protected readonly filterWords = {
    title: localize('Filter monitors'),
    prompt: localize('Shows the monitors whose name or query has this text. Empty: all.'),
  };
  private readonly poller: StatusPoller;
  private arrangement: MonitorsArrangement = { triggeredFirst: false, onlyTriggered: false };
  /** The web app's page of a monitor of the list shown, when the deployment's org id is known. */
  private appLink?: (monitorId: string) => string;
  /** The organisation's notifiers by id, read with the list (undefined when they could not be). */
  private notifiers?: NotifierIndex;
  /** The rows' words for notifiers and last changes, made once per load (each list of ids, each
   *  answer, once): getTreeItem runs for every row of the list at each redraw. */
  private notifierWords: (ids: readonly string[] | undefined) => string | undefined;
  private changedWords: (time: number) => string;
  private changedWordsAt: number;
  /** Says the rows' times again each minute while the view shows ("triggered 19m ago"). */
  private readonly minutes: MinuteTicker;
  /** The description each row was last drawn with: a minute redraws only when one changed (a
   *  redraw closes a context menu open anywhere in the sidebar). */
  private drawnWords = new WeakMap<MonitorRow, string>();
  /** Dates as the rows of one list say them (a snooze end shared by many rows formatted once). */
  private rowDates = listDateFormatter();
  private rowTexts = new WeakMap<MonitorRow, string>();
  /** The notifiers' request of the last load, which may outlive it: the next load, another
   *  connection and dispose stop it. */
  private notifiersRequest?: AbortController;

  constructor(
    tree: LazyTree<ListElement<MonitorRow>>,
    private readonly connection: ClientAccess,
    /** The window's one budget for background requests (the status checks go through it). */
    background: BackgroundRequests,
    private readonly log: Log,
    /** The words a monitor is described in (rows, hovers, statuses, picks), in the display language. */
    readonly words: MonitorWords,
    /** What the notification's buttons do. */
    private readonly notifyActions: {
      openQuery(monitor: Monitor): Promise<unknown>;
      openInAxiom(monitor: Monitor): Promise<unknown>;
    },
    /** The time the rows' words are said at, and the minute's timer (a test's moves when told). */
    private readonly clock: TimerClock = systemClock,
  ) {
    super(
      {
        viewId: VIEWS.monitors,
        refreshCommand: COMMANDS.refreshMonitors,
        paging: { rowsPerPage: MONITOR_ROWS_PER_PAGE, showMoreCommand: COMMANDS.showMoreMonitors },
      },
      { tree, access: connection, log },
    );
    this.notifierWords = listNotifierWords(undefined, words);
    this.changedWordsAt = clock.now();
    this.changedWords = listChangedWords(this.changedWordsAt, words);
    this.minutes = new MinuteTicker((now) => this.minutePassed(now), clock);
    this.poller = new StatusPoller(
      connection,
      background,
      log,
      // Monitors that run, in the order shown; disabled and snoozed ones are turned off, not asked about.
      () =>
        this.arrange(this.rows)
          .filter((row) => row.state === 'active')
          .map((row) => row.monitor.id),
      () => this.treeView.visible && this.currentState === 'loaded',
      (changes) => this.statusesChanged(changes),
    );
    this.subscriptions.push(
      this.poller,
      this.treeView.onDidChangeVisibility(() => {
        if (this.treeView.visible) stepDone('monitorsShown');
        this.poller.scheduleWhenDue();
        this.minutes.setRunning(this.treeView.visible);
      }),
      // Another deployment's notifiers are not this one's: ids until its own are read.
      connection.onDidChange(() => {
        this.notifiersRequest?.abort();
        this.useNotifiers(undefined);
      }),
    );
    if (this.treeView.visible) stepDone('monitorsShown');
    this.minutes.setRunning(this.treeView.visible);
  }

  /** The status of a monitor: undefined until its history is read (or when it cannot be). */
  status(monitorId: string): MonitorStatus | undefined {
    return this.poller.tracker.status(monitorId);
  }

  /** Reads the statuses of these monitors now, within the status checks' request budget. */
  readStatuses(ids: readonly string[], signal: AbortSignal): Promise<{ forbidden: boolean }> {
    return this.poller.readStatuses(ids, signal);
  }

  /** Orders or filters the rows; the title bar's buttons call this. Only Triggered is this view's
   *  filter besides the text: Clear Filter clears it too. */
  async setArrangement(change: Partial<MonitorsArrangement>): Promise<void> {
    this.arrangement = { ...this.arrangement, ...change };
    await vscode.commands.executeCommand(
      'setContext',
      viewKey('monitors', 'triggeredFirst'),
      this.arrangement.triggeredFirst,
    );
    await vscode.commands.executeCommand(
      'setContext',
      viewKey('monitors', 'onlyTriggered'),
      this.arrangement.onlyTriggered,
    );
    await this.showFiltered();
    this.redraw();
  }

  protected override get filtered(): boolean {
    return super.filtered || this.arrangement.onlyTriggered;
  }

  override async clearFilter(): Promise<void> {
    if (this.arrangement.onlyTriggered) await this.setArrangement({ onlyTriggered: false });
    await super.clearFilter();
  }

  protected override async filterChanged(): Promise<void> {
    await super.filterChanged();
    this.showStatusCounts();
  }

  protected matchesFilter(row: MonitorRow, text: string): boolean {
    return matchesText(row.monitor.name, text) || matchesText(row.monitor.aplQuery, text);
  }

  protected override get arranging(): boolean {
    return this.arrangement.triggeredFirst || this.arrangement.onlyTriggered;
  }

  protected override arrange(rows: MonitorRow[]): MonitorRow[] {
    if (!this.arranging) return rows;
    const triggered = rows.filter((row) => this.triggered(row));
    return this.arrangement.onlyTriggered ? triggered : [...triggered, ...rows.filter((row) => !this.triggered(row))];
  }

  private triggered(row: MonitorRow): boolean {
    return row.state === 'active' && this.status(row.monitor.id)?.kind === 'triggered';
  }

  private statusesChanged(changes: StatusChange[]): void {
    // A first "normal" looks as no status did: only a change to or from triggered is drawn (a
    // redraw of the view closes a context menu open anywhere in the sidebar).
    if (changes.some((c) => c.after.kind === 'triggered' || c.before?.kind === 'triggered')) {
      this.showStatusCounts();
      this.redraw();
    }
    void this.notify(changes).catch(() => undefined);
  }

  /** The count of triggered monitors in the view's description and as its badge, which VS Code
   *  shows on the Axiom icon in the activity bar. */
  private showStatusCounts(): void {
    if (this.currentState !== 'loaded') {
      this.treeView.badge = undefined;
      return;
    }
    const triggered = this.rows.filter((row) => this.triggered(row)).length;
    if ((this.treeView.badge?.value ?? 0) !== triggered) {
      this.treeView.badge = triggered
        ? {
            value: triggered,
            tooltip:
              triggered === 1
                ? localize('1 monitor triggered')
                : localize('{0} monitors triggered', countText(triggered)),
          }
        : undefined;
    }
    const description = triggered
      ? localize('{0} triggered · {1}', countText(triggered), this.describeCount(this.rows.length))
      : this.describeCount(this.rows.length);
    if (this.treeView.description !== description) this.treeView.description = description;
  }

  /** One notification for the monitors that turned triggered or back to normal (opt-in). */
  private async notify(changes: StatusChange[]): Promise<void> {
    if (!vscode.workspace.getConfiguration(SETTINGS.section).get<boolean>(SETTINGS.statusNotify)) return;
    // The first status of a monitor is not a change a person needs telling about.
    const turned = changes.filter((c) => c.before && c.before.kind !== c.after.kind);
    if (!turned.length) return;
    const name = (id: string) => this.rows.find((row) => row.monitor.id === id)?.monitor.name ?? id;
    const triggered = turned.filter((c) => c.after.kind === 'triggered');
    const normal = turned.filter((c) => c.after.kind === 'normal');
    const message =
      turned.length === 1
        ? triggered.length
          ? localize('Axiom monitor “{0}” is triggered.', name(turned[0].id))
          : localize('Axiom monitor “{0}” is back to normal.', name(turned[0].id))
        : localize('Axiom monitors: {0} triggered, {1} back to normal.', triggered.length, normal.length);
    const first = this.rows.find((row) => row.monitor.id === (triggered[0] ?? turned[0]).id)?.monitor;
    const [openQuery, openInAxiom] = [localize('Open Query'), localize('Open in Axiom')];
    const show = triggered.length ? vscode.window.showWarningMessage : vscode.window.showInformationMessage;
    const choice = await show(message, ...(first ? [openQuery, openInAxiom] : []));
    if (!first) return;
    if (choice === openQuery) await this.notifyActions.openQuery(first);
    else if (choice === openInAxiom) await this.notifyActions.openInAxiom(first);
  }

  /** The monitors shown, by name. */
  get currentMonitors(): readonly Monitor[] {
    return this.rows.map((row) => row.monitor);
  }

  /** A monitor changed from here (saved, disabled, snoozed): its row is made again, with no list load. */
  updated(monitor: Monitor): void {
    this.changeRows(monitorRows([...this.currentMonitors.filter((m) => m.id !== monitor.id), monitor]));
  }

  /** A monitor created from here: listed and selected. */
  async added(monitor: Monitor): Promise<void> {
    this.updated(monitor);
    const row = this.rows.find((r) => r.monitor.id === monitor.id);
    if (row) await this.revealRow(row);
  }

  /** A monitor deleted from here. */
  removed(id: string): void {
    const rows = this.rows.filter((r) => r.monitor.id !== id);
    this.changeRows(rows);
  }

  protected async fetch(client: AxiomClient, signal: AbortSignal): Promise<Loaded<MonitorRow>> {
    // The notifiers, once per load and beside the list, through the status checks' budget: rows
    // and hovers name them. A token that may not read them (or any failure) leaves the ids shown.
    this.notifiersRequest?.abort();
    const request = new AbortController();
    this.notifiersRequest = request;
    signal.addEventListener('abort', () => request.abort(), { once: true });
    const notifiers = this.poller
      .budgeted(() => client.listNotifiers(request.signal), request.signal)
      .then(notifierIndex, (error: unknown) => {
        if (!request.signal.aborted)
          this.log.warn(
            `notifiers are shown by id: they could not be read (${error instanceof Error ? error.message : String(error)})`,
          );
        return undefined;
      });
    const { monitors, skipped } = await client.listMonitors(signal);
    this.appLink = await this.appLinkMaker();
    // The list waits a moment for them, no more: a sweep of a long list can hold the budget for a
    // minute. Until they come the rows keep the last load's names (ids on the first load).
    let timer: ReturnType<typeof setTimeout> | undefined;
    const waited = await Promise.race([
      notifiers,
      new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), NOTIFIERS_WAIT_MS))),
    ]);
    clearTimeout(timer);
    if (waited !== 'late') {
      // A load superseded meanwhile shows nothing: the names shown stay.
      if (!request.signal.aborted) this.useNotifiers(waited);
    } else {
      void notifiers.then((index) => {
        if (request.signal.aborted) return;
        this.useNotifiers(index);
        this.redraw();
      });
    }
    this.rowTexts = new WeakMap();
    this.rowDates = listDateFormatter();
    // The rows shown in name order go to VS Code first; the rest is put in order after.
    const { first, all } = firstMonitorRows(monitors, this.pageRows);
    return { rows: first, allRows: all, count: monitors.length, unreadable: skipped.length };
  }

  private useNotifiers(index: NotifierIndex | undefined): void {
    this.notifiers = index;
    this.notifierWords = listNotifierWords(index, this.words);
    this.rowTexts = new WeakMap();
  }

  /** Links into the web app of the deployment the list came from; none without an org id (the
   *  Open in Axiom command asks for it) or with a url that is not one. */
  private async appLinkMaker(): Promise<((monitorId: string) => string) | undefined> {
    try {
      const { url, orgId } = await this.connection.deployment();
      if (!orgId) return undefined;
      const endpoint = requireEndpoint(url);
      return (monitorId) => monitorLink(endpoint, orgId, monitorId);
    } catch {
      return undefined;
    }
  }

  protected describeCount(count: number): string {
    return this.describeFiltered(count === 1 ? localize('1 monitor') : localize('{0} monitors', countText(count)), () =>
      this.countShown(),
    );
  }

  protected rowItem(row: MonitorRow): vscode.TreeItem {
    const { monitor } = row;
    const item = new vscode.TreeItem(row.label, vscode.TreeItemCollapsibleState.None);
    item.id = monitor.id;
    const status = row.state === 'active' ? this.status(monitor.id) : undefined;
    item.description = this.description(row);
    this.drawnWords.set(row, item.description);
    if (status?.kind === 'triggered') {
      item.iconPath = TRIGGERED_ICON;
      item.contextValue = 'monitor.triggered';
    } else {
      item.iconPath = STATE_ICONS[row.state];
      item.contextValue = `monitor.${row.state}`;
    }
    item.command = { command: COMMANDS.openMonitorQuery, title: this.openQueryTitle, arguments: [monitor] };
    return item;
  }

  /** A row's words as it shows them: since when it is triggered, then its words. */
  private description(row: MonitorRow): string {
    const status = row.state === 'active' ? this.status(row.monitor.id) : undefined;
    const words = this.rowWords(row);
    return status?.kind === 'triggered' ? `${triggeredWords(status, this.clock.now(), this.words)} · ${words}` : words;
  }

  /** A minute passed while the view shows: the times are said anew, and the rows drawn again when
   *  one of the drawn rows now says another (no request). */
  private minutePassed(now: number): void {
    if (this.currentState !== 'loaded') return;
    this.renewTimeWords(now);
    if (this.rows.some((row) => this.drawnWords.has(row) && this.drawnWords.get(row) !== this.description(row)))
      this.redraw();
  }

  private renewTimeWords(now: number): void {
    this.changedWords = listChangedWords(now, this.words);
    this.changedWordsAt = now;
    this.rowTexts = new WeakMap();
  }

  /** The row's words, then its notifiers by name and when it last changed: made once per row and
   *  minute (getTreeItem runs for every row at each redraw, as after a status check). */
  private rowWords(row: MonitorRow): string {
    const now = this.clock.now();
    if (now - this.changedWordsAt >= 60_000) this.renewTimeWords(now);
    let text = this.rowTexts.get(row);
    if (text === undefined) {
      const { monitor } = row;
      text = monitorRowWords(row, this.rowDates, this.words);
      const notifiers = this.notifierWords(monitor.notifierIds);
      if (notifiers) text += ` · ${notifiers}`;
      const changed = lastChangeTime(monitor);
      if (changed !== undefined) text += ` · ${this.changedWords(changed)}`;
      this.rowTexts.set(row, text);
    }
    return text;
  }

  protected hoverMarkdown(row: MonitorRow): string {
    const { id } = row.monitor;
    // A monitor that does not run has no status to speak of.
    const status =
      row.state === 'active' ? { status: this.status(id), recent: this.poller.tracker.recentChanges(id) } : undefined;
    return monitorHoverMarkdown(row.monitor, formatDate, {
      status,
      appLink: this.appLink?.(id),
      notifiers: this.notifiers,
      words: this.words,
    });
  }

  /** A row says "snoozed until" only until then: when the first snooze ends, the rows are made
   *  again (same order, no request), and the next end is waited for. */
  protected override rowsShown(): void {
    // Statuses load after the list.
    this.showStatusCounts();
    this.poller.schedule(0);
    clearTimeout(this.wakeTimer);
    this.wakeTimer = undefined;
    const end = firstSnoozeEnd(this.rows);
    if (end === undefined) return;
    // A timer waits at most 2³¹−1 ms (about 24 days); a later end is simply looked at again then.
    // An end already past (the rows were made just before it) remakes the rows at once. A timer
    // that fires a little early makes rows that still say "snoozed": they set the next timer.
    this.wakeTimer = setTimeout(
      () => {
        const now = Date.now();
        this.replaceRows(this.rows.map((row) => monitorRow(row.monitor, now)));
      },
      Math.max(0, Math.min(end - Date.now(), 2 ** 31 - 1)),
    );
  }

  override dispose(): void {
    clearTimeout(this.wakeTimer);
    this.minutes.dispose();
    this.notifiersRequest?.abort();
    super.dispose();
  }
}
