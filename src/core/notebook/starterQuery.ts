// The first query a person is offered (New APL Query, a new notebook's starter cell): one that
// reads a dataset that exists, so that it runs as it is.
import { recentEventsQuery } from '../datasets/datasets';

/** The rows a starter query shows: enough to see the fields, few enough to read. */
export const STARTER_ROWS = 10;

/**
 * The dataset to start with: the most recently used of those the token may read, else the first
 * listed. Without the list (no token yet, the service not answering in time), the most recent
 * one; with neither, none.
 */
export function startingDataset(recent: readonly string[], listed: readonly string[] | undefined): string | undefined {
  if (!listed) return recent[0];
  return recent.find((dataset) => listed.includes(dataset)) ?? listed[0];
}

/** The starter query over `dataset`: its newest rows. Without a dataset, `placeholder` names where
 *  one goes (the person's words: the caller's translation). */
export function starterQuery(dataset: string | undefined, placeholder: string): string {
  return dataset === undefined ? placeholder : recentEventsQuery(dataset, STARTER_ROWS);
}
