// An MPL answer as the results' table (src/core/run/mplTable.ts): `_time`, a column per tag, the
// values named by the metric and made by the query's aggregation, so that the panel's chart code
// draws one line per set of tags; the dataset a query reads; property: every value is one row.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { mplDataset, mplTabular, seriesTable } from '../../../src/core/run/mplTable';
import type { MplSeries } from '../../../src/core/api/metrics';

const START = Date.parse('2026-03-01T00:00:00Z');

describe('MPL series as a table', () => {
  it('makes one row per value, tags as text columns, the metric as the value column', () => {
    const series: MplSeries[] = [
      { metric: 'cpu', tags: { host: 'web-1' }, start: START, resolution: 60_000, data: [1, null, 3] },
      { metric: 'cpu', tags: { host: 'web-2', zone: 'a' }, start: START, resolution: 60_000, data: [4] },
    ];
    const result = mplTabular('`shop-metrics`:cpu | align to 1m using max', {
      series,
      tables: [],
      repairs: [],
    });
    const [table] = result.tables;
    assert.deepEqual(table.fields, [
      { name: '_time', type: 'datetime' },
      { name: 'host', type: 'string' },
      { name: 'zone', type: 'string' },
      { name: 'cpu', type: 'float', agg: 'max' },
    ]);
    assert.equal(table.rowCount, 3);
    assert.deepEqual(table.columns[0], [
      '2026-03-01T00:00:00.000Z',
      '2026-03-01T00:02:00.000Z',
      '2026-03-01T00:00:00.000Z',
    ]);
    assert.deepEqual(table.columns[1], ['web-1', 'web-1', 'web-2']);
    assert.deepEqual(table.columns[2], [null, null, 'a']);
    assert.deepEqual(table.columns[3], [1, 3, 4]);
    assert.deepEqual(result.datasetNames, ['shop-metrics']);
  });

  it('names the metric in a column of its own when the series are of several', () => {
    const table = seriesTable(
      [
        { metric: 'a', tags: {}, start: START, resolution: 1000, data: [1] },
        { metric: 'b', tags: {}, start: START, resolution: 1000, data: [2] },
      ],
      'sum',
    );
    assert.deepEqual(
      table.fields.map((f) => f.name),
      ['_time', 'metric', 'value'],
    );
    assert.deepEqual(table.columns[1], ['a', 'b']);
  });

  it('gives an empty answer an empty table, and keeps tables sent as tables', () => {
    assert.equal(mplTabular('x:y', { series: [], tables: [], repairs: [] }).tables[0].rowCount, 0);
    const table = { name: 't', fields: [], columns: [], rowCount: 0 };
    assert.deepEqual(mplTabular('x:y', { series: [], tables: [table], repairs: [] }).tables, [table]);
  });

  it('reads the dataset after directives and comments, quoted or not', () => {
    assert.equal(mplDataset('set custom_unit = "ms";\n`otel-demo`:`go.memory.used`'), 'otel-demo');
    assert.equal(mplDataset('// note\nshop:cpu | align using avg'), 'shop');
    assert.equal(mplDataset('(\n  `a b`:`m` | map rate,\n  `a b`:`n`\n) | compute x using /'), 'a b');
    assert.equal(mplDataset('| where x'), undefined);
  });

  it('every value that is a number is one row (property)', () => {
    const seriesArb = fc.record({
      metric: fc.constantFrom('m1', 'm2'),
      tags: fc.dictionary(fc.constantFrom('a', 'b', 'c'), fc.string()),
      start: fc.integer({ min: 0, max: 4e12 }),
      resolution: fc.integer({ min: 1, max: 86_400_000 }),
      data: fc.array(fc.option(fc.double({ noNaN: true, noDefaultInfinity: true }), { nil: null })),
    });
    fc.assert(
      fc.property(fc.array(seriesArb, { maxLength: 8 }), (series) => {
        const table = seriesTable(series, 'avg');
        const values = series.reduce((n, s) => n + s.data.filter((v) => v !== null).length, 0);
        assert.equal(table.rowCount, values);
        for (const column of table.columns) assert.equal(column.length, values);
      }),
    );
  });
});
