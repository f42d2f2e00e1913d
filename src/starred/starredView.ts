import * as vscode from 'vscode';
import { cancelledError } from '../core/api/errors';
import type { ClientAccess } from '../platform/clientAccess';
import type { AxiomClient } from '../core/api/client';
import type { StarredQuery } from '../core/api/starred';
import { phrase } from '../core/phrase';
import { STARRED_HOVER_WORDS, starredHoverMarkdown, type StarredHoverWords } from '../core/starred/starredHover';
import {
  LOAD_MORE_AFTER,
  loadStarredPages,
  type StarredListQuery,
  type StarredOwner,
  type StarredPages,
} from '../core/starred/starredPages';
import {
  belongsTo,
  starredTree,
  withQuery,
  type MoreRow,
  type StarredFilter,
  type StarredNode,
  type StarredRow,
} from '../core/starred/starredTree';
import { whoAmI } from '../core/starred/whoAmI';
import { COMMANDS, viewKey, VIEWS } from '../platform/constants';
import { localize, translated } from '../platform/l10n';
import { readUserNames, USER_WORDS, userText, type UserNames } from '../core/users/userNames';
import type { LazyTree } from '../platform/lazyEntries';
import { countText, ListView, type ListElement, type Loaded } from '../platform/listView';
import type { Log } from '../platform/log';

/** Where whose queries and the grouping are remembered (the person's choice, in every window). */
const REMEMBERED = { owner: 'axiom.starred.owner', grouped: 'axiom.starred.grouped' } as const;

const OWNERS: readonly StarredOwner[] = ['mine', 'team', 'all'];

export function ownerLabel(owner: StarredOwner): string {
  return owner === 'mine' ? localize('Mine') : owner === 'team' ? localize('Team') : localize('All');
}

/**
 * The Starred Queries tree: the caller's, the team's or everyone's starred queries, by name,
 * filtered by a text (the list views' Filter) and, its own filter besides, a dataset; flat or
 * grouped by dataset. Lists of more than LOAD_MORE_AFTER end in a row that loads more. A filter on
 * a list in hand and whole is applied here, with no request; otherwise the service is asked with
 * it (`qs`, `dataset`), so that the filter also finds the queries not loaded yet, and its answer
 * is matched again here, so that what shows follows one rule (name, dataset or APL) whatever the
 * service matches.
 */
export class StarredView extends ListView<StarredNode> {
  protected readonly doing = phrase('Loading starred queries');
  private owner: StarredOwner;
  private grouped: boolean;
  /** The view's own filter besides the text: one dataset's queries. */
  private dataset?: string;
  /** What the next load asks the service for. */
  private asked: StarredListQuery;
  /** The list as loaded, and what the service was asked for it. */
  private inHand?: { query: StarredListQuery; pages: StarredPages };
  /** The next load goes on from the list in hand (Load more) rather than starting over. */
  private continuing = false;
  /** The caller's user id (empty when the token is no user's). */
  private me = '';
  /** People's names by id, read with the list (empty where the token may not read them). */
  private userNames: UserNames = new Map();
  private readonly userWords = translated(USER_WORDS);
  private shown: StarredRow[] = [];
  private hoverWords?: StarredHoverWords;
  /** Looked up once: getTreeItem runs for every row at each load. */
  private readonly words = {
    open: localize('Open Starred Query'),
    noDataset: localize('No dataset'),
    loadMore: localize('Load More'),
    loadRest: localize('Load the Rest'),
  };
  protected readonly filterWords = {
    title: localize('Filter starred queries'),
    prompt: localize('Shows the queries whose name, dataset or APL has this text. Empty: all.'),
  };

  constructor(
    tree: LazyTree<ListElement<StarredNode>>,
    connection: ClientAccess,
    log: Log,
    private readonly memory: vscode.Memento,
  ) {
    super(
      {
        viewId: VIEWS.starred,
        refreshCommand: COMMANDS.refreshStarredQueries,
      },
      { tree, access: connection, log },
    );
    const remembered = memory.get<unknown>(REMEMBERED.owner);
    this.owner = OWNERS.find((o) => o === remembered) ?? 'mine';
    this.grouped = memory.get<unknown>(REMEMBERED.grouped) === true;
    this.asked = { owner: this.owner };
  }

  /** The context keys of the title bar's buttons are set when the view is first shown, not at activation. */
  private keysSet = false;

  override getChildren(): ListElement<StarredNode>[];
  override getChildren(
    element?: ListElement<StarredNode>,
  ): ListElement<StarredNode>[] | Promise<ListElement<StarredNode>[]>;
  override getChildren(
    element?: ListElement<StarredNode>,
  ): ListElement<StarredNode>[] | Promise<ListElement<StarredNode>[]> {
    if (!this.keysSet) void this.setKeys();
    return super.getChildren(element);
  }

