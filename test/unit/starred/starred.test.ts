// Starred queries in the core: the client's list, get, update and delete over real HTTP against
// the fake service; paging; the view's rows and filters; the bodies of a save and a rename; conflicts.
import assert from 'node:assert/strict';
import { after, afterEach, before, describe, it } from 'node:test';
import { type AxiomClient } from '../../../src/core/api/client';
import type { ClientOptions } from '../../../src/core/api/http';
import { createDispatcher } from '../../../src/core/api/undiciTransport';
import type { StarredQuery } from '../../../src/core/api/starred';
import { starredHoverMarkdown } from '../../../src/core/starred/starredHover';
import { LOAD_MORE_AFTER, loadStarredPages, PAGE_SIZE } from '../../../src/core/starred/starredPages';
import { belongsTo, matchesFilter, starredTree, withQuery } from '../../../src/core/starred/starredTree';
import {
  deploymentFromUriQuery as starredDeploymentFromQuery,
  deploymentUriQuery as starredUriQuery,
  recordKey,
  recordPathParts,
} from '../../../src/core/recordUri';
import { starredFileName, starredLocation, starredPath } from '../../../src/core/starred/starredUri';

const starredIdFromPath = (path: string) => recordPathParts(path)?.id;
const starredKey = (location: { id: string; deployment: string }) => recordKey({ ...location, part: 'apl' });
import { whoAmI } from '../../../src/core/starred/whoAmI';
import { bodyWithApl, bodyWithName, sameQuery } from '../../../src/core/starred/writeBack';
import { FakeAxiom } from '../../support/fakeAxiom';
import { manyStarred, ME, realisticStarred } from '../../support/starredFixtures';
import { CapturedLog, rejection, testClient } from '../../support/testClient';

const fake = new FakeAxiom();
const dispatcher = createDispatcher();
const log = new CapturedLog();
const client = (overrides: Partial<ClientOptions> = {}): AxiomClient =>
  testClient(fake.url, dispatcher, log, overrides);
const seed = (queries: Record<string, unknown>[]) => fake.starred.push(...queries);
const listRequests = () =>
  fake.requestsTo('GET /v2/apl-starred-queries').map((r) => new URL(r.path, 'http://x').searchParams);

before(() => fake.start());
after(() => Promise.all([fake.stop(), dispatcher.close()]));
afterEach(() => [fake.reset(), log.clear()]);

