import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { bindingAt, letBindings, renameLet } from '../../../src/core/apl/letNames';
import { render } from '../../../src/core/phrase';
import { parseApl } from '../../../src/core/apl/syntaxParser';
import { PROJECT_QUERIES, VALID_QUERIES } from '../../support/aplCorpus';

const QUERY = [
  'let threshold = 500;',
  "let errors = ['http-logs'] | where status >= threshold;",
  'let twice = (x:long) { x * threshold };',
  'errors',
  '| extend threshold2 = twice(status), t = threshold',
  '| project threshold = t, x.threshold',
].join('\n');

/** Each binding as its name with the lines and columns of its definition and uses. */
function uses(text: string) {
  const at = (offset: number) => {
    const before = text.slice(0, offset).split('\n');
    return `${before.length - 1}:${before.at(-1)!.length}`;
  };
  return letBindings(parseApl(text)).map((b) => [b.name, at(b.definition.start), b.references.map((r) => at(r.start))]);
}

describe('let names: definitions and uses', () => {
  it('a use is a name where an expression is, from the statement after the let on', () => {
    assert.deepEqual(uses(QUERY), [
      ['threshold', '0:4', ['1:45', '2:27', '4:41']],
      ['errors', '1:4', ['3:0']],
      ['x', '2:13', ['2:23']],
      ['twice', '2:4', ['4:22']],
    ]);
  });

  it('a later let of the same name hides the earlier from its next statement on; its own value reads the earlier', () => {
    assert.deepEqual(uses('let a = 1;\nlet a = a + 1;\nprint a'), [
      ['a', '0:4', ['1:8']],
      ['a', '1:4', ['2:6']],
    ]);
  });

  it('a bracketed use counts', () => {
    assert.deepEqual(uses("let t = ['logs'];\n['t'] | count"), [['t', '0:4', ['1:0']]]);
  });

  it('the binding under the cursor, on its definition or a use, a cursor just after the name included', () => {
    const parsed = parseApl(QUERY);
    const at = (needle: string, plus = 0) => bindingAt(parsed, QUERY.indexOf(needle) + plus)?.binding.name;
    assert.equal(at('threshold = 500'), 'threshold');
    assert.equal(at('threshold;', 'threshold'.length), 'threshold');
    assert.equal(at('errors\n|'), 'errors');
    assert.equal(at('status'), undefined);
    assert.equal(at('threshold = t'), undefined, 'a column an assignment makes is not a use');
  });
});

describe('let names: rename', () => {
  const parsed = parseApl(QUERY);
  const offset = QUERY.indexOf('threshold');

  it('renames the definition and every use, a bracketed one bracketed', () => {
    const result = renameLet(parsed, offset, 'limit_ms');
    assert.ok('edits' in result);
    let out = '';
    let at = 0;
    for (const edit of result.edits) {
      out += QUERY.slice(at, edit.start) + edit.newText;
      at = edit.end;
    }
    out += QUERY.slice(at);
    assert.equal(
      out,
      QUERY.replace('let threshold', 'let limit_ms')
        .replace('>= threshold', '>= limit_ms')
        .replace('x * threshold', 'x * limit_ms')
        .replace('t = threshold', 't = limit_ms'),
    );
    const bracketed = renameLet(parseApl("let t = ['logs'];\n['t'] | count"), 4, 'u');
    assert.ok('edits' in bracketed);
    assert.deepEqual(
      bracketed.edits.map((e) => e.newText),
      ['u', "['u']"],
    );
  });

  const refusal = (newName: string, at = offset) => {
    const result = renameLet(parsed, at, newName);
    return 'refused' in result ? render(result.refused) : undefined;
  };

  it('refuses a name that is not a name', () => {
    for (const bad of ['', '1x', 'a b', 'a-b', "['x']", 'é']) assert.match(refusal(bad) ?? '', /not a valid name/, bad);
  });

  it('refuses APL’s own words and functions', () => {
    for (const word of ['where', 'and', 'let', 'by', 'count', 'strcat', 'true', 'string'])
      assert.match(refusal(word) ?? '', /APL's own/, word);
  });

  it('refuses a name that clashes with one in the query: another let, a field, a dataset, a parameter', () => {
    for (const taken of ['errors', 'status', 'x', 't', 'twice'])
      assert.match(refusal(taken) ?? '', /already a name/, taken);
  });

  it('refuses where no let name is', () => {
    assert.match(refusal('y', QUERY.indexOf('status')) ?? '', /Only a name a let statement gives/);
  });

  it('on any corpus query, renaming each let to a fresh name and back gives the text back', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...[...VALID_QUERIES, ...PROJECT_QUERIES].filter((q) => q.includes('let '))),
        (text) => {
          for (const binding of letBindings(parseApl(text))) {
            const apply = (source: string, at: number, name: string) => {
              const result = renameLet(parseApl(source), at, name);
              assert.ok('edits' in result, `${binding.name} → ${name}`);
              let out = '';
              let from = 0;
              for (const edit of result.edits) {
                out += source.slice(from, edit.start) + edit.newText;
                from = edit.end;
              }
              return out + source.slice(from);
            };
            const renamed = apply(text, binding.definition.start, 'zz_fresh');
            assert.equal(apply(renamed, binding.definition.start, binding.name), text);
          }
        },
      ),
    );
  });
});
