// The allocation-free shape check (property-based, fast-check): it reads every monitor as zod does.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { z } from 'zod';
import { compileShapeCheck } from '../../../src/core/api/shapeCheck';
import { parseMonitorList } from '../../../src/core/api/parse';
import { monitorWireSchema, optionalField, type Monitor } from '../../../src/core/api/schemas';
import { readTime } from '../../../src/core/api/serviceTime';
import {
  monitorish,
  anyText,
  timeText,
  OPTIONAL_FIELDS,
  nearMonitor,
  goShaped,
  validMonitor,
} from '../../support/monitorArbitraries';

const RUNS = { numRuns: 500 };

/** The reading the spec asks for, worked out plainly: a monitor (with the fields it could not
 *  read), or undefined when the entry is no monitor. */
function expectedReading(entry: unknown): { monitor: Record<string, unknown>; dropped: string[] } | undefined {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return undefined;
  const wire = entry as Record<string, unknown>;
  if (typeof wire.id !== 'string' || typeof wire.name !== 'string') return undefined;
  const monitor: Record<string, unknown> = { id: wire.id, name: wire.name };
  const dropped: string[] = [];
  for (const [key, kind] of Object.entries(OPTIONAL_FIELDS)) {
    if (!Object.hasOwn(wire, key)) continue;
    const value = wire[key];
    if (value === null) continue;
    const readable =
      kind === 'strings'
        ? Array.isArray(value) && value.every((x) => typeof x === 'string')
        : kind === 'time'
          ? typeof value === 'string' && !Number.isNaN(Date.parse(value))
          : kind === 'number'
            ? typeof value === 'number' && Number.isFinite(value)
            : typeof value === kind;
    if (!readable) dropped.push(key);
    else if (!(kind === 'time' && Date.parse(value as string) < 0)) monitor[key] = value;
  }
  const notifiers = monitor.notifierIds ?? monitor.notifierIDs;
  delete monitor.notifierIDs;
  delete monitor.notifierIds;
  if (notifiers !== undefined) monitor.notifierIds = notifiers;
  return { monitor, dropped };
}

/** The fields a monitor holds that the schema names (its own keys: `constructor` is in every object), without those left undefined. */
function monitorFields(monitor: Monitor): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(monitor).filter(
      ([key, value]) => Object.hasOwn(monitorWireSchema.shape, key) && value !== undefined,
    ),
  );
}

