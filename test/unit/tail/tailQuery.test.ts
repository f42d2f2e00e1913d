// What a tail follows, read from the query's syntax tree: the dataset and its leading `where`s
// (strings and comments are never taken for code), the stages left out said; the filter box's
// conditions checked by the parser (one condition, nothing that adds a stage or a statement).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { parseApl } from '../../../src/core/apl/syntaxParser';
import { mainStages } from '../../../src/core/apl/aplText';
import { render } from '../../../src/core/phrase';
import { conditionProblem, tailApl, tailTargetOf } from '../../../src/core/tail/tailQuery';

describe('the tail’s query', () => {
  it('keeps the dataset and the leading wheres; the rest is left out and named', () => {
    const read = tailTargetOf(
      "['http-logs']\n| where status >= 500 // a '| summarize' in a comment\n| where route == '| take 1'\n| summarize count() by service\n| where count_ > 1",
    );
    assert.ok('target' in read);
    assert.deepEqual(read.target, {
      dataset: 'http-logs',
      conditions: ['status >= 500', "route == '| take 1'"],
    });
    assert.deepEqual(read.leftOut, ['summarize', 'where']);
  });

  it('refuses a query with an error, one that names things first, and one that reads no dataset, in words', () => {
    for (const apl of [
      "['logs'] | where status ==",
      "let x = 1;\n['logs'] | where a == x",
      'print 1',
      '| where a == 1',
    ]) {
      const read = tailTargetOf(apl);
      assert.ok(!('target' in read), apl);
      assert.ok(render(read).length > 10);
    }
  });

  it('checks a filter condition: an error, a pipe that adds a stage, a second statement are refused', () => {
    assert.equal(conditionProblem("status >= 500 and service == 'checkout'"), undefined);
    assert.equal(conditionProblem(''), undefined);
    assert.equal(conditionProblem("message contains '| take 1'"), undefined);
    for (const bad of ['status >=', 'status > 1 | take 1', 'a == 1; print 2', 'x == 1 // hidden'])
      assert.ok(conditionProblem(bad), bad);
  });

  it('writes one stage per condition (an `or` never loosens another), newest first, a take', () => {
    const apl = tailApl({ dataset: "it's", conditions: ['a == 1 or b == 2'] }, 'c == 3', 500);
    assert.equal(apl, "['it\\'s']\n| where a == 1 or b == 2\n| where c == 3\n| sort by _time desc\n| take 500");
    assert.deepEqual(
      mainStages(parseApl(apl)).map((s) => s.operator?.text),
      ['where', 'where', 'sort', 'take'],
    );
  });

  it('property: whatever a filter holds, an accepted one adds exactly one where stage to the tail’s query', () => {
    const pieces = fc.constantFrom(
      'a',
      '==',
      '1',
      "'x|y'",
      '|',
      ';',
      'and',
      'or',
      '(',
      ')',
      ' ',
      'take',
      '//',
      '"',
      'b',
      '>=',
      '\n',
    );
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 12 }), (parts) => {
        const filter = parts.join(' ');
        if (conditionProblem(filter) || !filter.trim()) return;
        const stages = mainStages(parseApl(tailApl({ dataset: 'logs', conditions: [] }, filter, 10)));
        assert.deepEqual(
          stages.map((s) => s.operator?.text),
          ['where', 'sort', 'take'],
          filter,
        );
      }),
      { numRuns: 500 },
    );
  });
});
