import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import type { AxiomClient } from '../../../src/core/api/client';
import {
  defaultEdgeUrl,
  edgeForDatasets,
  edgesInUse,
  edgeUrlOfName,
  trustedEdgeUrl,
  TWO_EDGES,
  UNKNOWN_EDGE,
  type DatasetEdge,
  type EdgeFacts,
} from '../../../src/core/api/edges';
import { adviceFor } from '../../../src/core/api/errorAdvice';
import { isAxiomError } from '../../../src/core/api/errors';
import type { ClientOptions } from '../../../src/core/api/http';
import { createDispatcher } from '../../../src/core/api/undiciTransport';
import { render } from '../../../src/core/phrase';
import { FakeAxiom, FAKE_ORG_ID, FAKE_PERSONAL_TOKEN } from '../../support/fakeAxiom';
import { FakeEdge } from '../../support/fakeEdges';
import { CapturedLog, rejection, testClient, useFakeService } from '../../support/testClient';

const US = 'cloud.us-east-1.aws';
const EU = 'cloud.eu-central-1.aws';
const ORIGIN = 'https://api.axiom.co';

function facts(datasets: DatasetEdge[], more: Partial<EdgeFacts> = {}): EdgeFacts {
  return { deploymentOrigin: ORIGIN, datasets, defaultEdge: US, ...more };
}

/** The edges the property tests' datasets are on (undefined: none named). */
const EDGE_NAMES = [US, EU, 'cloud.ap-south-1.aws', undefined];
/** A dataset list as /v2/datasets may send it: short names (some alike), each on one of EDGE_NAMES or none. */
const ANY_LISTED = fc
  .array(
    fc.record({ name: fc.string({ minLength: 1, maxLength: 4 }), edgeDeployment: fc.constantFrom(...EDGE_NAMES) }),
    {
      maxLength: 6,
    },
  )
  .map((list): DatasetEdge[] => list.map((d) => (d.edgeDeployment ? d : { name: d.name })));
/** The datasets a query reads: names from the same small alphabet, listed or not. */
const ANY_QUERIED = fc.array(fc.string({ maxLength: 4 }), { maxLength: 5 });

const LISTED: DatasetEdge[] = [
  { name: 'http-logs', edgeDeployment: US },
  { name: 'eu-logs', edgeDeployment: EU, edgeDeploymentUrl: 'https://eu-central-1.aws.edge.axiom.co' },
  { name: 'eu-metrics', edgeDeployment: EU },
  { name: 'plain' },
];

