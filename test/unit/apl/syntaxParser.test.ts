import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { lex } from '../../../src/core/apl/lexer';
import type { Binary, ParsedApl, Pipeline, QueryStatement, Stage, SyntaxNode } from '../../../src/core/apl/syntaxNodes';
import { parseApl } from '../../../src/core/apl/syntaxParser';
import { childrenOf, nodeAt, pathAt, textOf, walk } from '../../../src/core/apl/syntaxWalk';
import { render } from '../../../src/core/phrase';
import { aplLikeText, aplQuery } from '../../support/aplArbitraries';
import { PROJECT_QUERIES, VALID_QUERIES, docsQueries } from '../../support/aplCorpus';
import { countingText } from '../../support/countingText';
import { FUZZ_BOUND } from '../../support/untrustedInput';

const docs = docsQueries();
const corpus = [...VALID_QUERIES, ...PROJECT_QUERIES, ...docs];

const problemsOf = (parsed: ParsedApl) =>
  parsed.problems.map((p) => `${p.code} ${parsed.text.slice(p.start, p.end)}: ${render(p.message)}`);

function query(text: string): Pipeline {
  const parsed = parseApl(text);
  assert.deepEqual(problemsOf(parsed), [], text);
  const last = parsed.statements.at(-1) as QueryStatement;
  assert.equal(last.kind, 'query');
  return last.body;
}

/** A stage's clauses as text: `[keyword] item | item`. */
const clausesOf = (text: string, stage: Stage) =>
  stage.clauses.map(
    (c) => `${c.keyword ? `${c.keyword.text}: ` : ''}${c.items.map((i) => textOf(text, i)).join(' | ')}`,
  );

/** An expression as nested brackets, to show how it binds. */
function shape(text: string, node: SyntaxNode): string {
  switch (node.kind) {
    case 'binary':
      return `(${shape(text, node.left)} ${node.operator} ${node.right ? shape(text, node.right) : '?'})`;
    case 'unary':
      return `(${node.operator}${node.operand ? shape(text, node.operand) : '?'})`;
    case 'paren':
      return node.inner ? shape(text, node.inner) : '()';
    default:
      return textOf(text, node);
  }
}

function whereShape(predicate: string): string {
  const text = `['t'] | where ${predicate}`;
  const item = query(text).stages[0].clauses[0].items[0];
  return shape(text, item);
}

