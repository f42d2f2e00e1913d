// A run's query read once (src/core/run/queryPlan.ts), over real HTTP to the fake service and an
// edge of it: an APL run parses its text once for the edge it goes to, its answer and its limit
// note; an MPL run once for its edge and the dataset its result names. Parses are counted through
// the parsers the plan is handed, never timed. Property: a plan says what the separate readers say.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { datasetsQueried } from '../../../src/core/apl/datasetsRead';
import { parseApl } from '../../../src/core/apl/syntaxParser';
import { parseMpl } from '../../../src/core/mpl/syntaxParser';
import { render } from '../../../src/core/phrase';
import { explainLimit, explainLimitOf, pipelineOperators } from '../../../src/core/run/limits';
import { mplQueryDatasets } from '../../../src/core/run/mplTable';
import { planQuery, runPlanned, type QueryParsers } from '../../../src/core/run/queryPlan';
import { aplLikeText } from '../../support/aplArbitraries';
import { FAKE_ORG_ID } from '../../support/fakeAxiom';
import { FakeEdge } from '../../support/fakeEdges';
import { mplLikeText } from '../../support/mplArbitraries';
import { FUZZ_BOUND } from '../../support/untrustedInput';
import { fakeServiceUnderTest } from '../../support/testClient';

/** The real parsers, each call counted. */
function countingParsers(): { parsers: QueryParsers; parses: { apl: number; mpl: number } } {
  const parses = { apl: 0, mpl: 0 };
  return {
    parses,
    parsers: {
      apl: (text) => {
        parses.apl++;
        return parseApl(text);
      },
      mpl: (text) => {
        parses.mpl++;
        return parseMpl(text);
      },
    },
  };
}

const RANGE = { startTime: 'now-1h', endTime: 'now' };

describe('a run parses its query once', () => {
  const { fake, connect } = fakeServiceUnderTest({ alsoAfterEach: () => (eu.requests.length = 0) });
  const eu = new FakeEdge(fake, 'cloud.eu-central-1.aws');
  const client = () => connect({ orgId: FAKE_ORG_ID });

  before(async () => {
    await eu.start();
    eu.placeDatasets('eu-logs');
  });
  after(() => eu.stop());

  it('APL: one parse gives the edge it goes to, and the limit note of its answer and of its first rows', async () => {
    const { parsers, parses } = countingParsers();
    const apl = "['eu-logs'] | take 2";
    const plan = planQuery(apl, 'apl', parsers);
    const notes: (string | undefined)[] = [];
    const note = (tables: Parameters<typeof explainLimitOf>[1]) => {
      const said = explainLimitOf(plan.operators, tables);
      notes.push(said && render(said));
    };
    const answer = await runPlanned(client(), plan, RANGE, undefined, (head) => note(head.tables));
    note(answer.tables);
    assert.deepEqual(parses, { apl: 1, mpl: 0 });
    assert.deepEqual(plan.datasets, ['eu-logs']);
    assert.deepEqual(
      eu.requests.map((r) => `${r.method} ${r.path}`),
      ['POST /v1/query/_apl?format=tabular'],
      'sent to the edge its datasets name',
    );
    assert.equal(answer.tables[0].rowCount, 2);
    const expected = explainLimit(apl, answer.tables);
    assert.equal(notes.at(-1), expected && render(expected));
    assert.match(notes.at(-1) ?? '', /limit the query sets \(take 2\)/);
  });

  it('MPL: one parse gives the edge it goes to and the dataset its result names', async () => {
    fake.metrics.datasets.set('shop-metrics', {
      'system.cpu.utilization': {
        type: 'gauge',
        temporality: 'Unspecified',
        unit: null,
        tags: { host: ['web-1'] },
        base: 0.5,
      },
    });
    const { parsers, parses } = countingParsers();
    const mpl = '`shop-metrics`:`system.cpu.utilization` | align to 5m using avg';
    const plan = planQuery(mpl, 'mpl', parsers);
    const answer = await runPlanned(client(), plan, RANGE);
    assert.deepEqual(parses, { apl: 0, mpl: 1 });
    assert.deepEqual(fake.metrics.queries, [{ mpl, ...RANGE }]);
    assert.deepEqual(answer.datasetNames, ['shop-metrics']);
    assert.ok(answer.tables[0].rowCount > 0);
    assert.deepEqual(plan.operators, [], 'no limit note reads MPL');
  });
});

describe('a plan reads what the separate readers read (property)', () => {
  it('for any APL-like text: the datasets it queries and the operators of the statement that runs', () => {
    fc.assert(
      fc.property(aplLikeText, (text) => {
        const plan = planQuery(text, 'apl');
        assert.deepEqual(plan.datasets, datasetsQueried(parseApl(text)));
        assert.deepEqual(plan.operators, pipelineOperators(text));
      }),
      FUZZ_BOUND,
    );
  });

  it('for any MPL-like text: the datasets its sources read', () => {
    fc.assert(
      fc.property(mplLikeText, (text) => {
        assert.deepEqual(planQuery(text, 'mpl').datasets, mplQueryDatasets(text));
      }),
      FUZZ_BOUND,
    );
  });
});
