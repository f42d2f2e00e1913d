// The trace view's messages: what the extension sends is read back whole by the page's reader;
// anything else from either side (a wrong shape, a row pointing outside the spans, a place that
// climbs) is dropped.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  readTraceHostMessage,
  readTraceState,
  readTracePageMessage,
  rowViews,
  traceView,
} from '../../../src/core/traces/traceProtocol';
import { traceTreeOf } from '../../support/spanRows';

const tree = traceTreeOf([
  {
    _time: '2026-03-01T12:00:00Z',
    span_id: 'a',
    name: '<img src=x onerror=alert(1)>',
    duration: '3ms',
    'attributes.x': { y: [1, '<b>'] },
  },
  { _time: '2026-03-01T12:00:00.001Z', span_id: 'b', parent_span_id: 'zz', duration: -5 },
]);
const view = traceView(tree, { traceId: 't', dataset: 'd', notes: ['a note'] });

describe('the trace view’s messages', () => {
  it('reads back what the extension sends', () => {
    const message = { type: 'trace', trace: view };
    assert.deepEqual(readTraceHostMessage(JSON.parse(JSON.stringify(message))), message);
    assert.deepEqual(readTraceHostMessage({ type: 'loading', traceId: 't' }), { type: 'loading', traceId: 't' });
    assert.deepEqual(readTraceHostMessage({ type: 'failed', message: 'no' }), { type: 'failed', message: 'no' });
    const first = traceView(tree, { traceId: 't', dataset: 'd', notes: [] }, 1);
    assert.equal(first.rows.length, 1);
    assert.equal(first.rowCount, 3);
    assert.ok(readTraceHostMessage({ type: 'trace', trace: first }));
    const more = { type: 'traceRows', traceId: 't', start: 1, rows: rowViews(tree, 1) };
    assert.deepEqual(readTraceHostMessage(JSON.parse(JSON.stringify(more))), more);
  });

  it('drops a trace whose rows point outside its spans or its own rows, or carry unknown notes', () => {
    const broken = [
      { ...view, rows: [{ ...view.rows[0], span: 7 }] },
      { ...view, rows: [{ ...view.rows[0], missingParent: 'x' }] },
      { ...view, rows: [{ ...view.rows[0], end: 99 }] },
      { ...view, rows: [...view.rows, view.rows[0]] },
      { ...view, rows: [{ ...view.rows[0], notes: ['<script>'] }] },
      { ...view, rows: [{ ...view.rows[0], widthMs: -1 }] },
      { ...view, rows: [{ ...view.rows[0], span: { ...view.rows[0].span, name: 5 } }] },
      { ...view, rowCount: -1 },
      { ...view, notes: [null] },
    ];
    for (const trace of broken) assert.equal(readTraceHostMessage({ type: 'trace', trace }), undefined);
  });

  it('reads the page’s messages, and drops the rest', () => {
    assert.deepEqual(readTracePageMessage({ type: 'ready' }), { type: 'ready' });
    assert.deepEqual(readTracePageMessage({ type: 'runAsApl', apl: 'ignored' }), { type: 'runAsApl' });
    assert.deepEqual(readTracePageMessage({ type: 'openCodePlace', place: { path: '/app/src/x.ts', line: 3 } }), {
      type: 'openCodePlace',
      place: { path: '/app/src/x.ts', line: 3 },
    });
    for (const bad of [null, 'ready', { type: 'openCodePlace', place: { path: '../../etc/passwd' } }, { type: 'run' }])
      assert.equal(readTracePageMessage(bad), undefined);
  });

  it('keeps which trace a view shows and over which range for a reload, and reads back nothing else', () => {
    const state = {
      dataset: 'shop-traces',
      traceId: '4bf92f3577b34da6a3ce929d0e0e4736',
      startTime: '2026-11-29T05:00:00.000Z',
      endTime: '2026-11-29T06:00:00.000Z',
    };
    assert.deepEqual(readTraceState({ ...state, spans: [1, 2] }), state, 'never its spans');
    assert.deepEqual(readTraceHostMessage({ type: 'state', state }), { type: 'state', state });
    assert.deepEqual(readTraceHostMessage({ type: 'restored', text: 'came back' }), {
      type: 'restored',
      text: 'came back',
    });
    assert.deepEqual(readTracePageMessage({ type: 'loadAgain' }), { type: 'loadAgain' });
    for (const bad of [
      undefined,
      'shop-traces',
      { ...state, dataset: '' },
      { ...state, traceId: 42 },
      { ...state, startTime: 'yesterday' },
      { ...state, endTime: undefined },
      { ...state, dataset: 'x'.repeat(600) },
    ])
      assert.equal(readTraceState(bad), undefined, JSON.stringify(bad));
    assert.equal(readTraceHostMessage({ type: 'state', state: { ...state, startTime: 3 } }), undefined);
    assert.equal(readTraceHostMessage({ type: 'restored' }), undefined);
  });

  it('never throws on anything at all, either side (property)', () => {
    fc.assert(
      fc.property(
        fc.anything(),
        fc.constantFrom('trace', 'loading', 'failed', 'ready', 'openCodePlace'),
        (value, type) => {
          readTraceHostMessage(value);
          readTraceHostMessage({ type, trace: value, traceId: value, message: value });
          readTracePageMessage({ type, place: value });
        },
      ),
    );
  });
});
