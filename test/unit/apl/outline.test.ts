import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { foldingSpans, outlineSymbols, type AplSymbol } from '../../../src/core/apl/outline';
import { parseApl } from '../../../src/core/apl/syntaxParser';
import { PROJECT_QUERIES, VALID_QUERIES } from '../../support/aplCorpus';

/** Each symbol as `kind name` with its children, and the text its selection covers. */
function described(text: string, symbols: AplSymbol[]): unknown[] {
  return symbols.map((s) => {
    const own = `${s.kind} ${s.name} [${text.slice(s.selection.start, s.selection.end)}]`;
    return s.children.length ? [own, described(text, s.children)] : own;
  });
}

describe('APL outline: symbols', () => {
  it('let statements by name, a query by its source, each stage by its operator, a subquery’s stages under its stage', () => {
    const text = [
      'let threshold = 500;',
      "let errors = ['http-logs'] | where status >= threshold;",
      'let twice = (x:long) { x * 2 };',
      'errors',
      "| join kind=inner (['users'] | project id) on id",
      '| summarize count() by method',
    ].join('\n');
    assert.deepEqual(described(text, outlineSymbols(parseApl(text))), [
      'let threshold [threshold]',
      ['let errors [errors]', ['stage where [where]']],
      'function twice [twice]',
      [
        'query errors [errors]',
        [
          ['stage join [join]', [["query ['users'] [['users']]", ['stage project [project]']]]],
          'stage summarize [summarize]',
        ],
      ],
    ]);
  });

  it('a stage’s detail is its text after the operator, on one line and cut short', () => {
    const text = "['logs']\n| where status >= 500\n    and method == 'GET'\n| extend " + 'x'.repeat(100) + ' = 1';
    const [query] = outlineSymbols(parseApl(text));
    assert.equal(query.children[0].detail, "status >= 500 and method == 'GET'");
    assert.ok(query.children[1].detail.endsWith('…') && query.children[1].detail.length === 60);
  });

  it('a head operator is the query’s name and its first stage', () => {
    const [query] = outlineSymbols(parseApl('print x = 1'));
    assert.equal(query.name, 'print');
    assert.deepEqual(
      query.children.map((c) => c.name),
      ['print'],
    );
  });

  it('every symbol lies within its parent, its selection within itself, on any corpus query', () => {
    const within = (inner: { start: number; end: number }, outer: { start: number; end: number }) =>
      inner.start >= outer.start && inner.end <= outer.end;
    fc.assert(
      fc.property(fc.constantFrom(...VALID_QUERIES, ...PROJECT_QUERIES), (text) => {
        const check = (symbols: AplSymbol[], parent?: AplSymbol) => {
          for (const s of symbols) {
            assert.ok(within(s.selection, s), `${s.name}: its selection within it`);
            if (parent) assert.ok(within(s, parent), `${s.name} within ${parent.name}`);
            check(s.children, s);
          }
        };
        check(outlineSymbols(parseApl(text)));
      }),
    );
  });
});

describe('APL outline: folding', () => {
  it('statements and stages over several lines, and runs of comment lines', () => {
    const text = [
      '// one', // 0
      '// two', // 1
      'let errors = logs', // 2
      '    | where a', // 3
      '        and b;', // 4
      'errors // not alone', // 5
      '| take 1', // 6
      '// lone', // 7
    ].join('\n');
    const line = (offset: number) => text.slice(0, offset).split('\n').length - 1;
    assert.deepEqual(
      foldingSpans(parseApl(text)).map((s) => [s.kind, line(s.start), line(s.end)]),
      [
        ['comment', 0, 1],
        ['code', 2, 4],
        ['code', 3, 4],
        ['code', 5, 6],
      ],
    );
  });
});
