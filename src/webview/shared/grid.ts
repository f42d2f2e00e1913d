// The virtual table: only the rows in view (and a few either side) exist in the DOM, each in a
// pool slot of its own (row i lives in slot i mod pool size, so a scroll rewrites only the rows
// that came into view). A grid in ARIA terms; the scroller holds the focus and names the active
// cell with aria-activedescendant, so that focus survives the recycling of cells. Rows are as tall
// as the editor's font needs (read from the grid's computed font size when a table is shown).
import {
  attributePlacesInRow,
  isFilePathField,
  normalisePath,
  placesIn,
  type CodePlace,
} from '../../core/code/codePlaces';
import { cellKind, cellText, prettyJson, valueText } from './cellText';
import { timeValue } from './columnKind';
import { el } from './dom';
import { ENGLISH, type PanelText } from './panelText';
import type { TableModel } from './tableModel';
import { traceColumns } from './traceCells';
import { bodyHeight, type Geometry, MIN_ROW_HEIGHT, rowHeightFor, rowWindow, scrollTopFor } from './virtualWindow';

const OVERSCAN = 8;
const MIN_WIDTH = 48;
const ACTIVE_ID = 'results-active-cell';

export interface GridEvents {
  sort(column: number): void;
  copyCell(row: number, column: number): void;
  contextMenu(row: number, column: number, x: number, y: number): void;
  details(row: number, column: number): void;
  /** A cell's link to a place in code was followed; without it, cells link to none (a host that
   *  cannot open code: a dashboard's tile). */
  openPlace?(place: CodePlace): void;
  /** A link was hovered: where its path is in the workspace is asked for (placeResolved answers). */
  resolvePlace?(place: CodePlace): void;
  /** A trace id cell's link was followed (traceCells.ts); without it, no cell links to a trace. */
  openTrace?(row: number, column: number): void;
}

/** A link's hover: what it opens, and where that is in the workspace once known (text, never markup). */
function placeTitle(label: string, where: string | undefined): string {
  return where ? `${label}\n${where}` : label;
}

/** The places in code the cell at (`row`, `column`) names (stack frames, code.* attributes), or
 *  none: read only for the cells drawn, and bounded (core/code/codePlaces.ts). A code file path
 *  column takes its line and column from the row's other code.* columns. */
export function cellPlaces(table: TableModel['table'], row: number, column: number): CodePlace[] {
  const value = table.columns[column][row];
  const field = table.fields[column].name;
  if (typeof value === 'string' && isFilePathField(field)) {
    const path = normalisePath(value);
    const fromRow = attributePlacesInRow(
      Object.fromEntries(table.fields.map((f, c) => [f.name, table.columns[c][row]])),
    );
    const same = fromRow.find((place) => place.path === path);
    return same ? [same] : placesIn(value, field);
  }
  return typeof value === 'string' || (typeof value === 'object' && value !== null) ? placesIn(value, field) : [];
}

interface Slot {
  row: HTMLElement;
  cells: HTMLElement[];
  /** The index (into the rows shown) this slot shows, or -1. */
  shows: number;
  /** The first place in code each cell links to, if any. */
  places: (CodePlace | undefined)[];
  /** Counts the slot's fills: a link found for an earlier fill is not put in a later one. */
  fills: number;
}

/** A cell whose links are yet to be found: rows drawn while scrolling are linked after the frame. */
interface Unlinked {
  slot: Slot;
  fill: number;
  column: number;
}

export class Grid {
  readonly element: HTMLElement;
  private readonly header: HTMLElement;
  private readonly body: HTMLElement;
  private model: TableModel | undefined;
  private widths: number[] = [];
  private slots: Slot[] = [];
  private headerCells: HTMLElement[] = [];
  /** The active cell: an index into the rows shown (-1 is the header row) and a column. */
  private active = { row: 0, column: 0 };
  private frame = 0;
  /** The height of a row in px, from the cells' font size. */
  private rowHeight = MIN_ROW_HEIGHT;
  /** Cells drawn whose links are found when the browser is idle, not in the frame that draws them
   *  (the grid says aria-busy until they are). */
  private unlinked: Unlinked[] = [];
  private linking = false;
  /** Where each path linked to is in the workspace, in words, once told (undefined: asked, not yet told). */
  private readonly placeWhere = new Map<string, string | undefined>();
  /** Which columns of the table shown hold trace ids (their cells link to Open Trace). */
  private traceColumns: boolean[] = [];

