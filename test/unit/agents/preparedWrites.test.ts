// The write tools' two steps over real HTTP to the fake service: preparing resolves the monitor
// (by id, or by a name only one has), reads it and makes the exact body, and writes nothing;
// sending sends that body to that id, or nothing when the deployment switched or the monitor
// changed since; what cannot be prepared (two monitors of one name, a read refused) is never sent.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import type { Deployment } from '../../../src/core/accounts/deployments';
import type { AxiomClient } from '../../../src/core/api/client';
import { rememberSecret } from '../../../src/core/api/secrets';
import {
  isWriteTool,
  monitorChanges,
  PREPARATION_LIFETIME_MS,
  Preparations,
  prepareWrite,
  secretPlaces,
  sendPrepared,
  type Preparation,
  type WriteRequests,
  type WriteTool,
} from '../../../src/core/agents/preparedWrites';
import { renderReport } from '../../../src/core/agents/resultText';
import { monitorRefusedReport, unpreparedReport } from '../../../src/core/agents/reports';
import { TOOL_NAMES, TOOL_SPECS, type ToolInputs } from '../../../src/core/agents/toolSpecs';
import { putBody } from '../../../src/core/monitors/monitorBodies';
import { PROD as PROD_LABEL } from '../../support/agentResults';
import { sampleDashboard } from '../../support/dashboardFixtures';
import { REALISTIC_MONITORS } from '../../support/fixtures';
import { fakeServiceUnderTest } from '../../support/testClient';

const { fake, connect } = fakeServiceUnderTest({
  alsoAfterEach: () => {
    fake.monitors = [];
    fake.clearFaults();
  },
});

const PROD: Deployment = { name: 'prod', url: 'https://api.axiom.co', orgId: 'acme' };
const STAGING: Deployment = { name: 'staging', url: 'https://api.axiom.co', orgId: 'acme-staging' };
const direct: WriteRequests = { gate: (request) => request(), signal: new AbortController().signal };

let api: AxiomClient | undefined;
const client = (): AxiomClient => (api ??= connect());
const session = (deployment: Deployment = PROD) => ({ deployment, client: client() });
const seed = () => {
  fake.monitors = structuredClone(REALISTIC_MONITORS);
};
const writes = () => fake.requests.filter((r) => r.method !== 'GET');

async function prepared<N extends WriteTool>(tool: N, input: ToolInputs[N]): Promise<Preparation> {
  return prepareWrite(tool, input, async () => session(), direct);
}

function ok(preparation: Preparation): Extract<Preparation, { ok: true }> {
  assert.ok(preparation.ok, `prepared: ${JSON.stringify(preparation)}`);
  return preparation;
}

