import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { mplCompletionContext } from '../../../src/core/mpl/completion';
import { mplName, mplValue } from '../../../src/core/mpl/writing';
import { lexMpl } from '../../../src/core/mpl/lexer';
import { mplLikeText } from '../../support/mplArbitraries';
import { FUZZ_BOUND } from '../../support/untrustedInput';

/** The context at ‸, without its range. */
function at(marked: string): Record<string, unknown> {
  const { start: _start, end: _end, ...rest } = mplCompletionContext(marked.replace('‸', ''), marked.indexOf('‸'));
  return rest;
}

describe('MPL completion context', () => {
  it('where a query starts: at the start, after a directive, in a group of queries', () => {
    assert.deepEqual(at('‸'), { kind: 'queryStart' });
    assert.deepEqual(at('`otel‸'), { kind: 'queryStart' });
    assert.deepEqual(at('set custom_unit = "ms";\n‸'), { kind: 'queryStart' });
    assert.deepEqual(at('(‸'), { kind: 'queryStart' });
    assert.deepEqual(at('(`a`:`b` | map rate, ‸'), { kind: 'queryStart' });
  });

  it("after a dataset's colon: its metrics", () => {
    assert.deepEqual(at('`otel-demo-metrics`:‸'), { kind: 'metric', dataset: 'otel-demo-metrics' });
    assert.deepEqual(at('metrics:`go.mem‸'), { kind: 'metric', dataset: 'metrics' });
  });

  it('after a pipe: the operations', () => {
    assert.deepEqual(at('`a`:`b`\n| ‸'), { kind: 'operation' });
    assert.deepEqual(at('`a`:`b`\n| al‸'), { kind: 'operation' });
  });

  it("in a filter and a by list: the query's tags; after a comparison: the tag's values", () => {
    const source = { dataset: 'a', metric: 'b' };
    assert.deepEqual(at('`a`:`b` | where ‸'), { kind: 'tag', ...source });
    assert.deepEqual(at('`a`:`b` | where x == 1 and (‸'), { kind: 'tag', ...source });
    assert.deepEqual(at('`a`:`b` | group by x, ‸'), { kind: 'tag', ...source });
    assert.deepEqual(at('`a`:`b` | where `service.name` == ‸'), { kind: 'tagValue', tag: 'service.name', ...source });
    assert.deepEqual(at('(`c`:`d`, `a`:`b` | where ‸'), { kind: 'tag', ...source }, 'the source of the query it is in');
  });

  it('after map and using: the functions of that place; after to: a window; the words a stage takes next', () => {
    assert.deepEqual(at('`a`:`b` | map ‸'), { kind: 'function', place: 'map' });
    assert.deepEqual(at('`a`:`b` | align to 5m using ‸'), { kind: 'function', place: 'align' });
    assert.deepEqual(at('`a`:`b` | bucket by x using ‸'), { kind: 'function', place: 'bucket' });
    assert.deepEqual(at('`a`:`b` | align to ‸'), { kind: 'window' });
    assert.deepEqual(at('`a`:`b` | align ‸'), { kind: 'words', words: ['to', 'using'] });
    assert.deepEqual(at('`a`:`b` | group by x ‸'), { kind: 'words', words: ['using'] });
    assert.deepEqual(at('`a`:`b` | where x ‸'), { kind: 'words', words: ['==', '!=', '<', '<=', '>', '>=', 'is'] });
    assert.deepEqual(at('set ‸'), { kind: 'directive' });
  });

  it('nothing inside a string, a regex or a comment', () => {
    assert.deepEqual(at('`a`:`b` | where x == "ab‸'), { kind: 'none' });
    assert.deepEqual(at('`a`:`b` | where x == #/ab‸/'), { kind: 'none' });
    assert.deepEqual(at('`a`:`b` // a note‸'), { kind: 'none' });
  });

  it('the range is the word being typed, a quoted name whole', () => {
    const text = '`a`:`go.mem';
    const context = mplCompletionContext(text, text.length);
    assert.deepEqual([context.start, context.end], [4, text.length]);
  });

  it('writes names and values as MPL needs them', () => {
    assert.equal(mplName('status_code'), 'status_code');
    assert.equal(mplName('go.memory.used'), '`go.memory.used`');
    assert.equal(mplName('by'), '`by`', 'a keyword is quoted');
    assert.equal(mplName('a`b'), '`a\\`b`');
    assert.equal(mplValue('200'), '200');
    assert.equal(mplValue('true'), 'true');
    assert.equal(mplValue('say "hi"'), '"say \\"hi\\""');
  });

  it('any text at any offset: a context whose range holds the offset, never a throw', () => {
    fc.assert(
      fc.property(mplLikeText, fc.nat(), (text, n) => {
        const offset = n % (text.length + 1);
        const context = mplCompletionContext(text, offset);
        assert.ok(context.start <= offset && offset <= context.end && context.end <= text.length);
      }),
      FUZZ_BOUND,
    );
  });

  it('a name written by mplName reads back as one name of that text', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 30 }).filter((s) => !s.includes('\n')),
        (name) => {
          const tokens = lexMpl(mplName(name));
          assert.equal(tokens.length, 1);
          assert.equal(tokens[0].kind === 'quotedName' ? tokens[0].value : tokens[0].text, name);
        },
      ),
      FUZZ_BOUND,
    );
  });
});
