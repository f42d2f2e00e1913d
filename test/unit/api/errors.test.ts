// The fault matrix: each way the service or the network can fail, what the person is told, that a
// failed star can be sent again with the same body, that the next load recovers, that the token
// shows up nowhere, and that redirects are not followed. Run again over the transport the
// extension ships by nodeTransport.test.ts.
import assert from 'node:assert/strict';
import { after, afterEach, before, describe, it } from 'node:test';
import { AxiomError } from '../../../src/core/api/errors';
import { adviceFor } from '../../../src/core/api/errorAdvice';
import {
  FAKE_API_TOKEN,
  FAKE_ORG_ID,
  FAKE_PERSONAL_TOKEN,
  FakeAxiom,
  ODD_TOKEN,
  type Fault,
} from '../../support/fakeAxiom';
import { REALISTIC_MONITORS } from '../../support/fixtures';
import { rejection, fakeServiceUnderTest } from '../../support/testClient';
import { render } from '../../../src/core/phrase';

const { fake, log, connect } = fakeServiceUnderTest({ fake: new FakeAxiom({ monitors: REALISTIC_MONITORS }) });
const client = (overrides = {}) => connect({ timeoutMs: 300, ...overrides });

/** Tokens of three shapes: masked by shape (the first two) and by value alone (the third). */
const TOKENS = [
  { shape: 'API', token: FAKE_API_TOKEN },
  { shape: 'personal', token: FAKE_PERSONAL_TOKEN, orgId: FAKE_ORG_ID },
  { shape: 'of no known prefix', token: ODD_TOKEN },
];
const STAR = {
  kind: 'apl' as const,
  name: 'Checkout 5xx',
  dataset: 'http-logs',
  who: '',
  query: { apl: "['http-logs'] | where status >= 500" },
  metadata: {},
};

/** Every place a secret could surface from a failure: what is shown, thrown and logged. */
function assertNoToken(error: AxiomError, shown: string, token = FAKE_API_TOKEN): void {
  for (const [where, text] of [
    ['message', error.message],
    ['stack', error.stack ?? ''],
    ['String(error)', String(error)],
    ['fields', JSON.stringify({ ...error, serviceMessage: error.serviceMessage })],
    ['notification', shown],
    ['log', log.text()],
  ]) {
    for (const form of [token, encodeURIComponent(token), JSON.stringify(token).slice(1, -1), token.slice(5)]) {
      assert.ok(!text.includes(form), `the token appeared in the ${where}: ${text}`);
    }
    assert.ok(!/xa[ap]t-(?!••••)/.test(text), `a token-shaped string was left unmasked in the ${where}`);
  }
}

interface Row {
  name: string;
  fault: Fault;
  kind: AxiomError['kind'];
  /** What the notification says. */
  says: RegExp;
  /** A GET tries this fault 3 times before giving up. */
  transient?: boolean;
}

const echo = `token ${FAKE_API_TOKEN} does not have access to resource: monitors with action: read`;
const MATRIX: Row[] = [
  {
    name: '400',
    fault: { status: 400, body: { code: 400, message: 'invalid request' } },
    kind: 'badRequest',
    says: /Axiom refused the request \(400\)\. Axiom said: “invalid request”/,
  },
  {
    name: '401',
    fault: { status: 401, body: { message: 'invalid token' } },
    kind: 'auth',
    says: /the token was not accepted \(401\)/,
  },
  {
    name: '403 echoing the token',
    fault: { status: 403, body: { code: 403, message: echo } },
    kind: 'forbidden',
    says: /not allowed to do this \(403\)\. Axiom said: “token xaat-•••• does not have access/,
  },
  {
    name: '404',
    fault: { status: 404, body: { code: 404, message: 'not found' } },
    kind: 'notFound',
    says: /not found \(404\)/,
  },
  {
    name: '429 for an hour',
    fault: { status: 429, body: { message: 'rate limit exceeded' }, headers: { 'retry-after': '3600' } },
    kind: 'rateLimited',
    says: /rate limited until .+\d/,
  },
  {
    name: '500',
    fault: { status: 500, body: { message: 'internal error' } },
    kind: 'server',
    says: /Axiom had a problem \(500\)/,
  },
  {
    name: '502 HTML from a proxy',
    fault: { status: 502, body: '<html>Bad gateway</html>', headers: { 'content-type': 'text/html' } },
    kind: 'server',
    says: /unexpected response \(text\/html, status 502\) from 127\.0\.0\.1:\d+/,
    transient: true,
  },
  {
    name: '503',
    fault: { status: 503, body: { message: 'unavailable' } },
    kind: 'server',
    says: /\(503\)/,
    transient: true,
  },
  {
    name: '504',
    fault: { status: 504, body: { message: 'gateway timeout' } },
    kind: 'server',
    says: /\(504\)/,
    transient: true,
  },
  {
    name: 'no answer in time',
    fault: { delayMs: 800 },
    kind: 'timeout',
    says: /No answer from 127\.0\.0\.1:\d+ within/,
  },
  {
    name: 'dropped connection',
    fault: { drop: true },
    kind: 'network',
    says: /closed before the answer arrived/,
    transient: true,
  },
  { name: 'broken JSON', fault: { status: 200, body: '[{"id": ' }, kind: 'invalidResponse', says: /not valid JSON/ },
  {
    name: 'null instead of the record',
    fault: { status: 200, body: 'null' },
    kind: 'invalidResponse',
    says: /Invalid response/,
  },
];

