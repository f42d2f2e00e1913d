import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readHostMessage, readPanelState } from '../../../src/core/run/resultsProtocol';

describe('results panel: what it keeps across a reload', () => {
  const state = { documentUri: 'file:///w/q.apl', query: "['http-logs'] | count", pinned: true };

  it('reads the state the page kept; an odd or missing pin is no pin', () => {
    assert.deepEqual(readPanelState(state), state);
    assert.deepEqual(readPanelState({ ...state, pinned: 'yes', extra: 1 }), { ...state, pinned: false });
  });

  it('keeps nothing it cannot use: no document, no query, a blank query, other types, too long', () => {
    for (const odd of [
      undefined,
      null,
      'x',
      [],
      {},
      { ...state, documentUri: '' },
      { ...state, query: '  ' },
      { ...state, query: 3 },
      { ...state, documentUri: 'x'.repeat(1024 * 1024 + 1) },
    ]) {
      assert.equal(readPanelState(odd), undefined, JSON.stringify(odd)?.slice(0, 80));
    }
  });

  it('the page reads the messages that ask it to keep the state and that say it came back', () => {
    assert.deepEqual(readHostMessage({ type: 'remember', state }), { type: 'remember', state });
    assert.equal(readHostMessage({ type: 'remember', state: { query: 'x' } }), undefined);
    assert.deepEqual(readHostMessage({ type: 'restored', runId: 0 }), { type: 'restored', runId: 0 });
    assert.equal(readHostMessage({ type: 'restored', runId: -1 }), undefined);
  });
});
