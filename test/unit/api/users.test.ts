// The users list reader (property-based, fast-check): a list zod would read as it is is taken as it
// is, with no zod; any other is zod's reading, or the typed `invalid response` error.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { parseBody } from '../../../src/core/api/parse';
import { plainUser, readUserList, userListSchema, userSchema } from '../../../src/core/api/users';
import { typedOutcome } from '../../support/untrustedInput';

const json = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;

/** What a reader made of a body: its value as JSON, or `invalid` for the typed error (the only one allowed). */
function outcome(read: () => unknown): unknown {
  let value: unknown;
  return typedOutcome(() => (value = read())) === 'value' ? json(value) : 'invalid';
}

describe('users list', () => {
  // A user as the spec has it, then one field at a time made something else.
  const text = fc.oneof(fc.string({ maxLength: 3 }), fc.constant(null), fc.integer(), fc.constant(undefined));
  const wellFormed = fc.record({
    id: fc.string({ minLength: 1, maxLength: 3 }),
    name: fc.option(fc.string({ maxLength: 3 }), { nil: undefined }),
    email: fc.string({ maxLength: 3 }),
    role: fc.record({ id: fc.string({ maxLength: 2 }), name: fc.string({ maxLength: 2 }) }),
  });
  const user = fc
    .tuple(wellFormed, fc.option(fc.record({ field: fc.constantFrom('id', 'name', '__proto__'), value: text })))
    .map(([base, change]): unknown =>
      change ? Object.defineProperty(json(base), change.field, { value: change.value, enumerable: true }) : base,
    );

  it('a user taken as it is (no zod) is one zod reads as it is', () => {
    fc.assert(
      fc.property(user, (value) => {
        if (!plainUser(value)) return;
        const parsed = userSchema.safeParse(value);
        assert.ok(parsed.success, JSON.stringify(value));
        assert.deepEqual(json(parsed.data), json(value));
      }),
      { numRuns: 1000 },
    );
  });

  it('a list reads as zod reads it, or fails as zod fails, with the typed error', () => {
    fc.assert(
      fc.property(fc.oneof(fc.array(user, { maxLength: 4 }), fc.jsonValue()), (body) => {
        assert.deepEqual(
          outcome(() => readUserList(body)),
          outcome(() => parseBody(userListSchema, body, 'user list')),
        );
      }),
      { numRuns: 1000 },
    );
    const list = [{ id: 'u1', name: 'Ada', email: 'a@x', role: { id: 'admin' } }];
    assert.equal(readUserList(list), list, 'a plain list is the list itself');
    assert.equal(readUserList([{ id: 'u1', name: 7 }])[0].name, undefined, 'a name that is not text is left out');
  });
});
