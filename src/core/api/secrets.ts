// Axiom tokens have a recognisable prefix: API tokens `xaat-`, personal tokens `xapt-`.
const TOKEN_SHAPE = /\b(xa[ap]t)-[A-Za-z0-9_-]+/g;

/** Replaces every token-shaped string with its prefix and a mask, so that text from
 *  the service (which may echo a token back) can be shown and logged safely. */
export function maskSecrets(text: string): string {
  return text.replace(TOKEN_SHAPE, '$1-••••');
}