describe('agents: a write is prepared before it is confirmed, and sends only what was prepared', () => {
  it('an update by name: the id, the monitor as read, each setting from → to, the exact body; nothing written', async () => {
    seed();
    const preparation = ok(
      await prepared('axiom_updateMonitor', { monitor: 'Checkout errors', threshold: 150, intervalMinutes: 5 }),
    );
    assert.equal(preparation.deployment, PROD);
    const { plan } = preparation;
    assert.equal(plan.tool, 'axiom_updateMonitor');
    if (plan.tool !== 'axiom_updateMonitor') return;
    assert.equal(plan.id, 'mon_errors_1');
    assert.deepEqual(plan.changes, [['threshold', 100, 150]], 'a setting already so is not a change');
    assert.deepEqual(plan.body, putBody(REALISTIC_MONITORS[0], { threshold: 150 }));
    assert.deepEqual(writes(), []);

    const outcome = await sendPrepared(preparation, session(), direct);
    assert.equal(outcome.kind, 'updated');
    const puts = fake.requestsTo('PUT /v2/monitors/{id}');
    assert.equal(puts.length, 1);
    assert.equal(puts[0].path, '/v2/monitors/mon_errors_1');
    assert.deepEqual(JSON.parse(puts[0].body), plan.body);
  });

  it('the monitor changed in Axiom since: a conflict naming the fields, and no PUT', async () => {
    seed();
    const preparation = ok(await prepared('axiom_updateMonitor', { monitor: 'mon_errors_1', threshold: 150 }));
    fake.monitorById('mon_errors_1')!.aplQuery = "['http-logs'] | summarize count()";
    const outcome = await sendPrepared(preparation, session(), direct);
    assert.deepEqual(outcome, { kind: 'conflict', fields: ['aplQuery'] });
    assert.deepEqual(writes(), []);
  });

  it('the deployment switched since: nothing is asked of any service', async () => {
    seed();
    const preparation = ok(await prepared('axiom_updateMonitor', { monitor: 'mon_errors_1', threshold: 150 }));
    fake.reset();
    const outcome = await sendPrepared(preparation, session(STAGING), direct);
    assert.deepEqual(outcome, { kind: 'moved', now: STAGING });
    assert.deepEqual(fake.requests, []);
  });

  it('a name two monitors have: refused, listing both by id; nothing read further, nothing sent', async () => {
    seed();
    fake.monitors.push({ ...structuredClone(REALISTIC_MONITORS[0]), id: 'mon_errors_twin' });
    const preparation = await prepared('axiom_updateMonitor', { monitor: 'Checkout errors', threshold: 1 });
    assert.deepEqual(preparation, {
      ok: false,
      deployment: PROD,
      why: {
        kind: 'ambiguous',
        monitor: 'Checkout errors',
        matches: [
          { id: 'mon_errors_1', name: 'Checkout errors' },
          { id: 'mon_errors_twin', name: 'Checkout errors' },
        ],
      },
    });
    assert.equal(fake.requestsTo('GET /v2/monitors/{id}').length, 0);
    assert.deepEqual(writes(), []);
    const text = renderReport(
      unpreparedReport(undefined, 'axiom_updateMonitor', preparation.ok ? never() : preparation.why),
    ).text;
    assert.match(text, /Nothing was sent: 2 monitors have the name "Checkout errors"/);
    assert.match(text, /\{"id":"mon_errors_1","name":"Checkout errors"\}\n\{"id":"mon_errors_twin"/);
  });

  for (const status of [429, 500]) {
    it(`the monitor unreadable (${status}): the change cannot be prepared, and says so`, async () => {
      seed();
      fake.fail('GET /v2/monitors/{id}', { status, headers: status === 429 ? { 'retry-after': '0' } : {} });
      const preparation = await prepared('axiom_updateMonitor', { monitor: 'mon_errors_1', threshold: 150 });
      assert.equal(preparation.ok, false);
      if (preparation.ok) return;
      assert.equal(preparation.why.kind, 'unreadable');
      const text = renderReport(unpreparedReport(undefined, 'axiom_updateMonitor', preparation.why)).text;
      assert.match(text, /^The change cannot be prepared, so nothing was sent and the person was not asked/);
      assert.deepEqual(writes(), []);
    });
  }

  it('not found, signed out, nothing to change, a change the checks refuse: no preparation to confirm', async () => {
    seed();
    const why = async (input: ToolInputs['axiom_updateMonitor']) => {
      const preparation = await prepared('axiom_updateMonitor', input);
      return preparation.ok ? never() : preparation.why.kind;
    };
    assert.equal(await why({ monitor: 'nope', threshold: 1 }), 'notFound');
    assert.equal(await why({ monitor: 'mon_errors_1', threshold: 100 }), 'unchanged');
    assert.equal(await why({ monitor: 'mon_errors_1', aplQuery: "['http-logs'] | where status >= 500" }), 'refused');
    const signedOut = await prepareWrite(
      'axiom_updateMonitor',
      { monitor: 'mon_errors_1', threshold: 1 },
      async () => ({ deployment: PROD, client: undefined }),
      direct,
    );
    assert.deepEqual(signedOut, { ok: false, deployment: PROD, why: { kind: 'signedOut' } });
    assert.deepEqual(writes(), []);
  });

  it('a create and a star: the exact bodies prepared (the owner read first), then sent as they are', async () => {
    const monitor = {
      name: '5xx',
      type: 'Threshold',
      aplQuery: "['http-logs'] | where status >= 500 | summarize count()",
      operator: 'Above',
      threshold: 10,
    } as const;
    const create = ok(await prepared('axiom_createMonitor', monitor));
    assert.deepEqual(create.plan, { tool: 'axiom_createMonitor', body: monitor });
    const star = ok(await prepared('axiom_starQuery', { apl: "['http-logs'] | count", name: 'Count' }));
    assert.deepEqual(star.plan, {
      tool: 'axiom_starQuery',
      body: {
        kind: 'apl',
        name: 'Count',
        who: 'usr_fake_1',
        query: { apl: "['http-logs'] | count" },
        metadata: {},
        dataset: 'http-logs',
      },
    });
    assert.deepEqual(writes(), []);
    assert.equal((await sendPrepared(create, session(), direct)).kind, 'created');
    assert.equal((await sendPrepared(star, session(), direct)).kind, 'starred');
    assert.deepEqual(JSON.parse(fake.requestsTo('POST /v2/monitors')[0].body), create.plan.body);
    assert.deepEqual(JSON.parse(fake.requestsTo('POST /v2/apl-starred-queries')[0].body), star.plan.body);
    const refused = await prepared('axiom_createMonitor', { ...monitor, aplQuery: "['http-logs']" });
    assert.equal(!refused.ok && refused.why.kind, 'refused');
  });
});

describe('agents: a dashboard chart change is prepared with the version read, and sent as prepared', () => {
  const patches = () => fake.requestsTo('PATCH /v2/dashboards/uid/{uid}/charts/{chartId}');

  it('each change from → to, the merge patch of the one chart with the version read; sent as it is', async () => {
    fake.dashboards.reset();
    fake.dashboards.add(sampleDashboard(), 'checkout');
    const apl = "['http-logs'] | top 5 by req_duration_ms";
    const preparation = ok(
      await prepared('axiom_updateDashboardChart', {
        uid: 'checkout',
        chartId: 'slowest',
        apl,
        name: 'Slowest requests',
      }),
    );
    const { plan } = preparation;
    assert.equal(plan.tool, 'axiom_updateDashboardChart');
    if (plan.tool !== 'axiom_updateDashboardChart') return;
    assert.deepEqual(
      plan.changes,
      [['query.apl', "['http-logs'] | top 10 by req_duration_ms", apl]],
      'a title already so is not a change',
    );
    assert.deepEqual(plan.body, { chart: { query: { apl } }, version: 1 });
    assert.deepEqual(writes(), []);

    const outcome = await sendPrepared(preparation, session(), direct);
    assert.equal(outcome.kind, 'chartUpdated');
    assert.equal(patches().length, 1);
    assert.equal(patches()[0].path, '/v2/dashboards/uid/checkout/charts/slowest');
    assert.deepEqual(JSON.parse(patches()[0].body), plan.body);
    const chart = (fake.dashboards.byUid('checkout')!.dashboard.charts as Record<string, unknown>[])[1];
    assert.deepEqual(chart, { id: 'slowest', type: 'Table', name: 'Slowest requests', query: { apl } });
  });

  it('the dashboard changed in Axiom since: a conflict, nothing changed; a chart not there or already so: nothing sent', async () => {
    fake.dashboards.reset();
    fake.dashboards.add(sampleDashboard(), 'checkout');
    const preparation = ok(
      await prepared('axiom_updateDashboardChart', { uid: 'checkout', chartId: 'errors', name: 'Errors' }),
    );
    fake.dashboards.changeBehindTheBack('checkout', (document) => {
      document.description = 'changed elsewhere';
    });
    const outcome = await sendPrepared(preparation, session(), direct);
    assert.equal(outcome.kind, 'dashboardConflict');
    const charts = fake.dashboards.byUid('checkout')!.dashboard.charts as Record<string, unknown>[];
    assert.equal(charts[2].name, 'Server errors');

    const missing = await prepared('axiom_updateDashboardChart', { uid: 'checkout', chartId: 'nope', name: 'x' });
    assert.deepEqual(missing.ok ? undefined : missing.why, { kind: 'chartNotFound', uid: 'checkout', chartId: 'nope' });
    const same = await prepared('axiom_updateDashboardChart', {
      uid: 'checkout',
      chartId: 'errors',
      name: 'Server errors',
    });
    assert.deepEqual(same.ok ? undefined : same.why, { kind: 'chartUnchanged', uid: 'checkout', chartId: 'errors' });
    assert.ok(!missing.ok);
    assert.match(
      renderReport(unpreparedReport(undefined, 'axiom_updateDashboardChart', missing.why)).text,
      /no chart with id/,
    );
  });
});

describe('agents: preparations are kept for their own call', () => {
  const fine = (name: string): Preparation => ({
    ok: true,
    deployment: { ...PROD, name },
    plan: { tool: 'axiom_createMonitor', body: {} },
  });

  it('keyed by the tool and the input whatever its key order; taken once, the newest first', () => {
    const kept = new Preparations();
    const key = Preparations.key('axiom_updateMonitor', { monitor: 'm', threshold: 1 });
    assert.equal(key, Preparations.key('axiom_updateMonitor', { threshold: 1, monitor: 'm' }));
    assert.notEqual(key, Preparations.key('axiom_updateMonitor', { monitor: 'm', threshold: 2 }));
    assert.notEqual(key, Preparations.key('axiom_createMonitor', { monitor: 'm', threshold: 1 }));
    kept.remember(key, fine('older'));
    kept.remember(Preparations.key('axiom_starQuery', {}), fine('other'));
    kept.remember(key, fine('newer'));
    assert.equal(kept.take(key)?.deployment?.name, 'newer');
    assert.equal(kept.take(key)?.deployment?.name, 'older');
    assert.equal(kept.take(key), undefined);
  });

  it('forgotten after their lifetime', () => {
    let now = 0;
    const kept = new Preparations(() => now);
    kept.remember('k', fine('a'));
    now = PREPARATION_LIFETIME_MS + 1;
    assert.equal(kept.take('k'), undefined);
  });
});

/** Token-like values: an API or personal token's shape, and a secret this session holds. */
const SESSION_SECRET = 'session-secret-7f3a9';
const tokenLike = fc.oneof(
  fc
    .tuple(fc.constantFrom('xaat-', 'xapt-'), fc.stringMatching(/^[A-Za-z0-9_-]{1,24}$/))
    .map(([prefix, rest]) => prefix + rest),
  fc.constant(SESSION_SECRET),
);
/** `text` with `token` inserted at `at` (a fraction of its length). */
const inserted = (text: string, token: string, at: number) => {
  const cut = Math.floor(at * (text.length + 1));
  return text.slice(0, cut) + token + text.slice(cut);
};

describe('agents: a body holding a token-like value is refused, never sent masked or unmasked', () => {
  rememberSecret(SESSION_SECRET);

  it('an annotation, a starred query, a monitor and a chart holding one: refused, saying where and why; nothing sent', async () => {
    seed();
    fake.dashboards.add(sampleDashboard('Checkout'), 'checkout');
    const cases: [WriteTool, object, string][] = [
      ['axiom_createAnnotation', { type: 'deploy', datasets: 'http-logs', title: 'with xaat-1234-abcd' }, '$.title'],
      ['axiom_starQuery', { apl: "['http-logs'] | where token == 'xapt-99'", name: 'q' }, '$.query.apl'],
      [
        'axiom_createMonitor',
        {
          name: 'm',
          type: 'Threshold',
          aplQuery: "['http-logs'] | summarize count()",
          operator: 'Above',
          threshold: 1,
          description: `pages ${SESSION_SECRET}`,
        },
        '$.description',
      ],
      ['axiom_updateMonitor', { monitor: 'Checkout errors', description: 'hexaat-abc' }, '$.description'],
      ['axiom_updateDashboardChart', { uid: 'checkout', chartId: 'slowest', name: 'xaat-x' }, '$.chart.name'],
    ];
    for (const [tool, input, place] of cases) {
      const preparation = await prepared(tool, input as ToolInputs[typeof tool]);
      assert.ok(!preparation.ok, `${tool} refused`);
      assert.deepEqual(preparation.why, { kind: 'holdsSecret', places: [place] }, tool);
      const text = renderReport(unpreparedReport(undefined, tool, preparation.why)).text;
      assert.match(text, /Nothing was sent.*shaped like an Axiom token.*never sent in a record, masked or not/);
      assert.ok(!text.includes(SESSION_SECRET), 'the report does not repeat the secret');
    }
    assert.deepEqual(writes(), []);
  });

  it('for any body: a token-like value inserted in any text or key is found there; a body without one has none', () => {
    const plainText = fc.string().filter((text) => !/xa[ap]t-|session-secret/.test(text));
    const plainJson = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        plainText,
        fc.integer(),
        fc.boolean(),
        fc.constant(null),
        fc.array(tie('value'), { maxLength: 4 }),
        fc.dictionary(plainText, tie('value'), { maxKeys: 4 }),
      ),
    })).value;
    fc.assert(
      fc.property(
        plainJson,
        tokenLike,
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.nat(),
        (body, token, at, pick) => {
          assert.deepEqual(secretPlaces(body), []);
          // Every place a text sits (a value or a key), with a function putting the token there.
          const places: { path: string; put: () => unknown }[] = [];
          const visit = (value: unknown, path: string, rebuild: (v: unknown) => unknown) => {
            if (typeof value === 'string') places.push({ path, put: () => rebuild(inserted(value, token, at)) });
            else if (Array.isArray(value)) {
              const items: readonly unknown[] = value;
              items.forEach((item, i) =>
                visit(item, `${path}[${i}]`, (v) => rebuild(items.map((x, j) => (j === i ? v : x)))),
              );
            } else if (typeof value === 'object' && value !== null)
              for (const [key, item] of Object.entries(value)) {
                const keyed = inserted(key, token, at);
                places.push({
                  path: `${path}.${keyed}`,
                  put: () =>
                    rebuild(Object.fromEntries(Object.entries(value).map(([k, v]) => [k === key ? keyed : k, v]))),
                });
                visit(item, `${path}.${key}`, (v) => rebuild({ ...value, [key]: v }));
              }
          };
          visit(body, '$', (v) => v);
          if (!places.length) return;
          const { path, put } = places[pick % places.length];
          assert.ok(secretPlaces(put()).includes(path), `${path} found in ${JSON.stringify(put())}`);
        },
      ),
    );
  });

  it('for any annotation with a token-like value inserted in any of its texts: refused, and nothing is sent', async () => {
    const fields = ['title', 'description', 'url', 'datasets', 'type'] as const;
    await fc.assert(
      fc.asyncProperty(
        fc.record({ title: fc.string(), description: fc.string() }),
        fc.constantFrom(...fields),
        tokenLike,
        fc.double({ min: 0, max: 1, noNaN: true }),
        async (texts, field, token, at) => {
          fake.reset();
          const input: Record<string, string> = {
            type: 'deploy',
            datasets: 'http-logs',
            url: 'https://example.com/pr/1',
            ...texts,
          };
          input[field] = inserted(input[field], token, at);
          const preparation = await prepared(
            'axiom_createAnnotation',
            input as unknown as ToolInputs['axiom_createAnnotation'],
          );
          assert.ok(!preparation.ok, `refused: ${JSON.stringify(input)}`);
          assert.deepEqual(writes(), []);
        },
      ),
      { numRuns: 60 },
    );
  });
});

