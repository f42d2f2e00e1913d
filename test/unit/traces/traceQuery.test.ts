// Reading one trace over real HTTP from the demo's shop-traces (the fake service): the narrowest
// range first, widened step by step up to 7 days and said; the cap of 10,000 spans said; and the
// searches of Slowest and Failing Traces over the same service.
import assert from 'node:assert/strict';
import { beforeEach, describe, it } from 'node:test';
import fc from 'fast-check';
import { createDispatcher } from '../../../src/core/api/undiciTransport';
import type { ResultTable } from '../../../src/core/api/tabular';
import { placesInRow } from '../../../src/core/code/codePlaces';
import { rangeRequest, resolveRangeEnd, type TimeRange } from '../../../src/core/run/timeRange';
import {
  readFoundTraces,
  readServices,
  readTraceIds,
  rootsQuery,
  searchQuery,
  servicesQuery,
  summaryQuery,
  type TraceSearch,
} from '../../../src/core/traces/findTraces';
import { MAX_SPANS } from '../../../src/core/traces/spanTree';
import { tableRows } from '../../../src/core/traces/spans';
import { isTraceId, lookUpTrace, traceQuery, traceRanges } from '../../../src/core/traces/traceQuery';
import { compileErrorAnswer, loadDemo } from '../../support/demo';
import { DEMO_SHOP_PLACES } from '../../support/demoShop';
import { DEMO_TRACES_DATASET, demoFailingTraceId, demoTraceSpans } from '../../support/demoTraces';
import { FakeAxiom } from '../../support/fakeAxiom';
import { CapturedLog, testClient, useFakeService } from '../../support/testClient';

const fake = new FakeAxiom();
const dispatcher = createDispatcher();
const log = new CapturedLog();
useFakeService(fake, dispatcher, log);
const now = Date.now();
beforeEach(() => loadDemo(fake, now));

const client = () => testClient(fake.url, dispatcher, log);
const aplBodies = () =>
  fake.requests
    .filter((r) => r.path.startsWith('/v1/datasets/_apl'))
    .map((r) => JSON.parse(r.body) as { apl: string; startTime: string; endTime: string });
const run = async (apl: string, range: TimeRange) => {
  const answer = await client().runApl(apl, rangeRequest(range));
  return { tables: answer.tables };
};

describe('reading one trace', () => {
  const spans = demoTraceSpans(now);
  const failing = demoFailingTraceId(spans);
  const failingStart = spans.find((s) => s.trace_id === failing)!._time;

  it('reads a failing trace with one query around when it was seen, its error span naming the sample app', async () => {
    const found = await lookUpTrace({ dataset: DEMO_TRACES_DATASET, traceId: failing, seenAt: failingStart }, run);
    assert.equal(found.kind, 'found');
    if (found.kind !== 'found') return;
    assert.equal(found.widened, false);
    assert.equal(aplBodies().length, 1);
    assert.equal(aplBodies()[0].apl, traceQuery(DEMO_TRACES_DATASET, failing));
    const { tree, capped } = found.trace;
    assert.equal(capped, false);
    assert.equal(tree.spans.length, spans.filter((s) => s.trace_id === failing).length);
    assert.equal(tree.missingParents + tree.cyclesBroken + tree.duplicateIds, 0);
    assert.ok(tree.errors > 0);
    const thrower = tree.spans.find((s) => s.error && s.events.length > 0);
    assert.ok(thrower, 'an error span with its exception event');
    const paths = placesInRow({ attributes: thrower.attributes }).map((p) => p.path);
    assert.ok(
      [DEMO_SHOP_PLACES.paymentDeclined.deployedPath, DEMO_SHOP_PLACES.connectionReset.deployedPath].includes(paths[0]),
    );
    assert.equal(tree.rows[0].depth, 0);
    assert.ok(tree.rows[0].critical);
  });

  it('a server error of http-logs names a failing trace, which opens around its time without widening', async () => {
    const answer = await client().runApl("['http-logs']\n| where status >= 500\n| take 20", {
      startTime: 'now-15m',
      endTime: 'now',
    });
    const rows = tableRows(answer.tables[0]);
    assert.ok(rows.length > 0, 'the incident has server errors');
    const failingIds = new Set(spans.filter((s) => s.error === true).map((s) => s.trace_id));
    for (const row of rows) assert.ok(failingIds.has(String(row.trace_id)));
    const found = await lookUpTrace(
      { dataset: DEMO_TRACES_DATASET, traceId: String(rows[0].trace_id), seenAt: String(rows[0]._time) },
      run,
    );
    assert.equal(found.kind, 'found');
    if (found.kind === 'found') {
      assert.equal(found.widened, false);
      assert.ok(found.trace.tree.errors > 0);
    }
  });

  it('widens the range step by step when the trace is not around the moment given, and says how far', async () => {
    const later = new Date(Date.parse(failingStart) + 3 * 3_600_000).toISOString();
    const found = await lookUpTrace({ dataset: DEMO_TRACES_DATASET, traceId: failing, seenAt: later }, run);
    assert.equal(found.kind, 'found');
    if (found.kind !== 'found') return;
    assert.equal(found.widened, true);
    assert.equal(aplBodies().length, 2);
    assert.match(found.range.words.template, /6 hours/);
  });

  it('tries every range up to 7 days for an id no span has, then says it was not found', async () => {
    const found = await lookUpTrace({ dataset: DEMO_TRACES_DATASET, traceId: 'no-such-trace' }, run);
    assert.equal(found.kind, 'notFound');
    const bodies = aplBodies();
    assert.deepEqual(
      bodies.map((b) => b.startTime),
      ['now-1h', 'now-24h', 'now-7d'],
    );
    if (found.kind === 'notFound') assert.match(found.widest.words.template, /7 days/);
  });

  it('stops at the first run that fails, with what the run said', async () => {
    const found = await lookUpTrace({ dataset: DEMO_TRACES_DATASET, traceId: 'x' }, () =>
      Promise.resolve({ stop: 'failed' }),
    );
    assert.deepEqual(found, { kind: 'stopped', stop: 'failed' });
  });

  it('reads at most 10,000 spans of a larger trace and says it cut them', async () => {
    const count = MAX_SPANS + 1;
    fake.aplAnswer = () => ({
      body: {
        status: { elapsedTime: 10, rowsExamined: count, rowsMatched: count },
        tables: [
          {
            name: '0',
            fields: [
              { name: '_time', type: 'datetime' },
              { name: 'trace_id', type: 'string' },
              { name: 'span_id', type: 'string' },
              { name: 'parent_span_id', type: 'string' },
              { name: 'duration', type: 'timespan' },
            ],
            columns: [
              Array.from({ length: count }, (_, i) => new Date(now - 1000 + i / 100).toISOString()),
              Array.from({ length: count }, () => 'big'),
              Array.from({ length: count }, (_, i) => `s${i}`),
              Array.from({ length: count }, (_, i) => (i === 0 ? '' : `s${i - 1}`)),
              Array.from({ length: count }, () => 1000),
            ],
          },
        ],
      },
    });
    const found = await lookUpTrace({ dataset: 'big', traceId: 'big' }, run);
    assert.equal(found.kind, 'found');
    if (found.kind !== 'found') return;
    assert.equal(found.trace.capped, true);
    assert.equal(found.trace.tree.spans.length, MAX_SPANS);
    assert.equal(found.trace.tree.rows.length, MAX_SPANS);
    assert.equal(found.trace.tree.rows[MAX_SPANS - 1].depth, MAX_SPANS - 1);
  });

  it('centres its ranges on the moment given, and never asks past 7 days either side', () => {
    const at = '2026-03-01T12:00:00.000Z';
    const ranges = traceRanges(at, Date.parse('2026-03-20T00:00:00Z'));
    assert.equal(ranges.length, 4);
    for (const { range } of ranges) {
      assert.equal(range.kind, 'custom');
      if (range.kind !== 'custom') continue;
      const start = resolveRangeEnd(range.start);
      const end = resolveRangeEnd(range.end);
      assert.ok(start < Date.parse(at) && Date.parse(at) < end);
      assert.ok(end - start <= 14 * 86_400_000);
    }
    assert.equal(traceRanges('not a time').length, 3);
  });

  it('asks for any id as an APL string that holds it exactly (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (id) => {
        const apl = traceQuery('ds', id);
        const literal = /trace_id == ('(?:[^'\\]|\\.)*')\n/.exec(apl);
        assert.ok(literal, apl);
        assert.equal(literal[1].slice(1, -1).replace(/\\(.)/g, '$1'), id);
        assert.equal(compileErrorAnswer(apl), undefined);
      }),
    );
  });

  it('takes a trace id only as one short line of text', () => {
    assert.ok(isTraceId('4bf92f3577b34da6a3ce929d0e0e4736'));
    for (const bad of ['', '   ', 'a\nb', 'x'.repeat(300), 42, null, { traceId: 'a' }])
      assert.equal(isTraceId(bad), false);
  });
});