  constructor(
    private readonly events: GridEvents,
    private readonly text: PanelText = ENGLISH,
  ) {
    this.element = el('div', 'grid');
    this.element.setAttribute('role', 'grid');
    this.element.tabIndex = 0;
    this.header = el('div', 'grid-header');
    this.header.setAttribute('role', 'row');
    this.header.setAttribute('aria-rowindex', '1');
    this.body = el('div', 'grid-body');
    this.body.setAttribute('role', 'rowgroup');
    const headerGroup = el('div', 'grid-header-group');
    headerGroup.setAttribute('role', 'rowgroup');
    headerGroup.append(this.header);
    this.element.append(headerGroup, this.body);
    this.element.addEventListener('scroll', () => this.schedule());
    this.element.addEventListener('keydown', (e) => this.onKey(e));
    this.body.addEventListener('mousedown', (e) => this.onPointer(e));
    this.body.addEventListener('contextmenu', (e) => this.onContextMenu(e));
    this.body.addEventListener('click', (e) => {
      if ((e.target as HTMLElement | null)?.closest?.('.trace-link')) {
        const at = this.cellAt(e.target);
        if (at) this.events.openTrace?.(at.row, at.column);
        return;
      }
      if (!(e.target as HTMLElement | null)?.closest?.('.code-place-link')) return;
      const at = this.cellAt(e.target);
      const place = at && this.slots[at.index % this.slots.length]?.places[at.column];
      if (place) this.events.openPlace?.(place);
    });
    // A link's hover names the file it opens: asked of the host the first time a path is pointed at.
    this.body.addEventListener('pointerover', (e) => {
      if (!this.events.resolvePlace || !(e.target as HTMLElement | null)?.closest?.('.code-place-link')) return;
      const at = this.cellAt(e.target);
      const place = at && this.slots[at.index % this.slots.length]?.places[at.column];
      if (!place || this.placeWhere.has(place.path)) return;
      this.placeWhere.set(place.path, undefined);
      this.events.resolvePlace(place);
    });
    this.body.addEventListener('dblclick', (e) => {
      const at = this.cellAt(e.target);
      if (at) this.events.details(at.row, at.column);
    });
    new ResizeObserver(() => this.layout()).observe(this.element);
  }

  /** Shows a table (a new one, or the same after a sort or a filter, keeping the widths). */
  show(model: TableModel, widths?: number[]): void {
    const same = this.model?.table === model.table;
    this.model = model;
    if (!same) {
      this.traceColumns = this.events.openTrace ? traceColumns(model.table) : [];
      this.measureRows();
      this.widths = widths ?? model.table.fields.map((f, i) => initialWidth(f.name, model.kinds[i]));
      this.active = { row: 0, column: 0 };
      this.element.scrollTop = 0;
      this.element.scrollLeft = 0;
      this.buildHeader();
      // Rows of as many cells are kept for the new table (a re-run's first paint makes no elements).
      if (this.slots[0]?.cells.length === model.table.fields.length) {
        for (const slot of this.slots) {
          slot.shows = -1;
          slot.cells.forEach((cell, c) => (cell.style.width = `${this.widths[c]}px`));
        }
      } else {
        this.slots.forEach((s) => s.row.remove());
        this.slots = [];
      }
    }
    this.active.row = Math.min(this.active.row, model.rows.length - 1);
    this.element.setAttribute('aria-colcount', String(model.table.fields.length));
    this.element.setAttribute('aria-rowcount', String(model.rows.length + 1));
    this.updateHeader();
    this.layout();
  }