describe('fault matrix', () => {
  for (const row of MATRIX) {
    it(`${row.name}: loading monitors`, async () => {
      fake.fail('GET /v2/monitors', row.fault);
      const error = await rejection(client().listMonitors());
      const shown = render(adviceFor(error, 'Loading monitors').message);
      assert.equal(error.kind, row.kind);
      assert.match(shown, row.says);
      assert.equal(fake.requestsTo('GET /v2/monitors').length, row.transient ? 3 : 1, 'GET tries');
      assertNoToken(error, shown);

      fake.clearFaults();
      const { monitors } = await client().listMonitors();
      assert.equal(monitors.length, REALISTIC_MONITORS.length, 'the next load recovers');
    });

    it(`${row.name}: starring, never retried, then sent again with the same body`, async () => {
      fake.fail('POST /v2/apl-starred-queries', row.fault);
      const error = await rejection(client().createStarredQuery(STAR));
      const shown = render(adviceFor(error, 'Starring the query').message);
      assert.equal(error.kind, row.kind);
      assert.equal(fake.requestsTo('POST /v2/apl-starred-queries').length, 1, 'POST goes out once');
      assertNoToken(error, shown);

      fake.clearFaults();
      const created = await client().createStarredQuery(STAR);
      const [first, second] = fake.requestsTo('POST /v2/apl-starred-queries');
      assert.equal(second.body, first.body, 'the retry sends exactly what the failed try sent');
      assert.equal(created.name, STAR.name);
      assert.ok(created.id);
    });
  }
});

/** The ways a service may echo a token back: in a JSON message, in a text or HTML body, in a header. */
function echoes(token: string): { name: string; fault: Fault }[] {
  return [
    {
      name: 'a JSON 403 message',
      fault: { status: 403, body: { code: 403, message: `token ${token} is invalid; header was Bearer ${token}` } },
    },
    {
      name: 'a text/plain 500',
      fault: {
        status: 500,
        body: `bad token ${encodeURIComponent(token)} (${token})`,
        headers: { 'content-type': 'text/plain' },
      },
    },
    {
      name: 'an HTML 502',
      fault: {
        status: 502,
        body: `<html>${JSON.stringify({ token })}</html>`,
        headers: { 'content-type': 'text/html' },
      },
    },
    {
      name: 'a trace header',
      fault: {
        status: 404,
        body: { message: `no such thing for ${JSON.stringify(token).slice(1, -1)}` },
        headers: { 'x-axiom-trace-id': token },
      },
    },
  ];
}

describe('a token of any shape echoed by the service is masked by its value', () => {
  for (const { shape, token, orgId } of TOKENS) {
    for (const echo of echoes(token)) {
      it(`${shape} token, echoed in ${echo.name}`, async () => {
        fake.token = token;
        try {
          for (const call of [
            () => client({ token, orgId }).listMonitors(),
            () => client({ token, orgId }).createStarredQuery(STAR),
          ]) {
            fake.fail('GET /v2/monitors', echo.fault);
            fake.fail('POST /v2/apl-starred-queries', echo.fault);
            const error = await rejection(call());
            assertNoToken(error, render(adviceFor(error, 'Loading monitors').message), token);
            fake.clearFaults();
          }
          assert.ok(
            fake.requests.some((r) => r.headers.authorization === `Bearer ${token}`),
            'the token was sent, so there was something to echo',
          );
        } finally {
          fake.token = FAKE_API_TOKEN;
        }
      });
    }
  }
});

