import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { maskSecrets, rememberSecret } from '../../../src/core/api/secrets';

describe('secrets and input', () => {
  it('masks token-shaped strings', () => {
    assert.equal(maskSecrets('bad token xaat-1234-abcd and xapt-ffff'), 'bad token xaat-•••• and xapt-••••');
  });
});

describe('masking by value', () => {
  it('masks a remembered secret of any shape as is, URL-encoded and JSON-escaped, and keeps the kind of an Axiom token', () => {
    const odd = 'odd/secret "token"+ä';
    rememberSecret(odd);
    const text = `a ${odd} b ${encodeURIComponent(odd)} c ${JSON.stringify(odd).slice(1, -1)} d Bearer ${odd}`;
    assert.equal(maskSecrets(text), 'a •••• b •••• c •••• d Bearer ••••');
    rememberSecret('xaat-remembered-1234');
    assert.equal(maskSecrets('token xaat-remembered-1234!'), 'token xaat-••••!');
  });

  it('leaves very short values alone: they would mask ordinary words', () => {
    rememberSecret('abc');
    assert.equal(maskSecrets('abc abcdef'), 'abc abcdef');
  });
});
