// The maths of the virtual table: which rows exist in the DOM for a scroll position, where they
// go, and where to scroll to show a row. Browsers cap an element's height (about 33 million px in
// Chromium, less elsewhere); past MAX_BODY_HEIGHT the scroll range is scaled, so that the whole
// table stays reachable while rows keep their real height on screen.

export const MAX_BODY_HEIGHT = 8_000_000;
/** The least height of a row, and how much taller than its font a row is. */
export const MIN_ROW_HEIGHT = 22;
const LINE_SPACING = 1.6;

/** A row's height for the cells' font size in px (a size that is not a number gives the least). */
export function rowHeightFor(fontSize: number): number {
  return Number.isFinite(fontSize) && fontSize > 0
    ? Math.max(MIN_ROW_HEIGHT, Math.ceil(fontSize * LINE_SPACING))
    : MIN_ROW_HEIGHT;
}

export interface Geometry {
  rowCount: number;
  rowHeight: number;
  /** The height that shows rows (the scroller's height less the header's). */
  viewport: number;
  maxBodyHeight?: number;
}

export interface RowWindow {
  /** The first row in the DOM (index into the rows shown). */
  first: number;
  /** One past the last row in the DOM. */
  end: number;
  /** Where row `first` goes, in the body's coordinates. */
  top: number;
}

export function bodyHeight(g: Geometry): number {
  return Math.min(g.rowCount * g.rowHeight, g.maxBodyHeight ?? MAX_BODY_HEIGHT);
}

/** How far down the whole (unscaled) table the top of the viewport is, for a scroll position. */
function virtualTop(g: Geometry, scrollTop: number): number {
  const full = g.rowCount * g.rowHeight;
  const body = bodyHeight(g);
  if (full <= body) return scrollTop;
  const scrollRange = Math.max(1, body - g.viewport);
  return (Math.min(scrollTop, scrollRange) * Math.max(0, full - g.viewport)) / scrollRange;
}

export function rowWindow(g: Geometry, scrollTop: number, overscan = 8): RowWindow {
  if (g.rowCount === 0) return { first: 0, end: 0, top: 0 };
  const vt = virtualTop(g, scrollTop);
  const firstVisible = Math.min(g.rowCount - 1, Math.floor(vt / g.rowHeight));
  const first = Math.max(0, firstVisible - overscan);
  const end = Math.min(g.rowCount, Math.ceil((vt + g.viewport) / g.rowHeight) + overscan);
  // Rows are laid out from the viewport's top: unscaled, this is first * rowHeight.
  const top = scrollTop + first * g.rowHeight - vt;
  return { first, end, top };
}

/** The scroll position that shows `row` whole, moving as little as possible from `scrollTop`. */
export function scrollTopFor(g: Geometry, scrollTop: number, row: number): number {
  const full = g.rowCount * g.rowHeight;
  const body = bodyHeight(g);
  const vt = virtualTop(g, scrollTop);
  const rowTop = row * g.rowHeight;
  let target: number;
  if (rowTop < vt) target = rowTop;
  else if (rowTop + g.rowHeight > vt + g.viewport) target = rowTop + g.rowHeight - g.viewport;
  else return scrollTop;
  if (full <= body) return target;
  const scrollRange = Math.max(1, body - g.viewport);
  return (target * scrollRange) / Math.max(1, full - g.viewport);
}
