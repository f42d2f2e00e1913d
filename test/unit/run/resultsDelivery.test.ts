import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { FIRST_ROWS } from '../../../src/core/firstRows';
import { CHUNK_CELLS, firstPart, hasMoreRows, remainingRows } from '../../../src/core/run/resultsDelivery';
import type { ResultTable } from '../../../src/core/api/tabular';
import { readHostMessage, type ResultsView } from '../../../src/core/run/resultsProtocol';
import { TableModel } from '../../../src/webview/shared/tableModel';

function table(name: string, columnCount: number, rowCount: number): ResultTable {
  const fields = Array.from({ length: columnCount }, (_, c) => ({ name: `f${c}`, type: 'integer' }));
  const columns = fields.map((_, c) => Array.from({ length: rowCount }, (_, r) => r * 100 + c));
  return { name, fields, columns, rowCount };
}

function result(tables: ResultTable[]): ResultsView {
  return { runId: 7, query: 'q', rangeLabel: 'Last hour', tables, status: { isPartial: false, messages: [] } };
}

/** What the page ends with: the first part, then every rows message appended, all read as the page reads them. */
function received(view: ResultsView, rows?: number, cells?: number): TableModel[] {
  const first = readHostMessage(JSON.parse(JSON.stringify({ type: 'results', result: firstPart(view, rows) })));
  assert.equal(first?.type, 'results');
  const models = (first as { result: ResultsView }).result.tables.map((t) => new TableModel(t));
  for (const message of remainingRows(view, rows, cells)) {
    const read = readHostMessage(JSON.parse(JSON.stringify(message)));
    assert.equal(read?.type, 'rows');
    const m = read;
    assert.ok(models[m.table].append(m.start, m.columns), `rows from ${m.start} of table ${m.table} follow on`);
  }
  return models;
}

describe('results delivery: the first rows at once, the rest after', () => {
  it("sends each table's first 200 rows first, and the rest in messages of at most 100,000 values", () => {
    const big = table('0', 12, 100_000);
    const view = result([big, table('_totals', 1, 1)]);
    const first = firstPart(view);
    assert.deepEqual(
      first.tables.map((t) => [t.rowCount, t.columns[0].length]),
      [
        [100_000, FIRST_ROWS],
        [1, 1],
      ],
    );
    assert.equal(first.tables[1], view.tables[1], 'a small table goes as it is');
    assert.ok(JSON.stringify(first).length < 100_000, 'the first message is small');
    const rest = [...remainingRows(view)];
    assert.ok(
      rest.every((m) => m.table === 0 && m.runId === 7 && m.columns.length * m.columns[0].length <= CHUNK_CELLS),
    );
    assert.equal(rest[0].start, FIRST_ROWS);
    assert.equal(
      rest.reduce((n, m) => n + m.columns[0].length, 0),
      100_000 - FIRST_ROWS,
    );
    assert.ok(hasMoreRows(view));
    assert.ok(!hasMoreRows(result([table('0', 3, FIRST_ROWS)])));
  });

  it('ends, whatever the tables and the sizes, with every value where the service put it', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 60 })), { maxLength: 4 }),
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 1, max: 40 }),
        (shapes, rows, cells) => {
          const view = result(shapes.map(([c, r], i) => table(String(i), c, r)));
          const models = received(view, rows, cells);
          models.forEach((m, i) => {
            assert.ok(m.complete);
            assert.deepEqual(m.table.columns, view.tables[i].columns);
          });
        },
      ),
    );
  });

  it('reads a first part (columns of one length, at most rowCount) and rows messages, and refuses odd ones', () => {
    const first = { type: 'results', result: firstPart(result([table('0', 2, 500)])) };
    assert.equal(readHostMessage(first)?.type, 'results');
    const uneven = structuredClone(first);
    uneven.result.tables[0].columns[1].pop();
    assert.equal(readHostMessage(uneven), undefined);
    const tooLong = structuredClone(first);
    tooLong.result.tables[0].rowCount = 10;
    assert.equal(readHostMessage(tooLong), undefined);
    const rows = {
      type: 'rows',
      runId: 1,
      table: 0,
      start: 200,
      columns: [
        [1, 2],
        [3, 4],
      ],
    };
    assert.deepEqual(readHostMessage(structuredClone(rows)), rows);
    for (const odd of [
      { type: 'rows', runId: 1, table: 0, start: 200, columns: [[1, 2], [3]] },
      { type: 'rows', runId: 1, table: -1, start: 200, columns: [] },
      { type: 'rows', runId: 1, table: 0, start: 1.5, columns: [] },
      { type: 'rows', runId: 1, table: 0, start: 0, columns: 'x' },
    ])
      assert.equal(readHostMessage(odd), undefined, JSON.stringify(odd));
  });
});

describe('results delivery: a table shown before all its rows are there', () => {
  const partial = () => new TableModel(firstPart(result([table('0', 2, 1000)]), 10).tables[0]);
  const rest = () => [...remainingRows(result([table('0', 2, 1000)]), 10, 400)];

  it('shows every row from the start, the ones still on their way after the ones there', () => {
    const m = partial();
    assert.equal(m.loaded, 10);
    assert.ok(!m.complete);
    assert.equal(m.rows.length, 1000);
  });

  it('takes only rows that follow on from those there', () => {
    const m = partial();
    const [a, b] = rest();
    assert.ok(!m.append(b.start, b.columns), 'a gap');
    assert.ok(m.append(a.start, a.columns));
    assert.ok(!m.append(a.start, a.columns), 'the same rows twice');
    assert.ok(!m.append(b.start, [b.columns[0]]), 'a column short');
    assert.equal(m.loaded, 10 + a.columns[0].length);
  });

  it('keeps a sort and a filter asked for meanwhile, and applies them once the last rows are in', () => {
    const m = partial();
    m.setSort({ column: 0, direction: 'desc' });
    m.setFilter('99');
    assert.equal(m.rows[0], 0, 'nothing sorted yet');
    assert.equal(m.rows.length, 1000, 'nothing filtered yet');
    assert.equal(m.prepareSearch(), false, 'no search text made from a part');
    for (const r of rest()) m.append(r.start, r.columns);
    assert.ok(m.complete);
    assert.equal(m.rows[0], 999, 'sorted, descending');
    // Values r * 100 + c: "99" is in rows 99, 199, …, 990–999 (the text of column 0 or 1).
    const expected = [...Array(1000).keys()].filter(
      (r) => String(r * 100).includes('99') || String(r * 100 + 1).includes('99'),
    );
    assert.deepEqual(
      [...m.rows].sort((x, y) => x - y),
      expected,
    );
  });
});
