// Monitor statuses read from the fake service over real HTTP: the sweep's budget under 1,000
// monitors, the announced limit taken from the headers, 429 and 403 handling, cancellation.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { RequestBudget } from '../../../src/core/api/requestBudget';
import { StatusTracker } from '../../../src/core/monitors/statusTracker';
import { fakeServiceUnderTest } from '../../support/testClient';

const { fake, connect } = fakeServiceUnderTest({
  alsoAfterEach: () => {
    fake.histories.clear();
    fake.rateLimit = { limit: 1000, windowMs: 60_000 };
  },
});
const NOW = Date.now();
const ago = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString();

/** A client that tells the budget what the service's headers say, as the extension's does. */
function setup(budget: RequestBudget) {
  return connect({ onRateLimit: (limit) => budget.observe(limit) });
}

describe('status sweep over real HTTP', () => {
  it('reads each history once and works out triggered, normal and grouped monitors', async () => {
    fake.histories.set('mon_a', [{ name: 'a', checkId: 'c1', timestamp: ago(30), state: 'open' }]);
    fake.histories.set('mon_b', [
      { name: 'b', checkId: 'eu', timestamp: ago(50), state: 'open' },
      { name: 'b', checkId: 'eu', timestamp: ago(40), state: 'closed' },
    ]);
    fake.histories.set('mon_c', [
      { name: 'c', checkId: 'us', timestamp: ago(20), state: 'open' },
      { name: 'c', checkId: 'eu', timestamp: ago(10), state: 'open' },
      { name: 'c', timestamp: ago(5), state: 'open' } as never,
      { name: 'c', checkId: 'eu', timestamp: ago(4), state: 'pending' },
    ]);
    const budget = new RequestBudget({ maxInFlight: 4, share: 0.5, assumedLimit: 60 });
    const tracker = new StatusTracker();
    const seen: string[] = [];
    const result = await tracker.sweep(
      setup(budget),
      ['mon_a', 'mon_b', 'mon_c', 'mon_none'],
      budget,
      new AbortController().signal,
      (id) => seen.push(id),
    );
    assert.deepEqual(result, { read: 4, failed: 0, forbidden: false, unreadable: 2 });
    assert.deepEqual(tracker.status('mon_a'), { kind: 'triggered', since: Date.parse(ago(30)), openChecks: ['c1'] });
    assert.deepEqual(tracker.status('mon_b'), { kind: 'normal' });
    assert.deepEqual(tracker.status('mon_c'), {
      kind: 'triggered',
      since: Date.parse(ago(20)),
      openChecks: ['us', 'eu'],
    });
    assert.deepEqual(
      tracker.status('mon_none'),
      { kind: 'normal' },
      'no change in the range (null from the service) is normal',
    );
    assert.deepEqual(seen.sort(), ['mon_a', 'mon_b', 'mon_c', 'mon_none']);
    const [first] = fake.requestsTo('GET /v2/monitors/*/history');
    const params = new URL(first.path, 'http://x').searchParams;
    assert.ok(
      Date.parse(params.get('endTime')!) - Date.parse(params.get('startTime')!) >= 29 * 24 * 3600_000,
      'the first look goes back a month',
    );

    // The next sweep asks only for what is new, and hears only of what changed.
    fake.reset();
    fake.histories
      .get('mon_a')!
      .push({ name: 'a', checkId: 'c1', timestamp: new Date().toISOString(), state: 'closed' });
    seen.length = 0;
    await tracker.sweep(setup(budget), ['mon_a', 'mon_b'], budget, new AbortController().signal, (id) => seen.push(id));
    assert.deepEqual(seen, ['mon_a']);
    assert.deepEqual(tracker.status('mon_a'), { kind: 'normal' });
    const later = new URL(fake.requestsTo('GET /v2/monitors/*/history')[0].path, 'http://x').searchParams;
    assert.ok(
      Date.parse(later.get('endTime')!) - Date.parse(later.get('startTime')!) < 10 * 60_000,
      'a later look asks for minutes, not a month',
    );
  });

  it('1,000 monitors under an announced limit of 100 a window: at most half of it used per window, at most 4 in flight, no 429', async () => {
    fake.rateLimit = { limit: 100, windowMs: 1000 };
    const budget = new RequestBudget({ maxInFlight: 4, share: 0.5, assumedLimit: 10, windowMs: 1000 });
    const ids = Array.from({ length: 1000 }, (_, i) => `mon_${i}`);
    // Only a part of the sweep is waited for: at 50 a second, all 1,000 would take 20 s.
    const controller = new AbortController();
    const sweeping = new StatusTracker().sweep(setup(budget), ids, budget, controller.signal, () => undefined);
    await new Promise((r) => setTimeout(r, 3500));
    controller.abort();
    const result = await sweeping;
    assert.equal(budget.allowance, 50, 'the budget took half of the announced limit');
    assert.ok(
      fake.maxPerWindow <= 50 + 10,
      `at most its share per window, the first window at the assumed limit: ${fake.maxPerWindow}`,
    );
    assert.ok(fake.maxConcurrent <= 4, `in flight at the service: ${fake.maxConcurrent}`);
    const asked = fake.requests.filter((r) => r.path.includes('/history')).length;
    assert.ok(
      asked >= result.read && asked <= result.read + 4,
      `${asked} asked, ${result.read} read: the rest were in flight at the cancel`,
    );
    assert.equal(result.failed, 0, 'no request was refused');
    assert.equal(fake.requests.length, asked, 'nothing else was asked');
    assert.ok(result.read >= 50 && result.read < 1000, `read ${result.read} in 3.5 s, then cancelled`);
  });

  it('a 403 on history stops the sweep at once and says so; a 429 pauses the budget until its reset', async () => {
    const budget = new RequestBudget({ maxInFlight: 2, share: 0.5, assumedLimit: 1000 });
    fake.fail('GET /v2/monitors/*/history', {
      status: 403,
      body: { code: 403, message: 'token does not have access to resource: monitors with action: read' },
    });
    // Ids of this test's own: requests the last test cancelled may still reach the fake.
    const ids = Array.from({ length: 50 }, (_, i) => `refused_${i}`);
    const result = await new StatusTracker().sweep(
      setup(budget),
      ids,
      budget,
      new AbortController().signal,
      () => undefined,
    );
    assert.equal(result.forbidden, true);
    const asked = fake.requestsTo('GET /v2/monitors/*/history').filter((r) => r.path.includes('/refused_')).length;
    assert.ok(asked >= 1 && asked <= 2, `${asked} asked: no more than were already in flight`);

    fake.reset();
    const reset = Math.ceil(Date.now() / 1000) + 600;
    fake.fail('GET /v2/monitors/*/history', {
      status: 429,
      body: { message: 'rate limit exceeded' },
      headers: { 'x-ratelimit-reset': String(reset) },
      times: 1,
    });
    const paused = new RequestBudget({ maxInFlight: 1, share: 0.5, assumedLimit: 1000 });
    const controller = new AbortController();
    const sweeping = new StatusTracker().sweep(
      setup(paused),
      ['limited_1', 'limited_2', 'limited_3'],
      paused,
      controller.signal,
      () => undefined,
    );
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(
      fake.requestsTo('GET /v2/monitors/*/history').filter((r) => r.path.includes('/limited_')).length,
      1,
      'after the 429 nothing more is asked before the reset',
    );
    controller.abort();
    const after = await sweeping;
    assert.equal(after.failed, 1);
  });
});
