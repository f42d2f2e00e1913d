import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { formatApl, formatEdits } from '../../../src/core/apl/format';
import { lex } from '../../../src/core/apl/lexer';
import type { SyntaxNode } from '../../../src/core/apl/syntaxNodes';
import { parseApl } from '../../../src/core/apl/syntaxParser';
import { childrenOf, textOf } from '../../../src/core/apl/syntaxWalk';
import { aplLikeText } from '../../support/aplArbitraries';
import { PROJECT_QUERIES, VALID_QUERIES, docsQueries } from '../../support/aplCorpus';

const corpus = [...VALID_QUERIES, ...PROJECT_QUERIES, ...docsQueries()];

/** What a query means to the parser, without where it is: each node's kind and the texts of its
 *  tokens, its children in order, the problems' codes and the comments' texts. */
function tree(text: string): unknown {
  const parsed = parseApl(text);
  const tokens = (node: SyntaxNode) =>
    lex(textOf(parsed, node))
      .map((t) => (t.kind === 'comment' ? '' : t.text))
      .join(' ');
  const shape = (node: SyntaxNode): unknown[] => [node.kind, tokens(node), ...childrenOf(node).map(shape)];
  return {
    statements: parsed.statements.map(shape),
    problems: parsed.problems.map((p) => p.code),
    comments: parsed.comments.map((c) => c.text.trimEnd()),
  };
}

const nonBlank = (text: string) => text.replace(/\s+/g, '');

function formatsWell(query: string, options = {}): string {
  const formatted = formatApl(query, options);
  assert.deepEqual(tree(formatted), tree(query), `the same tree:\n${query}\n=>\n${formatted}`);
  assert.equal(
    formatApl(formatted, options),
    formatted,
    `formatting twice changes nothing:\n${query}\n=>\n${formatted}`,
  );
  return formatted;
}

