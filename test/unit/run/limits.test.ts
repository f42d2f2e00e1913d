import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { render } from '../../../src/core/phrase';
import { explainLimit, pipelineOperators } from '../../../src/core/run/limits';
import type { ResultTable } from '../../../src/core/api/tabular';

const rows = (count: number, name = '0'): ResultTable => ({
  name,
  fields: [{ name: 'n', type: 'integer' }],
  columns: [new Array<unknown>(count).fill(1)],
  rowCount: count,
});
const note = (query: string, tables: ResultTable[]) => {
  const said = explainLimit(query, tables);
  return said && render(said);
};

describe('explainLimit', () => {
  it('names the service’s default cap when a query without take or limit returns 1,000 rows', () => {
    assert.match(
      note("['http-logs'] | where status == 500", [rows(1000)]) ?? '',
      /^Axiom returns at most 1,000 rows when a query sets no limit/,
    );
    assert.equal(note("['http-logs'] | where status == 500", [rows(999)]), undefined);
    const german = explainLimit("['http-logs'] | where status == 500", [rows(1000)], 'de');
    assert.match(german ? render(german) : '', /at most 1\.000 rows/, 'counts written in the locale given');
  });

  it('names the query’s own last take or limit when the rows reach it', () => {
    assert.equal(
      note("['x'] | take 5000 | project a | limit 50", [rows(50)]),
      'The result stops at 50 rows, the limit the query sets (limit 50).',
    );
    assert.equal(
      note("['x']\n| sort by _time desc\n| take 10\n| extend b = 1", [rows(10)]),
      'The result stops at 10 rows, the limit the query sets (take 10).',
    );
    assert.equal(note("['x'] | take 10", [rows(7)]), undefined, 'fewer rows than asked: the data ended');
    assert.equal(note("['x'] | take 2000", [rows(1000)]), undefined, 'a take sets the limit: no default cap');
  });

  it('a take before an operator that reshapes rows is no limit of the result', () => {
    assert.equal(note("['x'] | take 10 | summarize count() by a", [rows(10)]), undefined);
  });

  it('reads the main table, not _totals, and is quiet without one', () => {
    assert.equal(note("['x'] | summarize count() by a", [rows(3), rows(1000, '_totals')]), undefined);
    assert.equal(note("['x']", []), undefined);
  });

  it('looks past strings, comments, parentheses and let statements', () => {
    assert.deepEqual(
      pipelineOperators(
        "let t = ['a'] | take 1;\n// | take 3\n['x'] | where msg == '| take 4' and s == \"a\\\"| limit 5\" | join (['y'] | take 6) on id | take 7",
      ),
      [{ name: 'where' }, { name: 'join' }, { name: 'take', count: 7 }],
    );
    assert.deepEqual(pipelineOperators("['x'] | where a has @'c:\\dir|' | take 3 // | take 8\n"), [
      { name: 'where' },
      { name: 'take', count: 3 },
    ]);
    assert.deepEqual(
      pipelineOperators("['x']\n| extend s = ```\n| take 2\n```\n| sort by _time\n// | limit 9"),
      [{ name: 'extend' }, { name: 'sort' }],
      'a multi-line string and a last comment line',
    );
  });

  it('never throws, whatever the text', () => {
    fc.assert(fc.property(fc.string(), fc.nat(2000), (query, count) => void explainLimit(query, [rows(count)])));
  });
});
