// The .axiom-notebook file: any notebook survives save → open, outputs are cut to N rows with the
// cut said, the file diffs well (one row per line, stable key order).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  cutNotebook,
  readNotebook,
  writeNotebook,
  NotebookFileError,
  type NotebookCellDoc,
  type NotebookDoc,
  type NotebookOutput,
  type NotebookResult,
} from '../../../src/core/notebook/notebookFile';
import type { ResultTable } from '../../../src/core/api/tabular';
import { countRows, resultOf } from '../../support/notebookResults';

/** JSON values as the service sends them (and as JSON gives them back: no -0). */
const jsonValue = fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.parse(JSON.stringify(v)) as unknown);
const text = fc.string({ unit: 'binary', maxLength: 40 });

const table: fc.Arbitrary<ResultTable> = fc
  .record({
    name: fc.oneof(fc.constantFrom('0', '1', '_totals'), text),
    fields: fc.array(
      fc.record(
        { name: text, type: fc.constantFrom('string', 'integer', 'datetime', 'float', 'map[string]string') },
        { requiredKeys: ['name', 'type'], noNullPrototype: true },
      ),
      { maxLength: 5 },
    ),
    rows: fc.nat(30),
    agg: fc.option(fc.constantFrom('count', 'avg'), { nil: undefined }),
  })
  .chain(({ name, fields, rows, agg }) =>
    fc
      .array(fc.array(jsonValue, { minLength: rows, maxLength: rows }), {
        minLength: fields.length,
        maxLength: fields.length,
      })
      .map((columns) => ({
        name,
        fields: fields.map((f, i) => (agg && i === 0 ? { ...f, agg } : f)),
        columns,
        rowCount: fields.length ? rows : 0,
      })),
  );

const result: fc.Arbitrary<NotebookResult> = fc.record(
  {
    query: text,
    rangeLabel: text,
    ranAt: fc.constant('2026-11-24T10:00:00.000Z'),
    tables: fc.array(table, { maxLength: 3 }),
    status: fc.record(
      {
        elapsedMs: fc.nat(100000),
        rowsExamined: fc.nat(),
        rowsMatched: fc.nat(),
        isPartial: fc.boolean(),
        limitNote: text,
        messages: fc.array(
          fc.record({ priority: text, code: text, text, count: fc.nat(9) }, { noNullPrototype: true }),
          { maxLength: 2 },
        ),
      },
      { requiredKeys: ['isPartial', 'messages'], noNullPrototype: true },
    ),
  },
  { requiredKeys: ['query', 'rangeLabel', 'tables', 'status'], noNullPrototype: true },
);

const output: fc.Arbitrary<NotebookOutput> = fc.oneof(
  result.map((r): NotebookOutput => ({ kind: 'result', result: r })),
  fc
    .record(
      { message: text, actions: fc.array(fc.constantFrom('retry', 'setToken', 'showLog'), { maxLength: 3 }) },
      { noNullPrototype: true },
    )
    .map((problem): NotebookOutput => ({ kind: 'problem', problem })),
  fc
    .record({ name: text, message: text })
    .map(({ name, message }): NotebookOutput => ({ kind: 'error', name, message })),
);

const cell: fc.Arbitrary<NotebookCellDoc> = fc.oneof(
  fc.record(
    {
      kind: fc.constant<'markdown'>('markdown'),
      source: fc.string({ unit: 'binary', maxLength: 200 }),
      outputs: fc.constant<NotebookOutput[]>([]),
    },
    { noNullPrototype: true },
  ),
  fc.record(
    {
      kind: fc.constantFrom<'apl' | 'mpl'>('apl', 'mpl'),
      source: fc.string({ unit: 'binary', maxLength: 200 }),
      outputs: fc.array(output, { maxLength: 2 }),
    },
    { noNullPrototype: true },
  ),
);

const notebook: fc.Arbitrary<NotebookDoc> = fc.record(
  {
    timeRange: fc.oneof(
      fc.constantFrom('15m', '1h', '7d').map((preset) => ({ version: 1 as const, preset: preset as '1h' })),
      fc.constant({ version: 1 as const, start: 'now-2h', end: 'now' }),
    ),
    cells: fc.array(cell, { maxLength: 6 }),
  },
  { requiredKeys: ['cells'], noNullPrototype: true },
);

