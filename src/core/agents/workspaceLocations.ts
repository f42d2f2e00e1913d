// Where in the workspace the events of a query's answer come from, for the query tool (and so for
// @axiom, which calls it): each of the first rows that names a place in code (its code.* attributes
// or its exception's stack trace: core/code/codePlaces.ts placesInRow) and whose path maps to a file
// of the workspace (platform/codeLocations.ts, handed in as `locate`) gets a line in a data block
// of its own: the table, the row, the file relative to the workspace, the line and column. Paths
// only: no file is read. Bounded: the first rows only, at most MOST_PATHS distinct paths looked up,
// each once. The paths, written by whoever wrote the logs or named the files, are data: they go
// inside the framing (resultText.ts), never into our sentences, which give counts alone.
import type { ResultTable } from '../api/tabular';
import { placesInRow, type CodePlace } from '../code/codePlaces';
import type { DataBlock, ToolReport } from './resultText';

/** The most distinct paths one answer looks up in the workspace (each a search of its files). */
export const MOST_PATHS = 20;

/** The file of the workspace a place is in, as a path relative to the workspace; undefined when none is. */
export type LocatePlace = (place: CodePlace) => Promise<string | undefined>;

/** The first place one event (a row of a table) names. */
export interface EventPlace {
  /** The table's index in the answer. */
  readonly table: number;
  /** The row's index in its table, from 0: its position in the rows block. */
  readonly row: number;
  readonly place: CodePlace;
}

/** A workspace location as the block carries it. */
export interface WorkspaceLocation {
  readonly table: number;
  readonly row: number;
  readonly file: string;
  readonly line?: number;
  readonly column?: number;
}

export const LOCATIONS_LABEL = 'code locations in this workspace';

/** The first place each of the first `rows` rows of each table names, in order. */
export function eventPlaces(
  tables: readonly Pick<ResultTable, 'fields' | 'columns' | 'rowCount'>[],
  rows: number,
): EventPlace[] {
  const found: EventPlace[] = [];
  tables.forEach((table, index) => {
    for (let r = 0; r < Math.min(table.rowCount, rows); r++) {
      const event = Object.fromEntries(table.fields.map((field, c) => [field.name, table.columns[c]?.[r]]));
      const [place] = placesInRow(event);
      if (place) found.push({ table: index, row: r, place });
    }
  });
  return found;
}

/** What was found of the events' places: those in the workspace, and how many were not. */
export interface LocatedEvents {
  readonly located: readonly WorkspaceLocation[];
  /** Events whose place was looked up and maps to no file of the workspace. */
  readonly unmapped: number;
  /** Events whose path was not looked up (beyond the first MOST_PATHS distinct paths). */
  readonly notLookedUp: number;
  /** How many lookups were made (one per distinct path). */
  readonly lookups: number;
}

/** Looks up each distinct path of the events' places once (the first MOST_PATHS of them). A lookup
 *  that fails counts as a place in no file. */
export async function locateEvents(events: readonly EventPlace[], locate: LocatePlace): Promise<LocatedEvents> {
  const firstOfPath = new Map<string, CodePlace>();
  for (const { place } of events)
    if (!firstOfPath.has(place.path) && firstOfPath.size < MOST_PATHS) firstOfPath.set(place.path, place);
  const files = new Map<string, string | undefined>();
  await Promise.all(
    [...firstOfPath].map(async ([path, place]) => {
      files.set(path, await locate(place).catch(() => undefined));
    }),
  );
  const located: WorkspaceLocation[] = [];
  let unmapped = 0;
  let notLookedUp = 0;
  for (const { table, row, place } of events) {
    if (!files.has(place.path)) notLookedUp++;
    else {
      const file = files.get(place.path);
      if (file === undefined) unmapped++;
      else
        located.push({
          table,
          row,
          file,
          ...(place.line !== undefined && { line: place.line }),
          ...(place.column !== undefined && { column: place.column }),
        });
    }
  }
  return { located, unmapped, notLookedUp, lookups: firstOfPath.size };
}

/** The report with the events' workspace locations added: our sentence of counts, and the
 *  locations in a data block of their own after the others. Unchanged when no event names a place. */
export function withLocations(report: ToolReport, events: readonly EventPlace[], found: LocatedEvents): ToolReport {
  if (events.length === 0) return report;
  const { located, unmapped, notLookedUp } = found;
  const said = [
    `${events.length} of the rows read name a place in code; ${located.length} of them map to a file of the person's VS Code workspace (the block "${LOCATIONS_LABEL}": table, row from 0 as in its rows block, the file relative to the workspace, line and column; no file was read).`,
    ...(unmapped ? [`${unmapped} name a place that maps to no file of the workspace.`] : []),
    ...(notLookedUp ? [`${notLookedUp} were not looked up (only the first ${MOST_PATHS} distinct paths are).`] : []),
  ];
  const block: DataBlock = { label: LOCATIONS_LABEL, items: located };
  return {
    ...report,
    notes: [...(report.notes ?? []), ...said],
    blocks: located.length ? [...(report.blocks ?? []), block] : report.blocks,
  };
}