describe('APL parser: the tree of a query', () => {
  it('a dataset and its stages, each with its operator, range and clauses', () => {
    const text =
      "['http-logs']\n| where status >= 500\n| summarize n = count(), avg(ms) by method, bin(_time, 5m)\n| take 10";
    const body = query(text);
    assert.equal(body.source?.kind, 'name');
    assert.deepEqual(
      body.stages.map((s) => [s.operator?.text, textOf(text, s)]),
      [
        ['where', '| where status >= 500'],
        ['summarize', '| summarize n = count(), avg(ms) by method, bin(_time, 5m)'],
        ['take', '| take 10'],
      ],
    );
    assert.deepEqual(clausesOf(text, body.stages[1]), ['n = count() | avg(ms)', 'by: method | bin(_time, 5m)']);
  });

  it('every scalar operator binds as APL says: and below comparison below arithmetic', () => {
    assert.equal(whereShape('a + b * c == d or e and f'), '(((a + (b * c)) == d) or (e and f))');
    assert.equal(whereShape('a - b - c'), '((a - b) - c)');
    assert.equal(whereShape('-a * 2 > 1'), '(((-a) * 2) > 1)');
    assert.equal(
      whereShape("uri matches regex @'^/api' and m !matches regex 'x'"),
      "((uri matches regex @'^/api') and (m !matches regex 'x'))",
    );
    assert.equal(whereShape("m in~ ('get') or m !in~ ('x')"), "((m in~ 'get') or (m !in~ 'x'))");
    assert.equal(
      whereShape('x between (1 .. 5) and y !between (2 .. 3)'),
      '((x between (1 .. 5)) and (y !between (2 .. 3)))',
    );
    for (const op of [
      'has',
      '!has',
      'has_cs',
      '!has_cs',
      'contains',
      '!contains_cs',
      'startswith',
      '!endswith_cs',
      'hasprefix',
      '!hassuffix',
      '=~',
      '!~',
      'in',
      '!in',
    ])
      assert.equal(whereShape(`a ${op} 'b' and c`), `((a ${op} 'b') and c)`, op);
  });

  it('every literal is one node', () => {
    const literals = [
      "'a'",
      '"b \\" c"',
      "@'C:\\temp'",
      "h'hidden'",
      '```\nline one\nline two\n```',
      '1.5',
      '0xFF',
      '1e6',
      '5m',
      '1.5h',
      '100ms',
      'true',
      'null',
      'datetime(2024-12-31 23:59:59.9)',
      'dynamic({"k": [1, 2.5, true, null], "o": {"x": "y"}})',
      "dynamic(['a', 'b'])",
      'guid(74be27de-1e4e-49d9-b579-fe0b331d3642)',
    ];
    for (const literal of literals) {
      const text = `['t'] | extend x = ${literal}`;
      const item = query(text).stages[0].clauses[0].items[0];
      assert.ok(item.kind === 'assignment' && item.value?.kind === 'literal', literal);
      assert.equal(textOf(text, item.value), literal);
    }
  });

  it('bracketed names, $left/$right, members and indexes', () => {
    const text =
      "['t'] | join (['u']) on $left.id == $right.['user id'] | where ['a.b']['c'] == x.y[0] and arr[1:] != arr[:2]";
    const body = query(text);
    const on = body.stages[0].clauses[1];
    assert.equal(on.keyword?.text, 'on');
    const condition = on.items[0] as Binary;
    assert.equal(condition.left.kind, 'member');
    const where = body.stages[1].clauses[0].items[0] as Binary;
    assert.equal((where.left as Binary).left.kind, 'index');
    assert.equal(body.source?.kind === 'name' && body.source.bracketed && body.source.text, 't');
  });

  it('let statements (scalar, tabular, function), set, and a query', () => {
    const text =
      "set truncationmaxsize = 100;\nlet n = 5;\nlet t = ['x'] | where a > n;\nlet f = (a:long, b:string = 'x') { a * 2 };\nt | extend y = f(1)";
    const parsed = parseApl(text);
    assert.deepEqual(problemsOf(parsed), []);
    assert.deepEqual(
      parsed.statements.map((s) => s.kind),
      ['set', 'let', 'let', 'let', 'query'],
    );
    const [, scalar, tabular, fn] = parsed.statements;
    assert.ok(scalar.kind === 'let' && scalar.value?.kind === 'literal');
    assert.ok(tabular.kind === 'let' && tabular.value?.kind === 'pipeline');
    assert.ok(fn.kind === 'let' && fn.value?.kind === 'function');
    assert.deepEqual(
      fn.value.parameters.map((p) => [p.name.text, p.type?.text]),
      [
        ['a', 'long'],
        ['b', 'string'],
      ],
    );
  });

  it('the operators with clauses of their own', () => {
    const cases: [string, string[]][] = [
      [
        'make-series avg(ms) default=0 on _time from ago(1d) to now() step 1h by m',
        ['avg(ms)', 'default: 0', 'on: _time', 'from: ago(1d)', 'to: now()', 'step: 1h', 'by: m'],
      ],
      [
        'mv-expand kind=array with_itemindex=i tags to typeof(string) limit 10',
        ['tags', 'to: typeof(string)', 'limit: 10'],
      ],
      ["parse uri with '/api/' version:string '/' * ", ['uri', "with: '/api/' | version:string | '/' | *"]],
      [
        "parse-kv m as (a:string, b) with (pair_delimiter=',', kv_delimiter='=')",
        ['m', 'as: (a:string, b)', "with: (pair_delimiter=',', kv_delimiter='=')"],
      ],
      ["redact replaceToken='#' @'\\d+' on uri", ["@'\\d+'", 'on: uri']],
      ["project-away ['geo.']*, geo.*, *_ms, id", ["['geo.']* | geo.* | *_ms | id"]],
      ['project-reorder status desc, method granny-asc, * asc', ['status desc | method granny-asc | * asc']],
      ['order by a desc nulls last, b', ['by: a desc nulls last | b']],
      ["union withsource=src ['a'], (['b'] | take 1)", ["['a'] | (['b'] | take 1)"]],
    ];
    for (const [stage, expected] of cases) {
      const text = `['t'] | ${stage}`;
      assert.deepEqual(clausesOf(text, query(text).stages[0]), expected, stage);
    }
  });

  it('heads that are operators: print, range, datatable, externaldata, union, search', () => {
    for (const text of [
      'print x = 1, y = "a"',
      'range x from 1 to 10 step 1 | take 2',
      "datatable(a:long, b:string) [1, 'x', 2, 'y'] | count",
      'externaldata (id:string) ["https://example.com/a.csv"] with (format="csv")',
      "union ['a'], ['b'] | count",
      "search 'timeout'",
    ]) {
      const body = query(text);
      assert.equal(body.source?.kind, 'stage', text);
    }
  });

  it('comments are trivia: kept in the list, attached to the stage after them and to the end of the pipeline', () => {
    const text =
      "// first\n['t'] // after the dataset\n| where a == 'x // not a comment'\n// before take\n| take 1\n// tuned after the outage";
    const parsed = parseApl(text);
    assert.deepEqual(problemsOf(parsed), []);
    assert.deepEqual(
      parsed.comments.map((c) => c.text),
      ['// first', '// after the dataset', '// before take', '// tuned after the outage'],
    );
    const body = (parsed.statements[0] as QueryStatement).body;
    assert.deepEqual(
      body.stages.map((s) => s.leadingComments.map((c) => c.text)),
      [['// after the dataset'], ['// before take']],
    );
    assert.deepEqual(
      body.trailingComments.map((c) => c.text),
      ['// tuned after the outage'],
    );
    // The last stage ends before the comment: text added at its end lands outside it.
    assert.equal(textOf(text, body.stages[1]), '| take 1');
  });

  it('nodeAt and pathAt find the node under an offset', () => {
    const text = "['t'] | where status == 500 | summarize count() by method";
    const parsed = parseApl(text);
    const at = (word: string) => text.indexOf(word) + 1;
    assert.equal(nodeAt(parsed, at('status'))?.kind, 'name');
    assert.deepEqual(
      pathAt(parsed, at('method')).map((n) => n.kind),
      ['query', 'pipeline', 'stage', 'clause', 'name'],
    );
    assert.equal((pathAt(parsed, at('method'))[3] as { keyword?: { text: string } }).keyword?.text, 'by');
    assert.equal(nodeAt(parsed, text.indexOf('count') + 2)?.kind, 'name');
  });
});