describe('redirects are not followed: axiom.url is not the API’s address', () => {
  // A second service at the address a redirect names: it must never hear from the client.
  const elsewhere = new FakeAxiom({ monitors: REALISTIC_MONITORS });
  before(() => elsewhere.start());
  after(() => elsewhere.stop());
  afterEach(() => elsewhere.reset());

  for (const status of [301, 302, 307, 308]) {
    it(`${status} with a Location: a config error naming scheme, host and path only; one request, none to the Location`, async () => {
      const location = `${elsewhere.url}/v2/monitors?token=${FAKE_API_TOKEN}&session=s3cr3t#frag`;
      fake.fail('GET /v2/monitors', { status, body: '', headers: { location, 'content-type': 'text/html' } });
      const error = await rejection(client().listMonitors());
      const advice = adviceFor(error, 'Loading monitors');
      const shown = render(advice.message);
      assert.equal(error.kind, 'config');
      assert.equal(error.status, status);
      assert.equal(
        shown,
        `Loading monitors failed: The service at ${new URL(fake.url).host} redirected the request to ${elsewhere.url}/v2/monitors (status ${status}). ` +
          'Redirects are not followed, so that the token goes nowhere else: set axiom.url to the API’s address, such as https://api.axiom.co.',
      );
      assert.ok(!/session|s3cr3t|frag|\?/.test(shown), 'no query string or fragment is repeated');
      assert.deepEqual(advice.actions, ['openSettings', 'showLog']);
      assert.equal(advice.setting, 'axiom.url', 'Open Settings shows axiom.url');
      assert.equal(fake.requestsTo('GET /v2/monitors').length, 1, 'not retried');
      assert.equal(elsewhere.requests.length, 0, 'not followed');
      assertNoToken(error, shown);
    });

    it(`${status} with no Location: a config error that says so`, async () => {
      fake.fail('GET /v2/monitors', { status, body: '' });
      const error = await rejection(client().listMonitors());
      assert.equal(error.kind, 'config');
      assert.match(
        render(error.phrase),
        new RegExp(
          `answered with a redirect \\(status ${status}\\) that names no web address\\. Set axiom\\.url to the API’s address, such as https://api\\.axiom\\.co\\.$`,
        ),
      );
      assert.equal(fake.requestsTo('GET /v2/monitors').length, 1);
    });
  }

  it('a relative Location is read against the request; user info is dropped; a token in the path is masked', async () => {
    fake.fail('GET /v2/monitors', { status: 302, body: '', headers: { location: '/login?next=%2Fv2%2Fmonitors' } });
    let error = await rejection(client().listMonitors());
    assert.match(render(error.phrase), new RegExp(`redirected the request to ${fake.url}/login \\(status 302\\)`));

    fake.fail('GET /v2/monitors', {
      status: 301,
      body: '',
      headers: { location: `https://person:pa55word@app.axiom.co/${ODD_TOKEN}/${FAKE_API_TOKEN}/x` },
    });
    fake.token = ODD_TOKEN;
    try {
      error = await rejection(client({ token: ODD_TOKEN }).listMonitors());
    } finally {
      fake.token = FAKE_API_TOKEN;
    }
    const shown = render(adviceFor(error, 'Loading monitors').message);
    assert.match(shown, /redirected the request to https:\/\/app\.axiom\.co\/••••\/xaat-••••\/x \(status 301\)/);
    assert.ok(!/person|pa55word/.test(shown));
    assertNoToken(error, shown, ODD_TOKEN);
  });

  it('a Location that is no web address, or could read as a link, is not repeated as one', async () => {
    fake.fail('GET /v2/monitors', { status: 302, body: '', headers: { location: 'javascript:alert(1)' } });
    assert.match(render((await rejection(client().listMonitors())).phrase), /names no web address/);
    fake.fail('GET /v2/monitors', {
      status: 302,
      body: '',
      headers: { location: 'https://evil.example/[x](command:axiom.signOut)' },
    });
    const shown = render((await rejection(client().listMonitors())).phrase);
    assert.match(shown, /https:\/\/evil\.example\/%5Bx%5D%28command:axiom\.signOut%29 /);
  });

  it('a starred query that meets a redirect is not posted again, nor to the Location', async () => {
    fake.fail('POST /v2/apl-starred-queries', {
      status: 307,
      body: '',
      headers: { location: `${elsewhere.url}/v2/apl-starred-queries` },
    });
    const error = await rejection(client().createStarredQuery(STAR));
    assert.equal(error.kind, 'config');
    assert.equal(fake.requestsTo('POST /v2/apl-starred-queries').length, 1);
    assert.equal(elsewhere.requests.length, 0);
  });
});
