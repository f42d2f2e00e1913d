// The dashboards client over real HTTP against the fake service: list, get, create, update with the
// version read (a stale one is a conflict callers can tell, with Axiom's version), overwrite only
// when asked, delete, one chart's merge patch; unknown fields kept; the readers never throw
// anything but the typed error.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  certainlyDashboardResource,
  dashboardResourceSchema,
  isDashboardConflict,
  parseDashboardList,
  readDashboardRecord,
} from '../../../src/core/api/dashboards';
import { rejection, fakeServiceUnderTest } from '../../support/testClient';
import { largeDashboard, sampleDashboard } from '../../support/dashboardFixtures';
import { typedOutcome } from '../../support/untrustedInput';

const { fake, log, connect: client } = fakeServiceUnderTest();

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

describe('the dashboard shape check beside zod', () => {
  /** Keys no reader names, with any JSON under them (kept as sent). */
  const unknownKeys = fc.dictionary(
    fc.string({ maxLength: 6 }).filter((key) => !['uid', 'id', 'type', 'name', 'query', 'apl', 'charts'].includes(key)),
    fc.jsonValue({ maxDepth: 2 }),
    { maxKeys: 2 },
  );
  const optionalText = fc.option(fc.string({ maxLength: 8 }), { nil: undefined });
  /** A value of `fields` and `more`, keys with an undefined value left out, as JSON.parse would make it. */
  const object = (fields: Record<string, fc.Arbitrary<unknown>>) =>
    fc
      .tuple(fc.record(fields), unknownKeys)
      .map(([known, more]) => JSON.parse(JSON.stringify({ ...more, ...known })) as Record<string, unknown>);
  const chart = object({
    id: fc.string({ minLength: 1, maxLength: 6 }),
    type: fc.constantFrom('TimeSeries', 'Table', 'Statistic', 'Note'),
    name: optionalText,
    query: fc.option(object({ apl: optionalText }), { nil: undefined }),
  });
  /** A resource as the service sends it, which zod reads as it is. */
  const resource = object({
    uid: fc.string({ minLength: 1, maxLength: 6 }),
    version: fc.integer(),
    id: optionalText,
    createdAt: optionalText,
    updatedAt: optionalText,
    createdBy: optionalText,
    updatedBy: optionalText,
    dashboard: object({
      name: fc.string({ maxLength: 8 }),
      owner: optionalText,
      description: optionalText,
      uid: optionalText,
      charts: fc.array(chart, { maxLength: 4 }),
    }),
  });

  /** Every object and list in a value, with the path to it (the value itself first). */
  function containers(value: unknown, path: (string | number)[] = []): { path: (string | number)[]; at: unknown }[] {
    if (typeof value !== 'object' || value === null) return [];
    const inner = Object.entries(value).flatMap(([key, item]) =>
      containers(item, [...path, Array.isArray(value) ? Number(key) : key]),
    );
    return [{ path, at: value }, ...inner];
  }

  /** The resource with one change somewhere in it: a key set to other JSON (null, a list, a number, …) or removed. */
  const mutated = resource.chain((body) => {
    const places = containers(body);
    return fc
      .tuple(
        fc.constantFrom(...places),
        fc.constantFrom(
          'uid',
          'version',
          'id',
          'updatedBy',
          'dashboard',
          'name',
          'owner',
          'charts',
          'type',
          'query',
          'apl',
          '0',
        ),
        fc.option(fc.oneof(fc.constant(null), fc.constant(''), fc.jsonValue({ maxDepth: 1 })), { nil: undefined }),
      )
      .map(([place, key, value]) => {
        const copy = structuredClone(body);
        let target: unknown = copy;
        for (const step of place.path) target = (target as Record<string | number, unknown>)[step];
        // As JSON.parse makes them: a list's first item changed or taken out, an object's key.
        if (Array.isArray(target)) target.splice(0, 1, ...(value === undefined ? [] : [value]));
        else if (value === undefined) delete (target as Record<string, unknown>)[key];
        else (target as Record<string, unknown>)[key] = value;
        return copy;
      });
  });

  it('vouches for every resource zod reads as it is: the resource is the body, not a copy', () => {
    fc.assert(
      fc.property(resource, (body) => {
        assert.ok(certainlyDashboardResource(body));
        assert.deepStrictEqual(dashboardResourceSchema.parse(body), body);
        assert.equal(readDashboardRecord(body).resource, body);
      }),
      { numRuns: 300 },
    );
  });

  it('vouches for no body that zod refuses or reads otherwise; a record and a list read the same either way', () => {
    let refused = 0;
    fc.assert(
      fc.property(fc.oneof(mutated, fc.jsonValue({ maxDepth: 4 })), (body) => {
        const byZod = dashboardResourceSchema.safeParse(structuredClone(body));
        if (certainlyDashboardResource(body)) {
          assert.ok(byZod.success, 'the check vouched for a body zod refuses');
          assert.deepStrictEqual(byZod.data, body);
        } else {
          refused++;
        }
        if (byZod.success) {
          assert.deepStrictEqual(readDashboardRecord(structuredClone(body)).resource, byZod.data);
          assert.deepStrictEqual(parseDashboardList([structuredClone(body)]).dashboards, [byZod.data]);
        } else {
          assert.throws(() => readDashboardRecord(body), {
            message: new RegExp(escaped(byZod.error.issues[0].message)),
          });
          assert.equal(parseDashboardList([body]).skipped.length, 1);
        }
      }),
      { numRuns: 600 },
    );
    assert.ok(refused > 100, `only ${refused} bodies went to zod`);
  });

  it('a bad dashboard keeps zod’s reason, naming the field', () => {
    const body = { uid: 'checkout', version: 'one', dashboard: sampleDashboard() };
    assert.equal(certainlyDashboardResource(body), false);
    assert.throws(
      () => readDashboardRecord(body),
      /Invalid response: the dashboard is not in the expected shape \(version: /,
    );
    const noName = { uid: 'checkout', version: 1, dashboard: { charts: [] } };
    assert.throws(() => readDashboardRecord(noName), /\(dashboard\.name: /);
  });

  it('null and unreadable optional fields, and charts that cannot be read, still go to zod, which leaves them out', () => {
    const document = sampleDashboard();
    document.owner = null;
    document.charts.push({ type: 'TimeSeries' });
    const body = { uid: 'checkout', version: 1, updatedBy: 7, dashboard: document };
    assert.equal(certainlyDashboardResource(body), false);
    const { resource, document: sent } = readDashboardRecord(body);
    assert.equal(resource.updatedBy, undefined);
    assert.equal(resource.dashboard.owner, undefined);
    assert.equal(resource.dashboard.charts.length, 3);
    assert.equal((sent.charts as unknown[]).length, 4, 'the document as sent keeps every chart');
    assert.equal(sent.owner, null);
  });

  it('a dashboard of 200 charts as the service sends it is vouched for', () => {
    const body = { uid: 'every', id: 'd1', version: 4, dashboard: largeDashboard(200), updatedBy: 'usr_1' };
    assert.ok(certainlyDashboardResource(JSON.parse(JSON.stringify(body))));
  });
});

/** Text matched as it is, in a regular expression. */
function escaped(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
