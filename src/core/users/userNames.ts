// People by name where the service gives one: the users endpoint's names (where the token may read
// it), the caller's own name (GET /v2/user) where it may not, else the id with the word "user".
import type { AxiomClient } from '../api/client';
import { isAxiomError } from '../api/errors';
import { fill } from '../phrase';

/** Names by user id; empty when none could be read. */
export type UserNames = ReadonlyMap<string, string>;

/** The words, translated by the VS Code side (platform/l10n.ts `translated`). */
export const USER_WORDS = { user: 'user {0}' };

export type UserWords = typeof USER_WORDS;

/** A person as a row or a hover says them: their name, else `user <id>`; '' for no id. */
export function userText(id: string | undefined, names: UserNames, words: UserWords = USER_WORDS): string {
  if (!id) return '';
  const name = names.get(id)?.trim();
  return name || fill(words.user, [id]);
}

/**
 * The names the service gives: every user's when the token may list them; when it may not (403, or
 * a deployment without the endpoint: 404), the caller's own. Never throws for a refusal or a
 * failure: a view shows ids in words instead. A cancel still throws.
 */
export async function readUserNames(
  client: Pick<AxiomClient, 'listUsers' | 'getCurrentUser'>,
  signal?: AbortSignal,
): Promise<UserNames> {
  const names = new Map<string, string>();
  const keep = (id: string, name: string | undefined) => {
    if (name?.trim()) names.set(id, name.trim());
  };
  try {
    for (const user of await client.listUsers(signal)) keep(user.id, user.name);
    return names;
  } catch (error) {
    if (signal?.aborted) throw error;
    if (!isAxiomError(error)) throw error;
  }
  try {
    const me = await client.getCurrentUser(signal);
    keep(me.id, me.name);
  } catch (error) {
    if (signal?.aborted || !isAxiomError(error)) throw error;
  }
  return names;
}
