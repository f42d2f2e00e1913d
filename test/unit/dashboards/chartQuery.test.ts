// Edit Chart Query's core: each chart's APL found in the dashboard's JSON text, and the edit that
// writes a new APL back as the JSON string it is, changing nothing else (a property test: any APL,
// any chart, the text still reads as the same dashboard but for that one string).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  chartQueries as chartQueriesOf,
  chartQueryAt,
  chartQueryEdit as chartQueryEditOf,
} from '../../../src/core/dashboards/chartQuery';
import { aplStringsInJson } from '../../../src/core/apl/aplInJson';
import { dashboardText } from '../../../src/core/dashboards/dashboardDocument';
import { sampleDashboard } from '../../support/dashboardFixtures';

const text = dashboardText(sampleDashboard());

const chartQueries = (source: string) => chartQueriesOf(source, aplStringsInJson);
const chartQueryEdit = (source: string, index: number, apl: string) =>
  chartQueryEditOf(source, index, apl, aplStringsInJson);

function applied(source: string, edit: { start: number; end: number; text: string }): string {
  return source.slice(0, edit.start) + edit.text + source.slice(edit.end);
}

describe('chartQueries', () => {
  it('finds each chart’s APL with its name, in the order of the text', () => {
    assert.deepEqual(
      chartQueries(text).map((c) => [c.index, c.name, c.apl]),
      [
        [0, 'Requests', "['http-logs'] | summarize count() by bin_auto(_time)"],
        [1, 'Slowest requests', "['http-logs'] | top 10 by req_duration_ms"],
        [2, 'Server errors', "['http-logs'] | where status >= 500 | count"],
      ],
    );
  });

  it('the chart under an offset is the one whose string holds it', () => {
    const second = chartQueries(text)[1];
    assert.equal(chartQueryAt(chartQueries(text), second.start + 3)?.index, 1);
    assert.equal(chartQueryAt(chartQueries(text), 0), undefined);
  });

  it('a text cut short is read as far as it goes, without names', () => {
    const cut = text.slice(0, chartQueries(text)[1].end + 1);
    assert.deepEqual(
      chartQueries(cut).map((c) => [c.index, c.name]),
      [
        [0, undefined],
        [1, undefined],
      ],
    );
  });
});

describe('chartQueryEdit', () => {
  it('writes a multi-line query with quotes as one JSON string, and nothing else changes', () => {
    const apl = '[\'http-logs\']\n| where uri has "/checkout"\n| summarize count() by bin_auto(_time)';
    const edit = chartQueryEdit(text, 0, apl)!;
    const after = applied(text, edit);
    const read = JSON.parse(after) as { charts: { query: { apl: string } }[] };
    assert.equal(read.charts[0].query.apl, apl);
    assert.ok(after.includes(String.raw`['http-logs']\n| where uri has \"/checkout\"\n`));
    assert.equal(after.slice(0, edit.start), text.slice(0, edit.start));
    assert.equal(after.slice(edit.start + edit.text.length), text.slice(edit.end));
  });

  it('a chart that is no longer there: no edit', () => {
    assert.equal(chartQueryEdit(text, 9, 'x'), undefined);
  });

  it('(property) any APL into any chart: the same dashboard but for that one string', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.integer({ min: 0, max: 2 }), (apl, index) => {
        const edit = chartQueryEdit(text, index, apl)!;
        const after = applied(text, edit);
        const expected = JSON.parse(text) as { charts: { query: { apl: string } }[] };
        expected.charts[index].query.apl = apl;
        assert.deepEqual(JSON.parse(after), expected);
        assert.equal(chartQueries(after)[index].apl, apl);
      }),
    );
  });
});
