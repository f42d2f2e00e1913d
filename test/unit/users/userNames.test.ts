// People by name (issue 52, item 6): the users endpoint over real HTTP to the fake service, the
// caller's own name when the token may not list users (403, as the spec's `users|read` says), the
// id with the word "user" when no name is given; the list's reader takes any body without a crash.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { userListSchema } from '../../../src/core/api/users';
import { parseBody } from '../../../src/core/api/parse';
import { isAxiomError } from '../../../src/core/api/errors';
import { readUserNames, userText } from '../../../src/core/users/userNames';
import { dashboardRowWords, EVERYONE } from '../../../src/core/dashboards/dashboardRows';
import type { DashboardResource } from '../../../src/core/api/dashboards';
import { fakeServiceUnderTest } from '../../support/testClient';
import { DEMO_TEAMMATE, DEMO_USER } from '../../support/demo';

/** The service, and the client of each test over its own HTTP. */
const { fake, connect: client } = fakeServiceUnderTest();

describe('readUserNames', () => {
  it('names every user the users endpoint lists, and asks nothing else', async () => {
    fake.user = DEMO_USER;
    fake.otherUsers = [DEMO_TEAMMATE];
    const names = await readUserNames(client());
    assert.deepEqual(
      [...names],
      [
        ['usr_demo', 'Dana Demo'],
        ['usr_teammate', 'Sam Teammate'],
      ],
    );
    assert.deepEqual(
      fake.requests.map((r) => `${r.method} ${r.path}`),
      ['GET /v2/users'],
    );
  });

  it('names only the caller when the token may not list users (403), from GET /v2/user', async () => {
    fake.user = DEMO_USER;
    fake.otherUsers = [DEMO_TEAMMATE];
    fake.readUsers = false;
    const names = await readUserNames(client());
    assert.deepEqual([...names], [['usr_demo', 'Dana Demo']]);
    assert.equal(userText('usr_teammate', names), 'user usr_teammate');
  });

  it('names nobody, without throwing, when both are refused; a user without a name is kept out', async () => {
    fake.otherUsers = [{ id: 'usr_nameless', name: '  ', email: 'x@example.com', role: { id: 'user' } }];
    fake.fail('GET /v2/user', { status: 500, body: { code: 500, message: 'boom' } });
    fake.readUsers = false;
    const names = await readUserNames(client());
    assert.equal(names.size, 0);
    assert.equal(userText('usr_nameless', names), 'user usr_nameless');
  });

  it('a cancel is not taken for a refusal: it throws', async () => {
    const abort = new AbortController();
    fake.fail('GET /v2/users', { delayMs: 200 });
    const reading = readUserNames(client(), abort.signal);
    abort.abort();
    await assert.rejects(reading);
  });
});

describe('userText', () => {
  it('says the name, else the id with the word "user", and nothing for no id', () => {
    const names = new Map([['usr_demo', 'Dana Demo']]);
    assert.equal(userText('usr_demo', names), 'Dana Demo');
    assert.equal(userText('usr_other', names), 'user usr_other');
    assert.equal(userText('usr_other', names, { user: 'Benutzer {0}' }), 'Benutzer usr_other');
    assert.equal(userText(undefined, names), '');
    assert.equal(userText('', names), '');
  });
});

describe('dashboardRowWords', () => {
  const row = (owner: string | undefined, updatedBy?: string): DashboardResource =>
    ({
      uid: 'd1',
      id: 'd1',
      version: 1,
      updatedAt: '2026-03-01T00:00:00Z',
      ...(updatedBy ? { updatedBy } : {}),
      dashboard: { name: 'Shop', owner, charts: [], layout: [] },
    }) as unknown as DashboardResource;
  const names = new Map([
    ['usr_demo', 'Dana Demo'],
    ['usr_teammate', 'Sam Teammate'],
  ]);
  const day = () => '1 Mar';

  it('says the owner and the last changer by name', () => {
    assert.deepEqual(dashboardRowWords(row('usr_demo', 'usr_teammate'), day, names), {
      owner: 'Dana Demo',
      changed: '1 Mar',
      by: 'Sam Teammate',
    });
  });

  it('an unknown person as "user <id>", everyone’s dashboard with no owner, none as nothing', () => {
    assert.equal(dashboardRowWords(row('usr_gone'), day, names).owner, 'user usr_gone');
    assert.equal(dashboardRowWords(row(EVERYONE), day, names).owner, '');
    assert.equal(dashboardRowWords(row(undefined), day, names).owner, '');
  });
});

describe('userListSchema (property)', () => {
  it('reads any list of objects with a text id, keeping the name only when it is text; anything else is an invalid response', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(fc.anything(), fc.record({ id: fc.string(), name: fc.anything() }, { requiredKeys: ['id'] })),
        ),
        (body) => {
          try {
            const users = parseBody(userListSchema, body, 'user list');
            users.forEach((user, i) => {
              const sent = body[i] as Record<string, unknown>;
              assert.equal(user.id, sent.id);
              assert.equal(user.name, typeof sent.name === 'string' ? sent.name : undefined);
            });
          } catch (error) {
            assert.ok(isAxiomError(error) && error.kind === 'invalidResponse');
          }
        },
      ),
    );
  });
});