describe('APL formatter: the style', () => {
  const cases: [string, string, string][] = [
    [
      'one stage per line after the dataset',
      "['logs'] | where status>=500|take 10",
      "['logs']\n| where status >= 500\n| take 10",
    ],
    [
      'spaces around binary operators and after commas, none inside brackets or before a call',
      "['logs'] | extend x=a+b*2 , y = strcat( 'a' ,b ) | where not ( isnull(x) )",
      "['logs']\n| extend x = a + b * 2, y = strcat('a', b)\n| where not(isnull(x))",
    ],
    [
      'let statements each on their own line ending with ;, a tabular value with its stages one level in',
      "let t=500; let errors=['logs']|where status>=t; errors|count",
      "let t = 500;\nlet errors = ['logs']\n    | where status >= t;\nerrors\n| count",
    ],
    [
      'named parameters, types, members, indexes and signs stay tight',
      "['logs'] | join kind = inner (['b']) on $left . id == $right.id | parse x with 'a' n : long | extend y = - 1, z = a [ 1 ]",
      "['logs']\n| join kind=inner (['b']) on $left.id == $right.id\n| parse x with 'a' n:long\n| extend y = -1, z = a[1]",
    ],
    [
      'comments stay at the end of their line or on a line of their own',
      "// first\n['logs'] // the dataset\n   // before where\n| where a   // why\n|take 1",
      "// first\n['logs'] // the dataset\n// before where\n| where a // why\n| take 1",
    ],
    [
      'one blank line is kept where there were some',
      "let a = 1;\n\n\n\nlet b = 2;\n['x'] | take a",
      "let a = 1;\n\nlet b = 2;\n['x']\n| take a",
    ],
    [
      'datetime(…), dynamic(…) and field patterns are kept as written',
      '[\'x\'] | where _time > datetime(2024-01-01 08:00) | extend d = dynamic({ "a":[1,2]}) | project-away geo.*',
      '[\'x\']\n| where _time > datetime(2024-01-01 08:00)\n| extend d = dynamic({ "a":[1,2]})\n| project-away geo.*',
    ],
    [
      'a function body in braces',
      'let f = (x:long,y:long){x*y}; print f(1,2)',
      'let f = (x:long, y:long) { x * y };\nprint f(1, 2)',
    ],
    [
      'a subquery that fits stays on one line',
      "['a'] | union (['b']|where x==1)",
      "['a']\n| union (['b'] | where x == 1)",
    ],
    ['a final line break is kept, and only one', "['a']|take 1\n\n\n", "['a']\n| take 1\n"],
  ];
  for (const [what, query, expected] of cases)
    it(what, () => {
      assert.equal(formatApl(query), expected);
      formatsWell(query);
    });

  it('breaks a long stage at its clauses, then its lists, then an and/or chain, at the line width', () => {
    const query =
      "['http-logs'] | summarize requests = count(), p95 = percentile(req_duration_ms, 95), users = dcount(id) by bin_auto(_time), ['geo.country'] | where method == 'GET' and status >= 500 and uri startswith '/api'";
    assert.equal(
      formatsWell(query, { lineWidth: 60 }),
      [
        "['http-logs']",
        '| summarize',
        '    requests = count(),',
        '    p95 = percentile(req_duration_ms, 95),',
        '    users = dcount(id)',
        "    by bin_auto(_time), ['geo.country']",
        "| where method == 'GET'",
        '    and status >= 500',
        "    and uri startswith '/api'",
      ].join('\n'),
    );
  });

  it('breaks a long argument list one argument per line, and a subquery one stage per line', () => {
    assert.equal(
      formatsWell(
        "['x'] | extend level = case(status >= 500, 'error', status >= 400, 'warning', 'ok') | join kind=inner (['users'] | where active == true | project id, name) on id",
        { lineWidth: 50 },
      ),
      [
        "['x']",
        '| extend level = case(',
        '        status >= 500,',
        "        'error',",
        '        status >= 400,',
        "        'warning',",
        "        'ok'",
        '    )',
        '| join kind=inner (',
        "        ['users']",
        '        | where active == true',
        '        | project id, name',
        '    )',
        '    on id',
      ].join('\n'),
    );
  });

  it('indents with the editor’s unit and writes the document’s line breaks', () => {
    assert.equal(
      formatApl("let e = ['x'] | take 1;\r\ne | count", { indent: '\t', eol: '\r\n' }),
      "let e = ['x']\r\n\t| take 1;\r\ne\r\n| count",
    );
  });
});

