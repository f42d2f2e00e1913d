// How much result data the results panels keep. Every panel holds its result in the extension host
// (for export, copy and to show it again when VS Code rebuilds a hidden panel's page), and 20
// panels of 100,000 rows would hold 20 of them. Past a budget, the panels used longest ago let
// their rows go and say so, with Re-run; a pinned panel and the panel just shown keep theirs.

/** Values (rows × columns) kept over all panels: two results of 100,000 rows × 12 columns. */
export const KEPT_CELLS = 2_400_000;

export interface KeptResult {
  /** Values held (0 when the panel holds no result). */
  cells: number;
  pinned: boolean;
  /** Whether the panel is on screen (let go after the ones that are not). */
  visible: boolean;
  /** When the panel was last shown a result or looked at: larger is more recent. */
  lastUsed: number;
}

/** The values a result's tables hold. */
export function resultCells(tables: readonly { rowCount: number; fields: readonly unknown[] }[]): number {
  return tables.reduce((n, t) => n + t.rowCount * t.fields.length, 0);
}

/**
 * The panels whose results to let go so that the rest fit in `budget`: those not on screen before
 * those on screen, the least recently used first; never a pinned one nor `keep` (which may alone
 * be over the budget).
 */
export function resultsToDrop<T extends KeptResult>(panels: readonly T[], keep: T, budget = KEPT_CELLS): T[] {
  let total = panels.reduce((n, p) => n + p.cells, 0);
  if (total <= budget) return [];
  const candidates = panels
    .filter((p) => p !== keep && !p.pinned && p.cells > 0)
    .sort((a, b) => Number(a.visible) - Number(b.visible) || a.lastUsed - b.lastUsed);
  const dropped: T[] = [];
  for (const p of candidates) {
    if (total <= budget) break;
    dropped.push(p);
    total -= p.cells;
  }
  return dropped;
}
