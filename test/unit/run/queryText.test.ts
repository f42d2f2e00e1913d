import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { blockAt, queryBlocks } from '../../../src/core/apl/queryBlocks';
import { compileErrorRange, queryToRun, type PositionBase } from '../../../src/core/run/queryText';
import { parseApl } from '../../../src/core/apl/syntaxParser';
import { PROJECT_QUERIES, VALID_QUERIES } from '../../support/aplCorpus';
import { DOCS_QUERIES } from '../../support/aplTrees';

const DOC = [
  '// Requests per method', // 0
  "['http-logs']", // 1
  '| summarize count() by method', // 2
  '   ', // 3: only whitespace: blank
  '// just a note', // 4
  '', // 5
  "['sample-app']", // 6
  '| where level == "error"', // 7
  '| take 10', // 8
].join('\n');

const offsetOf = (text: string, needle: string) => {
  const at = text.indexOf(needle);
  assert.ok(at >= 0, needle);
  return at;
};

describe('queryBlocks', () => {
  it('lists the blocks between blank lines, comments-only blocks left out', () => {
    const blocks = queryBlocks(DOC);
    assert.deepEqual(
      blocks.map((b) => DOC.slice(b.start, b.end)),
      [
        "// Requests per method\n['http-logs']\n| summarize count() by method",
        '[\'sample-app\']\n| where level == "error"\n| take 10',
      ],
    );
  });

  it('reads CRLF documents, ending a block before its line break', () => {
    const crlf = DOC.replace(/\n/g, '\r\n');
    assert.deepEqual(
      queryBlocks(crlf).map((b) => crlf.slice(b.start, b.end)),
      [
        "// Requests per method\r\n['http-logs']\r\n| summarize count() by method",
        '[\'sample-app\']\r\n| where level == "error"\r\n| take 10',
      ],
    );
  });

  it('has none in an empty or comment-only text', () => {
    assert.deepEqual(queryBlocks(''), []);
    assert.deepEqual(queryBlocks('\n  \n// a\n//b\n'), []);
  });

  it('keeps a blank line inside a string or brackets, joins lets to their query and a pipe to the query before it', () => {
    const doc = [
      'let since = ago(1h);',
      '',
      "['http-logs'] | where _time > since",
      '',
      '| summarize count() by host',
      '',
      "['notes'] | extend text = ```first",
      '',
      'second```',
      '',
      "['a'] | where f in (",
      '',
      "  'x')",
      '',
      "['b'] | where g(",
      '',
      "['c'] | take 1",
    ].join('\n');
    assert.deepEqual(
      queryBlocks(doc).map((b) => doc.slice(b.start, b.end)),
      [
        "let since = ago(1h);\n\n['http-logs'] | where _time > since\n\n| summarize count() by host",
        "['notes'] | extend text = ```first\n\nsecond```",
        "['a'] | where f in (\n\n  'x')",
        "['b'] | where g(",
        "['c'] | take 1",
      ],
      'a bracket never closed joins nothing',
    );
  });
});

describe('queryBlocks over the corpora', () => {
  // Queries that stand alone as a block: no blank line of their own, a dataset or head first.
  const standalone = [...VALID_QUERIES, ...PROJECT_QUERIES, ...DOCS_QUERIES].filter((apl) => {
    const parsed = parseApl(apl);
    return (
      parsed.problems.length === 0 &&
      !/\n[ \t]*\n/.test(apl) &&
      parsed.statements.some((s) => s.kind === 'query' && s.body.source)
    );
  });
  it(`valid queries written one after another, blank lines between, are the blocks (${standalone.length} queries)`, () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...standalone), { minLength: 1, maxLength: 6 }), (queries) => {
        const doc = queries.map((q) => q.trim()).join('\n\n');
        assert.deepEqual(
          queryBlocks(doc).map((b) => doc.slice(b.start, b.end)),
          queries.map((q) => q.trim()),
        );
      }),
      { numRuns: 200 },
    );
  });
});

