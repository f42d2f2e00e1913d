import * as vscode from 'vscode';
import type { AxiomClient } from '../core/api/client';
import { isAxiomError } from '../core/api/errors';
import { adviceFor } from '../core/api/errorAdvice';
import { phrase, type Phrase } from '../core/phrase';
import { actionCommand, actionIcon, actionLabel, offeredActions, type OfferedAction } from './adviceActions';
import { localize, say } from './l10n';
import type { LazyTree } from './lazyEntries';
import type { Log } from './log';
import { untrustedMarkdown } from './markdown';

/** What a list view shows; also the value of the context key its welcome content reads (an error
 *  state has none: VS Code shows no welcome content beside a message, so its actions are rows). */
export type ListViewState = 'noToken' | 'loading' | 'loaded' | 'empty' | 'error' | 'errorAuth' | 'errorConfig';

/** One load's result: the rows, and how many entries of the answer could not be read. */
export interface Loaded<Row> {
  rows: Row[];
  unreadable: number;
  /** How many entries the description counts, when the rows are not one per entry (groups, say). */
  count?: number;
  /** Set when only part of the list could be loaded: why the rest could not. The part is shown. */
  incomplete?: unknown;
  /**
   * Set when `rows` are only the list's first rows in order (at least pageRows of them; `count`
   * then says how many rows there are in all): makes every row in order, `rows` first. The view
   * shows the first rows at once and calls this on a later turn of the event loop, while VS Code
   * asks for them, or as soon as anything needs more of the list.
   */
  allRows?: () => Row[];
}

/** Where a view gets its client, and hears that it changed (the accounts feature's Connection). */
export interface ClientSource {
  client(): Promise<AxiomClient | undefined>;
  readonly onDidChange: vscode.Event<void>;
}

/** What every feature with a list view is made with: the view's tree, the service and the log. */
export interface ListFeatureDeps<Row> {
  tree: LazyTree<ListElement<Row>>;
  access: ClientSource;
  log: Log;
}

/** The ids that make a list view: its view and its refresh command. Its context keys are named
 *  after the view (constants.ts's viewKey): `<view>.state`, which its `viewsWelcome` entries read,
 *  and `<view>.filtered`, true while a filter is on (the title bar's Clear Filter shows then). */
export interface ListViewIds {
  viewId: string;
  /** The view's refresh command: what its Retry row runs. */
  refreshCommand: string;
  /** A view of lists that can be long shows a page of rows at a time, ending in a row that shows
   *  the next page (with this command, which calls showMore): VS Code makes and keeps an item for
   *  every row it is given, shown or not, and asks for the rows under every row drawn expanded
   *  before it draws any. The top rows are paged when `rowsPerPage` is set; in a view of groups,
   *  each group's rows when `groupRowsPerPage` is. */
  paging?: { showMoreCommand: string; rowsPerPage?: number; groupRowsPerPage?: number };
}

/**
 * In an error state, the view's rows are these: under the message that says why the list is not
 * shown, each row is one way out (Set API Token, Open Settings, Retry…), a click away. Welcome
 * content cannot do this: VS Code hides it while a view has a message, and it cannot say why.
 */
export class ActionRow {
  constructor(
    readonly action: OfferedAction,
    readonly command: vscode.Command,
    /** The failure in words, as the view's message says it. */
    readonly reason: string,
    /** The first row of the actions: a screen reader hears the reason with it. */
    readonly first: boolean,
  ) {}
}

/** The last row of a list longer than the rows shown: shows the next page of the list in hand, or
 *  of a group's rows. */
export class MoreRow<Row = unknown> {
  constructor(
    readonly shown: number,
    readonly total: number,
    readonly next: number,
    /** The row whose rows this one ends; undefined at the top level. */
    readonly group?: Row,
  ) {}
}

/** What a list view's tree holds: the list's rows (a page of them, then a MoreRow), or in an error
 *  state its action rows. */
export type ListElement<Row> = Row | ActionRow | MoreRow<Row>;