describe('notebook file', () => {
  it('any notebook of cells and outputs survives save → open', () => {
    fc.assert(
      fc.property(notebook, (doc) => {
        assert.deepStrictEqual(readNotebook(writeNotebook(doc)), doc);
      }),
      { numRuns: 300 },
    );
  });

  it('saved with N rows per table, any notebook opens as the notebook cut to N rows', () => {
    fc.assert(
      fc.property(notebook, fc.nat(12), (doc, n) => {
        const opened = readNotebook(writeNotebook(doc, n));
        assert.deepStrictEqual(opened, cutNotebook(doc, n));
        for (const c of opened.cells)
          for (const o of c.outputs)
            if (o.kind === 'result') for (const t of o.result.tables) assert.ok(t.rowCount <= n);
      }),
      { numRuns: 300 },
    );
  });

  it('cuts a result to N rows and keeps how many there were; saving again keeps the first count', () => {
    const doc: NotebookDoc = {
      cells: [
        {
          kind: 'apl',
          source: "['logs'] | count",
          outputs: [{ kind: 'result', result: resultOf(countRows(1234), countRows(3)) }],
        },
      ],
    };
    const text = writeNotebook(doc, 50);
    const opened = readNotebook(text);
    const out = opened.cells[0].outputs[0];
    assert.equal(out.kind, 'result');
    if (out.kind !== 'result') return;
    assert.equal(out.result.tables[0].rowCount, 50);
    assert.deepEqual(out.result.tables[0].columns[1].slice(0, 3), [0, 1, 2]);
    assert.deepEqual(out.result.totalRows, [1234, null], 'the first table was cut from 1,234 rows, the second not');
    assert.equal(out.result.tables[1].rowCount, 3);
    // Saved again with fewer rows, the original count stays.
    const again = readNotebook(writeNotebook(opened, 10));
    const cut = again.cells[0].outputs[0];
    assert.ok(cut.kind === 'result' && cut.result.tables[0].rowCount === 10 && cut.result.totalRows?.[0] === 1234);
  });

  it('saves no outputs with 0 (axiom.notebook.saveOutputs: none)', () => {
    const doc: NotebookDoc = {
      cells: [{ kind: 'apl', source: 'x', outputs: [{ kind: 'result', result: resultOf(countRows(5)) }] }],
    };
    const text = writeNotebook(doc, 0);
    assert.ok(!text.includes('outputs'));
    assert.deepEqual(readNotebook(text).cells[0].outputs, []);
  });

  it('is readable JSON that diffs well: one cell per entry, source as a string, one row per line, keys in order', () => {
    const doc: NotebookDoc = {
      timeRange: { version: 1, preset: '6h' },
      cells: [
        { kind: 'markdown', source: '# Checkout errors\nWhat happened at 14:00?' },
        {
          kind: 'apl',
          source: "['logs']\n| summarize count() by bin(_time, 1m)",
          outputs: [{ kind: 'result', result: resultOf(countRows(3)) }],
        },
      ].map((c) => ({ outputs: [], ...c }) as NotebookCellDoc),
    };
    const text = writeNotebook(doc);
    assert.equal(
      text,
      `{
  "axiomNotebook": 1,
  "timeRange": {
    "preset": "6h"
  },
  "cells": [
    {
      "kind": "markdown",
      "source": "# Checkout errors\\nWhat happened at 14:00?"
    },
    {
      "kind": "apl",
      "source": "['logs']\\n| summarize count() by bin(_time, 1m)",
      "outputs": [
        {
          "result": {
            "query": "['logs'] | count",
            "rangeLabel": "Last hour",
            "tables": [
              {
                "name": "0",
                "fields": [
                  {"name":"_time","type":"datetime"},
                  {"name":"count","type":"integer","agg":"count"}
                ],
                "rows": [
                  ["2026-11-24T10:00:00Z",0],
                  ["2026-11-24T10:01:00Z",1],
                  ["2026-11-24T10:02:00Z",2]
                ]
              }
            ],
            "status": {
              "isPartial": false,
              "messages": []
            }
          }
        }
      ]
    }
  ]
}
`,
    );
    // The same notebook writes the same text: key order does not depend on how it was built.
    assert.equal(writeNotebook(readNotebook(text)), text);
  });

  it('reads tolerantly: an empty file, unknown keys, unknown cell kinds, odd outputs', () => {
    assert.deepEqual(readNotebook(''), { cells: [] });
    assert.deepEqual(readNotebook('  \n'), { cells: [] });
    const doc = readNotebook(
      JSON.stringify({
        axiomNotebook: 1,
        extra: true,
        timeRange: { preset: 'forever' },
        cells: [
          { kind: 'code', source: 'x', outputs: [{ result: {} }] },
          {
            kind: 'apl',
            source: ['a', 'b'],
            outputs: [{ nonsense: 1 }, { result: { tables: [{ fields: [{ name: 'n' }], rows: [[1, 2], 'x', []] }] } }],
          },
          7,
        ],
      }),
    );
    assert.equal(doc.timeRange, undefined);
    assert.equal(doc.cells.length, 2);
    assert.deepEqual(doc.cells[0], { kind: 'markdown', source: 'x', outputs: [] });
    assert.equal(doc.cells[1].source, 'ab');
    const [out] = doc.cells[1].outputs;
    assert.ok(out.kind === 'result');
    if (out.kind !== 'result') return;
    assert.deepEqual(out.result.tables[0].fields, [{ name: 'n', type: 'unknown' }]);
    assert.deepEqual(out.result.tables[0].columns, [[1, null, null]]);
  });

  it('refuses text that is not a notebook, saying why', () => {
    assert.throws(
      () => readNotebook('{ not json'),
      (e: unknown) => e instanceof NotebookFileError && /not JSON/.test(e.message),
    );
    assert.throws(() => readNotebook('[1,2]'), NotebookFileError);
    assert.throws(() => readNotebook('{"axiomNotebook": 99, "cells": []}'), /newer version/);
  });
});
