// A live tail over real HTTP to the fake service answering as the demo does (events made for the
// asked range, relative to the moment asked), on a clock the test moves: a poll per interval with
// the new events only, none while not wanted, the window's budget shared and a 429 waited out by
// skipping rounds (no request before the reset), a bad filter refused before sending, nothing
// after stop. Requests are counted, never timed.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createDispatcher } from '../../../src/core/api/undiciTransport';
import { RequestBudget } from '../../../src/core/api/requestBudget';
import { render } from '../../../src/core/phrase';
import { TailSession, type TailNews } from '../../../src/core/tail/tailSession';
import { demoDatasets } from '../../support/demo';
import { answerQuery } from '../../support/demoQueries';
import { FakeAxiom } from '../../support/fakeAxiom';
import { SteppedClock } from '../../support/steppedClock';
import { CapturedLog, testClient, useFakeService } from '../../support/testClient';

const fake = new FakeAxiom();
const dispatcher = createDispatcher();
const log = new CapturedLog();
useFakeService(fake, dispatcher, log);

/** Lets the HTTP round trip of a poll finish (real I/O; the clock does not move meanwhile). */
async function until(done: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 500 && !done(); i++) await new Promise((r) => setTimeout(r, 5));
  assert.ok(done(), what);
}

function tailing(options: { filter?: string; conditions?: string[] } = {}) {
  const clock = new SteppedClock();
  clock.advance(Math.floor(Date.now() / 1000) * 1000 - clock.now());
  const datasets = demoDatasets(clock.now());
  fake.aplAnswer = (body) => answerQuery(datasets, body, clock.now());
  const budget = new RequestBudget({ maxInFlight: 4, share: 0.5, assumedLimit: 60, now: () => clock.now() });
  const client = testClient(fake.url, dispatcher, log, { onRateLimit: (limit) => budget.observe(limit) });
  const news: TailNews[] = [];
  let shown = true;
  const session = new TailSession({
    target: { dataset: 'http-logs', conditions: options.conditions ?? [] },
    query: (apl, range, signal) => client.runApl(apl, range, signal),
    budget: () => budget,
    intervalMs: () => 2000,
    maxRows: 5000,
    wanted: () => shown,
    told: (n) => news.push(n),
    clock,
  });
  const asked = () => fake.requestsTo('POST /v1/datasets/_apl').length;
  const added = () => news.flatMap((n) => (n.kind === 'rows' ? n.accepted.added : []));
  return { clock, budget, session, news, asked, added, show: (v: boolean) => (shown = v) };
}

const keyOf = (r: { fields: readonly string[]; values: readonly unknown[] }) => JSON.stringify([r.fields, r.values]);