  /** The starred queries shown, in the order shown (flat). */
  get currentQueries(): readonly StarredQuery[] {
    return this.shown.map((row) => row.query);
  }

  /** The rows of the queries shown, in order. */
  get currentQueryRows(): readonly StarredRow[] {
    return this.shown;
  }

  get currentOwner(): StarredOwner {
    return this.owner;
  }

  /** The filter text and the dataset. */
  get currentFilter(): Readonly<StarredFilter> {
    return { text: this.currentFilterText || undefined, dataset: this.dataset };
  }

  /** A starred query in hand, by id. */
  queryById(id: string): StarredQuery | undefined {
    return this.inHand?.pages.queries.find((q) => q.id === id);
  }

  /** Datasets of the queries in hand, by name. */
  datasetsInHand(): string[] {
    const names = new Set<string>();
    for (const q of this.inHand?.pages.queries ?? []) if (q.dataset) names.add(q.dataset);
    return [...names].sort((a, b) => a.localeCompare(b));
  }

  protected async fetch(client: AxiomClient, signal: AbortSignal): Promise<Loaded<StarredNode>> {
    const query = this.asked;
    const hand = this.inHand;
    const from = this.continuing && hand && sameList(hand.query, query) ? hand.pages : undefined;
    this.continuing = false;
    const [pages, me, names] = await Promise.all([
      loadStarredPages(client, query, { from, upTo: LOAD_MORE_AFTER, signal }),
      whoAmI(client),
      // Load More continues the same list: the names read with its first page serve.
      from ? this.userNames : readUserNames(client, signal),
    ]);
    // A load superseded meanwhile (another deployment, say) must not leave its list in hand.
    if (signal.aborted) throw cancelledError();
    this.inHand = { query, pages };
    this.me = me;
    this.userNames = names;
    const tree = this.tree();
    return { rows: tree.nodes, unreadable: pages.skipped, count: tree.rows.length, incomplete: pages.failure };
  }

  protected describeCount(count: number): string {
    const complete = this.inHand?.pages.complete ?? true;
    const parts = [
      ownerLabel(this.owner),
      complete
        ? count === 1
          ? localize('1 query')
          : localize('{0} queries', countText(count))
        : localize('{0} loaded', countText(count)),
    ];
    if (this.currentFilterText) parts.push(`“${this.currentFilterText}”`);
    if (this.dataset) parts.push(this.dataset);
    return parts.join(' · ');
  }

  protected rowItem(node: StarredNode): vscode.TreeItem {
    switch (node.kind) {
      case 'query': {
        const item = new vscode.TreeItem(node.label, vscode.TreeItemCollapsibleState.None);
        item.id = `query/${node.query.id}`;
        item.description = node.description;
        item.iconPath = new vscode.ThemeIcon('star-full');
        item.contextValue = 'starredQuery';
        item.command = { command: COMMANDS.openStarredQuery, title: this.words.open, arguments: [node] };
        return item;
      }
      case 'group': {
        const item = new vscode.TreeItem(
          node.dataset ?? this.words.noDataset,
          vscode.TreeItemCollapsibleState.Expanded,
        );
        item.id = `group/${node.dataset ?? ''}`;
        item.description = countText(node.rows.length);
        item.iconPath = new vscode.ThemeIcon('database');
        item.contextValue = 'starredGroup';
        return item;
      }
      case 'more': {
        const item = new vscode.TreeItem(
          node.failed ? this.words.loadRest : this.words.loadMore,
          vscode.TreeItemCollapsibleState.None,
        );
        item.id = 'more';
        item.description = localize('{0} loaded so far', countText(node.shown));
        item.iconPath = new vscode.ThemeIcon(node.failed ? 'refresh' : 'ellipsis');
        item.contextValue = 'starredMore';
        item.command = { command: COMMANDS.loadMoreStarredQueries, title: this.words.loadMore };
        return item;
      }
    }
  }

  protected hoverMarkdown(node: StarredNode): string | undefined {
    if (node.kind !== 'query') return undefined;
    this.hoverWords ??= translated(STARRED_HOVER_WORDS);
    return starredHoverMarkdown(node.query, this.me, this.hoverWords, this.userNames, this.userWords);
  }

  /** The rows are filtered as the tree is made (starredTree: the name, dataset or APL has the text). */
  protected matchesFilter(): boolean {
    return true;
  }

  protected override childrenOf(node: StarredNode): StarredNode[] {
    return node.kind === 'group' ? node.rows : [];
  }

  protected override parentOf(node: StarredNode): StarredNode | undefined {
    return node.kind === 'query' ? node.group : undefined;
  }

