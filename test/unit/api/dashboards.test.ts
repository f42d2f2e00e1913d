// The dashboards client over real HTTP against the fake service: list, get, create, update with the
// version read (a stale one is a conflict callers can tell, with Axiom's version), overwrite only
// when asked, delete, one chart's merge patch; unknown fields kept; the readers never throw
// anything but the typed error.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { createDispatcher } from '../../../src/core/api/undiciTransport';
import { isDashboardConflict, parseDashboardList, readDashboardRecord } from '../../../src/core/api/dashboards';
import { CapturedLog, rejection, testClient, useFakeService } from '../../support/testClient';
import { FakeAxiom } from '../../support/fakeAxiom';
import { sampleDashboard } from '../../support/dashboardFixtures';
import { typedOutcome } from '../../support/untrustedInput';

const fake = new FakeAxiom();
const dispatcher = createDispatcher();
const log = new CapturedLog();
const client = () => testClient(fake.url, dispatcher, log);

useFakeService(fake, dispatcher, log);

const bodyOf = (index = -1) => JSON.parse(fake.requests.at(index)!.body) as Record<string, unknown>;

describe('dashboards client', () => {
  it('lists every dashboard, page after page, and skips (and logs) an entry it cannot read', async () => {
    for (let i = 0; i < 1002; i++) fake.dashboards.add(sampleDashboard(`Board ${i}`), `board-${i}`);
    fake.dashboards.stored[5] = { ...fake.dashboards.stored[5], version: 'one' as unknown as number };
    const list = await client().listDashboards();
    assert.equal(list.dashboards.length, 1001);
    assert.deepEqual(
      list.skipped.map((s) => s.index),
      [5],
    );
    assert.deepEqual(
      fake.requestsTo('GET /v2/dashboards').map((r) => r.path),
      ['/v2/dashboards?limit=1000&offset=0', '/v2/dashboards?limit=1000&offset=1000'],
    );
    assert.match(log.warnings.join('\n'), /skipped 1 of 1002 dashboards/);
    assert.equal(list.dashboards[0].dashboard.charts.length, 3);
  });

  it('gets one with its version, and keeps the document as sent, unknown fields included', async () => {
    const stored = fake.dashboards.add(sampleDashboard(), 'checkout');
    (stored as Record<string, unknown>).folder = 'ops';
    (stored.dashboard.charts as Record<string, unknown>[])[0].newThing = { kept: true };
    const record = await client().getDashboard('checkout');
    assert.equal(record.resource.version, 1);
    assert.equal(record.resource.folder, 'ops');
    assert.equal(record.resource.createdBy, 'usr_colleague');
    assert.deepEqual((record.document.charts as Record<string, unknown>[])[0].newThing, { kept: true });
    assert.equal(
      record.resource.dashboard.charts[0].query?.apl,
      "['http-logs'] | summarize count() by bin_auto(_time)",
    );
  });

  it('creates under the uid asked for, once; a second create of that uid is a conflict', async () => {
    const written = await client().createDashboard({ dashboard: sampleDashboard(), uid: 'as-code' });
    assert.equal(written.status, 'created');
    assert.equal(written.record.resource.uid, 'as-code');
    assert.equal(written.record.resource.version, 1);
    assert.equal(written.record.resource.createdBy, fake.user.id);
    assert.deepEqual(bodyOf(), { dashboard: sampleDashboard(), uid: 'as-code' });
    const again = await rejection(client().createDashboard({ dashboard: sampleDashboard(), uid: 'as-code' }));
    assert.ok(isDashboardConflict(again));
    assert.equal(fake.requestsTo('POST /v2/dashboards').length, 2);
  });

  it('updates with the version read, and reads the new version and who changed it', async () => {
    fake.dashboards.add(sampleDashboard(), 'checkout');
    const read = await client().getDashboard('checkout');
    const changed = { ...read.document, name: 'Checkout, renamed' };
    const written = await client().updateDashboard('checkout', { dashboard: changed, version: read.resource.version });
    assert.equal(written.status, 'updated');
    assert.equal(written.overwritten, false);
    assert.equal(written.record.resource.version, 2);
    assert.equal(written.record.resource.updatedBy, fake.user.id);
    assert.deepEqual(bodyOf(), { dashboard: changed, version: 1 });
    assert.equal(fake.dashboards.byUid('checkout')?.dashboard.name, 'Checkout, renamed');
  });

  it('a stale version is a conflict with the version Axiom holds, sent once; overwrite goes through only when asked', async () => {
    fake.dashboards.add(sampleDashboard(), 'checkout');
    const read = await client().getDashboard('checkout');
    fake.dashboards.changeBehindTheBack('checkout', (d) => (d.description = 'changed by a colleague'));
    const error = await rejection(
      client().updateDashboard('checkout', { dashboard: read.document, version: read.resource.version }),
    );
    assert.ok(isDashboardConflict(error));
    assert.equal(error.currentVersion, 2);
    assert.equal(error.status, 412);
    assert.equal(fake.requestsTo('PUT /v2/dashboards/uid/{uid}').length, 1);
    assert.equal(fake.dashboards.byUid('checkout')?.dashboard.description, 'changed by a colleague');

    const written = await client().updateDashboard('checkout', { dashboard: read.document, overwrite: true });
    assert.equal(written.overwritten, true);
    assert.equal(written.record.resource.version, 3);
    assert.deepEqual(bodyOf(), { dashboard: read.document, overwrite: true });
  });

  it('a refused document is a bad request naming the key the spec does not allow', async () => {
    fake.dashboards.add(sampleDashboard(), 'checkout');
    const document = sampleDashboard();
    document.charts[1].colour = 'red';
    const error = await rejection(client().updateDashboard('checkout', { dashboard: document, version: 1 }));
    assert.equal(error.kind, 'badRequest');
    assert.match(error.message, /charts\.1\.colour: is not an allowed key/);
    assert.equal(fake.dashboards.byUid('checkout')?.version, 1);
  });

  it('a document with no name is refused before anything is sent', async () => {
    const error = await rejection(client().createDashboard({ dashboard: { charts: [] } }));
    assert.equal(error.kind, 'badRequest');
    assert.equal(fake.requests.length, 0);
  });

  it('patches one chart by a JSON merge patch with the version read; a stale version is a conflict', async () => {
    fake.dashboards.add(sampleDashboard(), 'checkout');
    const written = await client().patchDashboardChart('checkout', 'errors', {
      chart: { query: { apl: "['http-logs'] | where status >= 400 | count" } },
      version: 1,
    });
    assert.equal(written.record.resource.version, 2);
    const chart = written.record.resource.dashboard.charts.find((c) => c.id === 'errors');
    assert.equal(chart?.query?.apl, "['http-logs'] | where status >= 400 | count");
    assert.equal(chart?.name, 'Server errors');
    assert.equal(fake.requestsTo('PATCH /v2/dashboards/uid/{uid}/charts/{chartId}').length, 1);
    const stale = await rejection(
      client().patchDashboardChart('checkout', 'errors', { chart: { name: 'Errors' }, version: 1 }),
    );
    assert.ok(isDashboardConflict(stale));
    assert.equal(stale.currentVersion, 2);
  });

  it('deletes once; a dashboard not there is not found', async () => {
    fake.dashboards.add(sampleDashboard(), 'checkout');
    await client().deleteDashboard('checkout');
    assert.equal(fake.dashboards.byUid('checkout'), undefined);
    const error = await rejection(client().getDashboard('checkout'));
    assert.equal(error.kind, 'notFound');
    assert.equal(isDashboardConflict(error), false);
  });
});

describe('dashboard readers', () => {
  const nearResource = fc.record(
    {
      uid: fc.oneof(fc.string({ maxLength: 3 }), fc.jsonValue()),
      version: fc.oneof(fc.integer(), fc.jsonValue()),
      dashboard: fc.oneof(
        fc.jsonValue(),
        fc.record({
          name: fc.oneof(fc.string(), fc.jsonValue()),
          charts: fc.oneof(fc.jsonValue(), fc.array(fc.jsonValue())),
        }),
      ),
      updatedBy: fc.jsonValue(),
    },
    { requiredKeys: [] },
  );

  it('a dashboard: whatever JSON comes, a typed value or the typed error', () => {
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue(), nearResource), (body) => void typedOutcome(() => readDashboardRecord(body))),
      { numRuns: 500 },
    );
  });

  it('a list: a bad entry is skipped, never thrown', () => {
    fc.assert(
      fc.property(fc.array(nearResource), (entries) => {
        const { dashboards, skipped } = parseDashboardList(entries);
        assert.equal(dashboards.length + skipped.length, entries.length);
      }),
      { numRuns: 300 },
    );
  });
});
