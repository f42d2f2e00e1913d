import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { parseMpl } from '../../../src/core/mpl/syntaxParser';
import type { MplNode, MplStage } from '../../../src/core/mpl/syntaxNodes';
import { mplChildren, mplPathAt, walkMpl } from '../../../src/core/mpl/syntaxWalk';
import { render } from '../../../src/core/phrase';
import { MPL_EXAMPLES, asQuery } from '../../support/mplReferenceExamples';
import { mplLikeText, mplQuery } from '../../support/mplArbitraries';
import { FUZZ_BOUND } from '../../support/untrustedInput';

const problemsOf = (text: string) =>
  parseMpl(text).problems.map((p) => `${p.code} ${text.slice(p.start, p.end)}: ${render(p.message)}`);

describe('MPL parser: the tree', () => {
  it('reads a source, its range, its alias and each stage', () => {
    const parsed = parseMpl(
      '`ds`:`go.memory.used`[2h..5m] as mem\n| where a == "x" and not (b < 2 or c is int)\n| map fill::const(0)\n| align to 5m using avg\n| group by a, `b.c` using sum\n| bucket by a to 1m using interpolate_cumulative_histogram(rate, 0.5, 0.99)\n| extend e = "p", n = 1',
    );
    assert.deepEqual(parsed.problems, []);
    const [query] = parsed.queries;
    const source = query.body.source;
    assert.equal(source?.kind, 'source');
    if (source?.kind !== 'source') return;
    assert.equal(source.dataset.text, 'ds');
    assert.equal(source.metric?.text, 'go.memory.used');
    assert.equal(source.range?.from?.text, '2h');
    assert.equal(source.range?.to?.text, '5m');
    assert.equal(source.alias?.text, 'mem');
    const stages = query.body.stages;
    assert.deepEqual(
      stages.map((s) => s.operation?.text),
      ['where', 'map', 'align', 'group', 'bucket', 'extend'],
    );
    assert.equal(stages[0].filter?.kind, 'logical');
    assert.equal(stages[1].function?.name.text, 'fill::const');
    assert.deepEqual(
      stages[1].function?.args?.map((a) => a.text),
      ['0'],
    );
    assert.equal(stages[2].window?.text, '5m');
    assert.deepEqual(
      stages[3].by?.map((b) => b.text),
      ['a', 'b.c'],
    );
    assert.deepEqual(
      stages[4].function?.args?.map((a) => a.text),
      ['rate', '0.5', '0.99'],
    );
    assert.deepEqual(
      stages[5].assignments?.map((a) => [a.tag.text, a.value?.text]),
      [
        ['e', '"p"'],
        ['n', '1'],
      ],
    );
  });

  it('reads directives, groups of queries and compute', () => {
    const parsed = parseMpl('set custom_unit = "ms";\n(\n  `a`:`m` | map rate,\n  `a`:`n`\n)\n| compute ratio using /');
    assert.deepEqual(parsed.problems, []);
    const [query] = parsed.queries;
    assert.equal(query.directives[0].name?.text, 'custom_unit');
    assert.equal(query.directives[0].value?.text, '"ms"');
    const group = query.body.source;
    assert.equal(group?.kind, 'group');
    if (group?.kind !== 'group') return;
    assert.equal(group.queries.length, 2);
    assert.equal(group.commas.length, 1);
    assert.equal(query.body.stages[0].name?.text, 'ratio');
    assert.equal(query.body.stages[0].function?.name.text, '/');
  });

  it('reads queries one after another', () => {
    const parsed = parseMpl('`a`:`b`[1h..]\n`a`:`b` | map rate\nc:d');
    assert.deepEqual(parsed.problems, []);
    assert.equal(parsed.queries.length, 3);
  });

  it('finds the nodes at an offset, outermost first', () => {
    const text = '`a`:`b` | align to 5m using avg';
    const path = mplPathAt(parseMpl(text), text.indexOf('avg') + 1);
    assert.deepEqual(
      path.map((n) => n.kind),
      ['query', 'pipeline', 'stage', 'function', 'word'],
    );
  });
});