/**
 * A tree view of one list from the service, the behaviour every such view shares: it loads on
 * first show, with progress in the view; a refresh that arrives while a load is in flight joins
 * it, and a new token or new settings restart it (the load in flight is cancelled); the state
 * (no token, loading, loaded, empty, error by kind) goes to a context key for the welcome
 * content; a failure becomes one sentence in the view's message and the log, with the actions
 * that help as the tree's rows; hovers are untrusted markdown, built only when a person hovers.
 * Every list view filters the same way: the title bar's Filter asks for a text (or takes
 * `{ text }`), the rows are filtered by it with no request (matchesFilter), the description says
 * how many of how many are shown, and Clear Filter shows up while a filter is on. A view may have
 * filters of its own besides (Clear Filter clears them too), or ask the service with the text when
 * the list in hand is not all of it (filterChanged).
 * Subclasses say how to load and how a row looks.
 */
export abstract class ListView<Row extends object>
  implements vscode.TreeDataProvider<ListElement<Row>>, vscode.Disposable
{
  /** Fires with a group whose rows changed, or with nothing when the whole tree did. */
  private readonly changed = new vscode.EventEmitter<Row | void>();
  readonly onDidChangeTreeData = this.changed.event;
  readonly treeView: vscode.TreeView<ListElement<Row>>;
  /** The view's tree as activation registered it: it marks the rows the view hands out as the extension's own. */
  private readonly lazyTree: LazyTree<ListElement<Row>>;
  /** The list in hand, in order; only its first rows while `rest` is set. */
  private list: Row[] = [];
  /** Set while only the first rows of the list in hand are in order: makes all of them. */
  private rest?: { all: () => Row[]; timer: ReturnType<typeof setTimeout> };
  /** Set only in an error state, when there are no rows. */
  private actions: ActionRow[] = [];
  private loaded = false;
  private inFlight?: { promise: Promise<void>; controller: AbortController };
  private state: ListViewState = 'loading';
  private filterText = '';
  /** The entries of the list in hand, as the description counts them. */
  private count = 0;
  /** How many of the top rows are shown (paging); grows with each Show More. */
  private rowLimit: number;
  /** How many of a group's rows are shown, once a Show More under it grew it (a list loaded anew
   *  has new groups, so they start at a page again). */
  private readonly groupLimits = new WeakMap<Row, number>();
  protected readonly subscriptions: vscode.Disposable[] = [];
  private readonly clientSource: ClientSource;
  private readonly viewLog: Log;

  constructor(
    private readonly ids: ListViewIds,
    deps: ListFeatureDeps<Row>,
  ) {
    this.treeView = deps.tree.treeView;
    this.lazyTree = deps.tree;
    this.clientSource = deps.access;
    this.viewLog = deps.log;
    this.rowLimit = this.firstPage;
    deps.tree.provide(this);
    this.subscriptions.push(
      // A new token or new settings make the list in hand stale: start over, dropping any load in
      // flight, at the first page. A view never loaded asks for nothing: it loads when it is first shown.
      deps.access.onDidChange(() => {
        this.rowLimit = this.firstPage;
        if (this.loaded || this.inFlight) void this.refresh({ restart: true });
      }),
    );
  }

  /** Fetches and reads the list; `signal` fires when the load is superseded. */
  protected abstract fetch(client: AxiomClient, signal: AbortSignal): Promise<Loaded<Row>>;
  /** What the failure message says was being done, e.g. "Loading monitors". */
  protected abstract readonly doing: Phrase;
  /** The view's description for a list of this many rows, e.g. "12 monitors". */
  protected abstract describeCount(count: number): string;
  /** How a row of the list looks. */
  protected abstract rowItem(row: Row): vscode.TreeItem;
  /** The row's hover as markdown; every value from the service in it escaped or fenced. */
  protected abstract hoverMarkdown(row: Row): string | undefined;
  /** Called whenever the rows shown change. */
  protected rowsShown(): void {}
  /** The rows under a row (a group's, say; loaded when it is expanded, if need be); none by default. */
  protected childrenOf(_row: Row): ListElement<Row>[] | Promise<ListElement<Row>[]> {
    return [];
  }
  /** Whether a row is shown under the filter text (each view says what a text matches). */
  protected abstract matchesFilter(row: Row, text: string): boolean;
  /** The title bar's Filter: the input box's title and prompt, in the view's words. */
  protected abstract readonly filterWords: { title: string; prompt: string };

  /** The text the rows are filtered by ('' for none). */
  get currentFilterText(): string {
    return this.filterText;
  }

  /** The title bar's Filter: a `{ text }` argument sets the text (only a text: nothing else is
   *  read from it); otherwise the person types it. Undefined when dismissed. */
  async filter(arg?: unknown): Promise<string | undefined> {
    const given = typeof arg === 'object' && arg !== null ? (arg as { text?: unknown }).text : undefined;
    const text =
      typeof given === 'string'
        ? given
        : await vscode.window.showInputBox({ ...this.filterWords, value: this.filterText });
    if (text !== undefined) await this.setFilterText(text);
    return text;
  }

  /** Filters the rows by a text (an empty text shows all). */
  async setFilterText(text: string): Promise<void> {
    this.filterText = text.trim();
    await this.filterChanged();
  }

  /** The title bar's Clear Filter: every filter off, the view's own too. */
  clearFilter(): Promise<void> {
    return this.setFilterText('');
  }

  /** Whether a filter is on (a view with filters of its own counts them too). */
  protected get filtered(): boolean {
    return Boolean(this.filterText);
  }

  /** A filter changed: the rows in hand are filtered again, with no request. A view whose list in
   *  hand may not be all of it asks the service instead. */
  protected async filterChanged(): Promise<void> {
    await this.showFiltered();
    if (this.listInHand) this.treeView.description = this.describeCount(this.count);
    this.changed.fire();
  }

  /** Sets the context key that shows Clear Filter. */
  protected async showFiltered(): Promise<void> {
    await vscode.commands.executeCommand('setContext', `${this.ids.viewId}.filtered`, this.filtered);
  }

  /** A description under the filter text: `all` alone without one, else "12 of 300 datasets · “k8s”". */
  protected describeFiltered(all: string, shown: () => number): string {
    const text = this.filterText;
    return text ? localize('{0} of {1} · “{2}”', countText(shown()), all, text) : all;
  }

  /** How many rows of the list in hand are shown, the filters applied (a view of groups counts its own way). */
  protected countShown(): number {
    return this.shownRows().length;
  }

  /** The rows of the list in hand, in order. */
  protected get rows(): Row[] {
    this.finishRows();
    return this.list;
  }

  /** Whether arrange() orders or filters the list otherwise than as loaded (a view option is on). */
  protected get arranging(): boolean {
    return false;
  }

  /** The top rows shown: the filter text applied, then the view's arrangement. */
  private shownRows(): Row[] {
    const text = this.filterText;
    return this.arrange(text ? this.rows.filter((row) => this.matchesFilter(row, text)) : this.rows);
  }

  /** A failure in words with the actions that help, as rows: what the view shows in an error state,
   *  and what a row that failed to load its rows shows under it. `retry` is the Retry row's command. */
  protected failureRows(error: unknown, doing: Phrase, retry: vscode.Command): { reason: string; rows: ActionRow[] } {
    const advice = adviceFor(error, doing);
    this.viewLog.error(advice.message);
    const reason = say(advice.message);
    const actions = offeredActions(advice.actions);
    const rows = actions.map(
      (action, i) =>
        new ActionRow(
          action,
          action === 'retry'
            ? { ...retry, title: actionLabel(action) }
            : actionCommand(action, { retry: retry.command, setting: advice.setting }),
          reason,
          i === 0,
        ),
    );
    return { reason, rows };
  }
  /** The row a row is under; undefined for the top level. Needed to reveal a row that is under another. */
  protected parentOf(_row: Row): Row | undefined {
    return undefined;
  }

  /** Loads the list. Calls that arrive while a load is in flight share it, unless `restart` is asked. */
  refresh(options: { restart?: boolean } = {}): Promise<void> {
    if (this.inFlight) {
      if (!options.restart) return this.inFlight.promise;
      this.inFlight.controller.abort();
    }
    const controller = new AbortController();
    const loading = vscode.window.withProgress({ location: { viewId: this.ids.viewId } }, () =>
      this.load(controller.signal),
    );
    const promise = Promise.resolve(loading).then(() => {
      if (this.inFlight?.controller === controller) this.inFlight = undefined;
    });
    this.inFlight = { promise, controller };
    return promise;
  }

  get currentState(): ListViewState {
    return this.state;
  }

  /** The rows of the list shown (none in an error state). */
  get currentRows(): readonly Row[] {
    return this.lazyTree.own(this.rows);
  }

  /** Whether a list is in hand (loaded, or loaded empty), which rows can be changed in place. */
  protected get listInHand(): boolean {
    return this.state === 'loaded' || this.state === 'empty';
  }

  /** The top rows are at hand; a row's own may be loaded when it is expanded. */
  getChildren(): ListElement<Row>[];
  getChildren(element?: ListElement<Row>): ListElement<Row>[] | Promise<ListElement<Row>[]>;
  getChildren(element?: ListElement<Row>): ListElement<Row>[] | Promise<ListElement<Row>[]> {
    // What VS Code hands back to a command from a row's menu is the extension's own (outsideCallers.ts).
    const children = this.children(element);
    return Array.isArray(children) ? this.lazyTree.own(children) : children.then((rows) => this.lazyTree.own(rows));
  }

  private children(element?: ListElement<Row>): ListElement<Row>[] | Promise<ListElement<Row>[]> {
    if (element) {
      if (element instanceof ActionRow || element instanceof MoreRow) return [];
      const rows = this.childrenOf(element);
      return Array.isArray(rows) ? this.groupPage(element, rows) : rows.then((all) => this.groupPage(element, all));
    }
    if (!this.loaded && !this.inFlight) void this.refresh();
    if (this.actions.length) return this.actions;
    const limit = this.rowLimit;
    // The first page of a list whose other rows are not in order yet, as long as it is the list as loaded.
    const rest = this.rest;
    const unordered = rest && limit <= this.list.length && !this.filterText && !this.arranging;
    const rows = unordered ? this.list : this.shownRows();
    const total = unordered ? this.count : rows.length;
    return pageOf(rows, limit, total, this.ids.paging?.rowsPerPage ?? 0);
  }

  /** A group's rows shown: all of them, or a page and its More row in a view that pages groups. */
  private groupPage(group: Row, rows: ListElement<Row>[]): ListElement<Row>[] {
    const perPage = this.ids.paging?.groupRowsPerPage;
    if (perPage === undefined) return rows;
    return pageOf(rows, this.groupLimits.get(group) ?? perPage, rows.length, perPage, group);
  }

  /** How many top rows the view shows: a page, more after Show More (all, for a view without paging). */
  protected get pageRows(): number {
    return this.rowLimit;
  }

  /** How many top rows a list shows before its first Show More (all, for a view without paging). */
  private get firstPage(): number {
    return this.ids.paging?.rowsPerPage ?? Number.POSITIVE_INFINITY;
  }

  /** The More row's command: the next page of rows, the first of them selected (where the More
   *  row was, so that the keyboard goes on from there). The row passes how many were shown when
   *  it was drawn: a second call from the same row (a double-click runs its command twice) adds
   *  nothing. A group's More row passes its group too: that group's next page. */
  async showMore(shownByRow?: unknown, group?: unknown): Promise<void> {
    const paging = this.ids.paging;
    if (group !== undefined) return this.showMoreOf(group, shownByRow);
    const perPage = paging?.rowsPerPage;
    if (perPage === undefined || (typeof shownByRow === 'number' && shownByRow !== this.rowLimit)) return;
    const first = this.shownRows()[this.rowLimit];
    if (first === undefined) return;
    this.rowLimit += perPage;
    this.changed.fire();
    if (this.treeView.visible) await this.treeView.reveal(first, { select: true, focus: true });
  }

  /** The next page of a group's rows; nothing unless `group` is a row of the list in hand. */
  private async showMoreOf(group: unknown, shownByRow: unknown): Promise<void> {
    const perPage = this.ids.paging?.groupRowsPerPage;
    const row = this.rows.find((candidate) => candidate === group);
    if (perPage === undefined || row === undefined) return;
    const limit = this.groupLimits.get(row) ?? perPage;
    if (typeof shownByRow === 'number' && shownByRow !== limit) return;
    const first = (await this.childrenOf(row))[limit];
    if (first === undefined) return;
    this.groupLimits.set(row, limit + perPage);
    this.changed.fire(row);
    if (this.treeView.visible) await this.treeView.reveal(first, { select: true, focus: true });
  }

  /** Selects a row of the list shown (the page grows to it if need be), without taking the focus. */
  protected async revealRow(row: Row): Promise<void> {
    const perPage = this.ids.paging?.rowsPerPage;
    const index = this.shownRows().indexOf(row);
    if (index < 0) return;
    if (perPage !== undefined && index >= this.rowLimit) {
      this.rowLimit = Math.ceil((index + 1) / perPage) * perPage;
      this.changed.fire();
    }
    if (this.treeView.visible) await this.treeView.reveal(row, { select: true, focus: false });
  }

  /** The rows as the view shows them: a subclass may order or filter the list (a view option). */
  protected arrange(rows: Row[]): Row[] {
    return rows;
  }

  /** Draws the rows again (their words changed, or the arrangement did). */
  protected redraw(): void {
    this.changed.fire();
  }

  getParent(element: ListElement<Row>): ListElement<Row> | undefined {
    if (element instanceof ActionRow) return undefined;
    return element instanceof MoreRow ? element.group : this.parentOf(element);
  }

  getTreeItem(element: ListElement<Row>): vscode.TreeItem {
    if (element instanceof ActionRow) return actionItem(element);
    if (element instanceof MoreRow) return moreItem(element, this.ids.paging?.showMoreCommand ?? '');
    return this.rowItem(element);
  }

  resolveTreeItem(item: vscode.TreeItem, element: ListElement<Row>): vscode.TreeItem {
    if (element instanceof ActionRow || element instanceof MoreRow) return item;
    const markdown = this.hoverMarkdown(element);
    if (markdown !== undefined) item.tooltip = untrustedMarkdown(markdown);
    return item;
  }

  /** Shows other rows for the same list (made again, say, because time changed their words). */
  protected replaceRows(rows: Row[]): void {
    this.dropRest();
    this.list = rows;
    this.rowsShown();
    this.changed.fire();
  }

  /** The whole list in order, when only its first rows were (Loaded.allRows); then as any list shown. */
  private finishRows(): void {
    const rest = this.rest;
    if (!rest) return;
    this.dropRest();
    let rows: Row[];
    try {
      rows = rest.all();
    } catch (error) {
      this.showFailure(error);
      return;
    }
    this.list = rows;
    this.rowsShown();
  }

  private dropRest(): void {
    clearTimeout(this.rest?.timer);
    this.rest = undefined;
  }

  /** Shows the list in hand changed without a load (an entry added, renamed, deleted or filtered
   *  out): its rows, and `count` entries in the description and the state. */
  protected changeRows(rows: Row[], count: number = rows.length): void {
    this.count = count;
    this.treeView.description = this.describeCount(count);
    void this.setState(count ? 'loaded' : 'empty');
    this.replaceRows(rows);
  }

  /** The list, or 'noToken' when there is no token to ask with. By default: the window's client,
   *  then fetch; a view of what this machine keeps (no service to ask) loads its own way. */
  protected async loadList(signal: AbortSignal): Promise<Loaded<Row> | 'noToken' | undefined> {
    const client = await this.clientSource.client();
    if (signal.aborted) return undefined;
    if (!client) return 'noToken';
    // The state goes to VS Code beside the request, not before it (a round trip to the window).
    if (!this.loaded) void this.setState('loading');
    return this.fetch(client, signal);
  }

  private async load(signal: AbortSignal): Promise<void> {
    try {
      const list = await this.loadList(signal);
      if (signal.aborted || list === undefined) return;
      if (list === 'noToken') {
        this.show([], 'noToken');
        return;
      }
      const { rows, unreadable, count = rows.length, incomplete, allRows } = list;
      this.show(rows, count ? 'loaded' : 'empty', [], count, allRows);
      const notes: string[] = [];
      if (incomplete !== undefined) {
        // What loaded stays; the message says what did not, and why.
        const advice = adviceFor(incomplete, this.doing);
        this.viewLog.error(advice.message);
        notes.push(say(phrase('{0} Only the first {1} are shown.', advice.message, countText(count))));
      }
      if (unreadable) {
        notes.push(
          unreadable === 1
            ? localize('1 entry could not be read and is not shown; see the log.')
            : localize('{0} entries could not be read and are not shown; see the log.', countText(unreadable)),
        );
      }
      if (notes.length) this.treeView.message = notes.join(' ');
    } catch (error) {
      if (signal.aborted || (isAxiomError(error) && error.kind === 'cancelled')) return;
      this.showFailure(error);
    }
  }

  /** The error state: the failure in the view's message, the actions that help as its rows. */
  private showFailure(error: unknown): void {
    const { reason, rows: actions } = this.failureRows(error, this.doing, {
      command: this.ids.refreshCommand,
      title: '',
    });
    const kind = isAxiomError(error) ? error.kind : undefined;
    this.show(
      [],
      kind === 'auth' || kind === 'forbidden' ? 'errorAuth' : kind === 'config' ? 'errorConfig' : 'error',
      actions,
    );
    this.treeView.message = reason;
  }

  private show(
    rows: Row[],
    state: ListViewState,
    actions: ActionRow[] = [],
    count = rows.length,
    allRows?: () => Row[],
  ): void {
    this.loaded = true;
    this.count = count;
    this.actions = actions;
    this.treeView.message = undefined;
    void this.setState(state);
    this.dropRest();
    // Only the first rows now, unless a filter or an arrangement shows others: the rest of the list,
    // and what the view does with a list shown, next.
    let rest = allRows;
    if (rest && (this.filterText || this.arranging)) {
      rows = rest();
      rest = undefined;
    }
    this.list = rows;
    if (rest) this.rest = { all: rest, timer: setTimeout(() => this.finishRows(), 0) };
    this.treeView.description = state === 'loaded' || state === 'empty' ? this.describeCount(count) : undefined;
    if (!rest) this.rowsShown();
    this.changed.fire();
  }

  private async setState(state: ListViewState): Promise<void> {
    this.state = state;
    await vscode.commands.executeCommand('setContext', `${this.ids.viewId}.state`, state);
  }

  dispose(): void {
    this.dropRest();
    this.inFlight?.controller.abort();
    for (const s of this.subscriptions) s.dispose();
    this.changed.dispose();
  }
}

