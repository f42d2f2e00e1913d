import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkOrgIdInput, checkTokenInput } from '../../../src/core/accounts/tokenInput';

describe('secrets and input', () => {
  it('checks token and org id input', () => {
    assert.deepEqual(checkTokenInput('  xaat-1  '), { ok: true, token: 'xaat-1' });
    assert.equal(checkTokenInput('').ok, false);
    assert.equal(checkTokenInput('a b').ok, false);
    assert.deepEqual(checkOrgIdInput('https://app.axiom.co/my-org-1/monitors'), { ok: true, orgId: 'my-org-1' });
    assert.equal(checkOrgIdInput('a/b').ok, false);
  });
});
