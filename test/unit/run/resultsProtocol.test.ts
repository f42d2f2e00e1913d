import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { parsePanelWords, readPanelWords } from '../../../src/core/run/panelWords';
import { readHostMessage, readPanelMessage, readPanelState } from '../../../src/core/run/resultsProtocol';
import { anyJson, FUZZ_BOUND } from '../../support/untrustedInput';

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

describe('the page asks to open a place in code', () => {
  it('reads a place as data: its path normalised, one that climbs or is no path refused', () => {
    assert.deepEqual(
      readPanelMessage({ type: 'openCodePlace', place: { path: 'C:\\app\\x.ts', line: 3, column: 2 } }),
      {
        type: 'openCodePlace',
        place: { path: 'C:/app/x.ts', line: 3, column: 2 },
      },
    );
    assert.deepEqual(readPanelMessage({ type: 'openCodePlace', place: { path: '/a.ts', line: -1, column: 'x' } }), {
      type: 'openCodePlace',
      place: { path: '/a.ts' },
    });
    for (const place of [{ path: '/app/../x.ts', line: 1 }, { path: 7 }, 'x.ts', undefined])
      assert.equal(readPanelMessage({ type: 'openCodePlace', place }), undefined);
  });

  it('asks where a hovered link’s path is in the workspace, and reads the answer as text of bounded size', () => {
    assert.deepEqual(readPanelMessage({ type: 'resolveCodePlace', place: { path: '/app/src/x.ts', line: 3 } }), {
      type: 'resolveCodePlace',
      place: { path: '/app/src/x.ts', line: 3 },
    });
    assert.equal(readPanelMessage({ type: 'resolveCodePlace', place: { path: '../x.ts' } }), undefined);
    assert.deepEqual(
      readHostMessage({ type: 'codePlaceResolved', path: '/app/x.ts', where: 'In the workspace: x.ts' }),
      {
        type: 'codePlaceResolved',
        path: '/app/x.ts',
        where: 'In the workspace: x.ts',
      },
    );
    for (const wrong of [{ path: 1, where: 'x' }, { path: 'x' }, { path: 'x', where: 'y'.repeat(10_000) }])
      assert.equal(readHostMessage({ type: 'codePlaceResolved', ...wrong }), undefined);
  });
});

// Fuzzing: arbitrary input, bounded in time; the reader answers without an exception other than the
// one typed error. A failure found here is fixed and kept as a regular test above.

describe("fuzz: the results panel's messages, any message", () => {
  it("both sides read a message of their own kind or nothing; the panel's words and state likewise", () => {
    const typed = fc.record({
      type: fc.constantFrom(
        'ready',
        'rerun',
        'cancel',
        'openInAxiom',
        'togglePin',
        'export',
        'copy',
        'running',
        'results',
        'failed',
        'cancelled',
        'pinned',
        'remember',
        'restored',
        'rows',
        'openCodePlace',
        'resolveCodePlace',
        'codePlaceResolved',
      ),
      runId: anyJson,
      result: anyJson,
      state: anyJson,
      format: anyJson,
      table: anyJson,
      text: anyJson,
      message: anyJson,
      columns: anyJson,
      start: anyJson,
      place: fc.oneof(anyJson, fc.record({ path: fc.string(), line: anyJson, column: anyJson })),
      path: anyJson,
      where: anyJson,
    });
    fc.assert(
      fc.property(fc.oneof(anyJson, typed), (message) => {
        const fromPanel = readPanelMessage(message);
        if (fromPanel) assert.equal(fromPanel.type, (message as { type: unknown }).type);
        if (fromPanel?.type === 'openCodePlace' || fromPanel?.type === 'resolveCodePlace')
          assert.ok(!fromPanel.place.path.split('/').includes('..'));
        const fromHost = readHostMessage(message);
        if (fromHost) assert.equal(fromHost.type, (message as { type: unknown }).type);
        readPanelState(message);
        const words = readPanelWords(message);
        assert.equal(typeof words.rerun, 'string');
        parsePanelWords(JSON.stringify(message));
      }),
      FUZZ_BOUND,
    );
  });
});
