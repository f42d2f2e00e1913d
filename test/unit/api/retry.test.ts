// Retries: GETs retry only what a wait can cure, each try logged, within the budget. Run again over
// the transport the extension ships by nodeTransport.test.ts.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AxiomError } from '../../../src/core/api/errors';
import { DEFAULT_RETRY_POLICY, retryDelay } from '../../../src/core/api/retry';
import { formatDate } from '../../../src/core/format';
import { FakeAxiom } from '../../support/fakeAxiom';
import { REALISTIC_MONITORS } from '../../support/fixtures';
import { rejection, fakeServiceUnderTest } from '../../support/testClient';

const { fake, log, connect } = fakeServiceUnderTest({ fake: new FakeAxiom({ monitors: REALISTIC_MONITORS }) });
const client = (overrides = {}) => connect({ timeoutMs: 300, ...overrides });

describe('retries', () => {
  it('a 503 twice, then the list: three tries, each logged', async () => {
    fake.fail('GET /v2/monitors', { status: 503, body: { message: 'unavailable' }, times: 2 });
    const { monitors } = await client().listMonitors();
    assert.equal(monitors.length, REALISTIC_MONITORS.length);
    assert.equal(fake.requestsTo('GET /v2/monitors').length, 3);
    assert.deepEqual(
      log.warnings.map((w) => w.replace(/\d+ ms/, 'N ms')),
      ['GET /monitors: 503; try 2 of 3 in N ms', 'GET /monitors: 503; try 3 of 3 in N ms'],
    );
  });

  it('a 429 whose Retry-After fits the budget is waited out', async () => {
    fake.fail('GET /v2/monitors', {
      status: 429,
      body: { message: 'rate limit exceeded' },
      headers: { 'retry-after': '1' },
      times: 1,
    });
    const { monitors } = await client({ retry: { ...DEFAULT_RETRY_POLICY, baseDelayMs: 10 } }).listMonitors();
    assert.equal(monitors.length, REALISTIC_MONITORS.length);
    assert.equal(fake.requestsTo('GET /v2/monitors').length, 2);
    // The wait the client chose, as it logs it: the reset's (up to 1 s), not a backoff (5–10 ms here).
    assert.equal(log.warnings.length, 1, log.text());
    const wait = Number(/^GET \/monitors: 429; try 2 of 3 in (\d+) ms$/.exec(log.warnings[0])?.[1]);
    assert.ok(wait > 10 && wait <= 1000, log.warnings[0]);
  });

  it('a 429 beyond the budget fails at once with the local time of the reset', async () => {
    const reset = Math.floor(Date.now() / 1000) + 600;
    fake.fail('GET /v2/monitors', {
      status: 429,
      body: { message: 'rate limit exceeded' },
      headers: { 'x-ratelimit-reset': String(reset) },
    });
    const error = await rejection(client({ retry: DEFAULT_RETRY_POLICY }).listMonitors());
    assert.deepEqual(log.warnings, [], 'no wait was taken');
    assert.equal(error.message, `rate limited until ${formatDate(new Date(reset * 1000))}`);
    assert.equal(fake.requestsTo('GET /v2/monitors').length, 1);
  });

  it('a cancel during the backoff stops at once', async () => {
    fake.fail('GET /v2/monitors', { status: 503, body: { message: 'unavailable' } });
    const controller = new AbortController();
    const pending = client({ retry: { maxTries: 3, budgetMs: 20_000, baseDelayMs: 5000 } }).listMonitors(
      controller.signal,
    );
    let settled = false;
    const error = rejection(pending).finally(() => (settled = true));
    while (!log.warnings.length) await new Promise((r) => setTimeout(r, 5));
    assert.match(log.warnings[0], /^GET \/monitors: 503; try 2 of 3 in \d+ ms$/, 'the backoff has begun');
    controller.abort();
    // At once: before any timer of the event loop runs again, let alone the backoff's 2.5–5 s.
    await new Promise((r) => setImmediate(r));
    assert.ok(settled, 'the request was still pending after the cancel');
    assert.equal((await error).kind, 'cancelled');
    assert.equal(fake.requestsTo('GET /v2/monitors').length, 1);
  });

  it('no wait runs past the budget', async () => {
    fake.fail('GET /v2/monitors', { status: 503, body: { message: 'unavailable' } });
    await rejection(client({ retry: { maxTries: 3, budgetMs: 500, baseDelayMs: 400 } }).listMonitors());
    // The first wait (200–400 ms) fits; the second (400–800 ms more) would not, so it is not taken.
    assert.equal(fake.requestsTo('GET /v2/monitors').length, 2);
    assert.equal(log.warnings.length, 1, log.text());
    const wait = Number(/^GET \/monitors: 503; try 2 of 3 in (\d+) ms$/.exec(log.warnings[0])?.[1]);
    assert.ok(wait >= 200 && wait <= 400, log.warnings[0]);
  });

  it('backoff doubles per try, jittered between half and all of its step, within the budget', () => {
    const error = new AxiomError('server', '503: unavailable', { status: 503 });
    const policy = DEFAULT_RETRY_POLICY;
    assert.equal(
      retryDelay(error, 1, 0, policy, 0, () => 0),
      250,
    );
    assert.equal(
      retryDelay(error, 1, 0, policy, 0, () => 1),
      500,
    );
    assert.equal(
      retryDelay(error, 2, 0, policy, 0, () => 0),
      500,
    );
    assert.equal(
      retryDelay(error, 2, 0, policy, 0, () => 1),
      1000,
    );
    assert.equal(
      retryDelay(error, 3, 0, policy, 0, () => 0),
      undefined,
      'three tries at most',
    );
    assert.equal(
      retryDelay(error, 2, 9_600, policy, 0, () => 0),
      undefined,
      'ten seconds at most',
    );
    for (const kind of [
      'auth',
      'forbidden',
      'badRequest',
      'notFound',
      'timeout',
      'invalidResponse',
      'cancelled',
    ] as const) {
      assert.equal(retryDelay(new AxiomError(kind, 'x'), 1, 0, policy), undefined, `${kind} is not retried`);
    }
    assert.equal(
      retryDelay(new AxiomError('server', '500', { status: 500 }), 1, 0, policy),
      undefined,
      '500 is not retried',
    );
    assert.equal(
      retryDelay(new AxiomError('rateLimited', '429', { status: 429 }), 1, 0, policy),
      undefined,
      'a 429 without a reset time is not looped on',
    );
  });
});
