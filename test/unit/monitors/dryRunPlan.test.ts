// The dry run's query plans and what they approximate.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { render } from '../../../src/core/phrase';
import fc from 'fast-check';
import { mainQuery } from '../../../src/core/apl/aplText';
import type { ParsedApl } from '../../../src/core/apl/syntaxNodes';
import { parseApl } from '../../../src/core/apl/syntaxParser';
import {
  binnedByTime,
  countedByTime,
  planDryRun,
  summarizeShape,
  type DryRunPlan,
} from '../../../src/core/monitors/dryRunPlan';
import { PROJECT_QUERIES, VALID_QUERIES } from '../../support/aplCorpus';
import {
  commentsOf,
  DOCS_QUERIES,
  meaningOf,
  meaningOfExpression,
  meaningOfNode,
  type Meaning,
} from '../../support/aplTrees';
import { countingQueries, monitorSchedules, summarizingQueries } from '../../support/dryRunArbitraries';

const MINUTE = 60_000;

describe('dry run: the plan', () => {
  const to = Date.UTC(2026, 0, 2);
  const day = 24 * 60 * MINUTE;
  const threshold = { type: 'Threshold', operator: 'Above', threshold: 10, intervalMinutes: 5, rangeMinutes: 5 };
  const words = (plan: DryRunPlan) => plan.approximations.map((a) => render(a));

  it('takes a summarize apart, strings and comments aside', () => {
    const shape = summarizeShape(
      "['l'] | where m == ' by x' // | summarize\n| summarize n = count(), max(d) by host, t = bin(_time, 5m)",
    );
    assert.deepEqual(shape?.aggregations, ['n = count()', 'max(d)']);
    assert.deepEqual(shape?.groups, ['host', 't = bin(_time, 5m)']);
    assert.deepEqual(shape?.timeBin, { index: 1, sizeMs: 5 * MINUTE, auto: false });
    assert.equal(summarizeShape("['l'] | summarize count() | where x > 1"), undefined);
    assert.deepEqual(summarizeShape("['l'] | summarize count() by bin_auto(_time)")?.timeBin, { index: 0, auto: true });
  });

  it('one query binned by the interval when the range is the interval: 288 runs in one request', () => {
    const plan = planDryRun(
      { ...threshold, aplQuery: "['l'] | where s >= 500 | summarize count() by host" },
      { to, periodMs: day },
    );
    assert.equal(plan.runs.length, 288);
    assert.equal(plan.queries.length, 1);
    assert.equal(plan.queries[0].apl, "['l'] | where s >= 500 | summarize count() by host, bin(_time, 5m)");
    assert.deepEqual(plan.reading, { kind: 'combineBins', combine: 'sum', binMs: 5 * MINUTE });
    assert.deepEqual(words(plan), [
      'Runs are placed at whole multiples of the interval; when the service really ran them is not public.',
    ]);
  });

  it('whole intervals of counts combine bins; an average over a longer range asks once per run', () => {
    const counted = planDryRun(
      { ...threshold, rangeMinutes: 15, aplQuery: "['l'] | summarize count()" },
      { to, periodMs: day },
    );
    assert.equal(counted.queries.length, 1);
    assert.deepEqual(counted.reading, { kind: 'combineBins', combine: 'sum', binMs: 5 * MINUTE });
    const averaged = planDryRun(
      { ...threshold, rangeMinutes: 15, aplQuery: "['l'] | summarize avg(d)" },
      { to, periodMs: day },
    );
    assert.equal(averaged.queries.length, 288);
    assert.deepEqual(averaged.reading, { kind: 'perRun' });
    assert.deepEqual(
      [averaged.queries[0].start, averaged.queries[0].end],
      [averaged.runs[0].start, averaged.runs[0].end],
    );
    const week = planDryRun(
      { ...threshold, rangeMinutes: 15, aplQuery: "['l'] | summarize avg(d)" },
      { to, periodMs: 7 * day },
    );
    assert.equal(week.queries.length, 1, 'past the budget of queries: one, approximated');
    assert.match(words(week).join('\n'), /range of 15 minutes was read as its own interval of 5 minutes: 2016 queries/);
  });

  it('one binned query where it serves, decided from the tree: the range is the interval, or the aggregation adds up across bins', () => {
    const plan = (aplQuery: string, rangeMinutes = 15) =>
      planDryRun({ ...threshold, rangeMinutes, aplQuery }, { to, periodMs: day });
    const combines: [string, string | undefined][] = [
      ["['l'] | summarize count()", 'sum'],
      ["['l'] | summarize n = sum(bytes) by host", 'sum'],
      ["['l'] | summarize countif(status >= 500)", 'sum'],
      ["['l'] | summarize min(d)", 'min'],
      ["['l'] | summarize max(d) by host", 'max'],
      ["['l'] | summarize avg(d)", undefined],
      ["['l'] | summarize dcount(host)", undefined],
      ["['l'] | summarize percentile(d, 95)", undefined],
      ["['l'] | summarize count(), avg(d)", undefined],
      ["['l'] | summarize count(), max(d)", undefined],
      // The words in a string or a comment are not the aggregation.
      ["['l'] | where m == 'summarize count()' | summarize avg(d) // count()", undefined],
    ];
    for (const [apl, combine] of combines) {
      const longer = plan(apl);
      assert.deepEqual(
        longer.reading,
        combine ? { kind: 'combineBins', combine, binMs: 5 * MINUTE } : { kind: 'perRun' },
        apl,
      );
      assert.equal(longer.queries.length, combine ? 1 : 288, apl);
      // A range of one interval: one binned query for every aggregation.
      assert.equal(plan(apl, 5).queries.length, 1, apl);
    }
  });

  it('`| count` is the summarize it stands for: one binned query, its runs the sums of their bins', () => {
    const apl = "['http-logs']\n| where service == 'payments' and status == 402\n| count // declined";
    const plan = planDryRun({ ...threshold, rangeMinutes: 15, aplQuery: apl }, { to, periodMs: day });
    assert.deepEqual(
      plan.queries.map((q) => q.apl),
      [
        "['http-logs']\n| where service == 'payments' and status == 402\n| summarize count() by bin(_time, 5m) // declined",
      ],
    );
    assert.deepEqual(plan.reading, { kind: 'combineBins', combine: 'sum', binMs: 5 * MINUTE });
    // A count with something after it is not the query's last stage: one query per run.
    const after = planDryRun(
      { ...threshold, rangeMinutes: 15, aplQuery: "['l'] | count | extend c = Count * 2" },
      { to, periodMs: day },
    );
    assert.equal(after.queries.length, 288);
  });

  it('a chart query is asked once; bins that do not line up with the runs are said', () => {
    const aligned = planDryRun(
      { ...threshold, rangeMinutes: 10, aplQuery: "['l'] | summarize count() by bin(_time, 1m)" },
      { to, periodMs: day },
    );
    assert.equal(aligned.queries.length, 1);
    assert.equal(aligned.queries[0].apl, "['l'] | summarize count() by bin(_time, 1m)");
    assert.equal(words(aligned).length, 1);
    const odd = planDryRun(
      { ...threshold, aplQuery: "['l'] | summarize count() by bin(_time, 2m)" },
      { to, periodMs: day },
    );
    assert.match(words(odd).join('\n'), /Bins of bin\(_time, 2m\) do not line up/);
    const auto = planDryRun(
      { ...threshold, aplQuery: "['l'] | summarize count() by bin_auto(_time)" },
      { to, periodMs: day },
    );
    assert.equal(auto.queries.length, 288, 'bin_auto is exact only run by run');
    const autoWeek = planDryRun(
      { ...threshold, aplQuery: "['l'] | summarize count() by bin_auto(_time)" },
      { to, periodMs: 7 * day },
    );
    assert.equal(autoWeek.queries.length, 1);
    assert.match(words(autoWeek).join('\n'), /bin_auto was read as bin\(_time, 1m\)/);
  });

  it('match monitors count matching events per interval and over the last day; anomaly monitors get no verdict', () => {
    const match = planDryRun(
      { type: 'MatchEvent', intervalMinutes: 1, rangeMinutes: 1, aplQuery: "['l'] | where level == 'error'" },
      { to, periodMs: 60 * MINUTE },
    );
    assert.equal(match.queries[0].apl, "['l'] | where level == 'error'\n| summarize count() by bin(_time, 1m)");
    assert.equal(match.queries[0].start, to - day, 'the last 24 hours are counted whatever the period');
    const anomaly = planDryRun(
      { type: 'AnomalyDetection', intervalMinutes: 5, aplQuery: "['l'] | summarize avg(d) by bin(_time, 5m)" },
      { to, periodMs: day },
    );
    assert.ok(anomaly.noVerdict);
    assert.equal(anomaly.queries.length, 1);
  });

  it('the period is at most 7 days', () => {
    const plan = planDryRun({ ...threshold, aplQuery: "['l'] | summarize count()" }, { to, periodMs: 30 * day });
    assert.equal(plan.runs.length, 7 * 288);
  });
});

