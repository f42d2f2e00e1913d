// The organisation's users (GET /v2/users, the spec's `getUsers`; a token needs `users|read`):
// read to show a person's name where the service sends only their id.
import { z } from 'zod';

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
