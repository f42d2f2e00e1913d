// A whole dry run against the fake service whose data crosses the threshold at known runs; MPL
// monitors and the query history.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { RequestBudget } from '../../../src/core/api/requestBudget';
import { render, type Phrase } from '../../../src/core/phrase';
import { DRY_RUN_SOURCE, HistoryStore, historyEntryOf } from '../../../src/core/history/historyStore';
import { dryRunHistoryRun, dryRunMonitor, isMplMonitor } from '../../../src/core/monitors/dryRunMonitor';
import { evaluate, normalRule } from '../../../src/core/monitors/dryRun';
import {
  readDryRunHostMessage,
  samplesFromMessage,
  type DryRunResult,
} from '../../../src/core/monitors/dryRunProtocol';
import {
  DRY_RUN_IN_FLIGHT,
  matchesInLastDay,
  planDryRun,
  runPlan,
  samplesFromAnswers,
} from '../../../src/core/monitors/dryRunPlan';
import {
  seriesAplAnswer,
  spikySeries,
  COUNT_ABOVE_FIFTY,
  AVERAGE_OVER_FIFTEEN_MINUTES,
} from '../../support/seriesFixtures';
import { fakeServiceUnderTest } from '../../support/testClient';

const MINUTE = 60_000;

/** The fake service up for the suite's tests, a client of it, and the end of the last whole
 *  5-minute run, where the suite's dry runs end. */
function serviceForSuite() {
  const { fake, connect } = fakeServiceUnderTest();
  return {
    fake,
    client: () => connect(),
    to: Math.floor(Date.now() / (5 * MINUTE)) * (5 * MINUTE),
  };
}

describe('dry run: against the service', () => {
  const { fake, client, to } = serviceForSuite();
  const iso = (t: number) => new Date(t).toISOString();
  // Spikes in the minutes 2 and 3 of three 5-minute runs' ranges, the first two runs apart.
  const spikeRuns = [10, 12, 40];
  const spikes = spikeRuns.flatMap((k) => [
    to - 24 * 60 * MINUTE + k * 5 * MINUTE + 2 * MINUTE,
    to - 24 * 60 * MINUTE + k * 5 * MINUTE + 3 * MINUTE,
  ]);

  async function dryRun(
    definition: Record<string, unknown>,
    budget = new RequestBudget({ maxInFlight: 4, share: 0.5, assumedLimit: 10_000 }),
  ) {
    const plan = planDryRun(definition, { to, periodMs: 24 * 60 * MINUTE });
    const api = client();
    const answers = await runPlan(
      plan,
      (q, signal) =>
        api.runApl(q.apl, { startTime: iso(q.start), endTime: iso(q.end) }, signal).then((r) => r.tables[0]),
      budget,
      new AbortController().signal,
    );
    const samples = samplesFromAnswers(plan, answers);
    return {
      plan,
      samples,
      outcome: evaluate(
        samples,
        normalRule({
          operator: String(definition.operator ?? 'Above'), // eslint-disable-line @typescript-eslint/no-base-to-string -- the definition's operator, a word
          threshold: Number(definition.threshold ?? 0),
          positives: definition.triggerAfterNPositiveResults as number,
          ofRuns: definition.triggerFromNRuns as number,
        }),
      ),
    };
  }

  it('one binned query finds the runs whose ranges hold the spikes', async () => {
    fake.aplAnswer = seriesAplAnswer(spikySeries(spikes, { base: 1, spike: 100 }));
    const { plan, outcome } = await dryRun({
      ...COUNT_ABOVE_FIFTY,
    });
    assert.equal(fake.requestsTo('POST /v1/datasets/_apl').length, 1);
    // A run at the end of a 5-minute range sees it: range k is run k (the first run is at the period's start + 5 min).
    assert.deepEqual(
      outcome.openingRuns.map((k) => plan.runs[k].start),
      spikeRuns.map((k) => to - 24 * 60 * MINUTE + k * 5 * MINUTE),
    );
  });

  it('one query per run (an average over 15 minutes) gives the same verdict as the service would, under the budget', async () => {
    fake.aplAnswer = seriesAplAnswer(spikySeries(spikes, { base: 1, spike: 100 }));
    const budget = new RequestBudget({ maxInFlight: 4, share: 0.5, assumedLimit: 10_000 });
    const { plan, outcome } = await dryRun(
      {
        ...AVERAGE_OVER_FIFTEEN_MINUTES,
        triggerAfterNPositiveResults: 1,
        triggerFromNRuns: 1,
      },
      budget,
    );
    assert.equal(fake.requestsTo('POST /v1/datasets/_apl').length, 288);
    assert.ok(budget.peakInFlight <= 4);
    // Each spike is seen by the three runs whose 15-minute ranges hold it; runs 10–14 in one stretch (10, 12 overlap), 40–42 in another.
    assert.deepEqual(
      outcome.alerts.map((a) => [
        plan.runs[a.openRun].start,
        a.closeRun === undefined ? undefined : a.closeRun - a.openRun,
      ]),
      [
        [to - 24 * 60 * MINUTE + 10 * 5 * MINUTE - 10 * MINUTE, 5],
        [to - 24 * 60 * MINUTE + 40 * 5 * MINUTE - 10 * MINUTE, 3],
      ],
    );
  });

  it('counts a match monitor’s matching events over the last day', async () => {
    fake.aplAnswer = seriesAplAnswer(spikySeries(spikes, { base: 0, spike: 300 }));
    const plan = planDryRun(
      { type: 'MatchEvent', aplQuery: "['http-logs'] | where status >= 500", intervalMinutes: 5, rangeMinutes: 5 },
      { to, periodMs: 24 * 60 * MINUTE },
    );
    const api = client();
    const [table] = await runPlan(
      plan,
      (q) => api.runApl(q.apl, { startTime: iso(q.start), endTime: iso(q.end) }).then((r) => r.tables[0]),
      new RequestBudget({ maxInFlight: 4, share: 0.5, assumedLimit: 100 }),
      new AbortController().signal,
    );
    assert.equal(matchesInLastDay(plan, table, to), 6 * 300);
    const outcome = evaluate(samplesFromAnswers(plan, [table]), normalRule({ operator: 'Above', threshold: 0 }));
    assert.equal(outcome.positiveRuns, 3);
  });

  it('a cancelled dry run stops sending and aborts what is in flight', async () => {
    fake.aplAnswer = seriesAplAnswer(spikySeries([], {}));
    fake.fail('POST /v1/datasets/_apl', { delayMs: 200 });
    const plan = planDryRun(
      {
        type: 'Threshold',
        aplQuery: "['http-logs'] | summarize avg(v)",
        operator: 'Above',
        threshold: 1,
        intervalMinutes: 5,
        rangeMinutes: 15,
      },
      { to, periodMs: 24 * 60 * MINUTE },
    );
    const api = client();
    const cancel = new AbortController();
    setTimeout(() => cancel.abort(), 100);
    await assert.rejects(
      runPlan(
        plan,
        (q, signal) =>
          api.runApl(q.apl, { startTime: iso(q.start), endTime: iso(q.end) }, signal).then((r) => r.tables[0]),
        new RequestBudget({ maxInFlight: 4, share: 0.5, assumedLimit: 10_000 }),
        cancel.signal,
      ),
    );
    assert.ok(
      fake.requestsTo('POST /v1/datasets/_apl').length <= 4,
      `sent ${fake.requestsTo('POST /v1/datasets/_apl').length}`,
    );
  });
});

