// The demo's query engine: its events are made lazily (a field only when it, or one after it, is
// read) and the per-dataset prototype is kept between queries; neither may change an answer.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { demoDatasets } from '../../support/demo';
import { answerQuery, eventsBetween } from '../../support/demoQueries';

const NOW = Date.UTC(2026, 10, 27, 10, 0);
const MINUTE = 60_000;

/** An answer without its elapsed time (which is measured). */
function answer(datasets: ReturnType<typeof demoDatasets>, apl: string, minutes: number, endAgo: number) {
  const end = NOW - endAgo * MINUTE;
  const result = answerQuery(
    datasets,
    { apl, startTime: new Date(end - minutes * MINUTE).toISOString(), endTime: new Date(end).toISOString() },
    NOW,
  );
  const status = (result.body as { status?: { elapsedTime?: number } }).status;
  if (status) status.elapsedTime = 0;
  return result;
}

const QUERIES = [
  "['http-logs']\n| where service == 'checkout' and status >= 500\n| summarize count() by bin_auto(_time)",
  "['http-logs']\n| where service == 'search'\n| summarize percentile(req_duration_ms, 95) by bin_auto(_time)",
  "['app-logs']\n| where level == 'error'\n| project _time, service, host, message\n| take 20",
  "['auth']\n| where outcome == 'failure' and region == 'eu-west'",
];

describe('the demo query engine', () => {
  it('answers a query the same with its caches cold (new datasets) and warm (asked before)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...QUERIES),
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 0, max: 24 * 60 }),
        (apl, minutes, endAgo) => {
          const warm = demoDatasets(NOW);
          answer(warm, apl, minutes, endAgo);
          const again = answer(warm, apl, minutes, endAgo);
          const cold = answer(demoDatasets(NOW), apl, minutes, endAgo);
          assert.deepEqual(again, cold);
        },
      ),
      { numRuns: 15 },
    );
  });

  it('makes the same field values whichever field is read first', () => {
    const [http] = demoDatasets(NOW);
    const names = http.fields.filter((f) => f.make).map((f) => f.name);
    const read = (order: string[]) =>
      eventsBetween(http, NOW - 5 * MINUTE, NOW).map((e) => Object.fromEntries(order.map((n) => [n, e[n]])));
    const inOrder = read(names);
    const lastFirst = read([...names].reverse());
    assert.ok(inOrder.length > 100);
    assert.deepEqual(lastFirst, inOrder);
    assert.equal(typeof inOrder[0].trace_id, 'string');
  });
});