  /** Shows nothing and lets the table go (its rows were let go). */
  clear(): void {
    this.model = undefined;
    this.slots.forEach((s) => s.row.remove());
    this.slots = [];
    this.header.replaceChildren();
    this.headerCells = [];
  }

  get columnWidths(): number[] {
    return this.widths;
  }

  /** The active cell as (row of the table, column), when a data row is active. */
  get activeCell(): { row: number; column: number } | undefined {
    const m = this.model;
    if (!m || this.active.row < 0 || this.active.row >= m.rows.length) return undefined;
    return { row: m.rows[this.active.row], column: this.active.column };
  }

  focus(): void {
    this.element.focus();
  }

  /** Works out the row height from the cells' computed font size, for the rows and the window. */
  private measureRows(): void {
    this.rowHeight = rowHeightFor(parseFloat(getComputedStyle(this.element).fontSize));
    this.element.style.setProperty('--row-height', `${this.rowHeight}px`);
  }

  private geometry(): Geometry {
    const viewport = Math.max(this.rowHeight, this.element.clientHeight - this.header.offsetHeight);
    return { rowCount: this.model?.rows.length ?? 0, rowHeight: this.rowHeight, viewport };
  }

  private buildHeader(): void {
    const m = this.model;
    if (!m) return;
    this.header.replaceChildren();
    this.headerCells = m.table.fields.map((field, c) => {
      const cell = el('div', 'grid-cell grid-columnheader');
      cell.setAttribute('role', 'columnheader');
      cell.setAttribute('aria-colindex', String(c + 1));
      const name = el('span', 'column-name', field.name);
      const type = el('span', 'column-type', field.agg ? `${field.type} · ${field.agg}` : field.type);
      const arrow = el('span', 'sort-arrow');
      arrow.setAttribute('aria-hidden', 'true');
      const handle = el('div', 'resize-handle');
      handle.setAttribute('aria-hidden', 'true');
      cell.append(name, type, arrow, handle);
      cell.title = field.agg
        ? this.text.say('columnTitleAgg', field.name, field.type, field.agg)
        : this.text.say('columnTitle', field.name, field.type);
      cell.addEventListener('click', (e) => {
        if (e.target !== handle) this.events.sort(c);
      });
      this.resizable(handle, c);
      this.header.append(cell);
      return cell;
    });
  }