describe('edges: which edge serves a query', () => {
  it('sends datasets on the default edge, on none, or unknown to the deployment itself', () => {
    assert.equal(edgeForDatasets(['http-logs', 'plain', 'not-listed'], facts(LISTED)), undefined);
    assert.equal(edgeForDatasets([], facts(LISTED)), undefined);
  });

  it("sends datasets on another edge to that edge's address, named or derived from the name", () => {
    assert.equal(edgeForDatasets(['eu-logs'], facts(LISTED)), 'https://eu-central-1.aws.edge.axiom.co');
    assert.equal(edgeForDatasets(['eu-metrics', 'eu-logs'], facts(LISTED)), 'https://eu-central-1.aws.edge.axiom.co');
    assert.equal(edgeUrlOfName('cloud.us-east-1.aws'), 'https://us-east-1.aws.edge.axiom.co');
    assert.equal(edgeUrlOfName('somewhere'), undefined);
  });

  it('refuses a query over two edges before sending, naming both edges and a dataset on each', () => {
    const error = (() => {
      try {
        edgeForDatasets(['http-logs', 'eu-logs'], facts(LISTED));
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    assert.ok(isAxiomError(error));
    assert.equal(error.code, TWO_EDGES);
    for (const word of ['http-logs', US, 'eu-logs', EU]) assert.ok(error.message.includes(word), word);
    assert.equal(render(adviceFor(error, 'Running the query').message).split('. ').length > 1, true);
  });

  it('with the org unknown (an API token), one edge every named dataset is on is where the query goes', () => {
    const noOrg = facts(LISTED, { defaultEdge: undefined });
    assert.equal(edgeForDatasets(['http-logs'], noOrg), 'https://us-east-1.aws.edge.axiom.co');
    assert.equal(edgeForDatasets(['eu-logs', 'not-listed'], noOrg), 'https://eu-central-1.aws.edge.axiom.co');
  });

  it('says so when a dataset is on an edge whose address is not known', () => {
    assert.throws(
      () => edgeForDatasets(['odd'], facts([{ name: 'odd', edgeDeployment: 'moon-base' }])),
      (e: unknown) => isAxiomError(e) && e.code === UNKNOWN_EDGE && e.message.includes('moon-base'),
    );
  });

  it('follows an edge address from the service only to Axiom’s hosts (or loopback beside a loopback deployment)', () => {
    assert.equal(
      trustedEdgeUrl('https://eu-central-1.aws.edge.axiom.co/', ORIGIN),
      'https://eu-central-1.aws.edge.axiom.co',
    );
    assert.equal(trustedEdgeUrl('eu-central-1.aws.edge.axiom.co', ORIGIN), 'https://eu-central-1.aws.edge.axiom.co');
    assert.equal(trustedEdgeUrl('https://evil.example/axiom.co', ORIGIN), undefined);
    assert.equal(trustedEdgeUrl('http://eu-central-1.aws.edge.axiom.co', ORIGIN), undefined);
    assert.equal(trustedEdgeUrl('http://127.0.0.2:9', ORIGIN), undefined);
    assert.equal(trustedEdgeUrl('http://127.0.0.2:9', 'http://127.0.0.1:8'), 'http://127.0.0.2:9');
    // A refused address falls back to the address of the edge's name.
    assert.equal(
      edgeForDatasets(['x'], facts([{ name: 'x', edgeDeployment: EU, edgeDeploymentUrl: 'https://evil.example' }])),
      'https://eu-central-1.aws.edge.axiom.co',
    );
  });

  it("gives MPL the deployment's default edge: the one set, the org's, US East 1, or a local deployment itself", () => {
    assert.equal(
      defaultEdgeUrl({ deploymentOrigin: ORIGIN, configuredEdgeUrl: 'eu-central-1.aws.edge.axiom.co/' }),
      'https://eu-central-1.aws.edge.axiom.co',
    );
    assert.equal(
      defaultEdgeUrl({ deploymentOrigin: ORIGIN, defaultEdge: EU }),
      'https://eu-central-1.aws.edge.axiom.co',
    );
    assert.equal(defaultEdgeUrl({ deploymentOrigin: ORIGIN }), 'https://us-east-1.aws.edge.axiom.co');
    assert.equal(
      defaultEdgeUrl({ deploymentOrigin: 'http://127.0.0.1:5000', defaultEdge: US }),
      'http://127.0.0.1:5000',
    );
  });

  it('with an edge set for the deployment: datasets that name no edge go there, a dataset’s own edge wins, two edges are refused', () => {
    const SET = 'https://ap-south-1.aws.edge.axiom.co';
    const withSet = facts(LISTED, { configuredEdgeUrl: 'ap-south-1' });
    assert.equal(edgeForDatasets(['plain'], withSet), SET, 'no edge named: the one set');
    assert.equal(edgeForDatasets(['not-listed'], withSet), SET, 'unknown to the list: the one set');
    assert.equal(edgeForDatasets([], withSet), SET, 'a query that reads no dataset: the one set');
    assert.equal(edgeForDatasets(['eu-logs'], withSet), 'https://eu-central-1.aws.edge.axiom.co', 'its own edge wins');
    assert.equal(
      edgeForDatasets(['http-logs'], withSet),
      'https://us-east-1.aws.edge.axiom.co',
      'its own edge wins, the org’s default too',
    );
    assert.throws(
      () => edgeForDatasets(['plain', 'eu-logs'], withSet),
      (e: unknown) =>
        isAxiomError(e) && e.code === TWO_EDGES && e.message.includes('plain') && e.message.includes('eu-logs'),
    );
    // The same edge reached two ways (its name, the setting) is one edge.
    const euSet = facts(LISTED, { configuredEdgeUrl: 'https://eu-central-1.aws.edge.axiom.co/' });
    assert.equal(edgeForDatasets(['plain', 'eu-logs', 'eu-metrics'], euSet), 'https://eu-central-1.aws.edge.axiom.co');
    assert.equal(defaultEdgeUrl(withSet), SET, 'MPL goes to the one set');
  });

  it('an edge set that cannot be used is not used: queries go where they went without it', () => {
    for (const bad of ['http://eu-central-1.aws.edge.axiom.co', 'not an edge', 'https://u:p@edge.example.com']) {
      const f = facts(LISTED, { configuredEdgeUrl: bad });
      assert.equal(edgeForDatasets(['plain'], f), undefined, bad);
      assert.equal(defaultEdgeUrl(f), 'https://us-east-1.aws.edge.axiom.co', bad);
      assert.deepEqual(
        edgesInUse(f).map((e) => e.url),
        ['https://eu-central-1.aws.edge.axiom.co'],
        bad,
      );
    }
  });

  it('Test Connection’s edges: the one set first (marked), then the others that hold datasets, each address once', () => {
    assert.deepEqual(edgesInUse(facts(LISTED, { configuredEdgeUrl: 'eu-central-1' })), [
      { name: 'eu-central-1.aws.edge.axiom.co', url: 'https://eu-central-1.aws.edge.axiom.co', configured: true },
    ]);
    assert.deepEqual(edgesInUse(facts(LISTED, { configuredEdgeUrl: 'ap-south-1' })), [
      { name: 'ap-south-1.aws.edge.axiom.co', url: 'https://ap-south-1.aws.edge.axiom.co', configured: true },
      { name: EU, url: 'https://eu-central-1.aws.edge.axiom.co' },
    ]);
  });

  it('property: with an edge set, every answer is the one set or the edge of a dataset that names its own', () => {
    fc.assert(
      fc.property(
        ANY_LISTED,
        ANY_QUERIED,
        fc.constantFrom(US, EU, undefined),
        fc.constantFrom('eu-central-1', 'ap-south-1', 'https://edge.example.com'),
        (listed, names, defaultEdge, configuredEdgeUrl) => {
          const f = facts(listed, { defaultEdge, configuredEdgeUrl });
          try {
            const url = edgeForDatasets(names, f);
            const set = defaultEdgeUrl(f);
            const byName = new Map(f.datasets.map((d) => [d.name, d]));
            const own = names.flatMap((n) => {
              const edge = byName.get(n)?.edgeDeployment;
              return edge ? [edgeUrlOfName(edge)] : [];
            });
            assert.ok(url === set || own.includes(url), `${url} is the one set (${set}) or a dataset’s own`);
            // Every dataset that names no edge is served by the answer: it is the one set.
            if (names.some((n) => !byName.get(n)?.edgeDeployment)) assert.equal(url, set);
          } catch (e) {
            assert.ok(isAxiomError(e) && e.code === TWO_EDGES, String(e));
          }
        },
      ),
    );
  });

  it('property: the answer does not depend on the order of the datasets, and is one of their edges or none', () => {
    fc.assert(
      fc.property(ANY_LISTED, ANY_QUERIED, fc.constantFrom(US, EU, undefined), (listed, names, defaultEdge) => {
        const f = facts(listed, { defaultEdge });
        const outcome = (order: string[]) => {
          try {
            return { url: edgeForDatasets(order, f) };
          } catch (e) {
            assert.ok(isAxiomError(e) && e.code === TWO_EDGES, String(e));
            return { refused: true };
          }
        };
        const forward = outcome(names);
        assert.deepEqual(outcome([...names].reverse()), forward);
        if (forward.url !== undefined)
          assert.ok(
            EDGE_NAMES.some((e) => e && edgeUrlOfName(e) === forward.url),
            forward.url,
          );
      }),
    );
  });
});

describe('edges: queries over HTTP', () => {
  const fake = new FakeAxiom();
  const eu = new FakeEdge(fake, EU);
  const dispatcher = createDispatcher();
  const log = new CapturedLog();
  const client = (overrides: Partial<ClientOptions> = {}): AxiomClient =>
    testClient(fake.url, dispatcher, log, overrides);
  const RANGE = { startTime: 'now-1h', endTime: 'now' };

  useFakeService(fake, dispatcher, log, () => (eu.requests.length = 0));
  before(async () => {
    await eu.start();
    eu.placeDatasets('eu-logs', 'eu-audit');
  });
  after(() => eu.stop());

  it("sends a query over a dataset on another edge to that edge's /v1/query/_apl, with the same token and org", async () => {
    const result = await client({ orgId: FAKE_ORG_ID }).runApl("['eu-logs'] | take 2", RANGE);
    assert.equal(result.tables[0].rowCount, 2);
    assert.deepEqual(
      eu.requests.map((r) => `${r.method} ${r.path}`),
      ['POST /v1/query/_apl?format=tabular'],
    );
    assert.equal(eu.requests[0].headers.authorization, `Bearer ${fake.token}`);
    assert.equal(eu.requests[0].headers['x-axiom-org-id'], FAKE_ORG_ID);
    assert.equal(fake.requestsTo('POST /v1/datasets/_apl').length, 0, 'nothing to the deployment’s own query endpoint');
  });

  it('sends a query over the default edge’s datasets to the deployment itself, and reads the lists once', async () => {
    const c = client({ orgId: FAKE_ORG_ID });
    await c.runApl("['http-logs'] | count", RANGE);
    await c.runApl("['eu-logs'] | count", RANGE);
    assert.equal(fake.requestsTo('POST /v1/datasets/_apl').length, 1);
    assert.equal(eu.requests.length, 1);
    assert.equal(fake.requestsTo('GET /v2/datasets').length, 1, 'the dataset list read once for both');
  });

  it('refuses a query naming datasets on two edges before sending it, naming both', async () => {
    fake.datasetEdges['http-logs'] = { edgeDeployment: US };
    const error = await rejection(
      client({ token: FAKE_PERSONAL_TOKEN, orgId: FAKE_ORG_ID }).runApl("['http-logs'] | union ['eu-logs']", RANGE),
    );
    delete fake.datasetEdges['http-logs'];
    assert.equal(error.code, TWO_EDGES);
    assert.ok(error.message.includes(US) && error.message.includes(EU), error.message);
    assert.equal(fake.requestsTo('POST /v1/datasets/_apl').length, 0);
    assert.equal(eu.requests.length, 0);
  });

  it('says in one sentence that an edge takes API tokens when a personal token is refused there', async () => {
    const error = await rejection(
      client({ token: FAKE_PERSONAL_TOKEN, orgId: FAKE_ORG_ID }).runApl("['eu-audit'] | take 1", RANGE),
    );
    assert.equal(eu.requests.length, 1);
    const advice = adviceFor(error, 'Running the query');
    assert.equal(
      render(advice.message),
      `Running the query failed: The edge deployment at ${new URL(eu.url).host} does not take personal access tokens: set an API token (xaat-…) that can query these datasets.`,
    );
    assert.deepEqual(advice.actions, ['setToken', 'showLog']);
  });

  it('refuses the standard query path on the edge with 404, as the edges do', async () => {
    const answer = await fetch(`${eu.url}/v1/datasets/_apl?format=tabular`, { method: 'POST', body: '{}' });
    assert.equal(answer.status, 404);
  });

  it('still queries when the token may not read the dataset list (the deployment itself serves it)', async () => {
    fake.fail('GET /v2/datasets', { status: 403, body: { code: 403, message: 'Forbidden' } });
    await client().runApl("['eu-logs'] | count", RANGE);
    assert.equal(fake.requestsTo('POST /v1/datasets/_apl').length, 1);
    assert.ok(log.warnings.some((w) => w.includes('the dataset list could not be read')));
  });

  it('answers which edge serves a set of datasets and where MPL goes (the seam for metrics)', async () => {
    // A personal token: the org, and so its default edge, is known.
    const c = client({ token: FAKE_PERSONAL_TOKEN, orgId: FAKE_ORG_ID });
    assert.equal(await c.edgeFor(['eu-logs']), eu.url);
    assert.equal(await c.edgeFor(['http-logs']), undefined);
    assert.equal(await c.mplEdgeFor(['eu-logs']), eu.url);
    assert.equal(await c.mplEdgeFor(['http-logs']), fake.url, 'a local deployment is its own default edge');
    fake.datasetEdges['http-logs'] = { edgeDeployment: US };
    await assert.rejects(
      client({ token: FAKE_PERSONAL_TOKEN, orgId: FAKE_ORG_ID }).edgeFor(['http-logs', 'eu-audit']),
      (e: unknown) => isAxiomError(e) && e.code === TWO_EDGES,
    );
    delete fake.datasetEdges['http-logs'];
  });

  it('with an edge set for the deployment, a query over a dataset that names no edge goes to that edge; one that names its own goes to its own', async () => {
    const set = new FakeEdge(fake, 'cloud.set-by-person.aws', '127.0.0.3');
    await set.start();
    try {
      const c = client({ edgeUrl: set.url });
      await c.runApl("['http-logs'] | count", RANGE);
      assert.deepEqual(
        set.requests.map((r) => `${r.method} ${r.path}`),
        ['POST /v1/query/_apl?format=tabular'],
      );
      assert.equal(
        fake.requestsTo('POST /v1/datasets/_apl').length,
        0,
        'nothing to the deployment’s own query endpoint',
      );
      await c.runApl("['eu-logs'] | count", RANGE);
      assert.equal(eu.requests.length, 1, 'the dataset’s own edge wins over the one set');
      assert.equal(set.requests.length, 1);
      assert.equal(await c.mplEdgeFor(['http-logs']), set.url, 'MPL too');
      assert.deepEqual(
        (await c.edgesInUse()).map((e) => [e.url, e.configured ?? false]),
        [
          [set.url, true],
          [eu.url, false],
        ],
      );
    } finally {
      await set.stop();
    }
  });

  it('a caller’s cancel is its own: a later caller waiting for the same read of the lists still gets its answer', async () => {
    fake.fail('GET /v2/datasets', { delayMs: 300, times: 1 });
    const c = client();
    const first = new AbortController();
    const second = new AbortController();
    const firstAnswer = c.edgeFor(['eu-logs'], first.signal);
    const secondAnswer = c.edgeFor(['eu-logs'], second.signal);
    await new Promise((resolve) => setTimeout(resolve, 50));
    first.abort();
    const cancelled = await rejection(firstAnswer);
    assert.equal(cancelled.kind, 'cancelled', 'the first caller stops waiting at once');
    assert.equal(await secondAnswer, eu.url, 'the second caller gets the answer of the same read');
    assert.equal(fake.requestsTo('GET /v2/datasets').length, 1, 'one read for both');
    assert.equal(fake.abandoned.length, 0, 'the read was not cut');
    assert.equal(await c.edgeFor(['eu-logs']), eu.url);
    assert.equal(fake.requestsTo('GET /v2/datasets').length, 1, 'and it is kept for the next caller');
  });

  it('when every caller cancels, the shared read stops, and the next caller reads again', async () => {
    fake.fail('GET /v2/datasets', { delayMs: 300, times: 1 });
    const c = client();
    const callers = [new AbortController(), new AbortController()];
    const answers = callers.map((caller) => c.edgeFor(['eu-logs'], caller.signal));
    await waitUntil(() => fake.requestsTo('GET /v2/datasets').length === 1);
    for (const caller of callers) caller.abort();
    for (const answer of answers) assert.equal((await rejection(answer)).kind, 'cancelled');
    await waitUntil(() => fake.abandoned.length === 1);
    assert.deepEqual(
      fake.abandoned.map((r) => `${r.method} ${r.path}`),
      ['GET /v2/datasets'],
      'nobody wants it: the request is cut',
    );
    assert.equal(await c.edgeFor(['eu-logs']), eu.url, 'the next caller is not handed the stopped read');
    assert.equal(fake.requestsTo('GET /v2/datasets').length, 2);
  });

  it('reads the tables union, join and lookup name, not only the source', async () => {
    fake.datasetEdges['http-logs'] = { edgeDeployment: US };
    const c = client({ token: FAKE_PERSONAL_TOKEN, orgId: FAKE_ORG_ID });
    for (const apl of [
      "['http-logs'] | join kind=inner (['eu-logs']) on id",
      "['http-logs'] | lookup ['eu-audit'] on id",
      "let t = ['eu-logs']; ['http-logs'] | union t",
    ])
      assert.equal((await rejection(c.runApl(apl, RANGE))).code, TWO_EDGES, apl);
    delete fake.datasetEdges['http-logs'];
  });
});

/** Waits (briefly) until `done` holds: for what the fake sees of a connection another task closes. */
async function waitUntil(done: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  assert.ok(done(), 'it happened');
}
