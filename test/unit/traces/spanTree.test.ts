// The span tree from rows: missing parents under their own row, parent cycles broken and said,
// duplicate ids kept, negative or skewed durations at zero width with a note, the critical path,
// 10,000 spans (deep and wide) without recursion; and properties over any rows at all.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { buildTraceTree, MAX_SPANS, type TraceTree } from '../../../src/core/traces/spanTree';
import { readSpan, type Span } from '../../../src/core/traces/spans';
import { SPAN_T0, spanRow, traceTreeOf } from '../../support/spanRows';

/** A span read from its row (spanRow: id, parent, start and duration in ms after SPAN_T0). */
const span = (...row: Parameters<typeof spanRow>): Span => readSpan(spanRow(...row), 0);
const order = (tree: TraceTree) =>
  tree.rows.map((r) => (r.span >= 0 ? tree.spans[r.span].spanId : `?${r.missingParent}`));
const rowOf = (tree: TraceTree, id: string) => tree.rows.find((r) => r.span >= 0 && tree.spans[r.span].spanId === id)!;

describe('buildTraceTree', () => {
  it('nests children under parents, in start order, on one time axis', () => {
    const tree = buildTraceTree([
      span('b', 'a', 50, 10),
      span('a', '', 0, 100),
      span('c', 'a', 10, 30),
      span('d', 'c', 12, 5),
    ]);
    assert.deepEqual(order(tree), ['a', 'c', 'd', 'b']);
    assert.deepEqual(
      tree.rows.map((r) => [r.depth, r.end]),
      [
        [0, 4],
        [1, 3],
        [2, 3],
        [1, 4],
      ],
    );
    assert.equal(rowOf(tree, 'd').offsetMs, 12);
    assert.equal(rowOf(tree, 'd').widthMs, 5);
    assert.equal(tree.durationMs, 100);
    assert.deepEqual(tree.services, ['svc-b', 'svc-a', 'svc-c', 'svc-d']);
  });

  it('puts spans whose parent is absent under one "missing parent" row per absent id', () => {
    const tree = buildTraceTree([
      span('a', '', 0, 100),
      span('x1', 'gone', 5, 1),
      span('x2', 'gone', 6, 1),
      span('y', 'lost', 7, 1),
    ]);
    assert.deepEqual(order(tree), ['a', '?gone', 'x1', 'x2', '?lost', 'y']);
    assert.equal(tree.missingParents, 2);
    const missing = tree.rows[1];
    assert.equal(missing.span, -1);
    assert.equal(missing.end, 4);
    assert.equal(tree.rows[2].depth, 1);
  });

  it('breaks a parent cycle at its earliest span and says so; a span that is its own parent too', () => {
    const tree = buildTraceTree([
      span('p', 'q', 1, 10),
      span('q', 'p', 2, 5),
      span('r', 'q', 3, 1),
      span('s', 's', 4, 1),
    ]);
    assert.equal(tree.cyclesBroken, 2);
    assert.deepEqual(order(tree), ['p', 'q', 'r', 's']);
    assert.deepEqual(rowOf(tree, 'p').notes, ['cycleBroken']);
    assert.deepEqual(rowOf(tree, 's').notes, ['cycleBroken']);
    assert.equal(rowOf(tree, 'r').depth, 2);
  });

  it('keeps every span that shares an id, children under the first', () => {
    const tree = buildTraceTree([span('a', '', 0, 10), span('a', '', 20, 10), span('c', 'a', 1, 1)]);
    assert.equal(tree.rows.length, 3);
    assert.equal(tree.duplicateIds, 1);
    assert.deepEqual(order(tree), ['a', 'c', 'a']);
    assert.deepEqual(tree.rows[2].notes, ['duplicateId']);
  });

  it('draws a negative, unknown or skewed duration at zero width with a note', () => {
    const tree = buildTraceTree([
      span('a', '', 0, 100),
      span('n', 'a', 1, -5),
      span('u', 'a', 2, 'slow'),
      span('e', 'a', 90, 50),
      span('b', 'a', -10, 5),
    ]);
    assert.deepEqual(rowOf(tree, 'n').notes, ['negativeDuration']);
    assert.deepEqual(rowOf(tree, 'u').notes, ['noDuration']);
    assert.deepEqual(rowOf(tree, 'e').notes, ['endsAfterParent']);
    assert.deepEqual(rowOf(tree, 'b').notes, ['startsBeforeParent']);
    for (const id of ['n', 'u', 'e', 'b']) assert.equal(rowOf(tree, id).widthMs, 0);
    assert.equal(rowOf(tree, 'a').widthMs, 100);
  });

  it('marks the critical path: the root, then at each step the child that ends last', () => {
    const tree = buildTraceTree([
      span('a', '', 0, 100),
      span('b', 'a', 1, 20),
      span('c', 'a', 30, 60),
      span('d', 'c', 31, 10),
      span('e', 'c', 50, 39),
    ]);
    assert.deepEqual(
      tree.rows.filter((r) => r.critical).map((r) => tree.spans[r.span].spanId),
      ['a', 'c', 'e'],
    );
  });

  it('counts the errors, a span in error by its flag or its status code', () => {
    const tree = buildTraceTree([
      span('a', '', 0, 10, { error: true }),
      span('b', 'a', 1, 1, { 'status.code': 'ERROR' }),
      span('c', 'a', 2, 1, { 'status.code': 'OK' }),
    ]);
    assert.equal(tree.errors, 2);
  });

  it('builds 10,000 spans in one chain, and 10,000 under one root, without recursion', () => {
    const chain = Array.from({ length: MAX_SPANS }, (_, i) => span(`s${i}`, i ? `s${i - 1}` : '', i / 1000, 1));
    const deep = buildTraceTree(chain);
    assert.equal(deep.rows.length, MAX_SPANS);
    assert.equal(deep.rows[MAX_SPANS - 1].depth, MAX_SPANS - 1);
    assert.equal(deep.rows[0].end, MAX_SPANS);
    const wide = buildTraceTree([
      span('r', '', 0, 10),
      ...Array.from({ length: MAX_SPANS - 1 }, (_, i) => span(`w${i}`, 'r', i / 1000, 1)),
    ]);
    assert.equal(wide.rows.length, MAX_SPANS);
    assert.equal(Math.max(...wide.rows.map((r) => r.depth)), 1);
  });

  it('keeps every span once, a parent before its subtree, whatever the rows (property)', () => {
    const ids = fc.constantFrom('', 'a', 'b', 'c', 'd', 'e', 'f', 'g');
    const row = fc.record({
      span_id: ids,
      parent_span_id: fc.oneof(ids, fc.constant(null), fc.constant('absent')),
      _time: fc.oneof(
        fc.integer({ min: -1000, max: 1000 }).map((ms) => new Date(SPAN_T0 + ms).toISOString()),
        fc.constant('never'),
      ),
      duration: fc.oneof(fc.integer({ min: -1e9, max: 1e9 }), fc.string({ maxLength: 6 }), fc.constant(null)),
    });
    fc.assert(
      fc.property(fc.array(row, { maxLength: 40 }), (rows) => {
        const tree = traceTreeOf(rows);
        const shown = tree.rows.filter((r) => r.span >= 0).map((r) => r.span);
        assert.deepEqual(
          [...shown].sort((x, y) => x - y),
          rows.map((_, i) => i),
        );
        tree.rows.forEach((r, i) => {
          assert.ok(r.end > i && r.end <= tree.rows.length);
          assert.ok(r.widthMs >= 0 && Number.isFinite(r.offsetMs));
          for (let c = i + 1; c < r.end; c++) assert.ok(tree.rows[c].depth > r.depth);
        });
      }),
    );
  });

  it('keeps each tree’s rows its own: a tree built after another changes nothing in it', () => {
    const plain = (tree: TraceTree) =>
      tree.rows.map((r) => ({
        span: r.span,
        missingParent: r.missingParent,
        depth: r.depth,
        end: r.end,
        offsetMs: r.offsetMs,
        widthMs: r.widthMs,
        notes: [...r.notes],
        critical: r.critical,
      }));
    const first = traceTreeOf([
      spanRow('a', '', 0, 100),
      spanRow('b', 'a', 10, 200),
      spanRow('c', 'gone', 5, 1),
      spanRow('a', '', 1, 1),
    ]);
    const before = plain(first);
    const second = traceTreeOf([spanRow('x', '', 0, 5), spanRow('y', 'x', 1, 2)]);
    assert.deepEqual(plain(first), before);
    assert.deepEqual(
      before.map((r) => [r.missingParent ?? r.span, r.notes, r.critical]),
      [
        [0, [], true],
        [1, ['endsAfterParent'], true],
        [3, ['duplicateId'], false],
        ['gone', [], false],
        [2, [], false],
      ],
    );
    assert.deepEqual(
      plain(second).map((r) => [r.span, r.depth, r.end, r.critical]),
      [
        [0, 0, 2, true],
        [1, 1, 2, true],
      ],
    );
  });
});
