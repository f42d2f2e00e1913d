// The checks' reader of common queries (src/core/apl/quickQuery.ts) finds what the full parser
// finds: checkApl (which hands common queries to it) against checkParsed(parseApl(…)) (the tree,
// every query read by the parser) on the corpus, on a file of it as large as the bench's, and on
// generated queries, mutated and joined into files. And it is used: the queries it reads are
// counted (aplWork), never timed (speed is the bench's, test/bench/checkApl.ts).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { aplWork, resetAplWork } from '../../../src/core/apl/aplWork';
import { checkApl, checkParsed } from '../../../src/core/apl/checks';
import { parseApl } from '../../../src/core/apl/syntaxParser';
import { aplExpression, aplLikeText, aplQuery } from '../../support/aplArbitraries';
import { PROJECT_QUERIES, VALID_QUERIES, docsQueries } from '../../support/aplCorpus';

const corpus = [...VALID_QUERIES, ...PROJECT_QUERIES, ...docsQueries()];

/** checkApl's problems are the full parser's, for this text. */
function sameAsParser(text: string): void {
  assert.deepEqual(checkApl(text), checkParsed(parseApl(text)), `for:\n${text}`);
}

/** A file of queries apart by blank lines, `length` characters long, as the bench makes it. */
function fileOfCorpus(length: number): string {
  const lines: string[] = [];
  let size = 0;
  for (let i = 0; size < length; i++) {
    const query = corpus[i % corpus.length];
    lines.push(query, '');
    size += query.length + 2;
  }
  return lines.join('\n').slice(0, length);
}

/** What breaks a query, or takes it out of the common shapes: put anywhere in it. */
const INSERTED = [
  ...['abz(1)', 'count(1, 2)', 'strcat()', 'let abz = 1;\n', 'let f = (x:long) { x };\n', ')', '(', ']', '[', '}'],
  ...[', ,', ',', '| ', '|', '=', ' by ', ' by', '*', '.', "['x']", "['x'](1)", 'x[1:2]', ':', ';', '\n\n', '\n\n| '],
  ...['dynamic(', 'dynamic({"a": f(1)})', 'datetime(2024-01-01)', '-', '- -', 'matches regex', ' and ', ' has '],
  ...['"open', "'a' 'b'", '// note\n', 'set x = 1;\n', 'print 1', 'search x', '| where', '| nosuch x', ' asc', 'nulls'],
  ...['| project-away geo.*', '| order by a desc nulls last', '| summarize by x', '| take', 'kind=inner ', '$left.id'],
];

/** A text with each of `insertions` put at its place (counted from the end, so that places stay apart). */
function inserted(text: string, insertions: readonly [number, string][]): string {
  let out = text;
  for (const [at, piece] of [...insertions].sort((a, b) => b[0] - a[0])) {
    const place = at % (out.length + 1);
    out = out.slice(0, place) + piece + out.slice(place);
  }
  return out;
}

const mutatedQuery = fc
  .tuple(
    fc.oneof(
      aplQuery,
      fc.constantFrom(...corpus),
      aplExpression.map((e) => `['logs'] | where ${e}`),
    ),
    fc.array(fc.tuple(fc.nat(), fc.constantFrom(...INSERTED)), { maxLength: 3 }),
  )
  .map(([query, insertions]) => inserted(query, insertions));

describe('APL checks: the reader of common queries finds what the parser finds', () => {
  it(`each query of the corpus (${corpus.length}), alone and in files`, () => {
    for (const query of corpus) sameAsParser(query);
    sameAsParser(corpus.join('\n\n'));
    sameAsParser(corpus.join(';\n'));
  });

  it('a file of the corpus as large as the bench’s (6 MB); most of its queries read with no node made', () => {
    const file = fileOfCorpus(6_000_000);
    sameAsParser(file);
    resetAplWork();
    checkApl(file);
    assert.ok(
      aplWork.quickQueries > 3 * aplWork.leftQueries,
      `read with no node: ${aplWork.quickQueries}, left to the parser: ${aplWork.leftQueries}`,
    );
  });

  it('generated queries, whole or broken, alone or in files of several', () => {
    resetAplWork();
    fc.assert(
      fc.property(
        fc.array(mutatedQuery, { minLength: 1, maxLength: 4 }),
        fc.constantFrom('\n\n', ';\n', '\n'),
        (queries, apart) => sameAsParser(queries.join(apart)),
      ),
      { numRuns: 3000 },
    );
    // Both ways were taken: queries read with no node made, and queries left to the parser.
    assert.ok(aplWork.quickQueries > 300 && aplWork.leftQueries > 300, JSON.stringify(aplWork));
  });

  it('any text', () => {
    fc.assert(fc.property(aplLikeText, sameAsParser), { numRuns: 2000 });
  });

  it('deep nesting is left to the parser, which reports what it cannot read', () => {
    for (const depth of [50, 99, 100, 101, 399, 400, 401, 1000]) {
      sameAsParser(`['logs'] | where ${'('.repeat(depth)}abz(1)${')'.repeat(depth)}`);
      sameAsParser(`['logs'] | extend a = ${'-'.repeat(depth)}1`);
    }
  });
});
