import assert from 'node:assert/strict';
import net from 'node:net';
import { describe, it } from 'node:test';
import { createDispatcher } from '../../../src/core/api/undiciTransport';
import { AxiomError } from '../../../src/core/api/errors';
import { rejection, fakeServiceUnderTest } from '../../support/testClient';
import {
  FakeAxiom,
  FAKE_API_TOKEN,
  FAKE_ORG_ID,
  FAKE_PERSONAL_TOKEN,
  type RecordedRequest,
} from '../../support/fakeAxiom';
import { escapeMarkdown } from '../../../src/core/markdown';
import { monitorTooltipMarkdown } from '../../../src/core/monitors/monitorHover';
import { monitorRows, monitorRowWords } from '../../../src/core/monitors/monitorRows';
import { GO_SDK_DROPPED_FIELDS, GO_SDK_MONITORS, REALISTIC_MONITORS } from '../../support/fixtures';

const {
  fake,
  log,
  connect: client,
} = fakeServiceUnderTest({
  fake: new FakeAxiom({ monitors: REALISTIC_MONITORS }),
  alsoAfterEach: () => (fake.monitors = REALISTIC_MONITORS),
});

/**
 * Whether the service saw the client close a request's connection before its answer was complete:
 * what a client that gives up does, and one that waits for the answer does not. The wait is for
 * that event, bounded (5 s) only so that a client that never closes fails instead of hanging.
 */
