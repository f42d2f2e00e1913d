import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  lex,
  scan,
  tableRoom,
  TOKEN_KINDS,
  tokenValue,
  type Token,
  type TokenTable,
} from '../../../src/core/apl/lexer';
import { aplLikeText } from '../../support/aplArbitraries';

const brief = (tokens: Token[]) => tokens.map((t) => `${t.kind}:${t.text}`);

describe('APL lexer', () => {
  it('reads a query into tokens with their offsets', () => {
    const apl = "['http-logs']\n| where status >= 500 // errors\n| summarize count() by bin(_time, 5m)";
    const tokens = lex(apl);
    for (const t of tokens) assert.equal(apl.slice(t.start, t.end), t.text, `offsets of ${t.text}`);
    assert.deepEqual(brief(tokens), [
      "quotedName:['http-logs']",
      'pipe:|',
      'identifier:where',
      'identifier:status',
      'operator:>=',
      'number:500',
      'comment:// errors',
      'pipe:|',
      'identifier:summarize',
      'identifier:count',
      'punctuation:(',
      'punctuation:)',
      'identifier:by',
      'identifier:bin',
      'punctuation:(',
      'identifier:_time',
      'punctuation:,',
      'timespan:5m',
      'punctuation:)',
    ]);
    assert.equal(tokens[0].value, 'http-logs');
  });

  it('keeps hyphenated operators, !-words, in~ and $left whole', () => {
    assert.deepEqual(
      brief(lex('| project-away a | mv-expand b | parse-kv c')).filter((t) => t.startsWith('identifier')),
      [
        'identifier:project-away',
        'identifier:a',
        'identifier:mv-expand',
        'identifier:b',
        'identifier:parse-kv',
        'identifier:c',
      ],
    );
    assert.deepEqual(
      brief(lex("x !has 'a' and y in~ (1) and z !in~ (2) and w !contains_cs 'q'")).filter((t) =>
        t.startsWith('identifier'),
      ),
      [
        'identifier:x',
        'identifier:!has',
        'identifier:and',
        'identifier:y',
        'identifier:in~',
        'identifier:and',
        'identifier:z',
        'identifier:!in~',
        'identifier:and',
        'identifier:w',
        'identifier:!contains_cs',
      ],
    );
    assert.deepEqual(brief(lex('$left.id == $right.id')), [
      'identifier:$left',
      'punctuation:.',
      'identifier:id',
      'operator:==',
      'identifier:$right',
      'punctuation:.',
      'identifier:id',
    ]);
    assert.deepEqual(brief(lex('a - b, c-1')), [
      'identifier:a',
      'operator:-',
      'identifier:b',
      'punctuation:,',
      'identifier:c',
      'operator:-',
      'number:1',
    ]);
  });

  it('reads strings: escapes, verbatim with doubled quotes, and unclosed ones up to the line end', () => {
    const [single, double, verbatim, other] = lex(`'it\\'s' "a\\"b\\n" @'C:\\temp''x' @"q""r"`);
    assert.deepEqual([single.kind, single.value], ['string', "it's"]);
    assert.deepEqual([double.kind, double.value], ['string', 'a"b\n']);
    assert.deepEqual([verbatim.kind, verbatim.value], ['string', "C:\\temp'x"]);
    assert.deepEqual([other.kind, other.value], ['string', 'q"r']);
    const unclosed = lex("| where a == 'abc\n| take 1");
    assert.equal(unclosed[4].kind, 'string');
    assert.equal(unclosed[4].unterminated, true);
    assert.equal(unclosed[4].text, "'abc");
    assert.equal(unclosed[5].kind, 'pipe');
  });

  it('reads quoted names with dots, spaces and quotes; a bracket that is not one stays punctuation', () => {
    const names = lex(`['geo.city'] ["user agent"] [ 'it\\'s' ] ['a']['b']`);
    assert.deepEqual(
      names.map((t) => [t.kind, t.value]),
      [
        ['quotedName', 'geo.city'],
        ['quotedName', 'user agent'],
        ['quotedName', "it's"],
        ['quotedName', 'a'],
        ['quotedName', 'b'],
      ],
    );
    assert.deepEqual(brief(lex("dynamic(['a', 'b'])")), [
      'identifier:dynamic',
      'punctuation:(',
      'punctuation:[',
      "string:'a'",
      'punctuation:,',
      "string:'b'",
      'punctuation:]',
      'punctuation:)',
    ]);
    assert.deepEqual(brief(lex("['unclosed")), ['punctuation:[', "string:'unclosed"]);
  });

  it('reads numbers and timespans', () => {
    assert.deepEqual(brief(lex('42 3.14 1e6 0xFF .5 5m 1.5h 100ms 2d 10min 1sec 7x')), [
      'number:42',
      'number:3.14',
      'number:1e6',
      'number:0xFF',
      'number:.5',
      'timespan:5m',
      'timespan:1.5h',
      'timespan:100ms',
      'timespan:2d',
      'timespan:10min',
      'timespan:1sec',
      'number:7',
      'identifier:x',
    ]);
    assert.deepEqual(brief(lex('(1 .. 10)')), [
      'punctuation:(',
      'number:1',
      'operator:..',
      'number:10',
      'punctuation:)',
    ]);
  });

  it('turns what it does not know into one-character tokens, never splitting a surrogate pair', () => {
    assert.deepEqual(brief(lex('a # 😀 ~')), ['identifier:a', 'unknown:#', 'unknown:😀', 'unknown:~']);
    assert.deepEqual(lex(''), []);
  });
});

