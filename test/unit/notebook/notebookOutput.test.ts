// The outputs' metadata as the renderer reads it: whether an output's whole result follows it; and
// the renderer's messages as the extension reads them (data from another process: anything else dropped).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  readPlaceResolved,
  readRendererMessage,
  rowsFollow,
  ROWS_FOLLOW_KEY,
} from '../../../src/core/notebook/notebookOutput';

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

describe('the renderer asks to open a place in code', () => {
  it('reads the place as data: path, line and column kept; a path that climbs or is no path refused', () => {
    assert.deepEqual(
      readRendererMessage({ type: 'openCodePlace', place: { path: 'C:\\app\\src\\x.ts', line: 12, column: 5 } }),
      { type: 'openCodePlace', place: { path: 'C:/app/src/x.ts', line: 12, column: 5 } },
    );
    // Fields the reader does not know are left behind; a line that is no line is dropped.
    assert.deepEqual(
      readRendererMessage({ type: 'openCodePlace', place: { path: 'src/a.py', line: -3, run: 'rm -rf /' }, x: 1 }),
      { type: 'openCodePlace', place: { path: 'src/a.py' } },
    );
    for (const place of [
      { path: '/app/../../etc/passwd', line: 1 },
      { path: 'command:workbench.action.quit' },
      { path: '<anonymous>', line: 1 },
      { path: 'a\nb.ts' },
      { path: 7 },
      'src/x.ts:1:2',
      undefined,
    ])
      assert.equal(readRendererMessage({ type: 'openCodePlace', place }), undefined, JSON.stringify(place));
  });

  it('never lets through a place that climbs or is not plain data, whatever is sent', () => {
    const segment = fc.constantFrom('..', '.', 'src', 'a.ts', '', 'C:', '\\', '%2e%2e');
    fc.assert(
      fc.property(
        fc.oneof(
          fc.anything(),
          fc.record({ path: fc.array(segment, { maxLength: 6 }).map((s) => s.join('/')), line: fc.anything() }),
        ),
        (place) => {
          const message = readRendererMessage({ type: 'openCodePlace', place });
          if (!message) return;
          assert.equal(message.type, 'openCodePlace');
          if (message.type !== 'openCodePlace') return;
          assert.equal(typeof message.place.path, 'string');
          assert.ok(!message.place.path.split('/').includes('..'), message.place.path);
          assert.ok(!message.place.path.includes('\\'), message.place.path);
          for (const n of [message.place.line, message.place.column])
            assert.ok(n === undefined || (Number.isInteger(n) && n >= 1), String(n));
        },
      ),
    );
  });
});

describe('the renderer asks where a place is, and for Open Trace', () => {
  it('a hovered link asks where its place is, read as a click’s place is', () => {
    assert.deepEqual(readRendererMessage({ type: 'resolveCodePlace', place: { path: '/app/src/x.ts', line: 3 } }), {
      type: 'resolveCodePlace',
      place: { path: '/app/src/x.ts', line: 3 },
    });
    assert.equal(readRendererMessage({ type: 'resolveCodePlace', place: { path: '/app/../etc/passwd' } }), undefined);
  });

  it('Open Trace sends a trace id of one line; the time only when it is one line too', () => {
    assert.deepEqual(
      readRendererMessage({ type: 'openTrace', output: 'o1', traceId: 'abc123', seenAt: '2026-01-01T00:00:00Z', x: 1 }),
      { type: 'openTrace', traceId: 'abc123', seenAt: '2026-01-01T00:00:00Z' },
    );
    assert.deepEqual(readRendererMessage({ type: 'openTrace', output: 'o1', traceId: 'abc', seenAt: 'a\nb' }), {
      type: 'openTrace',
      traceId: 'abc',
    });
    for (const bad of [
      { type: 'openTrace', output: 'o1', traceId: '' },
      { type: 'openTrace', output: 'o1', traceId: '   ' },
      { type: 'openTrace', output: 'o1', traceId: 'a\u0000b' },
      { type: 'openTrace', output: 'o1', traceId: 'x'.repeat(257) },
      { type: 'openTrace', output: 'o1', traceId: 42 },
    ])
      assert.equal(readRendererMessage(bad), undefined, JSON.stringify(bad));
  });

  it('whatever a page sends as Open Trace, what is read is one short line of text or nothing', () => {
    fc.assert(
      fc.property(fc.anything(), fc.anything(), fc.anything(), (output, traceId, seenAt) => {
        const message = readRendererMessage({ type: 'openTrace', output, traceId, seenAt });
        if (!message) return;
        assert.equal(message.type, 'openTrace');
        if (message.type !== 'openTrace') return;
        assert.equal(message.traceId, traceId);
        assert.ok(message.traceId.trim() && message.traceId.length <= 256);
        // eslint-disable-next-line no-control-regex -- control characters are what is refused
        assert.ok(!/[\u0000-\u001f]/.test(message.traceId + (message.seenAt ?? '')));
        assert.deepEqual(
          Object.keys(message).sort(),
          ['traceId', 'type', ...(message.seenAt ? ['seenAt'] : [])].sort(),
        );
      }),
    );
  });

  it('the renderer reads the extension’s answer as data: a path and words, or nothing', () => {
    assert.deepEqual(
      readPlaceResolved({ type: 'codePlaceResolved', path: '/a.ts', where: 'In the workspace: a.ts', x: 1 }),
      {
        type: 'codePlaceResolved',
        path: '/a.ts',
        where: 'In the workspace: a.ts',
      },
    );
    fc.assert(
      fc.property(fc.anything(), (value) => {
        const read = readPlaceResolved(value);
        if (read) assert.deepEqual(Object.keys(read).sort(), ['path', 'type', 'where']);
      }),
    );
    assert.equal(readPlaceResolved({ type: 'codePlaceResolved', path: 1, where: '' }), undefined);
  });
});
