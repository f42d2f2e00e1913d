// Secrets are masked two ways before any text is shown or logged: by shape (Axiom's token
// prefixes, API `xaat-` and personal `xapt-`), and by value: every token the extension has held
// in this session, whatever its shape, in the forms a service may echo it in (as is, which covers
// "Bearer …", URL-encoded and JSON-escaped).

/** Tokens shorter than this are not masked by value: they would mask ordinary words. */
const SHORTEST_MASKED = 6;
const MASK = '••••';
const TOKEN_SHAPE = /\b(xa[ap]t)-[A-Za-z0-9_-]+/g;

/** The forms to mask, longest first, so that a form holding another is masked whole. One list per
 *  extension host: the build makes this module a file of its own that every bundle requires
 *  (ONCE_PER_HOST in esbuild.mjs), so that a token one bundle remembers is masked by all. */
const knownForms: string[] = [];

/** From now on, `secret` is masked wherever maskSecrets looks. Its value is never logged. */
export function rememberSecret(secret: string): void {
  if (secret.length < SHORTEST_MASKED) return;
  const forms = knownForms;
  for (const form of [secret, encodeURIComponent(secret), JSON.stringify(secret).slice(1, -1)]) {
    if (!forms.includes(form)) forms.push(form);
  }
  forms.sort((a, b) => b.length - a.length);
}

/** The text with every known secret and every token-shaped string masked, so that text from the
 *  service (which may echo a token back) can be shown and logged safely. */
export function maskSecrets(text: string): string {
  // By shape first, so that an Axiom token still says its kind ("xaat-••••").
  let masked = text.replace(TOKEN_SHAPE, `$1-${MASK}`);
  for (const form of knownForms) {
    if (masked.includes(form)) masked = masked.split(form).join(MASK);
  }
  return masked;
}

/** An Axiom token's prefix and its first character wherever it starts, even right after a letter
 *  (where TOKEN_SHAPE, which keeps words like "hexaat-" readable, does not look). */
const TOKEN_ANYWHERE = /xa[ap]t-[A-Za-z0-9_-]/;

/** Whether the text holds a token-like value: what maskSecrets would mask (a token-shaped string,
 *  a secret of this session) or a token's prefix inside a word. A write that would send such a
 *  text is refused (core/agents/preparedWrites.ts). */
export function holdsSecret(text: string): boolean {
  return TOKEN_ANYWHERE.test(text) || maskSecrets(text) !== text;
}