describe('APL scanner: the table the parser reads', () => {
  it('grows past its first size: a text of more tokens than characters / 4 keeps them all', () => {
    const text = '('.repeat(1000);
    const table = scan(text);
    assert.equal(table.count, 1000);
    assert.equal(table.ends[999], 1000);
  });

  it('lists the strings left open, and hands comments apart when asked', () => {
    const text = 'a // one\n| where b == \'open\n| where c == "x" // two';
    const comments: string[] = [];
    const table = scan(text, (start, end) => comments.push(text.slice(start, end)));
    assert.deepEqual(comments, ['// one', '// two']);
    assert.deepEqual(
      table.openStrings.map((i) => text.slice(table.starts[i], table.ends[i])),
      ["'open"],
    );
  });

  it('property: the table is lex() token for token, values read when asked; with comments apart, the rest', () => {
    fc.assert(
      fc.property(aplLikeText, (text) => {
        const table = scan(text);
        const tokens = lex(text);
        assert.equal(table.count, tokens.length);
        tokens.forEach((token, i) => {
          assert.equal(TOKEN_KINDS[table.kinds[i]], token.kind);
          assert.equal(table.starts[i], token.start);
          assert.equal(table.ends[i], token.end);
          assert.equal(tokenValue(table, i), token.value);
          assert.equal(table.unterminated[i] === 1, token.unterminated === true);
        });
        const comments: [number, number][] = [];
        const apart = scan(text, (start, end) => comments.push([start, end]));
        const withoutComments = tokens.filter((t) => t.kind !== 'comment');
        assert.deepEqual(
          Array.from({ length: apart.count }, (_, i) => [apart.starts[i], apart.ends[i]]),
          withoutComments.map((t) => [t.start, t.end]),
        );
        assert.deepEqual(
          comments,
          tokens.filter((t) => t.kind === 'comment').map((t) => [t.start, t.end]),
        );
      }),
      { numRuns: 2000 },
    );
  });
});

describe('APL scanner: tables made again in one room', () => {
  /** A table's tokens as plain values (only the first `count` entries are the table's). */
  const entries = (table: TokenTable) => ({
    count: table.count,
    kinds: [...table.kinds.subarray(0, table.count)],
    starts: [...table.starts.subarray(0, table.count)],
    ends: [...table.ends.subarray(0, table.count)],
    unterminated: [...table.unterminated.subarray(0, table.count)],
    openStrings: table.openStrings,
  });

  it('property: text after text in one room, each table is the one a scan of its own makes', () => {
    // Long texts and short ones in any order, strings left open among them: a shorter text after a
    // longer one must not read what the longer left in the arrays.
    const texts = fc.oneof(aplLikeText, fc.string({ unit: fc.constantFrom('"', "'", 'a', '\n', ' ', '(') }));
    fc.assert(
      fc.property(fc.array(texts, { minLength: 1, maxLength: 8 }), (all) => {
        const room = tableRoom();
        for (const text of all) assert.deepEqual(entries(scan(text, undefined, room)), entries(scan(text)));
      }),
      { numRuns: 300 },
    );
  });

  it('grows the room only for a longer text, and keeps it for a shorter one', () => {
    const room = tableRoom();
    scan("['logs'] | take 1\n".repeat(1000), undefined, room);
    const grown = room.starts;
    assert.ok(grown.length >= 4500);
    scan("['logs'] | where a == \"open\n", undefined, room);
    assert.equal(room.starts, grown, 'the same arrays for the shorter text');
    scan('x '.repeat(20_000), undefined, room);
    assert.ok(room.starts.length >= 20_000, 'grown for the longer');
  });
});