// The rewrites of a query that a dry run sends: made on the tree, each parses as its original did,
// keeps every comment, and means what the original meant but for the one intended change.

/** The last stage of the statement that runs, in a query's meaning. */
function lastStageOf(parsed: ParsedApl, meaning: Meaning[]): Meaning {
  const query = mainQuery(parsed);
  assert.ok(query, parsed.text);
  const statement = meaning[parsed.statements.indexOf(query)] as { body: { stages: Meaning[] } };
  const stage = statement.body.stages.at(-1);
  assert.ok(stage, parsed.text);
  return stage;
}

type ClauseMeaning = { keyword?: { text: string }; items: Meaning[] };
const clausesOf = (stage: Meaning) => stage.clauses as ClauseMeaning[];

/** Same problems (none, for valid text) and the same comments in the same order. */
function parsesAsBefore(original: ParsedApl, rewritten: ParsedApl): void {
  assert.deepEqual(
    rewritten.problems.map((p) => p.code),
    original.problems.map((p) => p.code),
    `the rewrite parses as its original did:\n${rewritten.text}`,
  );
  assert.deepEqual(commentsOf(rewritten), commentsOf(original), `comments kept:\n${rewritten.text}`);
}

/** binnedByTime's rewrite checked against its original: the time bin is the one change. */
function checkTimeBin(apl: string, minutes: number): void {
  const rewritten = binnedByTime(apl, minutes);
  assert.ok(rewritten !== undefined, apl);
  const before = parseApl(apl);
  const after = parseApl(rewritten);
  parsesAsBefore(before, after);
  const was = meaningOf(before);
  const is = meaningOf(after);
  const bin = meaningOfExpression(`bin(_time, ${minutes}m)`);
  const by = (stage: Meaning) => clausesOf(stage).find((c) => c.keyword?.text === 'by');
  const stageBefore = lastStageOf(before, was);
  const stageAfter = lastStageOf(after, is);
  const groupsBefore = by(stageBefore)?.items;
  const groupsAfter = by(stageAfter)?.items;
  assert.ok(groupsAfter, `a by clause:\n${rewritten}`);
  const index = summarizeShape(apl)?.timeBin?.index ?? groupsBefore?.length ?? 0;
  assert.deepEqual(groupsAfter[index], bin, `grouped by the bin:\n${rewritten}`);
  // Undo the change; what is left is the original.
  if (!groupsBefore) stageAfter.clauses = clausesOf(stageAfter).filter((c) => c !== by(stageAfter));
  else if (index < groupsBefore.length) groupsAfter[index] = groupsBefore[index];
  else groupsAfter.pop();
  assert.deepEqual(is, was, `nothing else changed:\n${apl}\n→\n${rewritten}`);
}

