// The starred queries of a list, page by page (the API pages by limit and offset only).
import type { AxiomClient } from '../api/client';
import { isAxiomError } from '../api/errors';
import type { StarredQuery } from '../api/starred';

/** Whose starred queries: the caller's, the team's but the caller's, or everyone's. */
export type StarredOwner = 'mine' | 'team' | 'all';

/** The list the service is asked for: whose, and the filters it applies itself. */
export interface StarredListQuery {
  owner: StarredOwner;
  dataset?: string;
  qs?: string;
}

/** Entries asked for per request (the API allows 1–1000). */
export const PAGE_SIZE = 500;
/** How many a load takes before it stops and offers to load more. */
export const LOAD_MORE_AFTER = 1000;

/** A list as far as it was loaded. */
export interface StarredPages {
  /** In the service's order, each id once. */
  queries: StarredQuery[];
  /** Entries the service sent that were not starred queries the extension can read. */
  skipped: number;
  /** Where the next page starts: the entries the service sent so far. */
  nextOffset: number;
  complete: boolean;
  /** Why the pages after these could not be loaded: the list is incomplete. */
  failure?: unknown;
}

export interface LoadOptions {
  /** A list loaded before, to go on from (Load more); absent = from the start. */
  from?: StarredPages;
  pageSize?: number;
  /** Stop once this many more entries arrived (at the end of a page); the list is then incomplete. */
  upTo?: number;
  signal?: AbortSignal;
}

/**
 * Loads pages until one comes back shorter than asked (the last), or `upTo` entries arrived. A
 * failure of the first page of a fresh list is thrown; a failure after that ends the load with
 * what arrived and the failure, so that nothing loaded is dropped. A cancel is always thrown. A
 * page that brings no id not seen before ends the list too: a service that ignored the offset would
 * otherwise be asked forever.
 */
export async function loadStarredPages(
  client: Pick<AxiomClient, 'listStarredQueries'>,
  query: StarredListQuery,
  options: LoadOptions = {},
): Promise<StarredPages> {
  const pageSize = options.pageSize ?? PAGE_SIZE;
  const upTo = options.upTo ?? Number.POSITIVE_INFINITY;
  const queries = options.from ? [...options.from.queries] : [];
  const seen = new Set(queries.map((q) => q.id));
  let skipped = options.from?.skipped ?? 0;
  let offset = options.from?.nextOffset ?? 0;
  let arrived = 0;
  const who = query.owner === 'mine' ? undefined : query.owner;
  for (;;) {
    if (arrived >= upTo) return { queries, skipped, nextOffset: offset, complete: false };
    let page;
    try {
      page = await client.listStarredQueries(
        { limit: pageSize, offset, who, dataset: query.dataset, qs: query.qs },
        options.signal,
      );
    } catch (error) {
      if ((isAxiomError(error) && error.kind === 'cancelled') || (!options.from && offset === 0)) throw error;
      return { queries, skipped, nextOffset: offset, complete: false, failure: error };
    }
    const sent = page.queries.length + page.skipped.length;
    let fresh = 0;
    for (const q of page.queries) {
      if (seen.has(q.id)) continue;
      seen.add(q.id);
      queries.push(q);
      fresh++;
    }
    skipped += page.skipped.length;
    offset += sent;
    arrived += sent;
    if (sent < pageSize || (fresh === 0 && page.skipped.length === 0))
      return { queries, skipped, nextOffset: offset, complete: true };
  }
}