describe('APL parser: recovery and problems', () => {
  it('a broken stage does not hide the next one', () => {
    const text = "['t'] | wher x > 1 | where y == | summarize count() by | take 5";
    const parsed = parseApl(text);
    const body = (parsed.statements[0] as QueryStatement).body;
    assert.deepEqual(
      body.stages.map((s) => s.operator?.text),
      ['wher', 'where', 'summarize', 'take'],
    );
    assert.deepEqual(
      parsed.problems.map((p) => [p.code, text.slice(p.start, p.end)]),
      [
        ['unknown-operator', 'wher'],
        ['missing-operand', '=='],
        ['empty-clause', 'by'],
      ],
    );
  });

  it('recovers at ; and at closing brackets', () => {
    const text = "let a = 1 +;\n['t'] | join (['u'] | where ) on id | where a == 1";
    const parsed = parseApl(text);
    assert.deepEqual(
      parsed.problems.map((p) => [p.code, text.slice(p.start, p.end)]),
      [
        ['missing-operand', '+'],
        ['missing-operand', 'where'],
      ],
    );
    const body = (parsed.statements[1] as QueryStatement).body;
    assert.deepEqual(
      body.stages.map((s) => [s.operator?.text, s.clauses.map((c) => c.keyword?.text ?? '')]),
      [
        ['join', ['', 'on']],
        ['where', ['']],
      ],
    );
  });

  it('each problem of the issue, with its range and one sentence', () => {
    const cases: [string, string, string, string][] = [
      [
        "['t'] | where status ==",
        'missing-operand',
        '==',
        "Nothing follows '==': an operand is expected on its right.",
      ],
      ["['t'] | project a,, b", 'missing-item', ',', 'Two commas in a row: an item is missing between them.'],
      ["['t'] | project a, b,", 'missing-item', ',', 'Nothing follows this comma: another item is expected.'],
      ["['t'] | extend x =", 'missing-operand', '=', "Nothing follows '=': an expression is expected for 'x'."],
      [
        "['t'] | summarize count() by",
        'empty-clause',
        'by',
        "Nothing follows 'by': the by clause needs at least one expression.",
      ],
      [
        "['t'] | | take 1",
        'empty-pipe',
        '|',
        'Nothing follows this pipe: a tabular operator such as where or summarize is expected.',
      ],
      [
        "['t'] | take 1 |",
        'empty-pipe',
        '|',
        'Nothing follows this pipe: a tabular operator such as where or summarize is expected.',
      ],
      ["['t'] | where a b", 'unexpected', 'b', "'b' is not expected here."],
      ["['t'] | where a == 'x", 'unclosed-string', "'x", 'This string is not closed before the end of the line.'],
      ["['t'] | extend x = ```a", 'unclosed-string', '```a', 'This string is not closed: ``` is missing.'],
    ];
    for (const [text, code, underlined, message] of cases) {
      const problems = parseApl(text).problems;
      assert.deepEqual(
        problems.map((p) => [p.code, text.slice(p.start, p.end), render(p.message)]),
        [[code, underlined, message]],
        text,
      );
    }
  });
});

