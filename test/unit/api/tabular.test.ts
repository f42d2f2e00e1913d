import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { AxiomError } from '../../../src/core/api/errors';
import { readTabular } from '../../../src/core/api/tabular';
import {
  GO_SDK_TABULAR,
  hugeTabular,
  PARTIAL,
  TIME_SERIES,
  TYPED_TABULAR,
  WITH_TOTALS,
} from '../../support/tabularFixtures';
import { anyJson, FUZZ_BOUND, typedOrNothing } from '../../support/untrustedInput';

const copy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

describe('readTabular: the tabular answer of a query', () => {
  it('keeps typed columns as sent (the same arrays), nulls and nested values included', () => {
    const body = copy(TYPED_TABULAR);
    const { tables, status, datasetNames, repairs } = readTabular(body);
    assert.deepEqual(repairs, []);
    assert.equal(tables.length, 1);
    const [table] = tables;
    assert.equal(table.name, '0');
    assert.equal(table.rowCount, 3);
    assert.deepEqual(
      table.fields.map((f) => `${f.name}:${f.type}`),
      [
        '_time:datetime',
        'status:integer',
        'duration:float',
        'ok:boolean',
        'method:string',
        'attrs:map[string]any|null',
        'tags:array',
      ],
    );
    for (let f = 0; f < table.columns.length; f++)
      assert.equal(table.columns[f], body.tables[0].columns[f], 'not copied');
    assert.deepEqual(table.columns[5][0], { user: { id: 7, name: 'Zoë' } });
    assert.equal(table.columns[1][1], null);
    assert.deepEqual(datasetNames, ['http-logs']);
    assert.equal(status.elapsedMs, 2.345, 'microseconds become milliseconds');
    assert.equal(status.rowsExamined, 1200);
    assert.equal(status.rowsMatched, 3);
    assert.equal(status.isPartial, false);
    assert.equal(status.limitNote, undefined);
  });

  it('reads several tables, aggregation names in either shape, and _totals', () => {
    const { tables } = readTabular(copy(WITH_TOTALS));
    assert.deepEqual(
      tables.map((t) => t.name),
      ['0', '_totals'],
    );
    assert.deepEqual(tables[0].fields[1], { name: 'count_', type: 'integer', agg: 'count' });
    assert.deepEqual(tables[1].fields[0], { name: 'count_', type: 'integer', agg: 'count' });
    assert.equal(tables[1].rowCount, 1);
  });

  it('reads a time series as any other table', () => {
    const [table] = readTabular(copy(TIME_SERIES)).tables;
    assert.equal(table.fields[0].name, '_time');
    assert.equal(table.rowCount, 3);
    assert.deepEqual(table.columns[1], [3000, 2500, 3500]);
  });

  it('a partial result keeps its messages', () => {
    const { status } = readTabular(copy(PARTIAL));
    assert.equal(status.isPartial, true);
    assert.deepEqual(status.messages[0], {
      priority: 'warn',
      code: 'query_partial',
      text: 'query timed out, results are partial',
      count: 2,
    });
    assert.equal(status.messages.length, 2);
  });

  it('reads the Go client’s minimal body: no format, a status of cursors and counts, string _time, float64', () => {
    const { tables, status, repairs } = readTabular(copy(GO_SDK_TABULAR));
    assert.deepEqual(repairs, []);
    assert.deepEqual(
      tables[0].fields.map((f) => f.type),
      ['string', 'string', 'float64'],
    );
    assert.deepEqual(status, {
      elapsedMs: 542.114,
      rowsExamined: 142655,
      rowsMatched: 142655,
      isPartial: false,
      messages: [],
    });
  });

  it('fills what is missing with null, counts what did not fit, and never throws on odd tables', () => {
    const body = {
      status: {
        elapsedTime: 'soon',
        messages: [null, { msg: 'kept', priority: 3, code: 7, count: -1 }, { code: 'no text' }],
      },
      tables: [
        {
          name: 'odd',
          fields: [
            { name: 'a', type: 'string' },
            { type: { composite: ['int', 'string'] } },
            'not a field',
            { name: 'd' },
          ],
          columns: [['x', 'y', 'z'], 'not a list', ['only one']],
        },
        null,
        { fields: [{ name: 'n', type: 'integer' }], columns: [[1], [2], [3]] },
        {},
      ],
    };
    const { tables, status, repairs } = readTabular(body);
    const [odd, second, empty] = tables;
    assert.equal(odd.rowCount, 3);
    assert.deepEqual(odd.fields, [
      { name: 'a', type: 'string' },
      { name: 'column 2', type: '{"composite":["int","string"]}' },
      { name: 'column 3', type: 'unknown' },
      { name: 'd', type: 'unknown' },
    ]);
    assert.deepEqual(odd.columns, [
      ['x', 'y', 'z'],
      [null, null, null],
      ['only one', null, null],
      [null, null, null],
    ]);
    assert.equal(second.name, '2', 'a table without a name is named by its place');
    assert.deepEqual(second.columns, [[1]]);
    assert.deepEqual(empty, { name: '3', fields: [], columns: [], rowCount: 0 });
    assert.equal(status.elapsedMs, undefined);
    assert.deepEqual(status.messages, [{ priority: '3', code: '7', text: 'kept', count: 1 }]);
    assert.equal(repairs.length, 6, repairs.join('\n'));
  });

  it('a body that is no tabular result at all is an invalid response', () => {
    for (const body of [null, [], 'text', 3, { tables: 'many' }]) {
      assert.throws(
        () => readTabular(body),
        (e: unknown) => e instanceof AxiomError && e.kind === 'invalidResponse',
        JSON.stringify(body),
      );
    }
    assert.deepEqual(readTabular({}).tables, [], 'no tables: an empty result');
  });

  it('whatever the JSON, it returns tables whose columns all have rowCount values, or throws an AxiomError', () => {
    fc.assert(
      fc.property(
        fc.jsonValue(),
        fc.array(
          fc.record({ fields: fc.jsonValue(), columns: fc.jsonValue(), name: fc.jsonValue() }, { requiredKeys: [] }),
        ),
        (status, tables) => {
          for (const body of [{ status, tables }, status]) {
            try {
              const result = readTabular(body);
              for (const t of result.tables) {
                assert.equal(t.columns.length, t.fields.length);
                for (const c of t.columns) assert.equal(c.length, t.rowCount);
              }
            } catch (e) {
              assert.ok(e instanceof AxiomError, String(e));
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('reads 100,000 rows × 12 columns without copying them', () => {
    const body = JSON.parse(JSON.stringify(hugeTabular(100_000))) as { tables: { columns: unknown[][] }[] };
    const [table] = readTabular(body).tables;
    assert.equal(table.rowCount, 100_000);
    assert.equal(table.columns[3], body.tables[0].columns[3]);
  });
});

// Fuzzing: arbitrary input, bounded in time; the reader answers without an exception other than the
// one typed error. A failure found here is fixed and kept as a regular test above.

describe("fuzz: the readers of the service's answers take any JSON", () => {
  it('a tabular answer whose parts are any JSON: a value or the typed error', () => {
    const part = fc.oneof(anyJson, fc.constant(undefined));
    const table = fc.record({
      name: part,
      fields: fc.oneof(part, fc.array(fc.record({ name: part, type: part, agg: part }), { maxLength: 4 })),
      columns: fc.oneof(part, fc.array(fc.oneof(part, fc.array(anyJson, { maxLength: 5 })), { maxLength: 4 })),
    });
    fc.assert(
      fc.property(
        fc.record({
          format: part,
          status: part,
          tables: fc.oneof(part, fc.array(table, { maxLength: 3 })),
          datasetNames: part,
        }),
        (body) => typedOrNothing(() => readTabular(body)),
      ),
      FUZZ_BOUND,
    );
  });
});