  private updateHeader(): void {
    const sort = this.model?.sort;
    this.headerCells.forEach((cell, c) => {
      const direction = sort?.column === c ? sort.direction : undefined;
      cell.setAttribute('aria-sort', direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none');
      (cell.querySelector('.sort-arrow') as HTMLElement).textContent =
        direction === 'asc' ? '▲' : direction === 'desc' ? '▼' : '';
      cell.style.width = `${this.widths[c]}px`;
    });
    const total = this.widths.reduce((a, b) => a + b, 0);
    this.header.style.width = `${total}px`;
    this.body.style.width = `${total}px`;
  }

  private resizable(handle: HTMLElement, column: number): void {
    handle.addEventListener('click', (e) => e.stopPropagation());
    handle.addEventListener('pointerdown', (down) => {
      down.preventDefault();
      down.stopPropagation();
      handle.setPointerCapture(down.pointerId);
      const start = this.widths[column];
      const move = (e: PointerEvent) => {
        this.widths[column] = Math.max(MIN_WIDTH, Math.round(start + e.clientX - down.clientX));
        this.applyWidths();
      };
      const up = () => {
        handle.removeEventListener('pointermove', move);
        handle.removeEventListener('pointerup', up);
        handle.removeEventListener('pointercancel', up);
      };
      handle.addEventListener('pointermove', move);
      handle.addEventListener('pointerup', up);
      handle.addEventListener('pointercancel', up);
    });
  }

  private applyWidths(): void {
    this.updateHeader();
    for (const slot of this.slots) slot.cells.forEach((cell, c) => (cell.style.width = `${this.widths[c]}px`));
  }

  private schedule(): void {
    if (!this.frame) this.frame = requestAnimationFrame(() => this.render());
  }

  /** Sizes the pool to the viewport and paints. */
  layout(): void {
    const m = this.model;
    if (!m) return;
    const g = this.geometry();
    this.body.style.height = `${bodyHeight(g)}px`;
    const size = Math.min(g.rowCount, Math.ceil(g.viewport / this.rowHeight) + 2 * OVERSCAN + 2);
    if (size !== this.slots.length) {
      this.slots.forEach((s) => s.row.remove());
      this.slots = Array.from({ length: size }, () => this.makeSlot(m.table.fields.length));
      this.body.append(...this.slots.map((s) => s.row));
    } else this.slots.forEach((s) => (s.shows = -1));
    this.render();
  }

  private makeSlot(columns: number): Slot {
    const row = el('div', 'grid-row');
    row.setAttribute('role', 'row');
    const cells = Array.from({ length: columns }, (_, c) => {
      const cell = el('div', 'grid-cell');
      cell.setAttribute('role', 'gridcell');
      cell.setAttribute('aria-colindex', String(c + 1));
      cell.style.width = `${this.widths[c]}px`;
      return cell;
    });
    row.append(...cells);
    return { row, cells, shows: -1, places: [], fills: 0 };
  }

  /** Paints the rows in view: rows already in their slot are left as they are. */
  render(): void {
    this.frame = 0;
    const m = this.model;
    if (!m || !this.slots.length) return;
    const g = this.geometry();
    const w = rowWindow(g, this.element.scrollTop, OVERSCAN);
    const size = this.slots.length;
    const end = Math.min(w.end, w.first + size);
    const used = new Uint8Array(size);
    for (let i = w.first; i < end; i++) {
      const slot = this.slots[i % size];
      used[i % size] = 1;
      slot.row.style.transform = `translateY(${w.top + (i - w.first) * this.rowHeight}px)`;
      if (slot.shows !== i) this.fill(slot, i);
      slot.row.hidden = false;
    }
    this.slots.forEach((slot, s) => {
      if (!used[s]) {
        slot.row.hidden = true;
        slot.shows = -1;
      }
    });
    this.markActive();
  }

  private fill(slot: Slot, index: number): void {
    const m = this.model as TableModel;
    const row = m.rows[index];
    slot.shows = index;
    slot.fills++;
    slot.row.setAttribute('aria-rowindex', String(index + 2));
    slot.row.classList.toggle('odd', index % 2 === 1);
    const columns = m.table.columns;
    slot.places = [];
    if (row >= m.loaded) {
      // A row still on its way (the first rows arrive before the rest): blank until it is here.
      for (const cell of slot.cells) {
        cell.textContent = '';
        cell.className = 'grid-cell kind-pending';
        if (cell.title) cell.removeAttribute('title');
      }
      return;
    }
    const kinds = m.kinds;
    for (let c = 0; c < slot.cells.length; c++) {
      const cell = slot.cells[c];
      const value = columns[c][row];
      const kind = cellKind(value);
      // A time column's times in the chosen zone, the other zone in the hover.
      const time = kinds[c] === 'time' && kind === 'string' ? timeValue(value) : NaN;
      cell.textContent = Number.isFinite(time) ? this.text.time(time) : cellText(value);
      cell.className = `grid-cell kind-${kind}`;
      if (Number.isFinite(time)) cell.title = `${this.text.otherTime(time)}\n${valueText(value)}`;
      else if (kind === 'json') cell.title = prettyJson(value, 4000);
      else if (kind === 'string' && (value as string).length > 60) cell.title = valueText(value).slice(0, 4000);
      else if (cell.title) cell.removeAttribute('title');
      if (this.traceColumns[c] && kind === 'string' && value !== '') this.linkTrace(cell);
      if (this.events.openPlace && (kind === 'string' || kind === 'json'))
        this.unlinked.push({ slot, fill: slot.fills, column: c });
    }
    if (this.unlinked.length) this.linkWhenIdle();
  }

  /** Finds the links of the cells drawn, a few at a time when the browser is idle (within 50 ms when
   *  it is not), for those still showing the row they were drawn for; the grid is aria-busy
   *  meanwhile. A first paint's links follow it as a scroll's follow each frame. */
  private linkWhenIdle(): void {
    if (this.linking) return;
    this.linking = true;
    this.element.setAttribute('aria-busy', 'true');
    const idle = (work: (deadline?: IdleDeadline) => void) =>
      typeof requestIdleCallback === 'function' ? requestIdleCallback(work, { timeout: 50 }) : setTimeout(work, 0);
    const step = (deadline?: IdleDeadline) => {
      const m = this.model;
      // Idle time while there is some; a bounded share when the wait timed out (none was left).
      const roomy = deadline !== undefined && !deadline.didTimeout;
      // The cells drawn last first: those of rows scrolled past are stale by then and skipped.
      let done = 0;
      while (this.unlinked.length && m && (roomy ? deadline.timeRemaining() > 1 : done < 200)) {
        const { slot, fill, column } = this.unlinked.pop()!;
        done++;
        if (slot.fills !== fill || slot.shows < 0) continue;
        const row = m.rows[slot.shows];
        if (row < m.loaded) this.linkPlace(slot, column, cellPlaces(m.table, row, column)[0]);
      }
      if (this.unlinked.length && m) idle(step);
      else {
        this.unlinked = [];
        this.linking = false;
        this.element.removeAttribute('aria-busy');
      }
    };
    idle(step);
  }

  /** A link before the cell's text to the first place in code its value names (the text is unchanged). */
  private linkPlace(slot: Slot, column: number, place: CodePlace | undefined): void {
    slot.places[column] = place;
    if (!place) return;
    const cell = slot.cells[column];
    const link = el('span', 'code-place-link');
    link.setAttribute('role', 'link');
    const label = this.text.say('openCodePlace', placeLabel(place));
    link.setAttribute('aria-label', label);
    link.title = placeTitle(label, this.placeWhere.get(place.path));
    cell.classList.add('has-code-place');
    cell.prepend(link);
  }

  /** A link before a trace id cell's text to Open Trace (the text is unchanged). */
  private linkTrace(cell: HTMLElement): void {
    const link = el('span', 'trace-link');
    link.setAttribute('role', 'link');
    const label = this.text.say('openTrace');
    link.setAttribute('aria-label', label);
    link.title = label;
    cell.prepend(link);
  }

  /** The host said where a path is in the workspace: the hover of each link drawn to it says so. */
  placeResolved(path: string, where: string): void {
    if (!this.placeWhere.has(path)) return;
    this.placeWhere.set(path, where);
    for (const slot of this.slots)
      slot.places.forEach((place, column) => {
        const link = place?.path === path ? slot.cells[column].querySelector('.code-place-link') : null;
        if (link instanceof HTMLElement)
          link.title = placeTitle(this.text.say('openCodePlace', placeLabel(place!)), where);
      });
  }

  private markActive(): void {
    const previous = this.element.querySelector(`#${ACTIVE_ID}`);
    previous?.removeAttribute('id');
    previous?.classList.remove('active');
    const target = this.activeElement();
    if (target) {
      target.id = ACTIVE_ID;
      target.classList.add('active');
      this.element.setAttribute('aria-activedescendant', ACTIVE_ID);
    } else this.element.removeAttribute('aria-activedescendant');
  }

  private activeElement(): HTMLElement | undefined {
    const { row, column } = this.active;
    if (row < 0) return this.headerCells[column];
    const slot = this.slots.length ? this.slots[row % this.slots.length] : undefined;
    return slot && slot.shows === row ? slot.cells[column] : undefined;
  }

  /** Moves the active cell, scrolling it into view. */
  moveTo(row: number, column: number): void {
    const m = this.model;
    if (!m) return;
    this.active = {
      row: Math.max(-1, Math.min(m.rows.length - 1, row)),
      column: Math.max(0, Math.min(m.table.fields.length - 1, column)),
    };
    if (this.active.row >= 0)
      this.element.scrollTop = scrollTopFor(this.geometry(), this.element.scrollTop, this.active.row);
    const left = this.widths.slice(0, this.active.column).reduce((a, b) => a + b, 0);
    const right = left + this.widths[this.active.column];
    if (left < this.element.scrollLeft) this.element.scrollLeft = left;
    else if (right > this.element.scrollLeft + this.element.clientWidth)
      this.element.scrollLeft = right - this.element.clientWidth;
    this.render();
  }

  private onKey(e: KeyboardEvent): void {
    const m = this.model;
    if (!m) return;
    const { row, column } = this.active;
    const page = Math.max(1, Math.floor(this.geometry().viewport / this.rowHeight) - 1);
    const mod = e.ctrlKey || e.metaKey;
    const last = m.rows.length - 1;
    switch (e.key) {
      case 'ArrowDown':
        this.moveTo(row + 1, column);
        break;
      case 'ArrowUp':
        this.moveTo(row - 1, column);
        break;
      case 'ArrowRight':
        this.moveTo(row, column + 1);
        break;
      case 'ArrowLeft':
        this.moveTo(row, column - 1);
        break;
      case 'PageDown':
        this.moveTo(Math.max(0, row) + page, column);
        break;
      case 'PageUp':
        this.moveTo(Math.max(0, row - page), column);
        break;
      case 'Home':
        this.moveTo(mod ? 0 : row, 0);
        break;
      case 'End':
        this.moveTo(mod ? last : row, m.table.fields.length - 1);
        break;
      case 'Enter':
      case ' ':
        if (row < 0) this.events.sort(column);
        else if (e.key === 'Enter') this.events.details(m.rows[row], column);
        else return;
        break;
      case 'ContextMenu':
      case 'F10':
        if (e.key === 'F10' && !e.shiftKey) return;
        if (row >= 0) {
          const rect = (this.activeElement() ?? this.element).getBoundingClientRect();
          this.events.contextMenu(m.rows[row], column, rect.left + 8, rect.bottom);
        }
        break;
      default:
        if (mod && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'c' && row >= 0) {
          this.events.copyCell(m.rows[row], column);
          break;
        }
        return;
    }
    e.preventDefault();
    e.stopPropagation();
  }

  private cellAt(target: EventTarget | null): { row: number; column: number; index: number } | undefined {
    const cell = (target as HTMLElement | null)?.closest?.('.grid-cell');
    const rowEl = cell?.parentElement;
    if (!cell || !rowEl || !this.model) return undefined;
    const slot = this.slots.find((s) => s.row === rowEl);
    if (!slot || slot.shows < 0) return undefined;
    const column = slot.cells.indexOf(cell as HTMLElement);
    return { row: this.model.rows[slot.shows], column, index: slot.shows };
  }

  private onPointer(e: MouseEvent): void {
    const at = this.cellAt(e.target);
    if (!at) return;
    this.active = { row: at.index, column: at.column };
    this.markActive();
    this.element.focus({ preventScroll: true });
  }

  private onContextMenu(e: MouseEvent): void {
    const at = this.cellAt(e.target);
    if (!at) return;
    e.preventDefault();
    this.active = { row: at.index, column: at.column };
    this.markActive();
    this.events.contextMenu(at.row, at.column, e.clientX, e.clientY);
  }
}

/** A place as a person reads it: `path:line:column`. */
export function placeLabel(place: CodePlace): string {
  return [place.path, place.line, place.line !== undefined ? place.column : undefined]
    .filter((part) => part !== undefined)
    .join(':');
}

/** A first width for a column: room for its name, more for times and text. */
function initialWidth(name: string, kind: string): number {
  const base = kind === 'time' ? 230 : kind === 'number' || kind === 'boolean' ? 100 : kind === 'json' ? 240 : 160;
  return Math.max(base, Math.min(320, name.length * 8 + 40));
}