describe('queryBlocks are the statements of the tree', () => {
  const standalone = [...VALID_QUERIES, ...PROJECT_QUERIES].filter((apl) => {
    const parsed = parseApl(apl);
    return parsed.problems.length === 0 && parsed.queryBreaks.length === 0 && /^\S/.test(apl);
  });
  const query = fc.constantFrom(...standalone.map((q) => q.trimEnd()));
  // A piece of a file, and whether it is a query block.
  const piece = fc.oneof(
    query.map((q) => ({ text: q, block: true })),
    query.map((q) => ({ text: `let threshold = 500;\nset query_now = now();\n\n${q}`, block: true })),
    query.map((q) => ({ text: `// what it counts\n${q}`, block: true })),
    query.map((q) => ({ text: `${q}\n\n// the last stage\n| take 5`, block: true })),
    query.map((q) => ({ text: `${q}\n| where f in (\n\n  'x')`, block: true })),
    fc.constant({ text: '// a note alone', block: false }),
  );
  const breakLine = fc.constantFrom('\n\n', '\n  \n', '\n\t\n\n');

  it('a file of pieces between blank lines: the blocks are its query pieces, each the statements the tree reads in it', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(piece, breakLine), { minLength: 1, maxLength: 6 }), (pieces) => {
        const doc = pieces.map(([p, gap], i) => p.text + (i + 1 < pieces.length ? gap : '')).join('');
        const blocks = queryBlocks(doc);
        assert.deepEqual(
          blocks.map((b) => doc.slice(b.start, b.end)),
          pieces.filter(([p]) => p.block).map(([p]) => p.text),
        );
        const statements = parseApl(doc).statements;
        for (const statement of statements) {
          const holders = blocks.filter((b) => b.start <= statement.start && statement.end <= b.end);
          assert.equal(holders.length, 1, `one block holds ${doc.slice(statement.start, statement.end)}`);
        }
        for (const block of blocks) {
          const inside = statements.filter((s) => block.start <= s.start && s.end <= block.end);
          assert.equal(inside.at(-1)?.kind, 'query', 'a block ends with its query');
          const alone = parseApl(doc.slice(block.start, block.end)).statements;
          assert.deepEqual(
            alone.map((s) => [s.kind, s.start + block.start, s.end + block.start]),
            inside.map((s) => [s.kind, s.start, s.end]),
            'the block read alone is the same statements',
          );
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('queryToRun', () => {
  it('runs the selection when it holds more than whitespace', () => {
    const start = offsetOf(DOC, 'summarize');
    const run = queryToRun(DOC, { start, end: start + 'summarize count()'.length }, 0);
    assert.deepEqual(run, { text: 'summarize count()', startOffset: start, source: 'selection' });
    const backwards = queryToRun(DOC, { start: start + 9, end: start }, 0);
    assert.equal(backwards.text, 'summarize');
  });

  it('runs the block under the cursor when nothing (or only space) is selected, its end included', () => {
    const cursor = offsetOf(DOC, 'level');
    const run = queryToRun(DOC, { start: cursor, end: cursor }, cursor);
    assert.equal(run.text, '[\'sample-app\']\n| where level == "error"\n| take 10');
    assert.equal(run.startOffset, offsetOf(DOC, "['sample-app']"));
    assert.equal(run.source, 'block');
    assert.equal(
      queryToRun(DOC, { start: 0, end: 0 }, DOC.length).startOffset,
      run.startOffset,
      'at the very end of the block',
    );
    const space = offsetOf(DOC, '   ');
    assert.equal(
      queryToRun(DOC, { start: space, end: space + 3 }, 30).startOffset,
      0,
      'whitespace selected: the block at the cursor',
    );
  });

  it('runs the whole document when the cursor is on a blank line or a comment-only block', () => {
    for (const needle of ['   ', '// just']) {
      const at = offsetOf(DOC, needle) + 1;
      assert.deepEqual(queryToRun(DOC, { start: at, end: at }, at), { text: DOC, startOffset: 0, source: 'document' });
    }
  });
});

describe('blockAt', () => {
  it('finds the block an offset is in, its end included, and none on a blank line', () => {
    const at = offsetOf(DOC, 'level');
    const block = blockAt(DOC, at)!;
    assert.equal(DOC.slice(block.start, block.end), '[\'sample-app\']\n| where level == "error"\n| take 10');
    assert.deepEqual(blockAt(DOC, block.end), block);
    assert.equal(blockAt(DOC, offsetOf(DOC, '   ') + 1), undefined);
  });
});

describe('compileErrorRange', () => {
  const ONE: PositionBase = { line: 1, column: 1 };
  const ZERO: PositionBase = { line: 0, column: 0 };

  /** The place of `needle` in the run text as the service would count it in `base`. */
  function placeOf(runText: string, needle: string, base: PositionBase): { line: number; column: number } {
    const at = offsetOf(runText, needle);
    const before = runText.slice(0, at).split('\n');
    return { line: before.length - 1 + base.line, column: before[before.length - 1].length + base.column };
  }

  for (const [name, base] of [
    ['from 1', ONE],
    ['from 0', ZERO],
  ] as const) {
    for (const eol of ['\n', '\r\n']) {
      const doc = DOC.replace(/\n/g, eol);
      const label = `${name}, ${eol === '\n' ? 'LF' : 'CRLF'}`;

      it(`marks the token in a block (${label})`, () => {
        const cursor = offsetOf(doc, 'level');
        const run = queryToRun(doc, { start: cursor, end: cursor }, cursor);
        const range = compileErrorRange(placeOf(run.text, 'level', base), run, doc, base);
        assert.equal(doc.slice(range.start, range.end), 'level');
      });

      it(`marks the token in a selection that starts mid-line (${label})`, () => {
        const start = offsetOf(doc, 'count()');
        const end = doc.length;
        const run = queryToRun(doc, { start, end }, end);
        const range = compileErrorRange(placeOf(run.text, 'where', base), run, doc, base);
        assert.equal(doc.slice(range.start, range.end), 'where');
        const first = compileErrorRange(placeOf(run.text, 'by', base), run, doc, base);
        assert.equal(
          doc.slice(first.start, first.end),
          'by',
          'on the selection’s first line, columns count from the selection',
        );
      });

      it(`marks the token in the whole document (${label})`, () => {
        const run = { text: doc, startOffset: 0 };
        const range = compileErrorRange(placeOf(doc, '"error"', base), run, doc, base);
        assert.equal(doc.slice(range.start, range.end), '"', 'punctuation: one character');
        const take = compileErrorRange(placeOf(doc, 'take', base), run, doc, base);
        assert.equal(doc.slice(take.start, take.end), 'take');
      });
    }
  }

  it('a 0 in either number means that one counts from 0, whatever the default', () => {
    const doc = "['a'] | bad";
    const run = { text: doc, startOffset: 0 };
    assert.equal(
      compileErrorRange({ line: 0, column: 8 }, run, doc, ONE).start,
      8,
      'line 0: lines from 0; column taken from 1 → offset 7 is space, moved to the word',
    );
    assert.equal(compileErrorRange({ line: 1, column: 0 }, run, doc, ONE).start, 0);
  });

  it('stays inside the run text and at least one character long, whatever the numbers', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('a', ' ', '\n', '\r\n', '|', 'é', '('), maxLength: 40 }),
        fc.string({ maxLength: 5 }),
        fc.string({ maxLength: 5 }),
        fc.integer({ min: -5, max: 60 }),
        fc.integer({ min: -5, max: 60 }),
        fc.constantFrom(ONE, ZERO),
        (text, before, after, line, column, base) => {
          if (text.length === 0) return;
          const doc = before + text + after;
          const range = compileErrorRange({ line, column }, { text, startOffset: before.length }, doc, base);
          assert.ok(range.start >= before.length && range.end <= before.length + text.length, JSON.stringify(range));
          assert.ok(range.end > range.start);
        },
      ),
    );
  });

  it('a place past the end of a line falls back to the line’s last character', () => {
    const doc = 'abc | x  \nnext';
    const range = compileErrorRange({ line: 1, column: 40 }, { text: doc, startOffset: 0 }, doc);
    assert.equal(doc.slice(range.start, range.end), 'x');
  });
});
