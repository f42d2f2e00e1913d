import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import type { AxiomClient } from '../../../src/core/api/client';
import {
  defaultEdgeUrl,
  edgeForDatasets,
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

  it('property: the answer does not depend on the order of the datasets, and is one of their edges or none', () => {
    const edges = [US, EU, 'cloud.ap-south-1.aws', undefined];
    const dataset = fc.record({
      name: fc.string({ minLength: 1, maxLength: 4 }),
      edgeDeployment: fc.constantFrom(...edges),
    });
    fc.assert(
      fc.property(
        fc.array(dataset, { maxLength: 6 }),
        fc.array(fc.string({ maxLength: 4 }), { maxLength: 5 }),
        fc.constantFrom(US, EU, undefined),
        (listed, names, defaultEdge) => {
          const f = facts(
            listed.map((d) => (d.edgeDeployment ? d : { name: d.name })),
            { defaultEdge },
          );
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
              edges.some((e) => e && edgeUrlOfName(e) === forward.url),
              forward.url,
            );
        },
      ),
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