function never(): never {
  throw new Error('not expected here');
}

describe('agents: results', () => {
  it('a monitor change: only the settings named that differ; a refusal says why, field by field', () => {
    const raw = { id: 'm1', name: 'Checkout', threshold: 5, intervalMinutes: 5, disabled: false };
    assert.deepEqual(
      monitorChanges(raw, { monitor: 'm1', threshold: 10, intervalMinutes: 5, disabled: true, description: 'why' }),
      [
        ['threshold', 5, 10],
        ['disabled', false, true],
        ['description', null, 'why'],
      ],
    );
    const { text } = renderReport(
      monitorRefusedReport(PROD_LABEL, [{ field: 'aplQuery', reason: 'A threshold query ends with summarize.' }]),
    );
    assert.match(text, /Nothing was sent: the monitor would not be valid/);
    assert.match(
      text,
      /<reference label="problems" count="1">\n\{"field":"aplQuery","problem":"A threshold query ends with summarize\."\}/,
    );
  });
});

describe('agents: the framing read back', () => {
  it('the tools that write are those toolSpecs.ts marks so', () => {
    assert.deepEqual(
      TOOL_NAMES.filter(isWriteTool),
      TOOL_SPECS.filter((spec) => spec.writes).map((spec) => spec.name),
    );
    assert.deepEqual(TOOL_NAMES.filter(isWriteTool), [
      'axiom_starQuery',
      'axiom_updateMonitor',
      'axiom_createMonitor',
      'axiom_createAnnotation',
      'axiom_updateDashboardChart',
    ]);
  });
});
