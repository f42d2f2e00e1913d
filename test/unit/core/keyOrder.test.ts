// orderByKeys (property-based, fast-check): the order of the engine's sort, equal keys by their tie keys.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { orderByKeys } from '../../../src/core/keyOrder';

const RUNS = { numRuns: 500 };

const anyText = fc.string({ unit: 'binary', maxLength: 80 });

describe('sorting by name', () => {
  // Few letters, so that keys share long prefixes, repeat, and end inside one another; and any text.
  const keyLists = fc.oneof(
    fc.array(fc.stringMatching(/^[ab]{0,6}$/), { maxLength: 300, size: 'max' }),
    fc.array(fc.stringMatching(/^[a-c ]{0,12}$/), { maxLength: 300, size: 'max' }),
    fc.array(anyText, { maxLength: 100, size: 'max' }),
    fc.array(fc.string({ unit: 'binary' }), { maxLength: 100, size: 'max' }),
  );
  // Tie keys that repeat too, so that some keys are equal throughout.
  const withTies = keyLists.chain((keys) =>
    fc.tuple(
      fc.constant(keys),
      fc.array(fc.stringMatching(/^[xy]{0,2}$/), { minLength: keys.length, maxLength: keys.length }),
    ),
  );
  const engineOrder = (keys: string[], ties: string[]) =>
    [...keys.keys()].sort((a, b) =>
      keys[a] < keys[b] ? -1 : keys[a] > keys[b] ? 1 : ties[a] < ties[b] ? -1 : ties[a] > ties[b] ? 1 : 0,
    );
  /** Indexes whose key and tie key are both equal may come in any order: compared by what they hold. */
  const keyPairs = (order: Iterable<number>, keys: string[], ties: string[]) =>
    [...order].map((i) => [keys[i], ties[i]]);

  it("orderByKeys gives the order of the engine's sort, equal keys by their tie keys", () => {
    fc.assert(
      fc.property(withTies, ([keys, ties]) => {
        const order = orderByKeys(keys, ties);
        assert.deepEqual(
          [...order].sort((a, b) => a - b),
          [...keys.keys()],
          'every index once',
        );
        assert.deepEqual(keyPairs(order, keys, ties), keyPairs(engineOrder(keys, ties), keys, ties));
      }),
      RUNS,
    );
  });

  it("orderByKeys gives the same order when it falls back to the engine's sort at once", () => {
    fc.assert(
      fc.property(withTies, ([keys, ties]) => {
        assert.deepEqual(
          keyPairs(
            orderByKeys(keys, ties, () => 0),
            keys,
            ties,
          ),
          keyPairs(engineOrder(keys, ties), keys, ties),
        );
      }),
      RUNS,
    );
  });
});
