// The sort key of monitor names (property-based, fast-check): digit runs by value, and the fast key
// agrees with its plain definition.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { inNameOrder, nameSortKey, nameSortPrefix } from '../../../src/core/monitors/nameSortKey';

const RUNS = { numRuns: 500 };

const anyText = fc.string({ unit: 'binary', maxLength: 80 });

describe('sorting by name', () => {
  const name = fc.oneof(anyText, fc.stringMatching(/^[A-Za-z ]{0,4}[0-9]{0,4}[a-z]{0,2}[0-9]{0,3}$/));

  it('digit runs compare by value: keys of numbered names follow the numbers', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[a-z ]{0,5}$/),
        fc.nat(10 ** 9),
        fc.nat(10 ** 9),
        fc.stringMatching(/^[a-z .-]{0,3}$/),
        (prefix, m, n, suffix) => {
          const [a, b] = [nameSortKey(`${prefix}${m}${suffix}`), nameSortKey(`${prefix}${n}${suffix}`)];
          assert.equal(Math.sign(a < b ? -1 : a > b ? 1 : 0), Math.sign(m - n));
        },
      ),
      RUNS,
    );
  });

  it('the fast key agrees with its plain definition', () => {
    const longNumber = (run: string) => String.fromCharCode(0x40 + Math.min(run.length, 26)) + run;
    const plainKey = (text: string) =>
      text
        .toLowerCase()
        .normalize('NFKD')
        .replace(/\p{M}/gu, '')
        .replace(/\d{2,}/g, longNumber);
    fc.assert(
      fc.property(
        fc.oneof(name, fc.string({ unit: 'binary' }), fc.constantFrom('①2', 'x²3', 'É10', 'a1b22c333', 'v1.10')),
        (text) => {
          assert.equal(nameSortKey(text), plainKey(text));
        },
      ),
      RUNS,
    );
  });

  it('nameSortPrefix is the number of the key’s first three characters, read from the name where it can', () => {
    const numberOf = (key: string) =>
      [0, 1, 2].reduce((prefix, i) => prefix * 0x10001 + (i < key.length ? key.charCodeAt(i) + 1 : 0), 0);
    fc.assert(
      fc.property(
        fc.oneof(name, fc.string({ unit: 'binary' }), fc.constantFrom('', 'A', 'Ab', 'É10', '9', 'a12', 'Zz~')),
        (text) => {
          assert.equal(nameSortPrefix(text), numberOf(nameSortKey(text)));
        },
      ),
      RUNS,
    );
  });

  it('inNameOrder orders things by their names’ keys, equal keys by their ids, and leaves the list as it was', () => {
    const things = [
      { name: 'b10', id: '1' },
      { name: 'B2', id: '2' },
      { name: 'a', id: '4' },
      { name: 'A', id: '3' },
    ];
    const given = [...things];
    const ordered = inNameOrder(
      things,
      (t) => t.name,
      (t) => t.id,
    );
    assert.deepEqual(
      ordered.map((t) => t.id),
      ['3', '4', '2', '1'],
    );
    assert.deepEqual(things, given);
  });
});