/** countedByTime's rewrite checked against its original: one stage more, at the end of the statement that runs. */
function checkCount(apl: string, minutes: number): void {
  const rewritten = countedByTime(apl, minutes);
  const before = parseApl(apl);
  const after = parseApl(rewritten);
  parsesAsBefore(before, after);
  const was = meaningOf(before);
  const is = meaningOf(after);
  const query = mainQuery(after);
  assert.ok(query);
  const stages = (is[after.statements.indexOf(query)] as { body: { stages: Meaning[] } }).body.stages;
  const added = stages.pop();
  const expected = parseApl(`T | summarize count() by bin(_time, ${minutes}m)`);
  const expectedStage = mainQuery(expected)?.body.stages[0];
  assert.ok(expectedStage);
  assert.deepEqual(added, meaningOfNode(expected.text, expectedStage), rewritten);
  assert.deepEqual(is, was, `nothing else changed:\n${apl}\n→\n${rewritten}`);
}

describe('dry run: rewrites on the tree', () => {
  const to = Date.UTC(2026, 0, 2);
  const day = 24 * 60 * MINUTE;

  it('a query ending with a comment line gets its time bin before the comment, not inside it (issue 39)', () => {
    const apl = "['http-logs']\n| summarize count()\n// tuned after the outage";
    const plan = planDryRun(
      { type: 'Threshold', operator: 'Above', threshold: 10, intervalMinutes: 5, rangeMinutes: 5, aplQuery: apl },
      { to, periodMs: day },
    );
    assert.equal(plan.queries.length, 1);
    assert.equal(
      plan.queries[0].apl,
      "['http-logs']\n| summarize count() by bin(_time, 5m)\n// tuned after the outage",
    );
    assert.deepEqual(plan.reading, { kind: 'combineBins', combine: 'sum', binMs: 5 * MINUTE });
    checkTimeBin(apl, 5);
  });

  it('adds to the by clause in place: comments between groups and after them stay where they were', () => {
    assert.equal(
      binnedByTime("['l'] | summarize n = count() // per host\n  by host // and region\n// end", 5),
      "['l'] | summarize n = count() // per host\n  by host, bin(_time, 5m) // and region\n// end",
    );
    assert.equal(
      binnedByTime("['l'] | summarize max(d) by t = bin(_time, 1h), host // hourly", 15),
      "['l'] | summarize max(d) by bin(_time, 15m), host // hourly",
    );
    assert.equal(binnedByTime("['l'] | where m == '| summarize count()'", 5), undefined);
  });

  it('a match monitor’s count goes after the query and the comments that end it', () => {
    assert.equal(
      countedByTime("['l'] | where level == 'error' // errors only\n// last line", 1),
      "['l'] | where level == 'error' // errors only\n// last line\n| summarize count() by bin(_time, 1m)",
    );
    assert.equal(
      countedByTime("let e = 'error';\n['l'] | where level == e", 5),
      "let e = 'error';\n['l'] | where level == e\n| summarize count() by bin(_time, 5m)",
    );
  });

  it('generated queries ending with `| count`: the rewrite parses, keeps its comments, and changes only that stage', () => {
    fc.assert(
      fc.property(countingQueries, fc.integer({ min: 1, max: 60 }), (apl, minutes) => {
        const before = parseApl(apl);
        assert.deepEqual(before.problems, [], `the generator writes valid APL:\n${apl}`);
        const rewritten = binnedByTime(apl, minutes);
        assert.ok(rewritten !== undefined, apl);
        const after = parseApl(rewritten);
        parsesAsBefore(before, after);
        const was = meaningOf(before);
        const is = meaningOf(after);
        const expected = parseApl(`T | summarize count() by bin(_time, ${minutes}m)`);
        const expectedStage = mainQuery(expected)?.body.stages[0];
        assert.ok(expectedStage);
        const stageAfter = lastStageOf(after, is);
        const stageBefore = lastStageOf(before, was);
        // The stage, its comments aside, is the binned summarize; put the old one back and nothing else differs.
        const { leadingComments: _a, ...binned } = stageAfter;
        const { leadingComments: _b, ...wanted } = meaningOfNode(expected.text, expectedStage);
        assert.deepEqual(binned, wanted, rewritten);
        Object.assign(stageAfter, stageBefore);
        assert.deepEqual(is, was, `nothing else changed:\n${apl}\n→\n${rewritten}`);
        const plan = planDryRun(
          {
            ...{ type: 'Threshold', operator: 'Above', threshold: 1 },
            intervalMinutes: minutes,
            rangeMinutes: 3 * minutes,
            aplQuery: apl,
          },
          { to, periodMs: day },
        );
        assert.deepEqual(
          plan.queries.map((q) => q.apl),
          [rewritten],
        );
      }),
      { numRuns: 200 },
    );
  });

  it('generated monitor queries: every rewrite a plan sends parses, keeps its comments and adds only the bin', () => {
    fc.assert(
      fc.property(summarizingQueries, monitorSchedules, fc.integer({ min: 1, max: 60 }), (apl, schedule, minutes) => {
        assert.deepEqual(parseApl(apl).problems, [], `the generator writes valid APL:\n${apl}`);
        checkTimeBin(apl, minutes);
        const plan = planDryRun(
          { type: 'Threshold', operator: 'Above', threshold: 1, ...schedule, aplQuery: apl },
          { to, periodMs: day },
        );
        for (const query of plan.queries) if (query.apl !== apl) checkTimeBin(apl, schedule.intervalMinutes);
      }),
      { numRuns: 300 },
    );
  });

  const corpus = [...VALID_QUERIES, ...PROJECT_QUERIES, ...DOCS_QUERIES].filter(
    (apl) => parseApl(apl).problems.length === 0,
  );
  it(`the corpora (${corpus.length} valid queries, the documentation's when a copy is here): each rewrite checked`, () => {
    let binned = 0;
    for (const apl of corpus) {
      if (summarizeShape(apl)) {
        checkTimeBin(apl, 5);
        binned++;
      }
      if (mainQuery(parseApl(apl))) checkCount(apl, 5);
    }
    assert.ok(binned > 20, `${binned} queries end with summarize`);
  });
});