async function closedBeforeAnswered(request: RecordedRequest | undefined): Promise<boolean> {
  for (let polls = 0; request && polls < 250; polls++) {
    if (fake.abandoned.includes(request)) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return false;
}

describe('listMonitors', () => {
  it('reads a realistic list, tolerating absent fields, both notifier spellings, null disabledUntil and unknown types', async () => {
    const { monitors, skipped } = await client().listMonitors();
    assert.equal(skipped.length, 0);
    assert.deepEqual(
      monitors.map((m) => m.id),
      ['mon_errors_1', 'mon_metrics_2', 'mon_go_3', 'mon_future_4'],
    );
    const [errors, metrics, go, future] = monitors;
    assert.equal(errors.aplQuery, "['http-logs'] | where status >= 500 | summarize count() by bin_auto(_time)");
    assert.equal(errors.disabledUntil, undefined, 'null is read as absent');
    assert.deepEqual(errors.notifierIds, ['notify_slack_oncall']);
    assert.deepEqual(
      (errors as Record<string, unknown>).someFieldAddedLater,
      { nested: true },
      'unknown fields are tolerated, kept unread',
    );
    assert.equal(metrics.aplQuery, undefined);
    assert.equal(metrics.mplQuery, 'otel-metrics:http_request_duration_seconds:p99');
    assert.deepEqual(go.notifierIds, ['notify_email_1', 'notify_email_2']);
    assert.equal('notifierIDs' in go, false);
    assert.equal(future.type, 'ForecastDeviation');
    assert.equal(future.operator, 'SomethingNew');
  });

  it('sends the bearer token, a User-Agent and accept header, and no org header when none is set', async () => {
    await client().listMonitors();
    const [req] = fake.requestsTo('GET /v2/monitors');
    assert.equal(req.headers.authorization, `Bearer ${FAKE_API_TOKEN}`);
    assert.equal(req.headers['user-agent'], 'axiom-apl-vscode/0.0.0-test');
    assert.equal(req.headers.accept, 'application/json');
    assert.equal(req.headers['x-axiom-org-id'], undefined);
  });

  it('sends x-axiom-org-id with a personal token', async () => {
    const { monitors } = await client({ token: FAKE_PERSONAL_TOKEN, orgId: FAKE_ORG_ID }).listMonitors();
    assert.equal(monitors.length, 4);
    assert.equal(fake.requestsTo('GET /v2/monitors')[0].headers['x-axiom-org-id'], FAKE_ORG_ID);
  });

  it('accepts a base URL that already ends in /v2, with or without a slash', async () => {
    for (const url of [`${fake.url}/v2`, `${fake.url}/v2/`, `${fake.url}/`]) {
      const { monitors } = await client({ url }).listMonitors();
      assert.equal(monitors.length, 4, url);
    }
    assert.deepEqual(
      fake.requests.map((r) => r.path),
      ['/v2/monitors', '/v2/monitors', '/v2/monitors'],
    );
  });

  it('reads an empty list', async () => {
    fake.monitors = [];
    assert.deepEqual(await client().listMonitors(), { monitors: [], skipped: [], dropped: [] });
  });

  it('logs method, path, status, duration and trace id, never the token', async () => {
    await client().listMonitors();
    assert.equal(log.requests.length, 1);
    assert.equal(log.requests[0].method, 'GET');
    assert.equal(log.requests[0].path, '/monitors');
    assert.equal(log.requests[0].status, 200);
    assert.equal(log.requests[0].traceId, 'trace-1');
    assert.ok(log.requests[0].durationMs >= 0);
    assert.ok(!JSON.stringify(log.requests).includes(FAKE_API_TOKEN));
  });

  it('skips entries that are not monitors (no id, no name, no object), counts them and keeps the rest', async () => {
    fake.monitors = [
      ...REALISTIC_MONITORS,
      { id: 'mon_bad', type: 'Threshold', threshold: 'high' },
      42,
      { name: 'no id', type: 'Threshold' },
      { id: 'mon_n', name: 5 },
    ];
    const { monitors, skipped, dropped } = await client().listMonitors();
    assert.deepEqual(
      monitors.map((m) => m.id),
      ['mon_errors_1', 'mon_metrics_2', 'mon_go_3', 'mon_future_4'],
    );
    assert.deepEqual(
      skipped.map((s) => s.index),
      [4, 5, 6, 7],
    );
    assert.match(skipped[0].reason, /^name: /, 'the missing name is the reason, not the bad threshold');
    assert.match(skipped[1].reason, /^the body: /);
    assert.match(skipped[2].reason, /^id: /);
    assert.match(skipped[3].reason, /^name: .*number/);
    assert.deepEqual(dropped, [], 'fields of skipped entries are not counted as dropped');
    assert.equal(log.warnings.length, 1);
    assert.match(log.warnings[0], /skipped 4 of 8 monitors/);
  });

  it("lists every monitor in the Go SDK's shapes, beside ordinary ones: null is absent, zero times are never, no type is unknown, unreadable fields are left out and counted", async () => {
    fake.monitors = [...REALISTIC_MONITORS, ...GO_SDK_MONITORS];
    const { monitors, skipped, dropped } = await client().listMonitors();
    assert.deepEqual(skipped, []);
    assert.deepEqual(
      monitors.map((m) => m.id),
      [...REALISTIC_MONITORS, ...GO_SDK_MONITORS].map((m) => m.id),
      'every monitor, in the order sent',
    );
    const byId = (id: string) => monitors.find((m) => m.id === id)!;

    const nil = byId('mon_go_nil_5');
    assert.equal(nil.type, 'Threshold');
    assert.equal(nil.notifierIds, undefined, 'notifierIDs: null is no notifiers');
    assert.equal(nil.disabledUntil, undefined, 'the zero time is never');
    assert.equal(nil.createdAt, '2025-04-01T09:00:00.123456789Z', 'a time with nanoseconds is a time');
    assert.equal(nil.threshold, 10);

    const sdk = byId('mon_go_sdk_6');
    assert.equal(sdk.type, undefined);
    assert.equal(sdk.intervalMinutes, 0);
    for (const field of ['disabledUntil', 'createdAt', 'updatedAt', 'notifierIds'] as const)
      assert.equal(sdk[field], undefined, field);

    const nulls = byId('mon_nulls_7') as Record<string, unknown>;
    for (const [key, value] of Object.entries(nulls)) assert.notEqual(value, null, `${key} is absent, not null`);
    assert.equal(nulls.type, 'MatchEvent');
    assert.equal(nulls.intervalMinutes, 10);

    const odd = byId('mon_odd_8');
    assert.deepEqual(
      [odd.type, odd.threshold, odd.disabledUntil, odd.notifierIds, odd.description],
      [undefined, undefined, undefined, undefined, undefined],
    );
    assert.equal(odd.aplQuery, "['odd'] | count", 'the readable fields stay');
    assert.equal(odd.intervalMinutes, 5);

    const oddIndex = REALISTIC_MONITORS.length + 3;
    assert.deepEqual(
      dropped.map((d) => [d.index, d.field]),
      GO_SDK_DROPPED_FIELDS.map((field) => [oddIndex, field]),
    );
    assert.match(dropped[0].reason, /^type: .*expected string/);
    assert.match(dropped[2].reason, /^disabledUntil: expected a time/);
    assert.equal(log.warnings.length, 1, 'one line for the list');
    assert.equal(
      log.warnings[0],
      `left out 4 fields that could not be read from 1 of 8 monitors, shown without them; first: [${oddIndex}] ${dropped[0].reason}`,
    );

    // As a person reads them: rows and hover say nothing of 0001, null or an empty type.
    const rows = monitorRows(monitors, Date.parse('2026-06-01T00:00:00Z'));
    const row = (id: string) => rows.find((r) => r.monitor.id === id)!;
    const words = (id: string) => monitorRowWords(row(id), (d) => d.toISOString());
    assert.equal(words('mon_go_nil_5'), 'Above 10 · every 5m · Threshold');
    assert.equal(row('mon_go_nil_5').state, 'active');
    assert.equal(words('mon_go_sdk_6'), 'At or above 1000 · Unknown type');
    assert.equal(words('mon_nulls_7'), 'every 10m · Match event');
    assert.equal(words('mon_odd_8'), 'every 5m · Unknown type');
    const hover = (id: string) =>
      monitorTooltipMarkdown(byId(id), (d) => d.toISOString(), Date.parse('2026-06-01T00:00:00Z'));
    for (const monitor of GO_SDK_MONITORS) {
      const text = hover(monitor.id);
      assert.doesNotMatch(text, /0001|null|undefined|NaN|oops|not a date|(^|\D)0m/, monitor.id);
    }
    assert.match(hover('mon_go_sdk_6'), /^Type: Unknown type {2}$/m);
    assert.match(hover('mon_go_sdk_6'), /^Condition: At or above 1000 {2}$/m);
    assert.doesNotMatch(hover('mon_go_sdk_6'), /Created|Runs every|Over the last/);
    assert.ok(
      hover('mon_go_nil_5').includes(`\nCreated: ${escapeMarkdown('by usr_2 on 2025-04-01T09:00:00.123Z')}  \n`),
      'the time with nanoseconds is read',
    );
    assert.match(hover('mon_odd_8'), /^Type: Unknown type {2}$/m);
    assert.match(hover('mon_odd_8'), /^State: active {2}$/m);
  });
});

describe('errors', () => {
  const cases: {
    name: string;
    status: number;
    body: unknown;
    headers?: Record<string, string>;
    kind: AxiomError['kind'];
    message: RegExp;
  }[] = [
    { name: '401', status: 401, body: { message: 'invalid token' }, kind: 'auth', message: /^401: invalid token$/ },
    {
      name: '403 with the service message',
      status: 403,
      body: { code: 403, message: 'token does not have access to resource: monitors with action: read' },
      kind: 'forbidden',
      message: /monitors with action: read/,
    },
    {
      name: '404',
      status: 404,
      body: { code: 404, message: 'not found' },
      kind: 'notFound',
      message: /^404: not found$/,
    },
    { name: '500', status: 500, body: { message: 'internal error' }, kind: 'server', message: /^500: internal error$/ },
    {
      name: '400 with only code',
      status: 400,
      body: { code: 'bad' },
      kind: 'badRequest',
      message: /unexpected response \(application\/json, status 400\)/,
    },
  ];
  for (const c of cases) {
    it(`${c.name} becomes a ${c.kind} error with status, message and trace id`, async () => {
      fake.fail('GET /v2/monitors', { status: c.status, body: c.body });
      const error = await rejection(client().listMonitors());
      assert.equal(error.kind, c.kind);
      assert.equal(error.status, c.status);
      assert.match(error.message, c.message);
      assert.equal(error.traceId, 'trace-1');
    });
  }

  it('429 carries the rate-limit reset time', async () => {
    const reset = Math.floor(Date.now() / 1000) + 120;
    fake.fail('GET /v2/monitors', {
      status: 429,
      body: { message: 'rate limit exceeded' },
      headers: { 'x-ratelimit-reset': String(reset), 'x-ratelimit-remaining': '0' },
    });
    const error = await rejection(client().listMonitors());
    assert.equal(error.kind, 'rateLimited');
    assert.equal(error.serviceMessage, 'rate limit exceeded');
    assert.equal(error.retryAt?.getTime(), reset * 1000);
  });

  it('429 prefers Retry-After', async () => {
    fake.fail('GET /v2/monitors', {
      status: 429,
      body: { message: 'rate limit exceeded' },
      headers: { 'retry-after': '7' },
    });
    const before = Date.now();
    const error = await rejection(client().listMonitors());
    const after = Date.now();
    // Seven seconds after the answer came, which was between the two readings of the clock.
    const retryAt = error.retryAt?.getTime() ?? 0;
    assert.ok(retryAt >= before + 7000 && retryAt <= after + 7000, `retryAt ${retryAt - before} ms ahead`);
  });

  it('a 403 without a token of its own: the wrong token is refused by the service', async () => {
    const error = await rejection(client({ token: 'xaat-not-the-right-one' }).listMonitors());
    assert.equal(error.kind, 'forbidden');
    assert.equal(error.serviceMessage, 'Forbidden');
  });

  it('broken JSON is an invalid response', async () => {
    fake.fail('GET /v2/monitors', { status: 200, body: '[{"id": "mon_1", "name": ' });
    const error = await rejection(client().listMonitors());
    assert.equal(error.kind, 'invalidResponse');
    assert.match(error.message, /not valid JSON/);
  });

  it('a body that is not a list is an invalid response naming what it got', async () => {
    fake.fail('GET /v2/monitors', { status: 200, body: { monitors: [] } });
    const error = await rejection(client().listMonitors());
    assert.equal(error.kind, 'invalidResponse');
    assert.match(error.message, /expected a list of monitors, got an object/);
  });

  it('an HTML page from a proxy is described by content type, status and host', async () => {
    fake.fail('GET /v2/monitors', {
      status: 502,
      body: '<html><body>Bad gateway</body></html>',
      headers: { 'content-type': 'text/html' },
    });
    const error = await rejection(client().listMonitors());
    assert.equal(error.kind, 'server');
    assert.match(error.message, /unexpected response \(text\/html, status 502\) from 127\.0\.0\.1:\d+/);
  });

  for (const chunked of [false, true]) {
    it(`a body over 64 MB is refused with a message (${chunked ? 'streamed, no length' : 'declared length'})`, async () => {
      fake.fail('GET /v2/monitors', { status: 200, body: `[${' '.repeat(65 * 1024 * 1024)}]`, chunked });
      const error = await rejection(client({ timeoutMs: 20_000 }).listMonitors());
      assert.equal(error.kind, 'invalidResponse');
      assert.match(error.message, /larger than 64 MB/);
    });
  }

  it('times out after the configured time', async () => {
    fake.fail('GET /v2/monitors', { delayMs: 1500 });
    const error = await rejection(client({ timeoutMs: 200 }).listMonitors());
    assert.equal(error.kind, 'timeout');
    assert.ok(await closedBeforeAnswered(fake.requests[0]), 'did not wait for the answer');
  });

  it('an abort stops the request at once and the service sees the connection close', async () => {
    fake.fail('GET /v2/monitors', { delayMs: 1500 });
    const controller = new AbortController();
    const pending = client().listMonitors(controller.signal);
    setTimeout(() => controller.abort(), 50);
    const error = await rejection(pending);
    assert.equal(error.kind, 'cancelled');
    assert.ok(await closedBeforeAnswered(fake.requests[0]), 'the service saw the connection close');
  });

  it('an already-aborted signal sends nothing', async () => {
    const error = await rejection(client().listMonitors(AbortSignal.abort()));
    assert.equal(error.kind, 'cancelled');
    assert.equal(fake.requests.length, 0);
  });

  it('a dropped connection is a network error', async () => {
    fake.fail('GET /v2/monitors', { drop: true });
    const error = await rejection(client().listMonitors());
    assert.equal(error.kind, 'network');
  });

  for (const chunked of [false, true]) {
    it(`a connection lost in the middle of the body is a network error that says so (${chunked ? 'streamed, no length' : 'declared length'})`, async () => {
      fake.fail('GET /v2/monitors', { chunked, partial: { bytes: 100, then: 'close' } });
      const error = await rejection(client().listMonitors());
      assert.equal(error.kind, 'network');
      assert.match(error.message, /closed before the answer arrived/);
    });
  }

  it('a body that stops coming is ended by the deadline as a timeout, and by an abort as a cancel', async () => {
    fake.fail('GET /v2/monitors', { partial: { bytes: 100, then: 'stall' } });
    assert.equal((await rejection(client({ timeoutMs: 200 }).listMonitors())).kind, 'timeout');
    assert.ok(await closedBeforeAnswered(fake.requests[0]), 'did not wait for the rest of the body');
    const controller = new AbortController();
    const pending = client().listMonitors(controller.signal);
    setTimeout(() => controller.abort(), 100);
    assert.equal((await rejection(pending)).kind, 'cancelled');
  });

  it('connection refused is a network error naming the host', async () => {
    const port = await closedPort();
    const error = await rejection(client({ url: `http://127.0.0.1:${port}` }).listMonitors());
    assert.equal(error.kind, 'network');
    assert.equal(error.code, 'ECONNREFUSED');
    assert.match(error.message, new RegExp(`127\\.0\\.0\\.1:${port}.*refused`));
  });

  it('a bad URL setting is a config error before any request', () => {
    for (const url of ['not a url', 'ftp://api.axiom.co', 'https://api.axiom.co/?x=1', 'http://api.axiom.co']) {
      assert.throws(
        () => client({ url }),
        (e: unknown) => e instanceof AxiomError && e.kind === 'config' && e.setting === 'axiom.url',
        url,
      );
    }
    assert.equal(fake.requests.length, 0);
    assert.throws(
      () => createDispatcher({ proxy: 'socks5://proxy.example' }),
      (e: unknown) => e instanceof AxiomError && e.kind === 'config' && e.setting === 'http.proxy',
    );
  });
});

describe('createStarredQuery', () => {
  it('posts the body and returns the created record with its id; request asserted field by field', async () => {
    const created = await client({ token: FAKE_PERSONAL_TOKEN, orgId: FAKE_ORG_ID }).createStarredQuery({
      kind: 'apl',
      name: 'Slow checkouts',
      dataset: 'http-logs',
      who: 'usr_fake_1',
      query: { apl: "['http-logs'] | where duration > 2s" },
      metadata: {},
    });
    assert.equal(created.id, 'sq_000001');
    assert.equal(created.name, 'Slow checkouts');
    const [req] = fake.requestsTo('POST /v2/apl-starred-queries');
    assert.equal(req.method, 'POST');
    assert.equal(req.path, '/v2/apl-starred-queries');
    assert.equal(req.headers.authorization, `Bearer ${FAKE_PERSONAL_TOKEN}`);
    assert.equal(req.headers['x-axiom-org-id'], FAKE_ORG_ID);
    assert.equal(req.headers['content-type'], 'application/json');
    assert.equal(req.headers['user-agent'], 'axiom-apl-vscode/0.0.0-test');
    const body = JSON.parse(req.body) as Record<string, unknown>;
    assert.deepEqual(Object.keys(body).sort(), ['dataset', 'kind', 'metadata', 'name', 'query', 'who']);
    assert.equal(body.kind, 'apl');
    assert.equal(body.name, 'Slow checkouts');
    assert.equal(body.dataset, 'http-logs');
    assert.equal(body.who, 'usr_fake_1');
    assert.deepEqual(body.query, { apl: "['http-logs'] | where duration > 2s" });
    assert.deepEqual(body.metadata, {});
  });

  it('a created record without an id is an invalid response', async () => {
    fake.fail('POST /v2/apl-starred-queries', { status: 200, body: { name: 'x' } });
    const error = await rejection(
      client().createStarredQuery({ kind: 'apl', name: 'x', who: 'u', query: { apl: 'x' }, metadata: {} }),
    );
    assert.equal(error.kind, 'invalidResponse');
    assert.match(error.message, /id: /);
  });
});

describe('datasets and user', () => {
  it('lists datasets with their kind and description, and reads the current user', async () => {
    assert.deepEqual(await client().listDatasets(), [
      { name: 'http-logs', kind: 'axiom:events:v1', description: 'Requests to the web servers' },
      { name: 'sample-app', kind: 'otel:traces:v1', description: undefined },
    ]);
    assert.equal((await client().getCurrentUser()).id, 'usr_fake_1');
  });

  it("lists a dataset's fields, typed, with the dataset's name in the path", async () => {
    const fields = await client().listFields('http-logs');
    assert.deepEqual(fields.map((f) => [f.name, f.type]).slice(0, 3), [
      ['_time', 'datetime'],
      ['status', 'integer'],
      ['method', 'string'],
    ]);
    assert.equal(fields.find((f) => f.name === 'internal_id')?.hidden, true);
    assert.equal(fake.requestsTo('GET /v2/datasets/http-logs/fields').length, 1);
  });

  it('escapes a dataset name in the fields path, and a missing dataset is a not-found error', async () => {
    fake.datasets = ['http-logs', 'sample-app', 'a/b c'];
    fake.fields['a/b c'] = [{ name: 'x', type: 'string', unknownLater: 1 }];
    // A key the service adds later is no obstacle (kept as sent, unread, as with monitors).
    const [field, ...rest] = await client().listFields('a/b c');
    assert.deepEqual([{ name: field.name, type: field.type }, ...rest], [{ name: 'x', type: 'string' }]);
    assert.equal(fake.requestsTo('GET /v2/datasets/a%2Fb%20c/fields').length, 1);
    assert.equal((await rejection(client().listFields('nope'))).kind, 'notFound');
    fake.datasets = ['http-logs', 'sample-app'];
  });

  it('a field list of the wrong shape is an invalid response that names the path', async () => {
    fake.fail('GET /v2/datasets/http-logs/fields', { body: [{ type: 'string' }], times: 1 });
    const error = await rejection(client().listFields('http-logs'));
    assert.equal(error.kind, 'invalidResponse');
    assert.match(error.message, /0\.name/);
  });
});

async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}