describe('starred queries: the client', () => {
  it('lists a page with limit, offset and only the filters given', async () => {
    seed(realisticStarred());
    await client().listStarredQueries({ limit: 50, offset: 0 });
    await client().listStarredQueries({ limit: 10, offset: 20, who: 'team', dataset: 'http-logs', qs: 'check out' });
    const [mine, team] = listRequests();
    assert.deepEqual([...mine.keys()], ['limit', 'offset']);
    assert.equal(mine.get('limit'), '50');
    assert.equal(team.get('limit'), '10');
    assert.equal(team.get('offset'), '20');
    assert.equal(team.get('who'), 'team');
    assert.equal(team.get('dataset'), 'http-logs');
    assert.equal(team.get('qs'), 'check out');
  });

  it('reads the list tolerantly: null is absent, unknown fields stay, an entry without name or id is skipped, counted and logged', async () => {
    seed(realisticStarred());
    const { queries, skipped } = await client().listStarredQueries({ limit: 100, offset: 0, who: 'all' });
    assert.deepEqual(
      queries.map((q) => q.id),
      ['sq_checkout', 'sq_go_nulls', 'sq_team_1', 'sq_hostile'],
    );
    assert.deepEqual(
      skipped.map((s) => s.index),
      [4, 5],
    );
    assert.match(log.warnings.join('\n'), /skipped 2 of 6 starred queries/);
    const [checkout, nulls] = queries;
    assert.deepEqual(checkout.someFieldAddedLater, { nested: [1, 2, 3] });
    assert.equal(checkout.query.startTime, 'now-1h');
    assert.deepEqual(checkout.query.queryOptions, { quickRange: '1h', timeSeriesView: 'charts' });
    assert.equal(nulls.dataset, undefined);
    assert.equal(nulls.kind, undefined);
    assert.equal(nulls.metadata, undefined);
    assert.equal(nulls.who, ME);
  });

  it('an optional field of an odd type is left out, the query still shown', async () => {
    seed([
      {
        id: 'sq_odd',
        name: 'odd',
        dataset: 42,
        who: ['x'],
        query: { apl: 'x', startTime: 5, queryOptions: 'no' },
        metadata: { a: 1 },
      },
    ]);
    const { queries, skipped } = await client().listStarredQueries({ limit: 100, offset: 0, who: 'all' });
    assert.equal(skipped.length, 0);
    assert.deepEqual(
      [
        queries[0].dataset,
        queries[0].who,
        queries[0].query.startTime,
        queries[0].query.queryOptions,
        queries[0].metadata,
      ],
      [undefined, undefined, undefined, undefined, undefined],
    );
  });

  it('a body that is no list is an invalid response naming what came', async () => {
    fake.fail('GET /v2/apl-starred-queries', { status: 200, body: { queries: [] } });
    const error = await rejection(client().listStarredQueries({ limit: 100, offset: 0 }));
    assert.equal(error.kind, 'invalidResponse');
    assert.match(error.message, /expected a list of starred queries, got an object/);
  });

  it('gets one by id, keeping the record as sent; 404 is notFound', async () => {
    seed(realisticStarred());
    const { query, raw } = await client().getStarredQuery('sq_checkout');
    assert.equal(query.name, 'Checkout 5xx');
    assert.deepEqual(raw, fake.starredById('sq_checkout'));
    assert.equal((await rejection(client().getStarredQuery('sq_gone'))).kind, 'notFound');
    assert.equal(fake.requestsTo('GET /v2/apl-starred-queries/{id}').at(-1)?.path, '/v2/apl-starred-queries/sq_gone');
  });

  it('an id is one path segment, whatever it holds', async () => {
    seed([{ id: 'a/b?c', kind: 'apl', name: 'odd id', who: ME, query: { apl: 'x' }, metadata: {} }]);
    assert.equal((await client().getStarredQuery('a/b?c')).query.name, 'odd id');
    assert.equal(fake.requests.at(-1)?.path, '/v2/apl-starred-queries/a%2Fb%3Fc');
  });

  it('deletes with one DELETE (204), never repeated after a failure', async () => {
    seed(realisticStarred());
    assert.equal(await client().deleteStarredQuery('sq_team_1'), undefined);
    assert.equal(fake.starredById('sq_team_1'), undefined);
    fake.fail('DELETE /v2/apl-starred-queries/{id}', { status: 503, body: { message: 'busy' } });
    assert.equal((await rejection(client().deleteStarredQuery('sq_checkout'))).kind, 'server');
    assert.equal(fake.requestsTo('DELETE /v2/apl-starred-queries/{id}').length, 2, 'one request per call');
    assert.ok(fake.starredById('sq_checkout'));
  });

  it('a GET is retried after a 503, a PUT is not', async () => {
    seed(realisticStarred());
    fake.fail('GET /v2/apl-starred-queries/{id}', { status: 503, body: { message: 'busy' }, times: 1 });
    const { raw } = await client().getStarredQuery('sq_checkout');
    assert.equal(fake.requestsTo('GET /v2/apl-starred-queries/{id}').length, 2);
    fake.fail('PUT /v2/apl-starred-queries/{id}', { status: 503, body: { message: 'busy' }, times: 1 });
    await rejection(client().updateStarredQuery('sq_checkout', bodyWithApl(raw, 'x')));
    assert.equal(fake.requestsTo('PUT /v2/apl-starred-queries/{id}').length, 1);
  });

  it('a body the API would refuse is refused before anything is sent', async () => {
    seed(realisticStarred());
    const error = await rejection(
      client().updateStarredQuery('sq_checkout', { kind: 'apl', name: '', who: '', query: { apl: 'x' }, metadata: {} }),
    );
    assert.equal(error.kind, 'badRequest');
    assert.match(error.message, /cannot be saved: name/);
    assert.equal(fake.requestsTo('PUT /v2/apl-starred-queries/{id}').length, 0);
  });

  it('the fake refuses a PUT without what the API requires', async () => {
    seed(realisticStarred());
    for (const body of [
      { name: 'x', who: '', query: { apl: 'x' }, metadata: {} },
      { kind: 'apl', name: 'x', who: '', query: {}, metadata: {} },
      { kind: 'apl', name: 'x', who: '', query: { apl: 'x' }, metadata: null },
    ]) {
      const response = await fetch(`${fake.url}/v2/apl-starred-queries/sq_checkout`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${fake.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      assert.equal(response.status, 400, JSON.stringify(body));
    }
  });
});

describe('starred queries: paging', () => {
  it('loads 2,345 queries in pages of 100 to the end: 24 requests, offsets in steps of 100, each query once', async () => {
    seed(manyStarred(2345));
    const pages = await loadStarredPages(client(), { owner: 'mine' }, { pageSize: 100 });
    assert.equal(pages.queries.length, 2345);
    assert.equal(new Set(pages.queries.map((q) => q.id)).size, 2345);
    assert.equal(pages.complete, true);
    assert.equal(pages.nextOffset, 2345);
    const asked = listRequests();
    assert.equal(asked.length, 24);
    assert.deepEqual(
      asked.map((p) => Number(p.get('offset'))),
      Array.from({ length: 24 }, (_, i) => i * 100),
    );
    assert.ok(asked.every((p) => p.get('limit') === '100' && !p.has('who')));
  });

  it('a list that ends on a full page takes one more request, which comes back empty', async () => {
    seed(manyStarred(200));
    const pages = await loadStarredPages(client(), { owner: 'mine' }, { pageSize: 100 });
    assert.equal(pages.queries.length, 200);
    assert.equal(listRequests().length, 3);
  });

  it('stops after `upTo` and goes on from there (Load more)', async () => {
    seed(manyStarred(2345));
    const first = await loadStarredPages(client(), { owner: 'mine' }, { upTo: LOAD_MORE_AFTER });
    assert.equal(first.queries.length, LOAD_MORE_AFTER);
    assert.equal(first.complete, false);
    assert.equal(listRequests().length, LOAD_MORE_AFTER / PAGE_SIZE);
    const second = await loadStarredPages(client(), { owner: 'mine' }, { from: first, upTo: LOAD_MORE_AFTER });
    const third = await loadStarredPages(client(), { owner: 'mine' }, { from: second, upTo: LOAD_MORE_AFTER });
    assert.equal(third.complete, true);
    assert.deepEqual(
      third.queries.map((q) => q.id),
      manyStarred(2345).map((q) => q.id),
    );
  });

  it('a page that fails after others loaded keeps them, says why, and the next load goes on from there', async () => {
    seed(manyStarred(450));
    fake.fail('GET /v2/apl-starred-queries', { status: 500, body: { message: 'internal error' }, after: 3 });
    const partial = await loadStarredPages(client(), { owner: 'mine' }, { pageSize: 100 });
    assert.equal(partial.queries.length, 300);
    assert.equal(partial.complete, false);
    assert.match(String((partial.failure as Error).message), /500: internal error/);
    assert.equal(partial.nextOffset, 300);
    fake.clearFaults();
    const rest = await loadStarredPages(client(), { owner: 'mine' }, { from: partial, pageSize: 100 });
    assert.equal(rest.complete, true);
    assert.equal(rest.queries.length, 450);
    assert.equal(rest.failure, undefined);
  });

  it('a first page that fails is thrown; so is a cancel at any page', async () => {
    seed(manyStarred(300));
    fake.fail('GET /v2/apl-starred-queries', {
      status: 403,
      body: { message: 'token does not have access to resource: starredQueries with action: read' },
    });
    assert.equal((await rejection(loadStarredPages(client(), { owner: 'mine' }, { pageSize: 100 }))).kind, 'forbidden');
    fake.clearFaults();
    fake.fail('GET /v2/apl-starred-queries', { delayMs: 2000, after: 1 });
    const controller = new AbortController();
    const loading = loadStarredPages(client(), { owner: 'mine' }, { pageSize: 100, signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    assert.equal((await rejection(loading)).kind, 'cancelled');
  });

  it('a service that ignores the offset is not asked forever', async () => {
    seed(manyStarred(100));
    fake.fail('GET /v2/apl-starred-queries', { status: 200, body: manyStarred(100) });
    const pages = await loadStarredPages(client(), { owner: 'mine' }, { pageSize: 100 });
    assert.equal(pages.queries.length, 100);
    assert.equal(listRequests().length, 2);
  });

  it('whose: mine (no who), team (the others), all; the dataset and qs go to the service', async () => {
    seed([...manyStarred(3, ME, 'sq_me_'), ...manyStarred(4, 'usr_other', 'sq_other_')]);
    const ids = async (query: Parameters<typeof loadStarredPages>[1]) =>
      (await loadStarredPages(client(), query)).queries.map((q) => q.id);
    assert.equal((await ids({ owner: 'mine' })).length, 3);
    assert.ok((await ids({ owner: 'team' })).every((id) => id.startsWith('sq_other_')));
    assert.equal((await ids({ owner: 'all' })).length, 7);
    assert.deepEqual(await ids({ owner: 'all', dataset: 'sample-app' }), ['sq_me_00002', 'sq_other_00002']);
    assert.deepEqual(await ids({ owner: 'all', qs: 'PAYMENTS' }), ['sq_me_00002', 'sq_other_00002']);
    assert.deepEqual(
      listRequests().map((p) => p.get('who')),
      [null, 'team', 'all', 'all', 'all'],
    );
  });
});

describe('starred queries: the rows', () => {
  const queries = (): StarredQuery[] =>
    [
      { id: 'b', name: 'beta 10', dataset: 'http-logs', who: ME, query: { apl: "['http-logs'] | count" } },
      {
        id: 'a',
        name: 'Alpha',
        dataset: 'sample-app',
        who: 'usr_other',
        query: { apl: "['sample-app'] | where checkout" },
      },
      { id: 'c', name: 'beta 9', query: { apl: 'print 1' } },
    ] as StarredQuery[];

  it('in name order (numbers by value); dataset, and the owner when not the caller, as description', () => {
    const { rows, nodes } = starredTree(queries(), { me: ME, filter: {}, grouped: false });
    assert.deepEqual(
      rows.map((r) => r.label),
      ['Alpha', 'beta 9', 'beta 10'],
    );
    assert.deepEqual(
      rows.map((r) => r.description),
      ['sample-app · usr_other', '', 'http-logs'],
    );
    assert.deepEqual(nodes, rows);
    assert.deepEqual(
      starredTree(queries(), { me: undefined, filter: {}, grouped: false }).rows.map((r) => r.description),
      ['sample-app', '', 'http-logs'],
      'in a list of the caller’s, no owner',
    );
  });

  it('grouped by dataset, by name, the queries with no dataset last; each row knows its group; Load more at the end', () => {
    const { nodes, rows } = starredTree(queries(), {
      me: ME,
      filter: {},
      grouped: true,
      more: { kind: 'more', shown: 3, failed: false },
    });
    assert.deepEqual(
      nodes.map((n) => (n.kind === 'group' ? (n.dataset ?? '(none)') : n.kind)),
      ['http-logs', 'sample-app', '(none)', 'more'],
    );
    assert.ok(rows.every((row) => row.group?.rows.includes(row)));
  });

  it('the filter matches name, dataset or APL, case aside; the dataset by equality', () => {
    const ids = (filter: Parameters<typeof matchesFilter>[1]) =>
      queries()
        .filter((q) => matchesFilter(q, filter))
        .map((q) => q.id);
    assert.deepEqual(ids({ text: 'ALPHA' }), ['a']);
    assert.deepEqual(ids({ text: 'http' }), ['b']);
    assert.deepEqual(ids({ text: 'CHECKOUT' }), ['a'], 'in the APL');
    assert.deepEqual(ids({ text: '  ' }), ['b', 'a', 'c']);
    assert.deepEqual(ids({ dataset: 'sample-app' }), ['a']);
    assert.deepEqual(ids({ dataset: 'sample-app', text: 'beta' }), []);
  });

  it('a new query replaces the one of its id, or comes first; whose list it belongs in', () => {
    const list = queries();
    assert.deepEqual(
      withQuery(list, { ...list[1], name: 'renamed' }).map((q) => q.name),
      ['beta 10', 'renamed', 'beta 9'],
    );
    assert.deepEqual(
      withQuery(list, { id: 'new', name: 'n', query: { apl: 'x' } } as StarredQuery).map((q) => q.id),
      ['new', 'b', 'a', 'c'],
    );
    const mine = list[0];
    assert.deepEqual(
      [belongsTo(mine, 'mine', ME), belongsTo(mine, 'team', ME), belongsTo(mine, 'all', ME)],
      [true, false, true],
    );
    assert.deepEqual([belongsTo(list[1], 'mine', ME), belongsTo(list[1], 'team', ME)], [false, true]);
    assert.equal(belongsTo(mine, 'mine', ''), true, 'with no user known, a new query is taken as the caller’s');
  });

  it('hover: the APL in a fence it cannot close, every value escaped, the fields present only', () => {
    const [hostile] = realisticStarred().filter((q) => q.id === 'sq_hostile') as StarredQuery[];
    const md = starredHoverMarkdown(
      {
        ...hostile,
        query: { ...hostile.query, startTime: 'now-1h', endTime: 'now', queryOptions: { quickRange: '<b>1h</b>' } },
      },
      ME,
    );
    const apl = hostile.query.apl;
    assert.ok(md.includes(`\`\`\`\`axiom-apl\n${apl}\n\`\`\`\``));
    const outside = md.replace(`\`\`\`\`axiom-apl\n${apl}\n\`\`\`\``, '');
    assert.ok(!/\]\(command:/.test(outside));
    assert.ok(!/(^|[^\\])<(img|b)/.test(outside));
    assert.match(outside, /Dataset: logs \\<b\\>/);
    assert.match(outside, /Owner: user usr\\_colleague\\_3/, 'no name given: the id with the word "user"');
    assert.match(outside, /Time range: now\\-1h to now/);
    assert.match(outside, /Options: quickRange\\: \\<b\\>1h\\<\/b\\>/);
    const plain = starredHoverMarkdown({ id: 'x', name: 'x', who: ME, query: { apl: 'print 1' } } as StarredQuery, ME);
    assert.doesNotMatch(plain, /Dataset|Time range|Options/);
    assert.match(plain, /Owner: user usr\\_fake\\_1 \\\(you\\\)/);
    const named = starredHoverMarkdown(
      { id: 'x', name: 'x', who: 'usr_colleague_3', query: { apl: 'print 1' } } as StarredQuery,
      ME,
      undefined,
      new Map([['usr_colleague_3', 'Sam Teammate']]),
    );
    assert.match(named, /Owner: Sam Teammate {2}/, 'named where the service gives a name');
  });
});

describe('starred queries: writing back', () => {
  it('a save changes query.apl and nothing else: every field of the record, known or not, as it was', async () => {
    seed(realisticStarred());
    const before = structuredClone(fake.starredById('sq_checkout')!);
    const { raw } = await client().getStarredQuery('sq_checkout');
    const body = bodyWithApl(raw, "['http-logs'] | count");
    assert.deepEqual(Object.keys(body).sort(), Object.keys(before).sort());
    assert.equal(body.id, before.id);
    assert.equal(body.kind, before.kind);
    assert.equal(body.name, before.name);
    assert.equal(body.dataset, before.dataset);
    assert.equal(body.who, before.who);
    assert.deepEqual(body.metadata, before.metadata);
    assert.equal(body.created, before.created);
    assert.deepEqual(body.someFieldAddedLater, before.someFieldAddedLater);
    assert.deepEqual(body.query, { ...(before.query as object), apl: "['http-logs'] | count" });
    await client().updateStarredQuery('sq_checkout', body);
    const [put] = fake.requestsTo('PUT /v2/apl-starred-queries/{id}');
    assert.deepEqual(JSON.parse(put.body), body);
    assert.deepEqual(fake.starredById('sq_checkout'), {
      ...before,
      query: { ...(before.query as object), apl: "['http-logs'] | count" },
    });
  });

  it('a rename changes the name and nothing else', async () => {
    seed(realisticStarred());
    const before = structuredClone(fake.starredById('sq_checkout')!);
    const { raw } = await client().getStarredQuery('sq_checkout');
    const saved = await client().updateStarredQuery('sq_checkout', bodyWithName(raw, 'Checkout errors'));
    assert.equal(saved.query.name, 'Checkout errors');
    assert.deepEqual(fake.starredById('sq_checkout'), { ...before, name: 'Checkout errors' });
  });

  it('a record the service sent with nulls and without what the API requires: the PUT fills in kind, who and metadata, and leaves a null dataset out', async () => {
    seed(realisticStarred());
    const { raw } = await client().getStarredQuery('sq_go_nulls');
    const body = bodyWithApl(raw, 'print 2');
    assert.deepEqual(body, {
      id: 'sq_go_nulls',
      name: 'auth failures by region',
      who: ME,
      kind: 'apl',
      query: { apl: 'print 2' },
      metadata: {},
    });
    await client().updateStarredQuery('sq_go_nulls', body);
    assert.equal(fake.requestsTo('PUT /v2/apl-starred-queries/{id}').length, 1);
    const noOwner = bodyWithName({ id: 'x', name: 'x', query: { apl: 'x' } }, 'y');
    assert.deepEqual(noOwner, { id: 'x', name: 'y', kind: 'apl', who: '', query: { apl: 'x' }, metadata: {} });
  });

  it('the bodies do not change the record they were made from', () => {
    const record = realisticStarred()[0];
    const copy = structuredClone(record);
    bodyWithApl(record, 'x');
    bodyWithName(record, 'y');
    assert.deepEqual(record, copy);
  });

  it('an answer to the PUT that is no record: the record is what was sent', async () => {
    seed(realisticStarred());
    const { raw } = await client().getStarredQuery('sq_checkout');
    fake.fail('PUT /v2/apl-starred-queries/{id}', { status: 200, body: 'ok' });
    const saved = await client().updateStarredQuery('sq_checkout', bodyWithApl(raw, 'print 3'));
    assert.equal(saved.query.query.apl, 'print 3');
    assert.match(log.warnings.join('\n'), /taking what was sent/);
  });

  it('a record changed behind the client’s back: read afresh, its query differs from the one read before; a rename there is no conflict', async () => {
    seed(realisticStarred());
    const opened = (await client().getStarredQuery('sq_checkout')).raw;
    const record = fake.starredById('sq_checkout')!;
    record.name = 'renamed in the web app';
    assert.equal(sameQuery(opened, (await client().getStarredQuery('sq_checkout')).raw), true);
    record.query = { ...(record.query as object), apl: 'print "theirs"' };
    const fresh = (await client().getStarredQuery('sq_checkout')).raw;
    assert.equal(sameQuery(opened, fresh), false);
    // Overwriting takes the record as it is now: their name stays, our APL goes in.
    await client().updateStarredQuery('sq_checkout', bodyWithApl(fresh, 'print "ours"'));
    assert.equal(fake.starredById('sq_checkout')!.name, 'renamed in the web app');
    assert.equal((fake.starredById('sq_checkout')!.query as { apl: string }).apl, 'print "ours"');
  });

  it('a conflict is a change of the query (APL, time range, options), whatever the key order; a new name or dataset is none', () => {
    const base = realisticStarred()[0];
    const query = base.query as Record<string, unknown>;
    assert.equal(sameQuery(base, { ...base, name: 'renamed elsewhere', dataset: 'other' }), true);
    assert.equal(sameQuery(base, { ...base, query: Object.fromEntries(Object.entries(query).reverse()) }), true);
    assert.equal(sameQuery(base, { ...base, query: { ...query, apl: `${String(query.apl)} | take 1` } }), false);
    assert.equal(sameQuery(base, { ...base, query: { ...query, startTime: 'now-2h' } }), false);
    assert.equal(sameQuery(base, { ...base, query: { ...query, queryOptions: { quickRange: '1h' } } }), false);
  });
});

describe('starred queries: documents and owners', () => {
  it('a path per query: its id, and its name made a file name', () => {
    assert.equal(starredPath('sq_1', 'Checkout 5xx'), '/sq_1/Checkout 5xx.apl');
    assert.equal(starredFileName('a/b\\c: "d" <e>|f?*'), 'a-b-c- -d- -e-f-.apl');
    assert.equal(starredFileName('   '), 'starred query.apl');
    assert.equal(starredFileName('x'.repeat(200)).length, 84);
    for (const id of ['sq_1', 'a/b?c', 'ünï cödé']) assert.equal(starredIdFromPath(starredPath(id, 'name')), id);
    assert.equal(starredIdFromPath('/only'), undefined);
    assert.equal(starredIdFromPath('/%E0%A4%A/x.apl'), undefined);
  });

  it('the deployment a document was opened from, in its query part: none for the settings one', () => {
    assert.equal(starredUriQuery(''), '');
    assert.equal(starredUriQuery('prod'), 'deployment=prod');
    assert.equal(starredUriQuery('by hand & co=1'), 'deployment=by%20hand%20%26%20co%3D1');
    for (const name of ['', 'prod', 'by hand & co=1', 'a+b', 'ünï/cödé?%'])
      assert.equal(starredDeploymentFromQuery(starredUriQuery(name)), name);
    assert.equal(starredDeploymentFromQuery(''), '', 'no query part: the settings deployment');
    assert.equal(starredDeploymentFromQuery('other=1&deployment=eu'), 'eu', 'other parameters are let be');
    assert.equal(starredDeploymentFromQuery('deployment'), '');
    assert.equal(starredDeploymentFromQuery('deployment=a&deployment=b'), undefined, 'two deployments name none');
    assert.equal(starredDeploymentFromQuery('deployment=%E0%A4%A'), undefined);
  });

  it("a document's location is its query and deployment; one key per pair", () => {
    const path = starredPath('sq_1', 'Checkout 5xx');
    assert.deepEqual(starredLocation(path, starredUriQuery('prod')), { id: 'sq_1', deployment: 'prod', part: 'apl' });
    assert.deepEqual(starredLocation(path, ''), { id: 'sq_1', deployment: '', part: 'apl' });
    assert.equal(starredLocation('/only', ''), undefined);
    assert.equal(starredLocation(path, 'deployment=%zz'), undefined);
    const keys = [
      { id: 'sq_1', deployment: '' },
      { id: 'sq_1', deployment: 'prod' },
      { id: 'sq_2', deployment: 'prod' },
      { id: 'prod', deployment: 'sq_1' },
      { id: 'a","b', deployment: '' },
      { id: 'a', deployment: 'b' },
    ].map(starredKey);
    assert.equal(new Set(keys).size, keys.length, 'no two pairs share a key');
    assert.equal(starredKey({ id: 'sq_1', deployment: 'prod' }), starredKey(starredLocation(path, 'deployment=prod')!));
  });

  it('the caller is asked for once per client; a refusal means no user', async () => {
    const c = client();
    assert.deepEqual(await Promise.all([whoAmI(c), whoAmI(c)]), [ME, ME]);
    assert.equal(fake.requestsTo('GET /v2/user').length, 1);
    fake.fail('GET /v2/user', { status: 403, body: { message: 'API tokens are not users' } });
    assert.equal(await whoAmI(client()), '');
  });
});