describe('APL formatter: never changes meaning, never loses text', () => {
  it(`every query of the corpus formats to the same tree, and formatting it again changes nothing (${corpus.length})`, () => {
    for (const query of corpus) formatsWell(query);
  });

  it('at any line width', () => {
    fc.assert(
      fc.property(fc.constantFrom(...corpus), fc.integer({ min: 10, max: 160 }), (query, lineWidth) => {
        formatsWell(query, { lineWidth });
      }),
      { numRuns: 400 },
    );
  });

  // Queries written any way: the corpus's tokens with any whitespace and comments between them.
  const separator = fc.constantFrom(' ', '', '  ', '\n', '\t', '\n\n', ' // a note\n', '\n// own line\n', '\n  ');
  it('however a query is spaced and commented, it formats to the same tree and to one text', () => {
    fc.assert(
      fc.property(fc.constantFrom(...corpus), fc.array(separator, { minLength: 1, maxLength: 50 }), (query, gaps) => {
        const tokens = lex(query).filter((t) => t.kind !== 'comment');
        const respaced = tokens
          .map((t, i) => {
            const gap = gaps[i % gaps.length];
            return t.text + (i + 1 < tokens.length ? gap : '');
          })
          .join('');
        const sameTokens =
          JSON.stringify(
            lex(respaced)
              .filter((t) => t.kind !== 'comment')
              .map((t) => t.text),
          ) === JSON.stringify(tokens.map((t) => t.text));
        if (!sameTokens) return; // the gaps joined two tokens: another query
        const formatted = formatsWell(respaced);
        // The same tokens, spaced otherwise, format to the same text when no comment or blank line
        // was added, and nothing is kept as written: literals such as dynamic(…), field patterns with
        // *, strings one after another, a bracketed name right after another (a['b'], a ['b']).
        const indexes = tokens.some((t, i) => t.kind === 'quotedName' && i > 0 && tokens[i - 1].end === t.start);
        const asWritten =
          /\b(datetime|dynamic|guid)\s*\(|\*/.test(query) ||
          tokens.some((t, i) => t.kind === 'string' && tokens[i + 1]?.kind === 'string');
        const commented = gaps.some((g) => g.includes('//') || g.includes('\n\n')) || query.includes('//');
        if (!commented && !indexes && !asWritten)
          assert.equal(formatted, formatApl(query), `spacing does not matter:\n${respaced}`);
      }),
      { numRuns: 600 },
    );
  });

  // Generated queries: a dataset and stages of every kind, with expressions nested at random.
  const name = fc.constantFrom('status', 'method', 'uri', "['geo.country']", '_time', 'req_duration_ms', 'x');
  const literal = fc.constantFrom(
    '500',
    "'GET'",
    '"a b"',
    '5m',
    'true',
    'null',
    '1.5',
    "@'c:\\t'",
    'datetime(2024-01-01)',
  );
  const { expression } = fc.letrec<{ expression: string }>((tie) => ({
    expression: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      name,
      literal,
      fc
        .tuple(
          tie('expression'),
          fc.constantFrom('==', '>=', '+', '*', 'and', 'or', 'has', '!contains', 'in~'),
          tie('expression'),
        )
        .map(([a, op, b]) => `${a} ${op} ${b}`),
      fc
        .tuple(fc.constantFrom('strcat', 'iff', 'bin', 'tostring'), fc.array(tie('expression'), { maxLength: 4 }))
        .map(([f, args]) => `${f}(${args.join(', ')})`),
      tie('expression').map((e) => `(${e})`),
      tie('expression').map((e) => `-${e}`),
    ),
  }));
  const stage = fc.oneof(
    expression.map((e) => `where ${e}`),
    fc
      .array(fc.tuple(name, expression), { minLength: 1, maxLength: 4 })
      .map((items) => `extend ${items.map(([n, e]) => `${n.replace(/\W/g, '')}_new = ${e}`).join(', ')}`),
    fc
      .tuple(fc.array(expression, { minLength: 1, maxLength: 3 }), fc.array(name, { maxLength: 3 }))
      .map(
        ([aggregates, by]) =>
          `summarize ${aggregates.map((e) => `count(${e})`).join(', ')}${by.length ? ` by ${by.join(', ')}` : ''}`,
      ),
    fc.integer({ min: 1, max: 1000 }).map((n) => `take ${n}`),
    fc.tuple(name, fc.constantFrom('asc', 'desc')).map(([n, o]) => `order by ${n} ${o}`),
    expression.map((e) => `join kind=inner (['other'] | where ${e}) on id`),
    fc.array(name, { minLength: 1, maxLength: 5 }).map((names) => `project ${names.join(', ')}`),
  );
  const query = fc
    .tuple(
      fc.array(fc.tuple(fc.constantFrom('a', 'b', 'limit_'), expression), { maxLength: 2 }),
      fc.constantFrom("['http-logs']", 'logs', "['otel.traces']"),
      fc.array(stage, { maxLength: 6 }),
      fc.array(separator, { minLength: 1, maxLength: 10 }),
    )
    .map(([lets, source, stages, gaps]) => {
      const gap = (i: number) => gaps[i % gaps.length] || ' ';
      return [
        ...lets.map(([n, e], i) => `let ${n}${i} = ${e};${gap(i)}`),
        source,
        ...stages.map((s, i) => `${gap(i + 1)}| ${s}`),
      ].join('');
    });
  it('generated queries format to the same tree, once and for all, at any width', () => {
    fc.assert(
      fc.property(query, fc.integer({ min: 20, max: 140 }), (apl, lineWidth) => {
        formatsWell(apl, { lineWidth });
      }),
      { numRuns: 800 },
    );
  });

  // Broken queries: a corpus query with a token taken out, doubled, or a piece put in.
  const broken = fc
    .tuple(
      fc.constantFrom(...corpus),
      fc.nat(),
      fc.constantFrom('drop', 'double', 'insert'),
      fc.constantFrom('|', ',', '(', ')', '==', "'", '[', 'by', 'wher', '=', '//', '\n'),
    )
    .map(([apl, at, how, piece]) => {
      const tokens = lex(apl);
      const t = tokens[at % Math.max(1, tokens.length)];
      if (!t) return apl;
      if (how === 'drop') return apl.slice(0, t.start) + apl.slice(t.end);
      if (how === 'double') return apl.slice(0, t.end) + ' ' + t.text + apl.slice(t.end);
      return `${apl.slice(0, t.start)}${piece} ${apl.slice(t.start)}`;
    });
  it('a query with a syntax error: what parses is formatted, nothing is lost, its tree stays', () => {
    fc.assert(
      fc.property(broken, (apl) => {
        const formatted = formatApl(apl);
        assert.equal(nonBlank(formatted), nonBlank(apl), `nothing lost:\n${apl}\n=>\n${formatted}`);
        assert.deepEqual(tree(formatted), tree(apl), `the same tree:\n${apl}\n=>\n${formatted}`);
        assert.equal(formatApl(formatted), formatted, `formatting twice changes nothing:\n${apl}\n=>\n${formatted}`);
      }),
      { numRuns: 1500 },
    );
  });

  it('a stage with a problem is kept as written; the stages around it are formatted', () => {
    assert.equal(
      formatApl("['logs']|where  a==1 | wher  status  >= 500|take 1"),
      "['logs']\n| where a == 1\n| wher  status  >= 500\n| take 1",
    );
    assert.equal(formatApl("['logs']|extend x =   |take 1"), "['logs']\n|extend x =\n| take 1");
  });

  it('brackets that do not pair up: no edit at all', () => {
    assert.deepEqual(formatEdits("['logs'] | where (a  ==  1 | take 1"), []);
    assert.deepEqual(formatEdits("['logs'] | where a  ==  1) | take 1"), []);
  });

  it('any text: never throws, and never loses or adds anything but whitespace', () => {
    fc.assert(
      fc.property(aplLikeText, (apl) => {
        const formatted = formatApl(apl);
        assert.equal(nonBlank(formatted), nonBlank(apl));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('APL formatter: a selection', () => {
  const query = "let  a = 1;\n['logs']|where x==a|take 1|count";

  it('takes only the edits that touch the selection', () => {
    const second = query.indexOf('|where');
    const edits = formatEdits(query, {}, { start: second, end: second + 'where x==a'.length + 1 });
    const out = applied(query, edits);
    assert.equal(out, "let  a = 1;\n['logs']\n| where x == a\n|take 1|count");
  });

  it('the whole text as the selection is Format Document', () => {
    assert.equal(applied(query, formatEdits(query, {}, { start: 0, end: query.length })), formatApl(query));
  });

  it('formatted text has no edit', () => {
    assert.deepEqual(formatEdits(formatApl(query)), []);
  });
});

function applied(text: string, edits: { start: number; end: number; newText: string }[]): string {
  let out = '';
  let at = 0;
  for (const edit of edits) {
    assert.ok(edit.start >= at, 'the edits are in order, without overlap');
    out += text.slice(at, edit.start) + edit.newText;
    at = edit.end;
  }
  return out + text.slice(at);
}
