import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { checkApl, checkParsed, suggest, type Problem } from '../../../src/core/apl/checks';
import { parseApl } from '../../../src/core/apl/syntaxParser';
import { lex } from '../../../src/core/apl/lexer';
import { FUNCTIONS, TABULAR_OPERATORS } from '../../../src/core/apl/reference';
import { render } from '../../../src/core/phrase';
import { aplLikeText } from '../../support/aplArbitraries';
import { BACKTRACKING_UNITS, repeatedTo } from '../../support/backtrackingText';
import { countingText } from '../../support/countingText';
import { PROJECT_QUERIES, VALID_QUERIES, docsQueries as loadDocsQueries } from '../../support/aplCorpus';
import { MUTANT_CLASSES, mutate } from '../../support/aplMutants';
import { itOverEachCorpus } from '../../support/corpusChecks';
import { FUZZ_BOUND } from '../../support/untrustedInput';
import { arityOf } from '../../../src/core/apl/checks';

/** The queries of Axiom's documentation, when a local copy was made (test/support/extractDocsQueries.mjs):
 *  they come from another repository, so they are not committed, and these checks run only here. */
const docsQueries = loadDocsQueries();

/** Each problem as code, underlined text and message, for a readable comparison. */
const described = (apl: string, problems: Problem[]) =>
  problems.map((p) => ({ code: p.code, text: apl.slice(p.start, p.end), message: render(p.message) }));

function clean(apl: string): void {
  const problems = checkApl(apl);
  assert.deepEqual(described(apl, problems), [], `reported on a valid query:\n${apl}`);
}

describe('APL checks: no false alarms on valid queries', () => {
  itOverEachCorpus(clean);

  it('the corpus uses every tabular operator after a pipe', () => {
    const used = new Set<string>();
    for (const apl of VALID_QUERIES) {
      const tokens = lex(apl);
      tokens.forEach((t, i) => t.kind === 'pipe' && tokens[i + 1] && used.add(tokens[i + 1].text));
    }
    for (const operator of TABULAR_OPERATORS.filter((o) => o.name !== 'externaldata'))
      assert.ok(used.has(operator.name), `${operator.name} after a pipe`);
  });
});

