import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { readTabular } from '../../../src/core/api/tabular';
import { readTabularHead } from '../../../src/core/api/tabularHead';
import { hugeTabular } from '../../support/tabularFixtures';

/** What the whole body reads as, each column cut to its first `rows` values (what was repaired is
 *  the whole reading's to report, and is left out). */
function expected(text: string, rows: number) {
  const whole = readTabular(JSON.parse(text));
  return {
    ...whole,
    repairs: [],
    tables: whole.tables.map((t) => ({ ...t, columns: t.columns.map((c) => c.slice(0, rows)) })),
  };
}
const headOf = (text: string, rows: number) => {
  const head = readTabularHead(text, rows);
  return head && { ...head, repairs: [] };
};

const cell = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.string({ unit: fc.constantFrom('a', '"', '\\', '[', ']', '{', '}', ',', ':', ' ', 'é', '\n', '😀') }),
  fc.jsonValue({ maxDepth: 3 }),
);

describe('the first rows of a tabular answer, read before the whole of it', () => {
  it('are what the whole answer reads as, cut to its first rows, whatever the values, the spacing and the order of the keys', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 4 }), fc.integer({ min: 0, max: 12 })), { maxLength: 3 }),
        fc.array(cell, { minLength: 60, maxLength: 60 }),
        fc.integer({ min: 0, max: 10 }),
        fc.boolean(),
        fc.boolean(),
        (shapes, values, rows, spaced, statusFirst) => {
          let v = 0;
          const tables = shapes.map(([columns, count], i) => ({
            name: String(i),
            fields: Array.from({ length: columns }, (_, c) => ({ name: `f${c}`, type: 'string' })),
            // Columns of different lengths now and then: read as the whole answer reads them.
            columns: Array.from({ length: columns }, (_, c) =>
              Array.from({ length: Math.max(0, count - (c === 1 ? 2 : 0)) }, () => values[v++ % values.length]),
            ),
          }));
          const status = { elapsedTime: 5, isPartial: false, messages: [{ msg: 'x', priority: 'warn' }] };
          const body = statusFirst ? { status, tables, datasetNames: ['a'] } : { tables, status };
          const text = JSON.stringify(body, null, spaced ? 2 : undefined);
          assert.deepEqual(headOf(text, rows), expected(text, rows));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('reads a large answer, counting every row', () => {
    const text = JSON.stringify(hugeTabular(20_000, 12));
    const head = headOf(text, 200);
    assert.deepEqual(head, expected(text, 200));
    assert.equal(head?.tables[0].rowCount, 20_000);
  });

  it('gives nothing for what it does not expect, and the answer is then read whole', () => {
    for (const text of [
      '',
      '[]',
      '{"tables": 1',
      '{"tables": [1]}',
      '{"tables": [{"columns": [[1, 2]}]}',
      '{"tables": []} x',
      '{"tables": [{"columns": [["unclosed]]}]}',
      'null',
    ]) {
      assert.equal(readTabularHead(text, 5), undefined, text);
    }
  });
});
