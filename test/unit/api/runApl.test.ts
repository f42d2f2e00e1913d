import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { QUERY_TIMEOUT_MS } from '../../../src/core/api/client';
import { adviceFor } from '../../../src/core/api/errorAdvice';
import { formatDate } from '../../../src/core/format';
import { render } from '../../../src/core/phrase';
import { FAKE_ORG_ID, FAKE_PERSONAL_TOKEN, type AplRequestBody } from '../../support/fakeAxiom';
import {
  compileErrorBody,
  hugeTabular,
  queryLimitedAnswer,
  rateLimitedAnswer,
  TYPED_TABULAR,
} from '../../support/tabularFixtures';
import { rejection, fakeServiceUnderTest } from '../../support/testClient';

const { fake, log, connect: client } = fakeServiceUnderTest();
const RANGE = { startTime: 'now-1h', endTime: 'now' };

describe('runApl', () => {
  it('posts the query and its range once to /v1/datasets/_apl?format=tabular and reads the tables', async () => {
    const apl = "['http-logs'] | take 2";
    const result = await client().runApl(apl, {
      startTime: '2026-01-01T00:00:00Z',
      endTime: '2026-01-01T01:00:00.000Z',
    });
    const [request] = fake.requestsTo('POST /v1/datasets/_apl');
    assert.equal(request.path, '/v1/datasets/_apl?format=tabular');
    assert.equal(request.headers['content-type'], 'application/json');
    assert.deepEqual(JSON.parse(request.body), {
      apl,
      startTime: '2026-01-01T00:00:00Z',
      endTime: '2026-01-01T01:00:00.000Z',
    });
    assert.equal(result.tables[0].rowCount, 2);
    assert.deepEqual(result.tables[0].columns[1], [apl, apl]);
    assert.equal(result.status.elapsedMs, 1.5);
    assert.deepEqual(
      log.requests.map((r) => `${r.method} ${r.path} ${r.status}`),
      // The dataset list first: which edge holds http-logs (none but the default: the deployment's own endpoint).
      ['GET /datasets 200', 'POST /v1/datasets/_apl?format=tabular 200'],
    );
  });

  it("hands a large answer's first rows over before it parses the whole, and waits for them to be taken", async () => {
    fake.aplAnswer = () => ({ body: hugeTabular(20_000, 12) });
    const events: string[] = [];
    const running = client().runApl('x', RANGE, undefined, async (head) => {
      events.push(`head ${head.tables[0].rowCount} rows, ${head.tables[0].columns[0].length} of them here`);
      await new Promise((r) => setTimeout(r, 20));
      events.push('head taken');
    });
    const result = await running;
    events.push(`whole ${result.tables[0].columns[0].length}`);
    assert.deepEqual(events, ['head 20000 rows, 200 of them here', 'head taken', 'whole 20000']);
    // A small answer is parsed at once: nothing goes ahead.
    fake.aplAnswer = () => ({ body: TYPED_TABULAR });
    let called = false;
    await client().runApl('x', RANGE, undefined, () => (called = true));
    assert.equal(called, false);
  });

  it('keeps a path prefix of the configured URL, v1 in place of v2', async () => {
    // The fake answers only at its root: a prefix shows up as the path the request went to.
    await rejection(client({ url: `${fake.url}/prefix/v2` }).runApl('x', RANGE));
    assert.equal(fake.requests.at(-1)?.path, '/prefix/v1/datasets/_apl?format=tabular');
  });

  it('sends the org header with a personal token', async () => {
    await client({ token: FAKE_PERSONAL_TOKEN, orgId: FAKE_ORG_ID }).runApl('x', RANGE);
    assert.equal(fake.requestsTo('POST /v1/datasets/_apl')[0].headers['x-axiom-org-id'], FAKE_ORG_ID);
  });

  it('reads a typed answer chosen by the test', async () => {
    let seen: AplRequestBody | undefined;
    fake.aplAnswer = (body) => {
      seen = body;
      return { body: TYPED_TABULAR };
    };
    const result = await client().runApl('q', RANGE);
    assert.deepEqual(seen, { apl: 'q', ...RANGE });
    assert.equal(result.tables[0].rowCount, 3);
    assert.deepEqual(result.datasetNames, ['http-logs']);
  });

  it('logs a warning when parts of the answer did not fit', async () => {
    fake.aplAnswer = () => ({
      body: { tables: [{ name: '0', fields: [{ name: 'a', type: 'string' }], columns: [] }] },
    });
    const result = await client().runApl('q', RANGE);
    assert.deepEqual(result.tables[0].columns, [[]]);
    assert.match(log.warnings.join('\n'), /1 parts did not fit.*column "a" is missing/);
  });

  for (const base of [0, 1]) {
    it(`a query that does not compile is a badRequest carrying line and column as sent (line ${base}, column ${base + 4})`, async () => {
      fake.aplAnswer = () => ({ status: 400, body: compileErrorBody(base, base + 4, 'unknown function "cuont"') });
      const error = await rejection(client().runApl("['x'] | summarize cuont()", RANGE));
      assert.equal(error.kind, 'badRequest');
      assert.deepEqual(error.compile, { line: base, column: base + 4, message: 'unknown function "cuont"' });
      assert.equal(
        render(adviceFor(error, 'Running the query').message),
        'Running the query failed: the query does not compile: unknown function "cuont"',
      );
      assert.equal(fake.requestsTo('POST /v1/datasets/_apl').length, 1, 'never repeated');
    });
  }

  it('masks a token the compiler echoes back', async () => {
    fake.aplAnswer = () => ({ status: 400, body: compileErrorBody(1, 1, 'bad name xaat-12345678-abcd') });
    const error = await rejection(client().runApl('x', RANGE));
    assert.equal(error.compile?.message, 'bad name xaat-••••');
  });

  it('a 400 without a place is a plain badRequest', async () => {
    fake.aplAnswer = () => ({
      status: 400,
      body: { code: 400, message: 'dataset not found', detail: { errorType: 2, message: 'no such dataset' } },
    });
    const error = await rejection(client().runApl('x', RANGE));
    assert.equal(error.kind, 'badRequest');
    assert.equal(error.compile, undefined);
    assert.equal(error.serviceMessage, 'dataset not found');
  });

  it('429 is rateLimited with its reset time, sent once', async () => {
    const reset = Math.ceil(Date.now() / 1000) + 120;
    fake.aplAnswer = () => rateLimitedAnswer(reset);
    const error = await rejection(client().runApl('x', RANGE));
    assert.equal(error.kind, 'rateLimited');
    assert.equal(error.retryAt?.getTime(), reset * 1000);
    assert.equal(fake.requestsTo('POST /v1/datasets/_apl').length, 1);
  });

  it('430 is queryLimited, with the query limit’s reset when sent and advice of its own', async () => {
    const reset = Math.ceil(Date.now() / 1000) + 3600;
    fake.aplAnswer = () => queryLimitedAnswer(reset);
    const error = await rejection(client().runApl('x', RANGE));
    assert.equal(error.kind, 'queryLimited');
    assert.equal(error.status, 430);
    assert.equal(error.retryAt?.getTime(), reset * 1000, 'X-QueryLimit-Reset, not the rate limit’s reset');
    fake.aplAnswer = () => queryLimitedAnswer();
    const without = await rejection(client().runApl('x', RANGE));
    assert.equal(without.retryAt, undefined);
    const advice = adviceFor(without, 'Running the query');
    assert.match(
      render(advice.message),
      /query limit of the Axiom organisation is reached \(430\). Axiom said: “query limit exceeded”/,
    );
    assert.deepEqual(advice.actions, ['showLog']);
  });

  it('429 for the query-cost budget says which budget and when it resets (Retry-After first)', async () => {
    const reset = Math.ceil(Date.now() / 1000) + 600;
    fake.aplAnswer = () => ({
      status: 429,
      body: { message: 'query cost limit exceeded' },
      headers: {
        'x-querylimit-limit': '500000',
        'x-querylimit-remaining': '0',
        'x-querylimit-reset': String(reset),
        'x-querylimit-scope': 'organization',
      },
    });
    const error = await rejection(client().runApl('x', RANGE));
    assert.equal(error.kind, 'rateLimited');
    assert.equal(error.retryAt?.getTime(), reset * 1000, 'X-QueryLimit-Reset');
    const advice = adviceFor(error, 'Running the query');
    assert.equal(
      render(advice.message),
      `Running the query failed: The query-cost budget of the organization (0 left of 500000) is spent (429); it resets at ${formatDate(new Date(reset * 1000))}.`,
    );
    fake.aplAnswer = () => ({
      status: 429,
      body: { message: 'query cost limit exceeded' },
      headers: { 'x-querylimit-limit': '500000', 'x-querylimit-remaining': '0', 'retry-after': '120' },
    });
    const before = Date.now();
    const later = await rejection(client().runApl('x', RANGE));
    const resetAt = later.retryAt?.getTime() ?? 0;
    assert.ok(resetAt >= before + 120_000 && resetAt <= Date.now() + 120_000, 'Retry-After wins');
    assert.match(
      render(adviceFor(later, 'Running the query').message),
      /The query-cost budget \(0 left of 500000\) is spent \(429\); it resets at /,
    );
    // A 429 of the request rate stays the rate limit's.
    fake.aplAnswer = () => rateLimitedAnswer(reset);
    const rate = await rejection(client().runApl('x', RANGE));
    assert.match(render(adviceFor(rate, 'Running the query').message), /rate limited until/);
  });

  it('a result over 64 MB is refused in words about the result', async () => {
    fake.aplAnswer = () => ({ body: `{"tables":[],"pad":"${' '.repeat(65 * 1024 * 1024)}"}` });
    const error = await rejection(client({ timeoutMs: 20_000 }).runApl('x', RANGE));
    assert.equal(error.kind, 'invalidResponse');
    assert.equal(error.code, 'bodyTooLarge');
    assert.match(
      error.message,
      /^The result is larger than 64 MB, more than the editor takes in\. Narrow the time range/,
    );
  });

  it('a query may take longer than the client’s request timeout (queries wait at least QUERY_TIMEOUT_MS); other requests do not', async () => {
    const quick = client({ timeoutMs: 100 });
    fake.fail('POST /v1/datasets/_apl', { delayMs: 400, times: 1 });
    const result = await quick.runApl("['x'] | count", RANGE);
    assert.ok(result.tables.length > 0, 'the slow query was answered');
    assert.ok(QUERY_TIMEOUT_MS >= 300_000);
    fake.fail('POST /v2/apl-starred-queries', { delayMs: 400, times: 1 });
    const error = await rejection(
      quick.createStarredQuery({ kind: 'apl', name: 'n', dataset: 'd', who: '', query: { apl: 'x' }, metadata: {} }),
    );
    assert.equal(error.kind, 'timeout');
    // The fake hears of the abandoned POST a moment later: waited for here, not in the next test.
    for (let i = 0; i < 100 && fake.abandoned.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
    assert.deepEqual(
      fake.abandoned.map((r) => r.path),
      ['/v2/apl-starred-queries'],
    );
  });

  it('a cancelled run aborts the request: the fake sees the connection closed before its answer', async () => {
    fake.fail('POST /v1/datasets/_apl', { delayMs: 2000 });
    const controller = new AbortController();
    const running = client().runApl('x', RANGE, controller.signal);
    while (fake.requestsTo('POST /v1/datasets/_apl').length === 0) await new Promise((r) => setTimeout(r, 5));
    controller.abort();
    const error = await rejection(running);
    assert.equal(error.kind, 'cancelled');
    for (let i = 0; i < 100 && fake.abandoned.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
    assert.deepEqual(
      fake.abandoned.map((r) => r.path),
      ['/v1/datasets/_apl?format=tabular'],
    );
  });

  it('the fake refuses a query without format=tabular, as a test of the fake', async () => {
    const response = await fetch(`${fake.url}/v1/datasets/_apl`, {
      method: 'POST',
      headers: { authorization: `Bearer ${FAKE_PERSONAL_TOKEN}`, 'x-axiom-org-id': FAKE_ORG_ID },
      body: '{"apl":"x"}',
    });
    assert.equal(response.status, 400);
  });
});