describe('APL checks: what they report, and where', () => {
  const cases: [string, string, { code: string; text: string; message: string }[]][] = [
    [
      'an unclosed string, to the end of its line',
      "['logs']\n| where a == 'abc\n| take 1",
      [{ code: 'unclosed-string', text: "'abc", message: 'This string is not closed before the end of the line.' }],
    ],
    [
      'an unclosed quoted name is one problem',
      "['logs | take 1",
      [
        {
          code: 'unclosed-string',
          text: "'logs | take 1",
          message: 'This string is not closed before the end of the line.',
        },
      ],
    ],
    [
      'an unclosed parenthesis',
      "['logs'] | summarize count( by x",
      [{ code: 'unclosed-bracket', text: '(', message: "'(' is never closed: ')' is missing." }],
    ],
    [
      'a closing bracket with no opener',
      "['logs'] | where x > 1)",
      [{ code: 'unmatched-bracket', text: ')', message: "')' has no matching '('." }],
    ],
    [
      'a closer of the wrong kind',
      "['logs'] | where x in (1, 2]",
      [
        {
          code: 'unmatched-bracket',
          text: ']',
          message: "']' does not close '(' (line 1, column 23), which needs ')'.",
        },
      ],
    ],
    [
      'a closer that skips an opener',
      "['logs'] | where abs(x[1) > 0",
      [
        { code: 'unclosed-bracket', text: '[', message: "'[' is never closed: ']' is missing." },
        {
          code: 'unmatched-bracket',
          text: ')',
          message: "')' does not close '[' (line 1, column 23), which needs ']'.",
        },
      ],
    ],
    [
      'a pipe with nothing after it',
      "['logs'] | where x > 1 |",
      [
        {
          code: 'empty-pipe',
          text: '|',
          message: 'Nothing follows this pipe: a tabular operator such as where or summarize is expected.',
        },
      ],
    ],
    [
      'two pipes in a row',
      "['logs'] | | take 1",
      [
        {
          code: 'empty-pipe',
          text: '|',
          message: 'Nothing follows this pipe: a tabular operator such as where or summarize is expected.',
        },
      ],
    ],
    [
      'a pipe before the end of a subquery',
      "['logs'] | join (['b'] |) on id",
      [
        {
          code: 'empty-pipe',
          text: '|',
          message: 'Nothing follows this pipe: a tabular operator such as where or summarize is expected.',
        },
      ],
    ],
    [
      'something that is no word after a pipe',
      "['logs'] | 42",
      [{ code: 'operator-expected', text: '42', message: "A tabular operator is expected after the pipe, not '42'." }],
    ],
    [
      'a misspelt operator, with the one it likely meant',
      "['logs'] | wher x > 1",
      [{ code: 'unknown-operator', text: 'wher', message: "Unknown tabular operator 'wher'. Did you mean 'where'?" }],
    ],
    [
      'a misspelt hyphenated operator',
      "['logs'] | project-awya x",
      [
        {
          code: 'unknown-operator',
          text: 'project-awya',
          message: "Unknown tabular operator 'project-awya'. Did you mean 'project-away'?",
        },
      ],
    ],
    [
      'an operator of another language',
      "['logs'] | render timechart",
      [{ code: 'unknown-operator', text: 'render', message: "Unknown tabular operator 'render'." }],
    ],
    [
      'an operator in the wrong case',
      "['logs'] | Where x",
      [{ code: 'unknown-operator', text: 'Where', message: "Unknown tabular operator 'Where'. Did you mean 'where'?" }],
    ],
    [
      'an unknown function, as a warning',
      "['logs'] | extend n = strlenn(uri)",
      [
        {
          code: 'unknown-function',
          text: 'strlenn',
          message: "Unknown function 'strlenn': APL's reference has no such function. Did you mean 'strlen'?",
        },
      ],
    ],
  ];
  for (const [what, apl, expected] of cases) {
    it(what, () => assert.deepEqual(described(apl, checkApl(apl)), expected));
  }

  it('a function called with too few or too many arguments, as an error', () => {
    const apl = "['logs'] | extend a = strlen(), b = substring(uri, 1, 2, 3), c = strcat(a, b, c, d), d = now()";
    assert.deepEqual(
      checkApl(apl).map((p) => [p.code, p.severity, apl.slice(p.start, p.end), render(p.message)]),
      [
        ['argument-count', 'error', 'strlen()', "'strlen' takes 1 arguments, not 0: strlen(text)."],
        [
          'argument-count',
          'error',
          'substring(uri, 1, 2, 3)',
          "'substring' takes 2 to 3 arguments, not 4: substring(text, start, [length]).",
        ],
      ],
    );
  });

  it('every function of the reference has an arity its signature gives', () => {
    for (const fn of FUNCTIONS) {
      const { min, max } = arityOf(fn.signature);
      assert.ok(min >= 0 && max >= min, `${fn.signature}: ${min}..${max}`);
    }
    assert.deepEqual(arityOf('arg_max(expression, field1, [field2, ...])'), { min: 2, max: Infinity });
    assert.deepEqual(arityOf('format_bytes(value, [precision], [unit], [base])'), { min: 1, max: 4 });
    assert.deepEqual(arityOf('count()'), { min: 0, max: 0 });
  });

  it('an unknown function is a warning; the others are errors', () => {
    const severities = new Map(
      checkApl("['logs'] | wher x | extend y = nosuch(1) | where (").map((p) => [p.code, p.severity]),
    );
    assert.equal(severities.get('unknown-function'), 'warning');
    assert.equal(severities.get('unknown-operator'), 'error');
    assert.equal(severities.get('unclosed-bracket'), 'error');
  });

  it('a function a let statement defines is known, and so are words that take parentheses', () => {
    for (const apl of [
      "let f = (x:long) { x + 1 };\n['logs'] | extend y = f(1)",
      "['logs'] | where a in (1) and b !in~ ('x') and c has_any ('y') and d between (1 .. 2) and not (e)",
      "['logs'] | parse-kv m as (a) with (pair_delimiter=',', kv_delimiter='=')",
      "['logs'] | join kind=inner (['b']) on id",
      "['logs'] | mv-expand t to typeof(string)",
    ])
      clean(apl);
  });

  it('suggests close names, best first, and none for a word far from all', () => {
    assert.deepEqual(
      suggest(
        'summarise',
        TABULAR_OPERATORS.map((o) => o.name),
      ),
      ['summarize'],
    );
    assert.deepEqual(
      suggest(
        'proejct',
        TABULAR_OPERATORS.map((o) => o.name),
      ),
      ['project'],
    );
    assert.deepEqual(
      suggest(
        'timechart',
        TABULAR_OPERATORS.map((o) => o.name),
      ),
      [],
    );
  });
});