describe('the allocation-free shape check agrees with zod', () => {
  it('defers to zod for what it cannot express, and reads lists, nulls and absent fields', () => {
    const check = compileShapeCheck(
      z.object({
        id: z.string(),
        tags: z.array(z.string()).optional(),
        until: z.string().nullable().optional(),
        n: z.number().optional(),
      }),
    );
    assert.equal(check({ id: 'a' }), true);
    assert.equal(check({ id: 'a', tags: ['x'], until: null, n: 1, extra: {} }), true);
    assert.equal(check({ id: 'a', tags: ['x', 1] }), false);
    assert.equal(check({ id: 'a', n: Number.NaN }), false);
    assert.equal(check({ id: 1 }), false);
    assert.equal(check([]), false);
    assert.equal(check(null), false);
    const leastLength = compileShapeCheck(z.object({ name: z.string().min(2) }));
    assert.equal(leastLength({ name: 'xy' }), true, 'a least length is checked here');
    assert.equal(leastLength({ name: 'x' }), false);
    const withRule = compileShapeCheck(z.object({ name: z.string().max(1) }));
    assert.equal(withRule({ name: 'x' }), false, 'any other string rule is zod’s to check');
    const tolerant = compileShapeCheck(z.object({ note: optionalField(z.string()) }));
    assert.equal(tolerant({ note: 'x' }), true);
    const nulled = { note: null };
    assert.equal(tolerant(nulled), true, 'a tolerant field’s null is absent');
    assert.equal(nulled.note, undefined);
    assert.equal(tolerant({ note: 3 }), false, 'a value of another type is zod’s to leave out');
    const inherited = compileShapeCheck(z.object({ toString: z.string() }));
    assert.equal(inherited({ toString: 'x' }), false, 'a key every object inherits is zod’s to check');
  });

  it('the shape check reads null in optional fields as absent, and a time before 1970 as never', () => {
    const check = compileShapeCheck(
      z.object({ id: z.string(), n: z.number().nullish(), kept: z.number().nullable(), at: z.string().nullish() }),
      { time: z.string() },
    );
    const value: Record<string, unknown> = { id: 'a', n: null, kept: null, at: null };
    assert.equal(check(value), true);
    assert.deepEqual(
      value,
      { id: 'a', n: undefined, kept: null, at: undefined },
      'null kept where the field may not be absent',
    );
    const time = z.string().refine((text) => readTime(text) !== 'unreadable');
    const times = compileShapeCheck(z.object({ at: time.nullish(), required: time }), { time });
    const zero = { at: '0001-01-01T00:00:00Z', required: '0001-01-01T00:00:00Z' };
    assert.equal(times(zero), true);
    assert.deepEqual(zero, { at: undefined, required: '0001-01-01T00:00:00Z' }, 'a required time stays');
    assert.equal(times({ at: 'not a date', required: '2025-01-01T00:00:00Z' }), false);
    assert.equal(times({ at: 5, required: '2025-01-01T00:00:00Z' }), false);
  });

  // Each list is read twice: as parseMonitorList reads it (the shape check first) and by zod
  // alone. The two must agree entry by entry: what is kept, skipped and left out, and every field.
  const entry = fc.oneof(
    validMonitor,
    goShaped,
    nearMonitor,
    monitorish,
    fc.jsonValue(),
    validMonitor.chain((m) =>
      fc.record({ notifierIDs: fc.oneof(fc.array(anyText), fc.jsonValue()) }).map((extra) => ({ ...m, ...extra })),
    ),
  );
  it('the fast path and zod agree entry by entry', () => {
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 6 }), (wire) => {
        const text = JSON.stringify(wire);
        const fast = parseMonitorList(JSON.parse(text));
        const slow = parseMonitorList(JSON.parse(text), () => false);
        assert.deepEqual(fast.skipped, slow.skipped);
        assert.deepEqual(fast.dropped, slow.dropped);
        assert.equal(fast.monitors.length, slow.monitors.length);
        fast.monitors.forEach((m, i) => assert.deepEqual(monitorFields(m), monitorFields(slow.monitors[i])));
      }),
      RUNS,
    );
  });

  it('every entry reads as the spec says: null absent, times before 1970 never, unreadable optional fields left out and counted, only id and name needed', () => {
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 6 }), (wire) => {
        const body = JSON.parse(JSON.stringify(wire)) as unknown[];
        const expected = body.map((item) => expectedReading(structuredClone(item)));
        const { monitors, skipped, dropped } = parseMonitorList(body);
        assert.deepEqual(
          skipped.map((s) => s.index),
          expected.flatMap((r, i) => (r ? [] : [i])),
        );
        assert.deepEqual(
          dropped.map((d) => [d.index, d.field]),
          expected.flatMap((r, i) => (r ? r.dropped.map((field) => [i, field]) : [])),
        );
        const kept = expected.flatMap((r) => (r ? [r.monitor] : []));
        assert.equal(monitors.length, kept.length);
        monitors.forEach((m, i) => assert.deepEqual(monitorFields(m), kept[i]));
      }),
      RUNS,
    );
  });

  it('a time is read as Date.parse reads it: before 1970 is never, what it cannot read is unreadable', () => {
    fc.assert(
      fc.property(timeText, (text) => {
        const time = Date.parse(text);
        assert.equal(readTime(text), Number.isNaN(time) ? 'unreadable' : time < 0 ? 'never' : 'time', text);
      }),
      { numRuns: 5000 },
    );
  });
});
