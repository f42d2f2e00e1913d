import assert from 'node:assert/strict';
import fc from 'fast-check';
import { describe, it } from 'node:test';
import { placeResults, readResultsPosition, RESULTS_POSITIONS } from '../../../src/core/run/resultsPlacement';

describe('results placement: axiom.results.position read', () => {
  it('reads "below" and "beside" as written', () => {
    assert.equal(readResultsPosition('below'), 'below');
    assert.equal(readResultsPosition('beside'), 'beside');
  });

  it('reads anything else as the default, below (absent, another word, another type, another case)', () => {
    for (const value of [undefined, null, '', 'Beside', ' beside', 'right', 1, true, {}, ['beside']])
      assert.equal(readResultsPosition(value), 'below', JSON.stringify(value));
  });

  it('whatever the settings file holds, reads one of the two positions, "beside" only when it says so', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        const position = readResultsPosition(value);
        assert.ok(RESULTS_POSITIONS.includes(position));
        assert.equal(position === 'beside', value === 'beside');
      }),
    );
  });
});

describe('results placement: where a new panel opens', () => {
  const area = (queryColumn: number | undefined, resultsColumns: (number | undefined)[], editorsOpen = true) => ({
    queryColumn,
    resultsColumns,
    editorsOpen,
  });

  it('below, with no results open: a new group below the query', () => {
    assert.deepEqual(placeResults('below', area(1, [])), { kind: 'newGroupBelow', queryColumn: 1 });
  });

  it('below, with results open in another group: that group (the second panel joins the first)', () => {
    assert.deepEqual(placeResults('below', area(1, [2])), { kind: 'group', column: 2 });
  });

  it('below: the group of the most recently used results panel', () => {
    assert.deepEqual(placeResults('below', area(1, [3, 2])), { kind: 'group', column: 2 });
  });

  it("below: never the query's own group, nor a panel with no column (not in an editor group)", () => {
    assert.deepEqual(placeResults('below', area(2, [3, 2, undefined])), { kind: 'group', column: 3 });
    assert.deepEqual(placeResults('below', area(2, [2, undefined])), { kind: 'newGroupBelow', queryColumn: 2 });
  });

  it('beside: as VS Code opens to the side, whatever is open', () => {
    assert.deepEqual(placeResults('beside', area(1, [2])), { kind: 'beside' });
    assert.deepEqual(placeResults('beside', area(undefined, [], false)), { kind: 'beside' });
  });

  it('no editor shows the query (Show Recent Events): the results’ group, else a group below the active one', () => {
    assert.deepEqual(placeResults('below', area(undefined, [2])), { kind: 'group', column: 2 });
    assert.deepEqual(placeResults('below', area(undefined, [])), { kind: 'newGroupBelow' });
  });

  it('nothing in the editor area: the one group there is, not a second empty one', () => {
    assert.deepEqual(placeResults('below', area(undefined, [], false)), { kind: 'active' });
  });

  it("never hides the query: a group given is one of the results' and not the query's", () => {
    const column = fc.option(fc.integer({ min: 1, max: 9 }), { nil: undefined });
    fc.assert(
      fc.property(
        fc.constantFrom(...RESULTS_POSITIONS),
        column,
        fc.array(column, { maxLength: 6 }),
        fc.boolean(),
        (position, queryColumn, resultsColumns, editorsOpen) => {
          const placement = placeResults(position, { queryColumn, resultsColumns, editorsOpen });
          if (placement.kind === 'group') {
            assert.notEqual(placement.column, queryColumn);
            assert.ok(resultsColumns.includes(placement.column));
          }
          if (placement.kind === 'newGroupBelow') assert.equal(placement.queryColumn, queryColumn);
          assert.equal(placement.kind === 'beside', position === 'beside');
          // A results group open elsewhere is always taken below: no second group of results.
          if (position === 'below' && resultsColumns.some((c) => c !== undefined && c !== queryColumn))
            assert.equal(placement.kind, 'group');
        },
      ),
    );
  });
});
