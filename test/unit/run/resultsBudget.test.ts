import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { KEPT_CELLS, resultCells, resultsToDrop, type KeptResult } from '../../../src/core/run/resultsBudget';

const panel = (name: string, cells: number, lastUsed: number, more: Partial<KeptResult> = {}) => ({
  name,
  cells,
  lastUsed,
  pinned: false,
  visible: false,
  ...more,
});
const names = (ps: { name: string }[]) => ps.map((p) => p.name);

describe('results budget: how much result data the panels keep', () => {
  it("counts a result's values over its tables", () => {
    assert.equal(
      resultCells([
        { rowCount: 100_000, fields: new Array(12) },
        { rowCount: 1, fields: [1] },
      ]),
      1_200_001,
    );
    assert.equal(KEPT_CELLS, 2 * 100_000 * 12, 'two results of 100,000 × 12');
  });

  it('lets nothing go within the budget', () => {
    const ps = [panel('a', 5, 1), panel('b', 5, 2)];
    assert.deepEqual(resultsToDrop(ps, ps[1], 10), []);
  });

  it('past it, lets the least recently used go first, until the rest fit', () => {
    const ps = [panel('new', 6, 9), panel('old', 6, 1), panel('mid', 6, 5), panel('newer', 6, 8)];
    assert.deepEqual(names(resultsToDrop(ps, ps[0], 12)), ['old', 'mid']);
  });

  it('never a pinned panel, nor the one just shown, even when that one alone is over the budget', () => {
    const ps = [panel('huge', 50, 9), panel('pinned', 6, 1, { pinned: true }), panel('other', 6, 2)];
    assert.deepEqual(names(resultsToDrop(ps, ps[0], 10)), ['other']);
  });

  it('panels on screen after those that are not, whatever their age', () => {
    const ps = [panel('new', 6, 9), panel('shown', 6, 1, { visible: true }), panel('hidden', 6, 5)];
    assert.deepEqual(names(resultsToDrop(ps, ps[0], 12)), ['hidden']);
    assert.deepEqual(names(resultsToDrop(ps, ps[0], 6)), ['hidden', 'shown']);
  });

  it('skips panels that hold nothing', () => {
    const ps = [panel('new', 10, 9), panel('empty', 0, 1), panel('old', 4, 2)];
    assert.deepEqual(names(resultsToDrop(ps, ps[0], 10)), ['old']);
  });
});
