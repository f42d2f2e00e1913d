import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { aplProblemsInJson, aplStringsInJson } from '../../../src/core/apl/aplInJson';
import { APL_IN_JSON_FILES, aplPathsOf } from '../../../src/core/apl/aplInJsonFiles';
import { checkApl } from '../../../src/core/apl/checks';
import { DASHBOARD_FILE_SUFFIX } from '../../../src/core/dashboards/dashboardDocument';
import { MONITOR_FILE_SUFFIX } from '../../../src/core/monitors/monitorFile';
import { PROJECT_QUERIES, VALID_QUERIES } from '../../support/aplCorpus';
import { MUTANT_CLASSES, mutate } from '../../support/aplMutants';
import { FUZZ_BOUND } from '../../support/untrustedInput';

const CHARTS = [['charts', '*', 'query', 'apl']] as const;

/** What a range of the JSON text holds, decoded: the characters of the APL string it covers. */
const decoded = (text: string, start: number, end: number) => JSON.parse(`"${text.slice(start, end)}"`) as string;

describe('APL inside JSON files', () => {
  it('places a monitor query problem on its characters in the JSON string, escapes counted as written', () => {
    const apl = '[\'logs\']\n| where msg == "a\\tb"\n| where status ==';
    const text = JSON.stringify({ name: 'Errors', type: 'threshold', aplQuery: apl }, null, 2);
    const problems = aplProblemsInJson(text, [['aplQuery']]);
    assert.deepEqual(
      problems.map((p) => p.code),
      ['missing-operand'],
    );
    assert.equal(text.slice(problems[0].start, problems[0].end), '==');
    assert.ok(text.lastIndexOf('==') === problems[0].start, 'the last ==, after the escapes');
  });

  it('reads a dashboard: every chart query at a path with *, and no other string', () => {
    const text = JSON.stringify({
      name: "['not'] | apl here",
      charts: [
        { query: { apl: "['a'] | take 1" } },
        { title: 'x', query: { apl: "['b'] | summarize count() by" } },
        { query: { other: "['c'] |" } },
        { query: { apl: "['d']\n| where ok |" } },
      ],
    });
    const strings = aplStringsInJson(text, CHARTS);
    assert.deepEqual(
      strings.map((s) => [s.path, s.apl]),
      [
        [['charts', 0, 'query', 'apl'], "['a'] | take 1"],
        [['charts', 1, 'query', 'apl'], "['b'] | summarize count() by"],
        [['charts', 3, 'query', 'apl'], "['d']\n| where ok |"],
      ],
    );
    const problems = aplProblemsInJson(text, CHARTS);
    assert.deepEqual(
      problems.map((p) => [p.code, text.slice(p.start, p.end)]),
      [
        ['empty-clause', 'by'],
        ['empty-pipe', '|'],
      ],
    );
    for (const [i, p] of problems.entries()) assert.ok(p.start > strings[i + 1].start && p.end < strings[i + 1].end);
  });

  it('knows the monitor files by the suffix the monitors use', () => {
    assert.ok(APL_IN_JSON_FILES.some((file) => file.suffix === MONITOR_FILE_SUFFIX));
    assert.deepEqual(aplPathsOf(`folder/errors${MONITOR_FILE_SUFFIX}`), [['aplQuery']]);
    assert.equal(aplPathsOf('folder/errors.json'), undefined);
  });

  it('knows the dashboard files and documents by the suffix the dashboards use: each chart’s query.apl', () => {
    assert.ok(APL_IN_JSON_FILES.some((file) => file.suffix === DASHBOARD_FILE_SUFFIX));
    assert.deepEqual(aplPathsOf(`/checkout/Checkout health${DASHBOARD_FILE_SUFFIX}`), [
      ['charts', '*', 'query', 'apl'],
    ]);
    const text = JSON.stringify({ name: 'x', charts: [{ id: 'a', query: { apl: "['a'] | summarize count() by" } }] });
    const problems = aplProblemsInJson(text, aplPathsOf(`x${DASHBOARD_FILE_SUFFIX}`)!);
    assert.deepEqual(
      problems.map((p) => [p.code, text.slice(p.start, p.end)]),
      [['empty-clause', 'by']],
    );
  });

  it('over the corpus and its mutants, at any depth: each problem covers, decoded, what checkApl marks in the APL', () => {
    const queries = [...VALID_QUERIES, ...PROJECT_QUERIES];
    const query = fc
      .tuple(fc.constantFrom(...queries), fc.constantFrom('none', ...MUTANT_CLASSES), fc.nat(20))
      .map(([q, kind, variant]) => (kind === 'none' ? q : (mutate(q, kind, variant) ?? q)));
    fc.assert(
      fc.property(query, fc.array(fc.constantFrom('a', 'b'), { maxLength: 3 }), fc.boolean(), (apl, keys, spaced) => {
        // The query at a path of keys under an array's second item, among other values.
        const nested = keys.reduceRight<unknown>((inner, key) => ({ [key]: inner, n: 1 }), { apl, note: apl });
        const text = JSON.stringify({ items: [{ apl }, nested] }, null, spaced ? 2 : undefined);
        const path = ['items', 1, ...keys, 'apl'];
        const expected = checkApl(apl);
        const problems = aplProblemsInJson(text, [path]);
        assert.deepEqual(
          problems.map((p) => [p.code, p.message]),
          expected.map((p) => [p.code, p.message]),
        );
        problems.forEach((p, i) =>
          assert.equal(decoded(text, p.start, p.end), apl.slice(expected[i].start, expected[i].end)),
        );
      }),
      { numRuns: 300 },
    );
  });

  it('takes any text, JSON or not, without throwing', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        const strings = aplStringsInJson(text, [['aplQuery'], ['charts', '*', 'query', 'apl']]);
        for (const s of strings) assert.ok(s.start >= 0 && s.end <= text.length);
        aplProblemsInJson(text, CHARTS);
      }),
      FUZZ_BOUND,
    );
  });
});