describe('APL lexer and checks: properties', () => {
  it('the lexer never throws, and its tokens are the text, in order, without overlap', () => {
    fc.assert(
      fc.property(aplLikeText, (text) => {
        let end = 0;
        for (const token of lex(text)) {
          assert.ok(token.start >= end && token.end > token.start && token.end <= text.length);
          assert.equal(text.slice(token.start, token.end), token.text);
          end = token.end;
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('checking text (each statement let go as it is read) finds what checking its tree in hand finds', () => {
    const corpus = [...VALID_QUERIES, ...PROJECT_QUERIES, ...docsQueries];
    const text = fc.oneof(
      aplLikeText,
      fc
        .tuple(fc.constantFrom(...corpus), fc.nat(), fc.constantFrom('abz(', 'let abz = 1;\n', ')', ', ,', '\n\n'))
        .map(([query, at, inserted]) => {
          const place = at % (query.length + 1);
          return query.slice(0, place) + inserted + query.slice(place);
        }),
    );
    fc.assert(
      fc.property(text, (apl) => {
        assert.deepEqual(checkApl(apl), checkParsed(parseApl(apl)));
      }),
      { numRuns: 2000 },
    );
  });

  it('the problems come in the order of the text, many of them as few (the calls’ merged with the syntax’s)', () => {
    const broken = fc
      .array(fc.constantFrom('abz(1)', 'count(1, 2)', 'f(g(abz()))', '| nosuch', ', ,', '(', ')', '\n\n'), {
        maxLength: 12,
      })
      .map((pieces) => `['logs'] | extend ${pieces.join(' x + ')}`);
    fc.assert(
      fc.property(fc.oneof(aplLikeText, broken), (text) => {
        const problems = checkApl(text);
        for (let i = 1; i < problems.length; i++) {
          const [a, b] = [problems[i - 1], problems[i]];
          assert.ok(a.start < b.start || (a.start === b.start && a.end <= b.end), JSON.stringify([a, b]));
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('the checks never throw, and every range lies within the text', () => {
    fc.assert(
      fc.property(aplLikeText, (text) => {
        for (const p of checkApl(text)) assert.ok(p.start >= 0 && p.end > p.start && p.end <= text.length);
      }),
      { numRuns: 2000 },
    );
  });

  it('a valid query stays clean however its tokens are spaced and commented', () => {
    const corpus = [...VALID_QUERIES, ...PROJECT_QUERIES, ...docsQueries];
    // An empty line ends a query outside brackets, as Run Query splits a file; before a `|` it does not.
    const separator = fc.constantFrom(' ', '  ', '\n', '\t', ' // a note\n', '\n  ');
    fc.assert(
      fc.property(
        fc.constantFrom(...corpus),
        fc.array(separator, { minLength: 1, maxLength: 300 }),
        (apl, separators) => {
          const tokens = lex(apl).filter((t) => t.kind !== 'comment');
          const respaced = tokens
            .map((t, i) =>
              tokens[i + 1]?.kind === 'pipe' && i % 3 === 0
                ? `${t.text}\n\n`
                : t.text + separators[i % separators.length],
            )
            .join('');
          assert.deepEqual(described(respaced, checkApl(respaced)), [], `reported on:\n${respaced}`);
        },
      ),
      { numRuns: 1500 },
    );
  });
});

describe('APL checks: a file of queries', () => {
  it('queries separated by an empty line are each a query of their own, as Run Query reads them', () => {
    const corpus = [...VALID_QUERIES, ...PROJECT_QUERIES, ...docsQueries];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...corpus), { minLength: 2, maxLength: 5 }), (queries) => {
        const file = queries.join('\n\n');
        assert.deepEqual(described(file, checkApl(file)), [], `reported on:\n${file}`);
      }),
      { numRuns: 300 },
    );
  });
});

// Fuzzing: arbitrary input, bounded in time; the reader answers without an exception other than the
// one typed error. A failure found here is fixed and kept as a regular test above.

describe('fuzz: the APL lexer and checks take any text', () => {
  it('any text: tokens cover it in order, and the checks answer with problems inside it', () => {
    fc.assert(
      fc.property(aplLikeText, (text) => {
        const tokens = lex(text);
        let at = 0;
        for (const token of tokens) {
          assert.ok(token.start >= at && token.end >= token.start && token.end <= text.length, JSON.stringify(token));
          at = token.end;
        }
        for (const problem of checkApl(text))
          assert.ok(
            problem.start >= 0 && problem.end <= text.length && problem.start <= problem.end,
            JSON.stringify(problem),
          );
      }),
      FUZZ_BOUND,
    );
  });

  it('a 1 MB line of what makes a lexer backtrack is read and checked; each character is read as often in 64 KB of it as in 4 KB, not 16 times as often', () => {
    for (const unit of BACKTRACKING_UNITS) {
      // Counted, not timed: the characters read from the text (test/support/countingText.ts), the
      // same on a busy machine; the bench times the whole (test/bench/aplParser.ts), which also
      // covers what the parser does with the tokens, not counted here.
      const readsPerCharacter = (length: number) => {
        const text = repeatedTo(unit, length);
        const { counted, reads } = countingText(text);
        const problems = checkApl(counted);
        const read = { perCharacter: reads.total / length, byWay: JSON.stringify(reads.byWay) };
        assert.deepEqual(problems, checkApl(text), 'the counted text is checked as the text');
        return read;
      };
      const small = readsPerCharacter(1 << 12);
      const big = readsPerCharacter(1 << 16);
      assert.ok(
        big.perCharacter <= 1.1 * small.perCharacter,
        `${JSON.stringify(unit)}: each character read ${small.perCharacter.toFixed(2)} times in 4 KB (${small.byWay}), ${big.perCharacter.toFixed(2)} times in 64 KB (${big.byWay})`,
      );
      // Then the whole megabyte, once: read to its end, every problem inside it.
      const mb = repeatedTo(unit, 1 << 20);
      assert.ok(lex(mb).length > 0);
      assert.ok(checkApl(mb).every((p) => p.start >= 0 && p.end <= mb.length));
    }
  });
});

describe('APL checks: every class of mistake is caught', () => {
  const corpus = [...VALID_QUERIES, ...PROJECT_QUERIES, ...docsQueries].filter((q) => !checkApl(q).length);
  for (const kind of MUTANT_CLASSES) {
    it(`${kind}: every mutant of the corpus is reported`, () => {
      let made = 0;
      corpus.forEach((query, i) => {
        for (const variant of [i]) {
          const mutant = mutate(query, kind, variant);
          if (!mutant) continue;
          made++;
          assert.ok(checkApl(mutant).length > 0, `not reported (${kind}):\n${mutant}`);
        }
      });
      assert.ok(made >= 50, `${kind}: only ${made} mutants`);
    });
  }
});
