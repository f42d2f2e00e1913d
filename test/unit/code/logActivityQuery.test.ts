import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { checkApl } from '../../../src/core/apl/checks';
import { lex } from '../../../src/core/apl/lexer';
import {
  activityQuery,
  activityWords,
  aplString,
  messageTest,
  readActivity,
  statementQuery,
  STATEMENT_COLUMN,
} from '../../../src/core/code/logActivityQuery';
import { messagePattern } from '../../../src/core/code/messagePattern';
import { render } from '../../../src/core/phrase';
import { resultOf, tableOfColumns } from '../../support/resultTables';

const SOURCE = { dataset: 'app-logs', messageField: 'message' };

/** The values of the string literals of a query, in order (as the parser reads them). */
const strings = (apl: string) =>
  lex(apl)
    .filter((t) => t.kind === 'string')
    .map((t) => t.value);

describe('the one query of a file', () => {
  it('counts every statement at once: a case over the patterns, a count and the last time by branch', () => {
    const apl = activityQuery(SOURCE, [
      messagePattern('payment provider answered slowly', 'plain'),
      messagePattern('order ${order.id} placed', 'template'),
    ]);
    assert.equal(
      apl,
      [
        "['app-logs']",
        `| extend ${STATEMENT_COLUMN} = case(['message'] == "payment provider answered slowly", 0, ['message'] matches regex "^order [\\\\s\\\\S]* placed$", 1, -1)`,
        `| where ${STATEMENT_COLUMN} >= 0`,
        `| summarize logged = count(), last_logged = max(_time) by ${STATEMENT_COLUMN}`,
      ].join('\n'),
    );
    assert.deepEqual(checkApl(apl), []);
  });

  it('lists one statement’s events for a lens’s click', () => {
    const apl = statementQuery(
      { dataset: 'logs', messageField: 'attributes.msg' },
      messagePattern('a "quoted" %s', 'plain'),
    );
    assert.equal(
      apl,
      `['logs']\n| where ['attributes.msg'] matches regex "^a \\"quoted\\" [\\\\s\\\\S]*$"\n| order by _time desc`,
    );
    assert.deepEqual(checkApl(apl), []);
  });

  it('reads the counts back by branch, passing over rows of another shape', () => {
    const result = resultOf(
      tableOfColumns(
        [
          [STATEMENT_COLUMN, 'integer'],
          ['logged', 'integer'],
          ['last_logged', 'datetime'],
        ],
        [
          [0, 1, 'x', -2],
          [2314, 5, 1, 1],
          ['2026-01-01T00:00:00Z', null, null, null],
        ],
      ),
    );
    assert.deepEqual(
      [...readActivity(result)],
      [
        [0, { count: 2314, last: Date.parse('2026-01-01T00:00:00Z') }],
        [1, { count: 5 }],
      ],
    );
  });

  it('says the count and when last, or that it never was', () => {
    const now = Date.parse('2026-01-01T01:00:00Z');
    assert.equal(
      render(activityWords({ count: 2314, last: now - 3 * 60_000 }, '24 h', now)),
      '2,314 in 24 h · 3 min ago',
    );
    assert.equal(render(activityWords(undefined, '24 h', now)), 'never logged in 24 h');
    assert.equal(
      render(activityWords({ count: 1, last: now - 26 * 3_600_000 }, '7 days', now)),
      '1 in 7 days · 26 h ago',
    );
    assert.equal(
      render(activityWords({ count: 1, last: now - 3 * 86_400_000 }, '7 days', now)),
      '1 in 7 days · 3 days ago',
    );
  });
});

describe('any message text yields a query that parses and matches only what it should', () => {
  const text = fc.string({ unit: 'binary', maxLength: 40 });

  it('a string literal reads back as the text', () => {
    fc.assert(
      fc.property(
        // eslint-disable-next-line no-control-regex -- the control characters aplString is never given
        text.filter((s) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/.test(s)),
        (s) => {
          assert.deepEqual(strings(`print x = ${aplString(s)}`), [s]);
        },
      ),
    );
  });

  it('the test of a message parses, and its literal is the message or an expression matching only it', () => {
    fc.assert(
      fc.property(text, fc.array(text, { maxLength: 3 }), fc.string({ maxLength: 6 }), (first, more, other) => {
        const template = [first, ...more].join('%s');
        const pattern = messagePattern(template, 'plain');
        if (pattern.length === 0) return;
        const apl = activityQuery(SOURCE, [pattern, pattern]);
        assert.deepEqual(
          checkApl(apl).filter((p) => p.severity === 'error'),
          [],
          apl,
        );
        const test = messageTest('message', pattern);
        const [literal] = strings(test);
        const filled = pattern.map((p) => (typeof p === 'string' ? p : other)).join('');
        if (test.includes(' == ')) assert.equal(literal, filled);
        else {
          const regex = new RegExp(literal ?? '');
          assert.ok(regex.test(filled), `${JSON.stringify(filled)} ~ ${literal}`);
          // Anchored at the start: a character before the message (one the message does not begin with) is no match.
          if (typeof pattern[0] === 'string') {
            const before = pattern[0].startsWith('\u0002') ? '\u0003' : '\u0002';
            assert.ok(!regex.test(`${before}${filled}`));
          }
        }
      }),
    );
  });
});
