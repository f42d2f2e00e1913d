// One table as the panel shows it: its sort, its filter, and the rows that follow from them. No
// DOM: the unit tests drive it in plain Node.
import type { ResultTable } from '../../core/run/resultsProtocol';
import { type ColumnKind, columnKind } from './columnKind';
import { matchRows, searchText, visibleRows } from './filterRows';
import { identity, type SortDirection, sortPermutation } from './sortRows';

export interface SortState {
  column: number;
  direction: SortDirection;
}

export class TableModel {
  private kindsCache: ColumnKind[] | undefined;
  /** The lower-cased text of each column, made once (column by column, see prepareSearch). */
  private readonly texts: (string[] | undefined)[];
  private order: Uint32Array;
  private keep: Uint8Array | undefined;
  private term = '';
  sort: SortState | undefined;
  /** The rows shown, in order: row numbers of the table. */
  rows: Uint32Array;

  constructor(readonly table: ResultTable) {
    this.order = identity(table.rowCount);
    this.rows = this.order;
    this.texts = new Array(table.columns.length).fill(undefined);
  }

  /**
   * Makes the search text of one more column; false once all are made. The panel calls it in
   * small steps when the find box gets the focus, so that the first search does not stall a frame.
   */
  prepareSearch(): boolean {
    const next = this.texts.indexOf(undefined);
    if (next < 0) return false;
    this.texts[next] = searchText(this.table.columns[next]);
    return this.texts.includes(undefined);
  }

  get kinds(): ColumnKind[] {
    this.kindsCache ??= this.table.columns.map(columnKind);
    return this.kindsCache;
  }

  /** Sorts as `previous` did, when this table has a column of the same name (a re-run keeps its sort). */
  keepSort(previous: TableModel | undefined): void {
    const sort = previous?.sort;
    if (!sort) return;
    const column = this.table.fields.findIndex((f) => f.name === previous.table.fields[sort.column]?.name);
    if (column >= 0) this.setSort({ column, direction: sort.direction });
  }

  get filter(): string {
    return this.term;
  }

  setSort(sort: SortState | undefined): void {
    this.sort = sort;
    this.order = sort ? sortPermutation(this.table.columns[sort.column], this.kinds[sort.column], sort.direction) : identity(this.table.rowCount);
    this.rows = visibleRows(this.order, this.keep);
  }

  setFilter(term: string): void {
    this.term = term;
    if (term === '') this.keep = undefined;
    else {
      while (this.prepareSearch());
      this.keep = matchRows(this.texts as string[][], this.table.rowCount, term);
    }
    this.rows = visibleRows(this.order, this.keep);
  }
}
