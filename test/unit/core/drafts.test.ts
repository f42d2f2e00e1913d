// Drafts as stored (core/drafts.ts): whatever the editor's storage holds is read without a failure,
// and what is not a draft is dropped entry by entry.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { readStoredDraft, readStoredDrafts } from '../../../src/core/drafts';

describe('stored drafts', () => {
  it('a draft with and without its base is read as it was stored', () => {
    assert.deepEqual(readStoredDraft({ text: 'a', at: 1 }), { text: 'a', at: 1 });
    assert.deepEqual(readStoredDraft({ text: 'a', at: 1, base: { id: 'x' } }), { text: 'a', at: 1, base: { id: 'x' } });
  });

  it('entries that are not drafts are dropped, the others kept', () => {
    const read = readStoredDrafts({
      good: { text: 'kept', at: 5 },
      noText: { at: 5 },
      textNotString: { text: 3, at: 5 },
      badTime: { text: 'x', at: Number.NaN },
      baseNotObject: { text: 'x', at: 1, base: [1] },
      nothing: null,
    });
    assert.deepEqual(Object.keys(read), ['good']);
    assert.equal(read.good.text, 'kept');
  });

  it('a key named __proto__ is a key like any other', () => {
    const stored = JSON.parse('{"__proto__": {"text": "p", "at": 1}}') as unknown;
    const read = readStoredDrafts(stored);
    assert.equal(Object.getPrototypeOf(read), null);
    assert.deepEqual(Object.keys(read), ['__proto__']);
  });

  it('any stored value reads without throwing, and every entry read is a draft', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const read = readStoredDrafts(value);
        for (const draft of Object.values(read)) {
          assert.equal(typeof draft.text, 'string');
          assert.ok(Number.isFinite(draft.at));
        }
      }),
      { numRuns: 500 },
    );
  });

  it('drafts survive a round trip through JSON (the storage)', () => {
    const draft = fc.record(
      { text: fc.string(), at: fc.integer({ min: 0 }), base: fc.dictionary(fc.string(), fc.jsonValue()) },
      { requiredKeys: ['text', 'at'] },
    );
    fc.assert(
      fc.property(fc.dictionary(fc.string(), draft), (drafts) => {
        const read = readStoredDrafts(JSON.parse(JSON.stringify(drafts)) as unknown);
        assert.deepEqual(Object.keys(read).sort(), Object.keys(drafts).sort());
      }),
      { numRuns: 300 },
    );
  });
});
