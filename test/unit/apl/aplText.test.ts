import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { datasetFromApl, suggestQueryName } from '../../../src/core/apl/aplText';

describe('datasetFromApl', () => {
  const table: [string, string | undefined][] = [
    ["['my-logs'] | where x", 'my-logs'],
    ['["my-logs"]\n| take 10', 'my-logs'],
    ["[ 'with space' ] | count", 'with space'],
    ['my_logs | where x', 'my_logs'],
    ['my_logs', 'my_logs'],
    ['  // a comment\n\n  http_logs\n| count', 'http_logs'],
    ["let x = 1;\n['logs'] | take 1", 'logs'],
    ["['it\\'s'] | take 1", "it's"],
    ['print 1', undefined],
    ['union a, b', undefined],
    ['', undefined],
    ['| where x', undefined],
    ["['unterminated | take 1", undefined],
  ];
  for (const [apl, expected] of table) {
    it(`${JSON.stringify(apl)} → ${expected ?? 'nothing'}`, () => assert.equal(datasetFromApl(apl), expected));
  }
});

describe('suggestQueryName', () => {
  it('names the dataset and the first operators', () => {
    assert.equal(
      suggestQueryName("['http-logs'] | where status >= 500 | summarize count()", 'http-logs'),
      'http-logs: where, summarize',
    );
  });
  it('is short', () => {
    assert.ok(suggestQueryName('x'.repeat(200), undefined).length <= 60);
  });
});
