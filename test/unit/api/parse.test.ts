// The readers of the service's answers (property-based, fast-check, and fuzzed): whatever JSON the
// service sends, they answer with a typed value or the typed `invalid response` error; valid
// monitors keep every displayed field.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { parseFieldList, parseHistory, parseMonitorList, parseVirtualFieldList } from '../../../src/core/api/parse';
import { datasetFieldListSchema, virtualFieldListSchema } from '../../../src/core/api/schemas';
import { parseStarredList, readStarredRecord } from '../../../src/core/api/starred';
import { readTabular } from '../../../src/core/api/tabular';
import { monitorSummary } from '../../../src/core/monitors/monitorWords';
import { monitorish, nearMonitor, goShaped, validMonitor } from '../../support/monitorArbitraries';
import { anyJson, FUZZ_BOUND, typedOrNothing, typedOutcome } from '../../support/untrustedInput';

const RUNS = { numRuns: 500 };

/** Calls `parse`, which must not throw at all. */
function typedValue<T>(parse: () => T): T {
  try {
    return parse();
  } catch (e) {
    assert.fail(`threw ${String(e)}`);
  }
}

describe('parsers never throw anything but the typed error', () => {
  it('monitor list: arbitrary JSON', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (body) => void typedOutcome(() => parseMonitorList(body))),
      RUNS,
    );
  });

  it('monitor list: lists of near-monitors keep the readable ones and count the rest', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(monitorish, goShaped, nearMonitor, fc.jsonValue())), (body) => {
        const sent = body.length;
        const { monitors, skipped } = typedValue(() => parseMonitorList(body));
        assert.equal(monitors.length + skipped.length, sent);
      }),
      RUNS,
    );
  });

  it('broken JSON text never reaches the parsers as anything but a typed error (via JSON.parse guard)', () => {
    fc.assert(
      fc.property(fc.json(), fc.nat(), (text, cut) => {
        let body: unknown;
        try {
          body = JSON.parse(text.slice(0, cut % (text.length + 1)));
        } catch {
          return; // the client turns this into invalidResponse before any parser sees it
        }
        typedOutcome(() => parseMonitorList(body));
      }),
      RUNS,
    );
  });
});

describe('valid monitors survive parsing', () => {
  it('every displayed field intact, unknown fields tolerated', () => {
    fc.assert(
      fc.property(fc.array(validMonitor, { maxLength: 5 }), (wire) => {
        const { monitors, skipped } = parseMonitorList(JSON.parse(JSON.stringify(wire)));
        assert.equal(skipped.length, 0);
        assert.equal(monitors.length, wire.length);
        monitors.forEach((m, i) => {
          const w = JSON.parse(JSON.stringify(wire[i])) as Record<string, unknown>;
          for (const key of [
            'id',
            'name',
            'type',
            'description',
            'aplQuery',
            'operator',
            'threshold',
            'intervalMinutes',
            'rangeMinutes',
            'disabled',
            'disabledUntil',
            'notifierIds',
          ] as const) {
            assert.deepEqual(m[key], w[key] ?? undefined, key);
          }
          assert.equal(typeof monitorSummary(m), 'string');
        });
      }),
      RUNS,
    );
  });
});

// Fuzzing: arbitrary input, bounded in time; the reader answers without an exception other than the
// one typed error. A failure found here is fixed and kept as a regular test above.

describe("fuzz: the readers of the service's answers take any JSON", () => {
  it('monitors, history, starred queries and a starred record: a value or the typed error', () => {
    fc.assert(
      fc.property(anyJson, (body) => {
        typedOrNothing(() => parseMonitorList(body));
        typedOrNothing(() => parseHistory(body));
        typedOrNothing(() => parseStarredList(body));
        typedOrNothing(() => readStarredRecord(body));
        typedOrNothing(() => readTabular(body));
      }),
      FUZZ_BOUND,
    );
  });
});

describe("a dataset's fields", () => {
  /** A field as the service may send it: null and absent optional fields, and keys the schema does not name. */
  const field = fc.record(
    {
      name: fc.string(),
      type: fc.string(),
      description: fc.option(fc.string(), { nil: null }),
      unit: fc.option(fc.string(), { nil: null }),
      hidden: fc.boolean(),
      extra: fc.integer(),
    },
    { requiredKeys: ['name'] },
  );
  /** What a reader of a field sees: the schema's keys, null and absent alike. */
  const seen = (fields: readonly Record<string, unknown>[]) =>
    fields.map((f) =>
      Object.fromEntries(['name', 'type', 'description', 'unit', 'hidden'].map((k) => [k, f[k] ?? undefined])),
    );

  it('a list the shape check vouches for reads as zod reads it, without a copy', () => {
    fc.assert(
      fc.property(fc.array(field, { maxLength: 20 }), (fields) => {
        const byZod = datasetFieldListSchema.parse(structuredClone(fields));
        const body: unknown = structuredClone(fields);
        const read = parseFieldList(body);
        assert.equal(read, body, 'the parsed list itself');
        assert.deepEqual(seen(read), seen(byZod));
      }),
    );
  });

  it('a list with an entry that is not a field is refused with the reason, as zod gives it', () => {
    assert.throws(
      () => parseFieldList([{ name: 'ok' }, { name: 7 }]),
      (error: Error) => /field list/.test(error.message) && /name/.test(error.message),
    );
    assert.throws(() => parseFieldList({ fields: [] }), /field list/);
  });
});

describe("a dataset's virtual fields", () => {
  /** A virtual field as the service may send it: null and absent optional fields, and keys the schema does not name. */
  const virtualField = fc.record(
    {
      id: fc.string(),
      dataset: fc.string(),
      name: fc.string(),
      expression: fc.option(fc.string(), { nil: null }),
      description: fc.option(fc.string(), { nil: null }),
      type: fc.option(fc.string(), { nil: null }),
      unit: fc.option(fc.string(), { nil: null }),
    },
    { requiredKeys: ['name'] },
  );
  const seen = (fields: readonly Record<string, unknown>[]) =>
    fields.map((f) =>
      Object.fromEntries(['name', 'expression', 'description', 'type', 'unit'].map((k) => [k, f[k] ?? undefined])),
    );

  it('a list the shape check vouches for reads as zod reads it, without a copy; null is none', () => {
    fc.assert(
      fc.property(fc.option(fc.array(virtualField, { maxLength: 12 }), { nil: null }), (fields) => {
        const byZod = virtualFieldListSchema.parse(structuredClone(fields));
        const body: unknown = structuredClone(fields);
        const read = parseVirtualFieldList(body);
        if (body !== null) assert.equal(read, body, 'the parsed list itself');
        assert.deepEqual(seen(read), seen(byZod));
      }),
    );
  });

  it('a list with an entry that is not a virtual field is refused with the reason, as zod gives it', () => {
    assert.throws(
      () =>
        parseVirtualFieldList([
          { name: 'ok', expression: 'a + 1' },
          { name: 'bad', expression: 3 },
        ]),
      (error: Error) => /virtual field list/.test(error.message) && /expression/.test(error.message),
    );
    assert.throws(() => parseVirtualFieldList({ fields: [] }), /virtual field list/);
  });
});
