// One table as the panel shows it: its sort, its filter, and the rows that follow from them. No
// DOM: the unit tests drive it in plain Node. A table may arrive in parts (its first rows, then the
// rest: see core/run/resultsDelivery.ts); until the last part is in, its rows are shown in the order
// they come, and a sort or a filter asked for meanwhile is kept and applied once all are there.
import type { ResultTable } from '../../core/api/tabular';
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
    this.texts = new Array<string[] | undefined>(table.columns.length).fill(undefined);
  }

  /** How many rows have arrived: rows from here to rowCount are still on their way. */
  get loaded(): number {
    return this.table.columns.length ? this.table.columns[0].length : this.table.rowCount;
  }

  get complete(): boolean {
    return this.loaded >= this.table.rowCount;
  }

  /**
   * Adds rows that arrived after the first ones; false (and nothing changed) when they do not
   * follow on from the rows there. Once the last rows are in, the column kinds are read again and
   * the sort and the filter are applied.
   */
  append(start: number, columns: readonly (readonly unknown[])[]): boolean {
    const count = columns.length ? columns[0].length : 0;
    if (start !== this.loaded || columns.length !== this.table.columns.length || start + count > this.table.rowCount)
      return false;
    for (let c = 0; c < columns.length; c++) {
      const target = this.table.columns[c];
      const source = columns[c];
      for (let r = 0; r < count; r++) target.push(source[r]);
    }
    if (this.complete) {
      this.kindsCache = undefined;
      this.setSort(this.sort);
      if (this.term) this.setFilter(this.term);
    }
    return true;
  }

  /**
   * Makes the search text of one more column; false once all are made (or while rows are still
   * arriving). The panel calls it in small steps when the find box gets the focus, so that the
   * first search does not stall a frame.
   */
  prepareSearch(): boolean {
    if (!this.complete) return false;
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
    if (!this.complete) return;
    this.order = sort
      ? sortPermutation(this.table.columns[sort.column], this.kinds[sort.column], sort.direction)
      : identity(this.table.rowCount);
    this.rows = visibleRows(this.order, this.keep);
  }

  setFilter(term: string): void {
    this.term = term;
    if (!this.complete) return;
    if (term === '') this.keep = undefined;
    else {
      while (this.prepareSearch());
      this.keep = matchRows(this.texts as string[][], this.table.rowCount, term);
    }
    this.rows = visibleRows(this.order, this.keep);
  }
}