/** Every node lies within its parent, after its previous sibling; every token is in a statement. */
function assertNested(parsed: ParsedApl): void {
  const { text } = parsed;
  const check = (nodes: SyntaxNode[], parent: { start: number; end: number }) => {
    let at = parent.start;
    for (const node of nodes) {
      assert.ok(
        node.start >= at && node.end >= node.start && node.end <= parent.end,
        `${node.kind} ${JSON.stringify(textOf(text, node))} out of place in ${JSON.stringify(text.slice(parent.start, parent.end))}`,
      );
      at = node.end;
      check(childrenOf(node), node);
    }
  };
  check(parsed.statements, { start: 0, end: text.length });
  const statements = parsed.statements;
  for (const token of lex(text)) {
    if (
      token.kind === 'comment' ||
      (token.kind === 'punctuation' && (token.text === ';' || ')]}'.includes(token.text)))
    )
      continue;
    assert.ok(
      statements.some((s) => s.start <= token.start && token.end <= s.end),
      `token ${JSON.stringify(token.text)} at ${token.start} lies in no statement`,
    );
  }
}

describe('APL parser: properties', () => {
  it(`every corpus query parses with no problem, its ranges nested and covering it (${corpus.length} queries)`, () => {
    for (const text of corpus) {
      const parsed = parseApl(text);
      assert.deepEqual(problemsOf(parsed), [], text);
      assertNested(parsed);
    }
  });

  it('generated queries parse with no problem, their ranges nested', () => {
    fc.assert(
      fc.property(aplQuery, (text) => {
        const parsed = parseApl(text);
        assert.deepEqual(problemsOf(parsed), [], text);
        assertNested(parsed);
        let stages = 0;
        walk(parsed, (node) => void (node.kind === 'stage' && node.pipe && stages++));
        assert.equal(stages, lex(text).filter((t) => t.kind === 'pipe').length, text);
      }),
      { numRuns: 400 },
    );
  });

  it('malformed input never throws; problems and nodes lie within the text, nested', () => {
    fc.assert(
      fc.property(aplLikeText, (text) => {
        const parsed = parseApl(text);
        for (const p of parsed.problems) assert.ok(p.start >= 0 && p.end >= p.start && p.end <= text.length);
        const check = (nodes: SyntaxNode[], parent: { start: number; end: number }) => {
          for (const node of nodes) {
            assert.ok(
              node.start >= parent.start && node.end <= parent.end && node.start <= node.end,
              JSON.stringify(text),
            );
            check(childrenOf(node), node);
          }
        };
        check(parsed.statements, { start: 0, end: text.length });
      }),
      FUZZ_BOUND,
    );
  });

  it('a file of 8,000 lines parses reading each character as often as one of 250 lines does', () => {
    const lines = corpus.join('\n\n').split('\n');
    const file = (n: number) =>
      Array.from({ length: Math.ceil(n / lines.length) }, () => lines)
        .flat()
        .slice(0, n)
        .join('\n');
    // Counted, not timed (test/support/countingText.ts): the same on a busy machine. What the
    // parser does with the tokens is not counted here; the bench times the whole (test/bench/aplParser.ts).
    const readsPerCharacter = (text: string) => {
      const { counted, reads } = countingText(text);
      const parsed = parseApl(counted);
      const read = { perCharacter: reads.total / text.length, byWay: JSON.stringify(reads.byWay) };
      assert.deepEqual({ ...parsed, text }, parseApl(text), 'the counted text parses as the text');
      return read;
    };
    const small = readsPerCharacter(file(250));
    const big = readsPerCharacter(file(8000));
    // 32 times the lines: each character read as often when linear, about 32 times as often when quadratic.
    assert.ok(
      big.perCharacter <= 1.1 * small.perCharacter,
      `each character read ${small.perCharacter.toFixed(2)} times in 250 lines (${small.byWay}), ${big.perCharacter.toFixed(2)} times in 8,000 (${big.byWay})`,
    );
  });
});