describe('dry run: a whole run, MPL monitors and the query history', () => {
  const { fake, client, to } = serviceForSuite();
  const options = () => ({
    to,
    periodMs: 24 * 60 * MINUTE,
    budget: new RequestBudget({ maxInFlight: 4, share: 0.5, assumedLimit: 10_000 }),
    signal: new AbortController().signal,
    say: (p: Phrase) => render(p),
  });

  /** A monitor of metrics, over a dataset the fake holds only when a test puts it there. */
  const MPL_MONITOR = {
    id: 'mon_mpl',
    name: 'Metrics',
    type: 'Threshold',
    mplQuery: 'shop-metrics:latency',
    operator: 'Above',
    threshold: 2,
    intervalMinutes: 5,
    rangeMinutes: 5,
  };

  it('an MPL monitor runs its MPL once over the period through _mpl: values per run, a verdict, no APL', async () => {
    fake.metrics.datasets.set('shop-metrics', {
      latency: { type: 'gauge', temporality: 'Unspecified', unit: 's', tags: { service: ['a', 'b'] }, base: 2 },
    });
    const definition = { ...MPL_MONITOR, mplQuery: '`shop-metrics`:`latency` | align to 5m using avg' };
    const done = await dryRunMonitor(client(), definition, options());
    assert.equal(fake.requestsTo('POST /v1/datasets/_apl').length, 0);
    assert.equal(fake.requestsTo('POST /v1/query/_mpl').length, 1, 'one query for the whole period');
    assert.equal(done.result.noQuery, undefined);
    assert.equal(done.result.queries, 1);
    assert.equal(done.result.runs.length, 288, 'a day of five-minute runs');
    assert.deepEqual(done.result.groups, ['service=a', 'service=b']);
    assert.deepEqual(done.datasets, ['shop-metrics']);
    assert.match(done.result.approximations.join(' '), /once over the whole period/);
    const outcome = evaluate(samplesFromMessage(done.result), done.result.rule);
    assert.ok(outcome.positiveRuns > 0 && outcome.positiveRuns < 288, 'values around the threshold cross at some runs');
    assert.ok(readDryRunHostMessage(JSON.parse(JSON.stringify(done.result))), 'the page takes it');
  });

  it('an MPL monitor asks no query and says why; its real alerts are still shown, and nothing goes to the history', async () => {
    fake.histories.set('mon_mpl', [
      { name: 'm', checkId: 'all', timestamp: new Date(to - 3 * 60 * MINUTE).toISOString(), state: 'open' },
    ]);
    const definition = MPL_MONITOR;
    // The fake holds no metrics dataset of that name: the service refuses the MPL (404), said plainly.
    const done = await dryRunMonitor(client(), definition, options());
    assert.equal(fake.requestsTo('POST /v1/datasets/_apl').length, 0);
    assert.equal(done.result.queries, 0);
    assert.match(done.result.noQuery ?? '', /MPL.*did not run it.*dataset shop-metrics not found/);
    assert.equal(done.result.realAlerts.length, 1);
    assert.equal(done.result.runs.length, 0, 'no values, so none shown as if they were known');
    assert.ok(readDryRunHostMessage(JSON.parse(JSON.stringify(done.result))), 'the page takes it');
    assert.equal(
      dryRunHistoryRun(definition, { to, periodMs: 24 * 60 * MINUTE }, to, to + 1, {
        outcome: 'ok',
        rows: 0,
        datasets: [],
      }),
      undefined,
    );
    // A monitor with both (which the service refuses) is run by its APL.
    assert.equal(isMplMonitor({ aplQuery: "['x'] | count", mplQuery: 'm' }), false);
  });

  it('tells the result so far as queries answer: the rule before any, a verdict so far after the first, unanswered runs neither data nor no data', async () => {
    fake.aplAnswer = seriesAplAnswer(spikySeries([to - 60 * MINUTE], { base: 1, spike: 100 }));
    const definition = { id: 'mon_p', name: 'P', ...AVERAGE_OVER_FIFTEEN_MINUTES, alertOnNoData: true };
    const told: DryRunResult[] = [];
    const budget = new RequestBudget({ maxInFlight: DRY_RUN_IN_FLIGHT, share: 0.5, assumedLimit: 10_000 });
    const done = await dryRunMonitor(client(), definition, {
      ...options(),
      budget,
      partial: (soFar) => told.push(soFar()),
    });
    assert.ok(budget.peakInFlight > 1 && budget.peakInFlight <= DRY_RUN_IN_FLIGHT, `${budget.peakInFlight} in flight`);
    const [first, second] = told;
    assert.deepEqual(first.progress, { done: 0, total: 288 });
    assert.deepEqual([first.rule.operator, first.rule.threshold], ['Above', 5], 'the rule comes before any answer');
    assert.deepEqual([first.perGroup, first.empty], [[], []], 'nothing seen, and no run counted as seeing no data');
    assert.deepEqual(second.progress, { done: 1, total: 288 });
    assert.equal(second.perGroup[0]?.run.length, 1, 'the one run answered');
    assert.equal(told.length, 288, 'once before the queries and after each answer but the last');
    assert.equal(done.result.progress, undefined, 'the whole result says it is whole');
    for (const message of told)
      assert.ok(readDryRunHostMessage(JSON.parse(JSON.stringify(message))), 'the page takes it');
    // Along the way the verdict only grows towards the whole one: runs answered are final.
    const alertsOf = (result: DryRunResult) => evaluate(samplesFromMessage(result), result.rule).alerts.length;
    const whole = alertsOf(done.result);
    assert.equal(whole, 1);
    assert.ok(told.every((result) => alertsOf(result) <= whole + 1));
  });

  it('is recorded in the query history as one dry run over its period, however it ends', async () => {
    fake.aplAnswer = seriesAplAnswer(spikySeries([to - 60 * MINUTE], { base: 1, spike: 100 }));
    const definition = {
      id: 'mon_h',
      name: 'H',
      ...COUNT_ABOVE_FIFTY,
    };
    const done = await dryRunMonitor(client(), definition, options());
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'dry-run-history-'));
    try {
      const store = new HistoryStore({ folder });
      const period = { to, periodMs: 24 * 60 * MINUTE };
      const ok = dryRunHistoryRun(definition, period, to, to + 250, {
        outcome: 'ok',
        rows: done.rows,
        datasets: done.datasets,
      });
      const failed = dryRunHistoryRun(definition, period, to + 1000, to + 1100, {
        outcome: 'failed',
        message: 'Cancelled',
      });
      assert.ok(ok && failed);
      await store.append(historyEntryOf(ok, 'prod'));
      await store.append(historyEntryOf(failed, 'prod'));
      const [second, first] = await store.read('prod');
      assert.equal(first.source, DRY_RUN_SOURCE);
      assert.equal(first.apl, definition.aplQuery, 'the monitor’s own query, not the binned one the dry run sent');
      assert.deepEqual(first.range, {
        version: 1,
        start: new Date(to - 24 * 60 * MINUTE).toISOString(),
        end: new Date(to).toISOString(),
      });
      assert.equal(first.outcome, 'ok');
      assert.equal(first.rows, done.rows);
      assert.ok(done.rows > 0);
      assert.equal(first.durationMs, 250);
      assert.deepEqual([second.outcome, second.message, second.source], ['failed', 'Cancelled', DRY_RUN_SOURCE]);
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});
