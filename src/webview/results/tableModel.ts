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
  private texts: string[][] | undefined;
  private order: Uint32Array;
  private keep: Uint8Array | undefined;
  private term = '';
  sort: SortState | undefined;
  /** The rows shown, in order: row numbers of the table. */
  rows: Uint32Array;

  constructor(readonly table: ResultTable) {
    this.order = identity(table.rowCount);
    this.rows = this.order;
  }

  get kinds(): ColumnKind[] {
    this.kindsCache ??= this.table.columns.map(columnKind);
    return this.kindsCache;
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
      this.texts ??= this.table.columns.map(searchText);
      this.keep = matchRows(this.texts, this.table.rowCount, term);
    }
    this.rows = visibleRows(this.order, this.keep);
  }
}
