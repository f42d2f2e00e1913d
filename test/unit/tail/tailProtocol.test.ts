// What the tail's page may send, read before anything acts on it (anything else is dropped); what
// VS Code gives back after a reload; trace ids told by field and shape; Open Trace's argument.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  isTraceField,
  openTraceArgument,
  readTailPageMessage,
  readTailState,
  traceIdIn,
} from '../../../src/core/tail/tailProtocol';

describe('the tail’s messages', () => {
  it('reads the page’s messages it knows, and only those', () => {
    assert.deepEqual(readTailPageMessage({ type: 'ready' }), { type: 'ready' });
    assert.deepEqual(readTailPageMessage({ type: 'resume', extra: 1 }), { type: 'resume' });
    assert.deepEqual(readTailPageMessage({ type: 'filter', text: 'a == 1' }), { type: 'filter', text: 'a == 1' });
    assert.deepEqual(readTailPageMessage({ type: 'openTrace', traceId: 'abc123', seenAt: '2026-11-29T06:00:00Z' }), {
      type: 'openTrace',
      traceId: 'abc123',
      seenAt: '2026-11-29T06:00:00Z',
    });
    assert.deepEqual(readTailPageMessage({ type: 'openTrace', traceId: 'abc123', seenAt: 'yesterday' }), {
      type: 'openTrace',
      traceId: 'abc123',
    });
    assert.deepEqual(readTailPageMessage({ type: 'openCodePlace', place: { path: '/app/src/x.ts', line: 3 } }), {
      type: 'openCodePlace',
      place: { path: '/app/src/x.ts', line: 3 },
    });
    for (const bad of [
      null,
      [],
      'ready',
      { type: 'filter', text: 7 },
      { type: 'filter', text: 'x'.repeat(10_001) },
      { type: 'openTrace', traceId: 'a b' },
      { type: 'openTrace', traceId: 'x'.repeat(129) },
      { type: 'openTrace', traceId: '<script>' },
      { type: 'openCodePlace', place: { path: '../../etc/passwd', line: 1 } },
      { type: 'runCommand', command: 'workbench.action.terminal.new' },
    ])
      assert.equal(readTailPageMessage(bad), undefined, JSON.stringify(bad));
  });

  it('reads a restored state, or none', () => {
    assert.deepEqual(readTailState({ dataset: 'logs', conditions: ['a == 1', 3], filter: 'b > 2', rows: [1] }), {
      dataset: 'logs',
      conditions: ['a == 1'],
      filter: 'b > 2',
    });
    assert.equal(readTailState({ conditions: [] }), undefined);
    assert.equal(readTailState('logs'), undefined);
  });

  it('tells trace ids by field name and shape; Open Trace gets the id and when it was seen', () => {
    for (const field of ['trace_id', 'traceId', 'attributes.trace_id', 'trace.id'])
      assert.ok(isTraceField(field), field);
    for (const field of ['id', 'span_id', 'contrace_idx']) assert.ok(!isTraceField(field), field);
    assert.equal(traceIdIn('4bf92f3577b34da6a3ce929d0e0e4736'), '4bf92f3577b34da6a3ce929d0e0e4736');
    assert.equal(traceIdIn('not a trace'), undefined);
    assert.equal(traceIdIn(42), undefined);
    assert.deepEqual(openTraceArgument({ traceId: 'abc', seenAt: '2026-11-29T06:00:00.000Z' }), {
      traceId: 'abc',
      seenAt: '2026-11-29T06:00:00.000Z',
    });
  });

  it('property: any value is read without throwing, and what is read is one of the page’s messages', () => {
    const types = new Set(['ready', 'resume', 'filter', 'openTrace', 'openCodePlace']);
    fc.assert(
      fc.property(
        fc.oneof(
          fc.anything(),
          fc.record({
            type: fc.constantFrom(...types, 'other'),
            text: fc.anything(),
            traceId: fc.anything(),
            place: fc.anything(),
          }),
        ),
        (value) => {
          const read = readTailPageMessage(value);
          if (read) assert.ok(types.has(read.type));
          readTailState(value);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