describe('MPL parser: every example of the reference', () => {
  for (const [index, example] of MPL_EXAMPLES.entries())
    it(`${example.page} #${index + 1} parses with no problem`, () => {
      assert.deepEqual(problemsOf(asQuery(example)), []);
    });
});

describe('MPL parser: recovery', () => {
  it('reports a missing metric and reads the stages after it', () => {
    const parsed = parseMpl('`ds`: | where a == 1 | map rate');
    assert.deepEqual(problemsOf('`ds`: | where a == 1 | map rate'), ['missing-part :: The metric after `ds`:']);
    assert.equal(parsed.queries[0].body.stages.length, 2);
  });

  it('skips an unknown operation to the next pipe, and reads on', () => {
    const text = '`a`:`b` | wher x == 1 | aling to 5m using avg | map rate';
    const parsed = parseMpl(text);
    assert.deepEqual(
      parsed.problems.map((p) => [p.code, text.slice(p.start, p.end), p.suggestions]),
      [
        ['unknown-operation', 'wher', ['where']],
        ['unknown-operation', 'aling', ['align']],
      ],
    );
    assert.equal(parsed.queries[0].body.stages[2].function?.name.text, 'rate');
  });

  it('reports text where none may stand once, and reads on from the next pipe', () => {
    assert.deepEqual(problemsOf('`a`:`b` | map rate 5 6 7 | align using avg'), [
      "unexpected 5 6 7: '5 6 7' is not expected here.",
    ]);
  });

  it('reports unclosed and unmatched brackets, strings, names and regexes', () => {
    assert.deepEqual(problemsOf('(`a`:`b` | where (x == 1 | map fill::const(0'), [
      'unclosed-bracket (: This ( is not closed.',
      'unclosed-bracket (: This ( is not closed.',
      'unclosed-bracket (: This ( is not closed.',
    ]);
    assert.deepEqual(problemsOf('`a`:`b` ) | map rate'), ['unmatched-bracket ): This ) closes nothing.']);
    assert.deepEqual(problemsOf('`a`:`b` | where x == "abc'), [
      'unclosed-string "abc: This string has no closing quote.',
    ]);
    assert.deepEqual(problemsOf('`a'), ['unclosed-string `a: This name has no closing backquote.']);
    assert.deepEqual(problemsOf('`a`:`b` | where x == #/ab'), [
      'unclosed-string #/ab: This regular expression has no closing /.',
    ]);
  });

  it('never throws on any text, and every node lies inside the text and inside its parent', () => {
    fc.assert(
      fc.property(mplLikeText, (text) => {
        const parsed = parseMpl(text);
        const inside = (node: MplNode, parent?: MplNode) => {
          assert.ok(
            node.start >= 0 && node.end <= text.length && node.start <= node.end,
            `${node.kind} out of the text`,
          );
          if (parent)
            assert.ok(node.start >= parent.start && node.end <= parent.end, `${node.kind} outside ${parent.kind}`);
          for (const child of mplChildren(node)) inside(child, node);
        };
        for (const query of parsed.queries) inside(query);
        for (const p of parsed.problems) assert.ok(p.start <= p.end && p.end <= text.length);
      }),
      FUZZ_BOUND,
    );
  });

  it('a generated valid query has no problem, and every stage is known', () => {
    fc.assert(
      fc.property(mplQuery, (text) => {
        const parsed = parseMpl(text);
        assert.deepEqual(problemsOf(text), [], text);
        const stages: MplStage[] = [];
        walkMpl(parsed, (node) => node.kind === 'stage' && stages.push(node));
        assert.ok(stages.every((s) => s.known));
      }),
      { numRuns: 300 },
    );
  });
});
