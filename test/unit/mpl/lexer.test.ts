import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { isPlainName, lexMpl } from '../../../src/core/mpl/lexer';
import { mplLikeText } from '../../support/mplArbitraries';
import { FUZZ_BOUND } from '../../support/untrustedInput';

const kinds = (text: string) => lexMpl(text).map((t) => `${t.kind}:${t.text}`);

describe('MPL lexer', () => {
  it('reads a source with quoted names and a time range', () => {
    assert.deepEqual(kinds('`otel-demo-metrics`:`go.memory.used`[2h..5m] as mem'), [
      'quotedName:`otel-demo-metrics`',
      'punctuation::',
      'quotedName:`go.memory.used`',
      'punctuation:[',
      'duration:2h',
      'punctuation:..',
      'duration:5m',
      'punctuation:]',
      'identifier:as',
      'identifier:mem',
    ]);
  });

  it('reads times: a Unix time, an RFC 3339 time, a signed duration', () => {
    assert.deepEqual(kinds('[-1h..2025-03-01T13:00:00Z] [1747077736..+1h]'), [
      'punctuation:[',
      'operator:-',
      'duration:1h',
      'punctuation:..',
      'datetime:2025-03-01T13:00:00Z',
      'punctuation:]',
      'punctuation:[',
      'number:1747077736',
      'punctuation:..',
      'operator:+',
      'duration:1h',
      'punctuation:]',
    ]);
  });

  it('reads functions with namespaces, numbers, regexes, variables and comments', () => {
    assert.deepEqual(kinds('| map fill::const(0.5) // x\n| where a == #/a\\/b|c/ | align to $__interval'), [
      'pipe:|',
      'identifier:map',
      'identifier:fill',
      'punctuation:::',
      'identifier:const',
      'punctuation:(',
      'number:0.5',
      'punctuation:)',
      'comment:// x',
      'pipe:|',
      'identifier:where',
      'identifier:a',
      'operator:==',
      'regex:#/a\\/b|c/',
      'pipe:|',
      'identifier:align',
      'identifier:to',
      'variable:$__interval',
    ]);
    assert.equal(lexMpl('#/a\\/b/')[0].value, 'a/b');
  });

  it('marks what is not closed and strings in single quotes', () => {
    const [open] = lexMpl('"abc');
    assert.equal(open.unterminated, true);
    assert.equal(lexMpl("'x'")[0].singleQuoted, true);
    assert.equal(lexMpl('`ds')[0].unterminated, true);
    assert.equal(lexMpl('#/ab')[0].unterminated, true);
  });

  it('knows which names need no backquotes', () => {
    assert.ok(isPlainName('status_code'));
    assert.ok(!isPlainName('go.memory.used'));
    assert.ok(!isPlainName('_x'));
    assert.ok(!isPlainName('9a'));
  });

  it('any text: never throws, tokens in order, inside the text, and what lies between them is whitespace', () => {
    fc.assert(
      fc.property(mplLikeText, (text) => {
        let at = 0;
        for (const token of lexMpl(text)) {
          assert.ok(token.start >= at && token.end > token.start && token.end <= text.length);
          assert.match(text.slice(at, token.start), /^\s*$/u);
          assert.equal(token.text, text.slice(token.start, token.end));
          at = token.end;
        }
        assert.match(text.slice(at), /^\s*$/u);
      }),
      FUZZ_BOUND,
    );
  });
});
