// The organisation's users (GET /v2/users, the spec's `getUsers`; a token needs `users|read`):
// read to show a person's name where the service sends only their id.
import { z } from 'zod';
import { isJsonObject } from '../json';
import { phrase } from '../phrase';
import { parseBody } from './parse';

/** One user as the list sends it: the spec requires id, name, email and role; only the id is needed,
 *  the name is read when it is text, and whatever else is sent is kept. */
export const userSchema = z.looseObject({
  id: z.string().min(1),
  name: z
    .unknown()
    .optional()
    .transform((name) => (typeof name === 'string' ? name : undefined)),
});

export const userListSchema = z.array(userSchema);

export type User = z.output<typeof userSchema>;

/** Whether zod would read the user as it is: an id of text, a name of text or none (and no key
 *  `__proto__`, which zod's copy would not keep as a key). */
export function plainUser(value: unknown): value is User {
  return (
    isJsonObject(value) &&
    !Object.hasOwn(value, '__proto__') &&
    typeof value.id === 'string' &&
    value.id !== '' &&
    (value.name === undefined || typeof value.name === 'string')
  );
}

/** The users list: as it is when zod would read every entry so (most lists), else zod's reading,
 *  which has the last word. zod makes its reader of a schema on its first use (1.2 ms for this list
 *  in plain Node), which the Dashboards view's first open paid. */
export function readUserList(body: unknown): User[] {
  return Array.isArray(body) && body.every(plainUser) ? body : parseBody(userListSchema, body, phrase('user list'));
}
