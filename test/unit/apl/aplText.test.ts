import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { datasetAt, datasetFromApl, holdsQuery, suggestQueryName } from '../../../src/core/apl/aplText';
import { parseApl } from '../../../src/core/apl/syntaxParser';

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
    ["set stricttypes;\n['logs'] | count", 'logs'],
    ["let errors = ['http-logs'] | where status >= 500;\nerrors\n| summarize count()", 'http-logs'],
    ["let src = ['a'];\nlet recent = src | where _time > ago(1h);\nrecent | count", 'a'],
    ["// ['not-this'] | count\n['this'] | count", 'this'],
    ["['a'] | join (['b'] | take 1) on id", 'a'],
    ['let n = 5;\nn', undefined],
  ];
  for (const [apl, expected] of table) {
    it(`${JSON.stringify(apl)} → ${expected ?? 'nothing'}`, () => assert.equal(datasetFromApl(apl), expected));
  }
});

describe('datasetAt', () => {
  it('the dataset of the pipeline around the offset: a subquery’s own inside it, the main one elsewhere', () => {
    const apl = "let users = ['users'];\n['http-logs'] | join (users | where active) on id | where status > 1";
    const at = (needle: string) => datasetAt(parseApl(apl), apl.indexOf(needle));
    assert.equal(at('active'), 'users');
    assert.equal(at('status'), 'http-logs');
    assert.equal(at("['users']"), 'users');
  });
});

describe('suggestQueryName', () => {
  it('names the dataset and the first operators', () => {
    assert.equal(
      suggestQueryName("['http-logs'] | where status >= 500 | summarize count()", 'http-logs'),
      'http-logs: where, summarize',
    );
  });
  it('reads no operator from a string or a comment', () => {
    assert.equal(suggestQueryName("['l'] | where m == '| take 1' // | count\n| project a", 'l'), 'l: where, project');
  });
  it('is short', () => {
    assert.ok(suggestQueryName('x'.repeat(200), undefined).length <= 60);
  });
});

describe('holdsQuery', () => {
  it("finds a query in a person's words by parsing it: a dataset read, or a pipe into an APL operator", () => {
    for (const words of [
      "['logs'] | where status == 500",
      "what does ['http-logs'] | summarize count() by method do?",
      'explain errors | summarize count() by bin(_time, 1h)',
      "why is ['sample-app'] empty",
      "let t = 5m; ['logs'] | where _time > ago(t)",
      'T\n| take 10',
    ])
      assert.equal(holdsQuery(words), true, words);
  });

  it('finds none in prose, in words with a pipe that is no operator, or in a stage the parser refuses', () => {
    for (const words of [
      'why did my monitor fire at noon?',
      'where do I summarize the counts by method',
      'yes | no',
      'errors | where',
      'errors | summarize count() by',
      "a string 'x | where y'",
      '// ["logs"] | count',
      '',
    ])
      assert.equal(holdsQuery(words), false, words);
  });
});