  /** Shows whose queries: loaded anew, with the filters on. Remembered. */
  async setOwner(owner: StarredOwner): Promise<void> {
    this.owner = owner;
    await this.memory.update(REMEMBERED.owner, owner);
    await this.setKeys();
    this.asked = { owner, ...this.askedFilter() };
    await this.refresh({ restart: true });
  }

  async setGrouped(grouped: boolean): Promise<void> {
    this.grouped = grouped;
    await this.memory.update(REMEMBERED.grouped, grouped);
    await this.setKeys();
    if (this.inHand && this.listInHand) this.showInHand();
  }

  /** Shows only the queries of one dataset (empty: every dataset), with the filter text. */
  async filterByDataset(dataset: string): Promise<void> {
    this.dataset = dataset.trim() || undefined;
    await this.filterChanged();
  }

  protected override get filtered(): boolean {
    return super.filtered || this.dataset !== undefined;
  }

  override clearFilter(): Promise<void> {
    this.dataset = undefined;
    return super.clearFilter();
  }

  /** The whole list in hand is filtered here, with no request; a part of it, by asking the service. */
  protected override async filterChanged(): Promise<void> {
    await this.showFiltered();
    const hand = this.inHand;
    if (
      hand &&
      this.listInHand &&
      hand.pages.complete &&
      hand.query.owner === this.owner &&
      !hand.query.dataset &&
      !hand.query.qs
    ) {
      this.asked = hand.query;
      this.showInHand();
      return;
    }
    this.asked = { owner: this.owner, ...this.askedFilter() };
    await this.refresh({ restart: true });
  }

  /** The filter as the service is asked it. */
  private askedFilter(): Pick<StarredListQuery, 'dataset' | 'qs'> {
    return { dataset: this.dataset, qs: this.currentFilterText || undefined };
  }

  /** Loads the next entries of an incomplete list, keeping those in hand. */
  loadMore(): Promise<void> {
    this.continuing = true;
    return this.refresh();
  }

  /**
   * A query starred just now: shown at once, with no request, when a list is in hand that it
   * belongs in and the filter lets it through; then selected, when the view is visible. Returns
   * its row, if it is shown.
   */
  async added(query: StarredQuery): Promise<StarredRow | undefined> {
    const hand = this.inHand;
    if (!hand || !this.listInHand || !belongsTo(query, this.owner, this.me)) return undefined;
    if (hand.query.dataset !== undefined && query.dataset !== hand.query.dataset) return undefined;
    // The offset stays: wherever the service lists the new query, the next page repeats at most
    // one entry in hand, which is dropped as seen.
    hand.pages = { ...hand.pages, queries: withQuery(hand.pages.queries, query) };
    this.showInHand();
    const row = this.shown.find((r) => r.query.id === query.id);
    if (row && this.treeView.visible) await this.treeView.reveal(row, { select: true, focus: false });
    return row;
  }

  /** A query changed here (saved, renamed): its row shows the change, with no request. */
  updated(query: StarredQuery): void {
    const hand = this.inHand;
    if (!hand || !this.listInHand || !hand.pages.queries.some((q) => q.id === query.id)) return;
    hand.pages = { ...hand.pages, queries: withQuery(hand.pages.queries, query) };
    this.showInHand();
  }

  /** A query deleted here: its row goes, with no request. */
  removed(id: string): void {
    const hand = this.inHand;
    if (!hand || !this.listInHand || !hand.pages.queries.some((q) => q.id === id)) return;
    // It was before the offset: the entries after it moved up by one.
    hand.pages = {
      ...hand.pages,
      queries: hand.pages.queries.filter((q) => q.id !== id),
      nextOffset: Math.max(0, hand.pages.nextOffset - 1),
    };
    this.showInHand();
  }

  private tree() {
    const pages = this.inHand!.pages;
    const more: MoreRow | undefined = pages.complete
      ? undefined
      : { kind: 'more', shown: pages.queries.length, failed: pages.failure !== undefined };
    // In a list of the caller's queries, no row names an owner.
    const tree = starredTree(pages.queries, {
      me: this.owner === 'mine' ? undefined : this.me,
      ownerText: (id) => userText(id, this.userNames, this.userWords),
      filter: this.currentFilter,
      grouped: this.grouped,
      more,
    });
    this.shown = tree.rows;
    return tree;
  }

  private showInHand(): void {
    const tree = this.tree();
    this.changeRows(tree.nodes, tree.rows.length);
  }

  private async setKeys(): Promise<void> {
    this.keysSet = true;
    await Promise.all([
      vscode.commands.executeCommand('setContext', viewKey('starred', 'owner'), this.owner),
      vscode.commands.executeCommand('setContext', viewKey('starred', 'grouped'), this.grouped),
    ]);
  }
}

function sameList(a: StarredListQuery, b: StarredListQuery): boolean {
  return a.owner === b.owner && a.dataset === b.dataset && a.qs === b.qs;
}
