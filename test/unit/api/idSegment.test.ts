// Ids in request paths (core/api/idSegment.ts) over real HTTP to the fake service: any id is one
// path segment that the service reads back as the same id; `.`, `..` and an empty id never leave.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { idSegment } from '../../../src/core/api/idSegment';
import type { AxiomClient } from '../../../src/core/api/client';
import { rejection, fakeServiceUnderTest } from '../../support/testClient';
import { sampleDashboard } from '../../support/dashboardFixtures';

const { fake, connect } = fakeServiceUnderTest();
const client = () => connect({ retry: { maxTries: 1, budgetMs: 0, baseDelayMs: 0 } });

/** Every call of the client that places an id in a path, with the collection the id is under. */
const PLACING: readonly { collection: string; call: (c: AxiomClient, id: string) => Promise<unknown> }[] = [
  { collection: '/v2/monitors/', call: (c, id) => c.getMonitor(id) },
  { collection: '/v2/monitors/', call: (c, id) => c.deleteMonitor(id) },
  { collection: '/v2/monitors/', call: (c, id) => c.getMonitorHistory(id, new Date(0), new Date(1)) },
  { collection: '/v2/dashboards/uid/', call: (c, id) => c.getDashboard(id) },
  { collection: '/v2/dashboards/uid/', call: (c, id) => c.deleteDashboard(id) },
  { collection: '/v2/annotations/', call: (c, id) => c.getAnnotation(id) },
  { collection: '/v2/annotations/', call: (c, id) => c.deleteAnnotation(id) },
  { collection: '/v2/apl-starred-queries/', call: (c, id) => c.getStarredQuery(id) },
  { collection: '/v2/apl-starred-queries/', call: (c, id) => c.deleteStarredQuery(id) },
  { collection: '/v2/datasets/', call: (c, id) => c.listFields(id) },
];

/** The segment right after `collection` in the one request the fake service received. */
function receivedSegment(collection: string): string {
  assert.equal(fake.requests.length, 1, `one request: ${fake.requests.map((r) => r.path).join(', ')}`);
  const path = fake.requests[0].path.split('?')[0];
  assert.ok(path.startsWith(collection), `${path} is under ${collection}`);
  return path.slice(collection.length).split('/')[0];
}

describe('ids in request paths', () => {
  it('refuses `.`, `..`, an empty id and a lone surrogate before any request, on every endpoint', async () => {
    for (const id of ['..', '.', '', '\ud800'])
      for (const { call } of PLACING) {
        const error = await rejection(call(client(), id));
        assert.equal(error.kind, 'badRequest');
      }
    assert.deepEqual(fake.requests, [], 'nothing reached the service, least of all a collection');
  });

  it('`..` never reaches the dashboards collection: a DELETE of the uid `..` sends nothing', async () => {
    fake.dashboards.add(sampleDashboard('Kept'), 'kept');
    await rejection(client().deleteDashboard('..'));
    assert.equal(fake.requestsTo('DELETE /v2/dashboards/uid/{uid}').length, 0);
    assert.deepEqual(fake.requests, []);
    assert.ok(fake.dashboards.stored.some((d) => d.uid === 'kept'));
  });

  it('escapes what would split or end a segment, and keeps dots inside an id', () => {
    assert.equal(idSegment('a/b'), 'a%2Fb');
    assert.equal(idSegment('a?b#c'), 'a%3Fb%23c');
    assert.equal(idSegment('...'), '...');
    assert.equal(idSegment('%2E%2E'), '%252E%252E');
    assert.equal(idSegment('mon_1.2'), 'mon_1.2');
  });

  it('for any id: exactly one segment under its collection, and the service reads the same id back', async () => {
    const ids = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 20 }),
      fc.constantFrom('...', './', '../x', '%2e%2e', '.%2E', '/', '\\..', '..;', ' ..', '..\u0000'),
    );
    await fc.assert(
      fc.asyncProperty(ids, fc.constantFrom(...PLACING), async (id, { collection, call }) => {
        fake.reset();
        let refused = false;
        try {
          idSegment(id);
        } catch {
          refused = true;
        }
        await call(client(), id).catch(() => undefined);
        if (refused) {
          assert.deepEqual(fake.requests, []);
          return;
        }
        const segment = receivedSegment(collection);
        assert.equal(decodeURIComponent(segment), id);
      }),
      { numRuns: 150 },
    );
  });
});
