/**
 * Where a new results panel opens (`axiom.results.position`). A results table wants width, and so
 * does the query: side by side at 1400 px with the side bar open, the query keeps fewer than 80
 * columns. Below the query's editor group, both keep the window's whole width.
 */

/** The person's choice: below the query's editor group (the default), or beside it. */
export type ResultsPosition = 'below' | 'beside';

export const RESULTS_POSITIONS: readonly ResultsPosition[] = ['below', 'beside'];

/** The setting as written, read tolerantly: anything but "beside" is the default, "below". */
export function readResultsPosition(value: unknown): ResultsPosition {
  return value === 'beside' ? 'beside' : 'below';
}

/** Where to open a new panel: beside the active group (as VS Code's Beside does), in a group that
 *  is there already (by its view column, from 1), or in a new group made below the query's. */
export type ResultsPlacement =
  | { readonly kind: 'beside' }
  | { readonly kind: 'group'; readonly column: number }
  | { readonly kind: 'newGroupBelow'; readonly queryColumn: number };

/**
 * Places a new results panel. `queryColumn` is the view column of the editor that shows the query
 * (none: no editor shows it, so there is nothing to keep room for); `resultsColumns` are those of the
 * results panels open, the most recently used last. Below: the group of the newest results panel
 * that is not the query's own (a second run, or another query's, goes where the results already
 * are), else a new group below the query's. Never the query's own group: the panel would hide it.
 */
export function placeResults(
  position: ResultsPosition,
  queryColumn: number | undefined,
  resultsColumns: readonly (number | undefined)[],
): ResultsPlacement {
  if (position === 'beside' || queryColumn === undefined) return { kind: 'beside' };
  const column = [...resultsColumns].reverse().find((c) => c !== undefined && c >= 1 && c !== queryColumn);
  return column === undefined ? { kind: 'newGroupBelow', queryColumn } : { kind: 'group', column };
}
