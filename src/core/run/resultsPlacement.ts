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
 *  is there already (by its view column, from 1), in a new group made below the query's (or, with
 *  no editor of the query, below the active group), or in the active group (the editor area is empty). */
export type ResultsPlacement =
  | { readonly kind: 'beside' }
  | { readonly kind: 'group'; readonly column: number }
  | { readonly kind: 'newGroupBelow'; readonly queryColumn?: number }
  | { readonly kind: 'active' };

/** What is on screen when a panel opens: view columns count from 1. */
export interface EditorArea {
  /** The column of the editor that shows the query; none when no editor shows it (Show Recent
   *  Events has no document to show). */
  readonly queryColumn?: number;
  /** The columns of the results panels open, the most recently used last (none for a panel that is
   *  not in an editor group). */
  readonly resultsColumns: readonly (number | undefined)[];
  /** Whether the editor area shows anything at all. */
  readonly editorsOpen: boolean;
}

/**
 * Places a new results panel. Beside: as VS Code opens to the side. Below: the group of the newest
 * results panel that is not the query's own (a second run, or another query's, goes where the
 * results already are), else a new group below the query's (without a query editor, below the active
 * group; in an empty editor area, the one group there is). Never the query's own group: the panel
 * would hide it.
 */
export function placeResults(position: ResultsPosition, area: EditorArea): ResultsPlacement {
  const { queryColumn } = area;
  if (position === 'beside') return { kind: 'beside' };
  const column = [...area.resultsColumns].reverse().find((c) => c !== undefined && c >= 1 && c !== queryColumn);
  if (column !== undefined) return { kind: 'group', column };
  if (queryColumn !== undefined) return { kind: 'newGroupBelow', queryColumn };
  return area.editorsOpen ? { kind: 'newGroupBelow' } : { kind: 'active' };
}