/** An action row as VS Code shows it: the action's name and icon; its hover and, on the first
 *  row, what a screen reader says, carry the reason. No `contextValue` a row's menus match. */
function actionItem(row: ActionRow): vscode.TreeItem {
  const label = actionLabel(row.action);
  const item = new vscode.TreeItem(label, vscode.TreeItemCollapsibleState.None);
  item.iconPath = actionIcon(row.action);
  item.command = row.command;
  item.contextValue = `action.${row.action}`;
  item.tooltip = row.reason;
  item.accessibilityInformation = { label: row.first ? `${row.reason} ${label}` : label };
  return item;
}

/** The first `limit` of `rows` (of `total` in all), then a More row for the next `perPage` when
 *  there are more; `group` is the row they are under (none at the top level). */
function pageOf<Row>(
  rows: ListElement<Row>[],
  limit: number,
  total: number,
  perPage: number,
  group?: Row,
): ListElement<Row>[] {
  if (total <= limit) return rows;
  const page = rows.slice(0, limit);
  page.push(new MoreRow(limit, total, Math.min(perPage, total - limit), group));
  return page;
}

/** The More row as VS Code shows it: "Show 500 more", and how many of how many are shown; its
 *  hover says that the view's filter finds a row among all of them. */
function moreItem<Row>(row: MoreRow<Row>, command: string): vscode.TreeItem {
  const label = localize('Show {0} more', countText(row.next));
  const item = new vscode.TreeItem(label, vscode.TreeItemCollapsibleState.None);
  item.description = localize('{0} of {1} shown', countText(row.shown), countText(row.total));
  item.iconPath = new vscode.ThemeIcon('ellipsis');
  item.command = {
    command,
    title: label,
    arguments: row.group === undefined ? [row.shown] : [row.shown, row.group],
  };
  item.tooltip = localize('The filter in the title bar searches all {0}.', countText(row.total));
  item.contextValue = 'more';
  return item;
}

/** A count as the display language writes it ("1,234" in English). */
export function countText(count: number): string {
  return count.toLocaleString(vscode.env.language);
}