describe('a live tail over real HTTP, on a stepped clock', () => {
  it('polls at its interval for what came after the newest event seen, shows each event once, and pauses while hidden', async () => {
    const t = tailing();
    t.session.start();
    t.clock.advance(0);
    await until(() => t.news.some((n) => n.kind === 'rows'), 'the first poll answered');
    const first = t.added().length;
    assert.ok(first > 100, `${first} events of the last five minutes`);
    for (let i = 0; i < 5; i++) {
      const before = t.news.length;
      t.clock.advance(2000);
      await until(() => t.news.length > before, `poll ${i + 2} answered`);
    }
    assert.equal(t.asked(), 6, 'one request per interval');
    const rows = t.added();
    assert.ok(rows.length > first, 'new events arrived as the demo’s time went on');
    assert.equal(new Set(rows.map(keyOf)).size, rows.length, 'no event shown twice');
    const [, second] = fake
      .requestsTo('POST /v1/datasets/_apl')
      .map((r) => JSON.parse(r.body) as { startTime: string; endTime: string });
    assert.ok(
      Date.parse(second.endTime) - Date.parse(second.startTime) < 30_000,
      'the second asks after the newest seen, with the overlap',
    );

    t.show(false);
    t.session.pause();
    const hidden = t.asked();
    t.clock.advance(60_000);
    assert.equal(t.asked(), hidden, 'nothing while hidden');
    t.show(true);
    t.session.wake();
    t.clock.advance(0);
    await until(() => t.asked() === hidden + 1, 'shown again: one poll at once');
    await until(() => t.news.filter((n) => n.kind === 'rows').length === 7, 'its answer');
    t.session.stop();
    t.clock.advance(60_000);
    assert.equal(t.asked(), hidden + 1, 'nothing after stop');
    assert.equal(t.clock.pending, 0, 'no timer left');
  });

  it('a 429 pauses the shared budget until its reset: rounds meanwhile ask nothing and say they wait; then it follows again', async () => {
    const t = tailing();
    fake.fail('POST /v1/datasets/_apl', {
      status: 429,
      body: { message: 'rate limit exceeded' },
      headers: { 'retry-after': '30' },
      times: 1,
    });
    t.session.start();
    t.clock.advance(0);
    await until(() => t.news.some((n) => n.kind === 'waiting'), 'the 429 said');
    assert.ok(t.budget.nextStartIn() > 20_000, 'the window’s budget is paused for every poller');
    for (let i = 0; i < 10; i++) {
      t.clock.advance(2000);
      await new Promise((r) => setImmediate(r));
    }
    assert.equal(t.asked(), 1, 'no request before the reset');
    assert.ok(t.session.polls > 5, 'rounds ran, each skipped');
    for (let i = 0; i < 28; i++) {
      t.clock.advance(500);
      await new Promise((r) => setImmediate(r));
    }
    await until(() => t.news.some((n) => n.kind === 'rows'), 'followed again after the reset');
    assert.equal(t.asked(), 2);
    assert.ok(t.news.some((n) => n.kind === 'following'));
    t.session.stop();
  });

  it('a filter is checked before it is sent: a bad one is said and the tail goes on; a good one starts again with it', async () => {
    const t = tailing({ conditions: ["service == 'checkout'"] });
    t.session.start();
    t.clock.advance(0);
    await until(() => t.news.some((n) => n.kind === 'rows'), 'the first poll answered');
    const problem = t.session.setFilter('status >= | take 1');
    assert.ok(problem && /filter/i.test(render(problem)));
    assert.equal(t.session.filter, '');
    assert.equal(t.asked(), 1, 'nothing sent for a bad filter');
    assert.equal(t.session.setFilter('status >= 500'), undefined);
    t.clock.advance(0);
    await until(() => t.asked() === 2, 'a poll at once with the filter');
    await until(() => t.news.filter((n) => n.kind === 'rows').length === 2, 'its answer');
    const last = JSON.parse(fake.requestsTo('POST /v1/datasets/_apl')[1].body) as { apl: string };
    assert.equal(
      last.apl,
      "['http-logs']\n| where service == 'checkout'\n| where status >= 500\n| sort by _time desc\n| take 500",
    );
    assert.ok(t.news.some((n) => n.kind === 'reset'));
    const rows = t.news.filter((n) => n.kind === 'rows').at(-1);
    assert.ok(
      rows?.kind === 'rows' && rows.accepted.added.every((r) => Number(r.values[r.fields.indexOf('status')]) >= 500),
    );
    t.session.stop();
  });

  it('the service refusing the filter is said and the tail goes on without it', async () => {
    const t = tailing();
    t.session.start();
    t.clock.advance(0);
    await until(() => t.asked() === 1 && t.news.length > 0, 'first poll');
    fake.fail('POST /v1/datasets/_apl', {
      status: 400,
      body: { code: 400, message: 'unknown field nope' },
      times: 1,
    });
    t.session.setFilter('nope == 1');
    t.clock.advance(0);
    await until(() => t.news.some((n) => n.kind === 'problem'), 'the refusal said');
    assert.equal(t.session.filter, '');
    t.clock.advance(2000);
    await until(() => t.asked() === 3, 'the tail goes on');
    t.session.stop();
  });

  it('an answer the service calls partial is read row by row: a new event at the moment of one it left out is shown', async () => {
    const t = tailing();
    const at = new Date(t.clock.now() - 1000).toISOString();
    /** A tabular answer of events at one moment, as the service sends it. */
    const answer = (messages: string[], isPartial: boolean) => ({
      body: {
        format: 'tabular',
        status: { elapsedTime: 1, rowsExamined: messages.length, rowsMatched: messages.length, isPartial },
        tables: [
          {
            name: '0',
            fields: [
              { name: '_time', type: 'datetime' },
              { name: 'message', type: 'string' },
            ],
            columns: [messages.map(() => at), messages],
          },
        ],
      },
    });
    const answers = [answer(['first'], false), answer(['late'], true)];
    fake.aplAnswer = () => answers.shift() ?? answer([], false);
    t.session.start();
    t.clock.advance(0);
    await until(() => t.news.some((n) => n.kind === 'rows'), 'the first poll answered');
    t.clock.advance(2000);
    await until(() => t.news.filter((n) => n.kind === 'rows').length === 2, 'the partial answer');
    assert.deepEqual(
      t.added().map((r) => r.values[1]),
      ['first', 'late'],
    );
    t.session.stop();
  });
});
