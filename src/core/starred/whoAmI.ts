// Whose starred queries are whose: the caller's user id, asked once per client.
import type { AxiomClient } from '../api/client';

const known = new WeakMap<Pick<AxiomClient, 'getCurrentUser'>, Promise<string>>();

/**
 * The current user's id (GET /v2/user), which the API's `who` names a starred query's owner by;
 * empty when the token may not read it. API tokens are not users: then the service decides whose
 * a new query is, and no query in a list is known to be the caller's.
 */
export function whoAmI(client: Pick<AxiomClient, 'getCurrentUser'>): Promise<string> {
  let who = known.get(client);
  if (!who) {
    who = client.getCurrentUser().then(
      (user) => user.id,
      () => '',
    );
    known.set(client, who);
  }
  return who;
}
