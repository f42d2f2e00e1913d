// What a person may type as a token or an org id, and what kind of token it is.
import { phrase, type Phrase } from '../phrase';

export type TokenKind = 'api' | 'personal' | 'unknown';

export function tokenKind(token: string): TokenKind {
  if (token.startsWith('xaat-')) return 'api';
  if (token.startsWith('xapt-')) return 'personal';
  return 'unknown';
}

export type TokenCheck = { ok: true; token: string } | { ok: false; problem: Phrase };

/** What Set API Token accepts: trimmed, non-empty, one line. */
export function checkTokenInput(raw: string | undefined): TokenCheck {
  const token = (raw ?? '').trim();
  if (token === '') return { ok: false, problem: phrase('The token is empty.') };
  if (/\s/.test(token)) return { ok: false, problem: phrase('A token has no spaces or line breaks.') };
  return { ok: true, token };
}

/** Org ids are the path segment after the web app's host; accept a pasted app URL too. */
export function checkOrgIdInput(raw: string | undefined): { ok: true; orgId: string } | { ok: false; problem: Phrase } {
  let value = (raw ?? '').trim();
  const fromUrl = /^https?:\/\/[^/]+\/([^/?#]+)/.exec(value);
  if (fromUrl) value = fromUrl[1];
  if (value === '') return { ok: false, problem: phrase('The org id is empty.') };
  if (!/^[A-Za-z0-9._-]+$/.test(value))
    return { ok: false, problem: phrase('An org id holds only letters, digits, dots, dashes and underscores.') };
  return { ok: true, orgId: value };
}