describe('finding traces', () => {
  const find = async (service: string, search: TraceSearch) => {
    const range: TimeRange = { kind: 'preset', preset: '24h' };
    const table = async (apl: string): Promise<ResultTable | undefined> =>
      (await client().runApl(apl, rangeRequest(range))).tables[0];
    const first = await table(searchQuery(DEMO_TRACES_DATASET, service, search));
    const ids = readTraceIds(first);
    const roots = search === 'slowest' ? first : await table(rootsQuery(DEMO_TRACES_DATASET, ids));
    return readFoundTraces(ids, roots, await table(summaryQuery(DEMO_TRACES_DATASET, ids)));
  };

  it('lists the services that wrote spans, busiest first', async () => {
    const services = readServices(
      (await client().runApl(servicesQuery(DEMO_TRACES_DATASET), { startTime: 'now-24h', endTime: 'now' })).tables[0],
    );
    assert.deepEqual([...services].sort(), ['cart', 'checkout', 'payments']);
  });

  it('lists the slowest root spans of a service with their span and error counts, the slow checkout first', async () => {
    const traces = await find('checkout', 'slowest');
    assert.ok(traces.length > 1 && traces.length <= 20);
    assert.ok(traces[0].durationNs! >= 4e9, `the slow one first: ${traces[0].durationNs}`);
    for (const [i, t] of traces.entries()) {
      assert.equal(t.service, 'checkout');
      assert.ok(t.spans! >= 5);
      assert.ok(t.seenAt);
      if (i > 0) assert.ok(t.durationNs! <= traces[i - 1].durationNs!);
    }
  });

  it('lists the failing traces of a service, each with its errors counted', async () => {
    const traces = await find('payments', 'failing');
    assert.ok(traces.length > 0);
    for (const t of traces) {
      assert.ok(t.errors! > 0);
      assert.equal(t.name, 'POST /checkout');
    }
  });

  it('asks only APL the project’s checks accept, whatever the service is called (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 40 }),
        fc.constantFrom<TraceSearch>('slowest', 'failing'),
        (service, search) => {
          for (const apl of [
            searchQuery('ds', service, search),
            rootsQuery('ds', [service, 'b']),
            summaryQuery('ds', [service]),
          ])
            assert.equal(compileErrorAnswer(apl), undefined, apl);
        },
      ),
      { numRuns: 50 },
    );
  });
});
