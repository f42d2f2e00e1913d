// What the Starred Queries view shows of a list: the rows in name order, grouped by dataset when
// asked, those the filter matches, and a row to load more when the list is incomplete.
import type { StarredQuery } from '../api/starred';
import { inNameOrder } from '../monitors/nameSortKey';
import { matchesText } from '../textMatch';

export interface StarredRow {
  readonly kind: 'query';
  readonly query: StarredQuery;
  label: string;
  /** The dataset, and the owner when it is not the caller. */
  description: string;
  /** The group the row is in, when grouped. */
  group?: StarredGroup;
}

export interface StarredGroup {
  readonly kind: 'group';
  /** Undefined for the queries with no dataset. */
  readonly dataset: string | undefined;
  readonly rows: StarredRow[];
}

/** The last row of an incomplete list: a click loads the next entries. */
export interface MoreRow {
  readonly kind: 'more';
  /** How many entries are in hand. */
  readonly shown: number;
  /** The last load failed part way (rather than stopping at its size). */
  readonly failed: boolean;
}

export type StarredNode = StarredRow | StarredGroup | MoreRow;

/** What the person filters by, besides whose queries: a text and a dataset. */
export interface StarredFilter {
  text?: string;
  dataset?: string;
}

/** Case aside, the text in the name, the dataset or the APL; the dataset by equality. */
export function matchesFilter(query: StarredQuery, filter: StarredFilter): boolean {
  if (filter.dataset !== undefined && query.dataset !== filter.dataset) return false;
  const text = filter.text?.trim();
  if (!text) return true;
  return matchesText(query.name, text) || matchesText(query.dataset, text) || matchesText(query.query.apl, text);
}

/** `me` is the caller's user id, or empty when unknown (then every owner is named); undefined
 *  when every query is the caller's (then none is). */
export function starredRow(
  query: StarredQuery,
  me: string | undefined,
  ownerText: (id: string) => string = (id) => id,
): StarredRow {
  const owner = me !== undefined && query.who && query.who !== me ? ownerText(query.who) : undefined;
  return { kind: 'query', query, label: query.name, description: [query.dataset, owner].filter(Boolean).join(' · ') };
}

export interface StarredTree {
  /** The view's top level: rows, or groups of rows, then the More row. */
  nodes: StarredNode[];
  /** Every row shown, in name order. */
  rows: StarredRow[];
}

/** The rows the filter matches, by name (equal names by id); in groups by dataset name, the
 *  queries with no dataset last, when `grouped`. */
export function starredTree(
  queries: readonly StarredQuery[],
  options: {
    me: string | undefined;
    filter: StarredFilter;
    grouped: boolean;
    more?: MoreRow;
    /** How a row names another person's query's owner (by id: the id as it is). */
    ownerText?: (id: string) => string;
  },
): StarredTree {
  const matching = queries.filter((q) => matchesFilter(q, options.filter));
  const rows = inNameOrder(
    matching,
    (q) => q.name,
    (q) => q.id,
  ).map((q) => starredRow(q, options.me, options.ownerText));
  const nodes: StarredNode[] = options.grouped ? groupByDataset(rows) : [...rows];
  if (options.more) nodes.push(options.more);
  return { nodes, rows };
}

function groupByDataset(rows: StarredRow[]): StarredGroup[] {
  const byDataset = new Map<string | undefined, StarredGroup>();
  for (const row of rows) {
    const dataset = row.query.dataset;
    let group = byDataset.get(dataset);
    if (!group) byDataset.set(dataset, (group = { kind: 'group', dataset, rows: [] }));
    group.rows.push(row);
    row.group = group;
  }
  const named = [...byDataset.values()].filter((g) => g.dataset !== undefined);
  const groups = inNameOrder(
    named,
    (g) => g.dataset!,
    (g) => g.dataset!,
  );
  const none = byDataset.get(undefined);
  return none ? [...groups, none] : groups;
}

/** The list with `query` in it: in place of the one with its id, or first. */
export function withQuery(queries: readonly StarredQuery[], query: StarredQuery): StarredQuery[] {
  const index = queries.findIndex((q) => q.id === query.id);
  return index < 0 ? [query, ...queries] : queries.map((q, i) => (i === index ? query : q));
}

/** Whether a query belongs in the list of `owner`'s queries, `me` being the caller's id (empty when unknown). */
export function belongsTo(query: StarredQuery, owner: 'mine' | 'team' | 'all', me: string): boolean {
  if (owner === 'all') return true;
  if (!me || !query.who) return owner === 'mine';
  return owner === 'mine' ? query.who === me : query.who !== me;
}
