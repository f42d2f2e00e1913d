// The outputs' metadata as the renderer reads it: whether an output's whole result follows it.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { rowsFollow, ROWS_FOLLOW_KEY } from '../../../src/core/notebook/notebookOutput';

describe('notebook output metadata', () => {
  it('says the whole result follows only when the metadata says exactly true', () => {
    assert.equal(rowsFollow({ [ROWS_FOLLOW_KEY]: true, axiomOutputId: 'a' }), true);
    fc.assert(
      fc.property(fc.anything(), (value) => {
        assert.equal(rowsFollow({ [ROWS_FOLLOW_KEY]: value }), value === true);
        if (!(
          value !== null &&
          typeof value === 'object' &&
          (value as Record<string, unknown>)[ROWS_FOLLOW_KEY] === true
        ))
          assert.equal(rowsFollow(value), false);
      }),
    );
  });
});
