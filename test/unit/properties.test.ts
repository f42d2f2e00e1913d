// Property-based tests (fast-check): whatever JSON the service sends, the parsers answer with a
// typed value or the typed `invalid response` error; valid monitors keep every displayed field;
// the hover text keeps any string from the service inert.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { z } from 'zod';
import { decodeText } from '../../src/core/api/client';
import { compileShapeCheck } from '../../src/core/api/shapeCheck';
import { AxiomError } from '../../src/core/api/errors';
import { parseBody, parseMonitorList } from '../../src/core/api/parse';
import { monitorWireSchema, type Monitor } from '../../src/core/api/schemas';
import { readTime } from '../../src/core/api/serviceTime';
import { parseStarredList, plainStarredQuery, starredQuerySchema } from '../../src/core/api/starred';
import { orderByKeys } from '../../src/core/keyOrder';
import { escapeMarkdown } from '../../src/core/markdown';
import { monitorTooltipMarkdown } from '../../src/core/monitors/monitorHover';
import { firstMonitorRows, kthSmallest, monitorRow, monitorRows } from '../../src/core/monitors/monitorRows';
import { monitorSummary } from '../../src/core/monitors/monitorWords';
import { nameSortKey, nameSortPrefix } from '../../src/core/monitors/nameSortKey';

const RUNS = { numRuns: 500 };

/** Calls `parse`, which must not throw at all. */
function typedValue<T>(parse: () => T): T {
  try {
    return parse();
  } catch (e) {
    assert.fail(`threw ${String(e)}`);
  }
}

/** Calls `parse`; a throw must be the typed invalid-response error, and nothing else. */
function typedOutcome(parse: () => unknown): 'value' | 'invalid' {
  try {
    parse();
    return 'value';
  } catch (e) {
    assert.ok(e instanceof AxiomError, `threw ${String(e)}`);
    assert.equal(e.kind, 'invalidResponse');
    return 'invalid';
  }
}

// Objects that look like monitors often enough to reach the field checks, not only the top level.
const monitorKeys = fc.constantFrom(
  'id',
  'name',
  'type',
  'aplQuery',
  'threshold',
  'disabledUntil',
  'createdAt',
  'notifierIds',
  'notifierIDs',
  'disabled',
  'intervalMinutes',
  '__proto__',
  'constructor',
);
const monitorish = fc.dictionary(monitorKeys, fc.jsonValue());
const anyText = fc.string({ unit: 'binary', maxLength: 80 });

// Text for time fields: the form the service writes (every digit in every place, so that months,
// days and hours out of range occur), Go's zero time, other forms Date.parse reads, and any text.
const padded = (max: number, width = 2) =>
  fc
    .oneof(
      { weight: 19, arbitrary: fc.integer({ min: 0, max }) },
      { weight: 1, arbitrary: fc.integer({ min: 0, max: 10 ** width - 1 }) },
    )
    .map((n) => String(n).padStart(width, '0'));
const plainTime = fc
  .tuple(
    fc.oneof(padded(9999, 4), fc.constantFrom('1969', '1970', '0001')),
    padded(13),
    padded(32),
    padded(24),
    padded(60),
    padded(60),
    fc.constantFrom('', '.', '.1', '.123', '.123456789', '.1234567890'),
    fc.constantFrom('Z', 'Z', 'Z', 'z', '+02:00', '-00:30', ''),
  )
  .map(([y, mo, d, h, mi, s, fraction, zone]) => `${y}-${mo}-${d}T${h}:${mi}:${s}${fraction}${zone}`);
const timeText = fc.oneof(
  plainTime,
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
  fc.constantFrom(
    '0001-01-01T00:00:00Z',
    '1969-12-31T23:59:59.999Z',
    '1970-01-01T00:00:00Z',
    '2025-03-20 10:00:00',
    'Mar 20 2025',
    'not a date',
    '',
    '2025',
  ),
  anyText,
);

// What each optional field of a monitor holds, as the API describes it: the spec these tests hold
// the reader to, written apart from the schema.
type Kind = 'string' | 'number' | 'boolean' | 'time' | 'strings';
const OPTIONAL_FIELDS: Record<string, Kind> = {
  type: 'string',
  description: 'string',
  aplQuery: 'string',
  mplQuery: 'string',
  operator: 'string',
  threshold: 'number',
  tolerance: 'number',
  columnName: 'string',
  compareDays: 'number',
  intervalMinutes: 'number',
  rangeMinutes: 'number',
  secondDelay: 'number',
  alertOnNoData: 'boolean',
  notifyByGroup: 'boolean',
  notifyEveryRun: 'boolean',
  resolvable: 'boolean',
  skipResolved: 'boolean',
  triggerAfterNPositiveResults: 'number',
  triggerFromNRuns: 'number',
  disabled: 'boolean',
  disabledUntil: 'time',
  createdAt: 'time',
  createdBy: 'string',
  updatedAt: 'time',
  notifierIds: 'strings',
  notifierIDs: 'strings',
};
const validValue: Record<Kind, fc.Arbitrary<unknown>> = {
  string: anyText,
  number: fc.double({ noNaN: true, noDefaultInfinity: true }),
  boolean: fc.boolean(),
  time: timeText,
  strings: fc.array(anyText, { maxLength: 3 }),
};
/** Near-monitors: every optional field possibly odd (any JSON at all), and now and then no id or name. */
const nearMonitor = fc.record(
  {
    id: fc.oneof({ weight: 8, arbitrary: anyText }, { weight: 1, arbitrary: fc.jsonValue() }),
    name: fc.oneof({ weight: 8, arbitrary: anyText }, { weight: 1, arbitrary: fc.jsonValue() }),
    ...Object.fromEntries(
      Object.entries(OPTIONAL_FIELDS).map(([key, kind]) => [
        key,
        fc.oneof(validValue[kind], fc.constant(null), fc.jsonValue()),
      ]),
    ),
    laterField: fc.jsonValue(),
  },
  { requiredKeys: [] },
);
/** Monitors as a Go service writes them: every optional field of its kind, null or absent; times
 *  that are Go's zero time, before 1970, or any other. Most of these pass the shape check. */
const goTime = fc.oneof(
  fc.constant('0001-01-01T00:00:00Z'),
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
  plainTime,
);
const goShaped = fc.record(
  {
    id: anyText,
    name: anyText,
    ...Object.fromEntries(
      Object.entries(OPTIONAL_FIELDS).map(([key, kind]) => [
        key,
        fc.oneof(kind === 'time' ? goTime : validValue[kind], fc.constant(null)),
      ]),
    ),
  },
  { requiredKeys: ['id', 'name'] },
);

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

/** The fields a monitor holds that the schema names, without those left undefined. */
function monitorFields(monitor: Monitor): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(monitor).filter(([key, value]) => key in monitorWireSchema.shape && value !== undefined),
  );
}

const validMonitor = fc.record(
  {
    id: anyText,
    name: anyText,
    type: fc.constantFrom('Threshold', 'MatchEvent', 'AnomalyDetection', 'SomethingNew'),
    description: anyText,
    aplQuery: anyText,
    operator: fc.constantFrom('Above', 'Below', 'AboveOrEqual', 'Unheard'),
    threshold: fc.double({ noNaN: true, noDefaultInfinity: true }),
    intervalMinutes: fc.nat(100_000),
    rangeMinutes: fc.nat(100_000),
    disabled: fc.boolean(),
    disabledUntil: fc.option(
      fc.date({ noInvalidDate: true, min: new Date(0) }).map((d) => d.toISOString()),
      { nil: null },
    ),
    notifierIds: fc.array(anyText, { maxLength: 3 }),
    unknownLaterField: fc.jsonValue(),
  },
  { requiredKeys: ['id', 'name', 'type'] },
);

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

  it('starred query: arbitrary JSON and near-records', () => {
    const nearRecord = fc.dictionary(
      fc.constantFrom('id', 'kind', 'name', 'dataset', 'who', 'query', 'metadata'),
      fc.oneof(fc.jsonValue(), fc.record({ apl: fc.jsonValue() })),
    );
    fc.assert(
      fc.property(
        fc.oneof(fc.jsonValue(), nearRecord),
        (body) => void typedOutcome(() => parseBody(starredQuerySchema, body, 'starred query')),
      ),
      RUNS,
    );
  });

  it('starred query list: arbitrary JSON, and lists of near-records (a bad entry is skipped, never thrown)', () => {
    const nearRecord = fc.dictionary(
      fc.constantFrom('id', 'kind', 'name', 'dataset', 'who', 'query', 'metadata', '__proto__'),
      fc.oneof(fc.jsonValue(), fc.record({ apl: fc.jsonValue(), queryOptions: fc.jsonValue() })),
    );
    fc.assert(
      fc.property(fc.jsonValue(), (body) => void typedOutcome(() => parseStarredList(body))),
      RUNS,
    );
    fc.assert(
      fc.property(fc.array(nearRecord), (entries) => {
        const { queries, skipped } = parseStarredList(entries);
        assert.equal(queries.length + skipped.length, entries.length);
      }),
      RUNS,
    );
  });

  it('starred query: an entry taken as it is (no zod) is one zod reads as it is', () => {
    const text = fc.oneof(fc.string({ maxLength: 3 }), fc.constant(null), fc.integer());
    const entry = fc.record(
      {
        id: text,
        name: text,
        kind: text,
        dataset: text,
        who: text,
        query: fc.oneof(
          fc.constant(null),
          fc.record(
            {
              apl: text,
              startTime: text,
              endTime: text,
              queryOptions: fc.oneof(fc.constant(null), fc.dictionary(fc.string({ maxLength: 2 }), fc.jsonValue())),
            },
            { requiredKeys: [] },
          ),
        ),
        metadata: fc.oneof(fc.constant(null), fc.dictionary(fc.string({ maxLength: 2 }), text)),
        extra: fc.jsonValue(),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(entry, (value) => {
        if (!plainStarredQuery(value)) return;
        const parsed = starredQuerySchema.safeParse(value);
        assert.ok(parsed.success, JSON.stringify(value));
        assert.deepEqual(JSON.parse(JSON.stringify(parsed.data)), JSON.parse(JSON.stringify(value)));
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
    const withRule = compileShapeCheck(z.object({ name: z.string().min(1) }));
    assert.equal(withRule({ name: 'x' }), false, 'a string rule is zod’s to check');
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

describe('reading bodies', () => {
  it('decodes any bytes as the WHATWG decoder does (byte order mark dropped, bad sequences replaced)', () => {
    const decoder = new TextDecoder();
    const bytes = fc.oneof(
      fc.uint8Array({ maxLength: 64 }),
      fc.string({ unit: 'binary', maxLength: 32 }).map((text) => new Uint8Array(Buffer.from(text))),
      fc.string({ maxLength: 16 }).map((text) => new Uint8Array(Buffer.from(`\ufeff${text}`))),
    );
    fc.assert(
      fc.property(bytes, (raw) => {
        assert.equal(decodeText(Buffer.from(raw)), decoder.decode(raw));
      }),
      RUNS,
    );
  });
});

describe('sorting by name', () => {
  const name = fc.oneof(anyText, fc.stringMatching(/^[A-Za-z ]{0,4}[0-9]{0,4}[a-z]{0,2}[0-9]{0,3}$/));
  it('digit runs compare by value: keys of numbered names follow the numbers', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[a-z ]{0,5}$/),
        fc.nat(10 ** 9),
        fc.nat(10 ** 9),
        fc.stringMatching(/^[a-z .-]{0,3}$/),
        (prefix, m, n, suffix) => {
          const [a, b] = [nameSortKey(`${prefix}${m}${suffix}`), nameSortKey(`${prefix}${n}${suffix}`)];
          assert.equal(Math.sign(a < b ? -1 : a > b ? 1 : 0), Math.sign(m - n));
        },
      ),
      RUNS,
    );
  });
  it('the fast key agrees with its plain definition', () => {
    const longNumber = (run: string) => String.fromCharCode(0x40 + Math.min(run.length, 26)) + run;
    const plainKey = (text: string) =>
      text
        .toLowerCase()
        .normalize('NFKD')
        .replace(/\p{M}/gu, '')
        .replace(/\d{2,}/g, longNumber);
    fc.assert(
      fc.property(
        fc.oneof(name, fc.string({ unit: 'binary' }), fc.constantFrom('①2', 'x²3', 'É10', 'a1b22c333', 'v1.10')),
        (text) => {
          assert.equal(nameSortKey(text), plainKey(text));
        },
      ),
      RUNS,
    );
  });
  // Few letters, so that keys share long prefixes, repeat, and end inside one another; and any text.
  const keyLists = fc.oneof(
    fc.array(fc.stringMatching(/^[ab]{0,6}$/), { maxLength: 300, size: 'max' }),
    fc.array(fc.stringMatching(/^[a-c ]{0,12}$/), { maxLength: 300, size: 'max' }),
    fc.array(anyText, { maxLength: 100, size: 'max' }),
    fc.array(fc.string({ unit: 'binary' }), { maxLength: 100, size: 'max' }),
  );
  // Tie keys that repeat too, so that some keys are equal throughout.
  const withTies = keyLists.chain((keys) =>
    fc.tuple(
      fc.constant(keys),
      fc.array(fc.stringMatching(/^[xy]{0,2}$/), { minLength: keys.length, maxLength: keys.length }),
    ),
  );
  const engineOrder = (keys: string[], ties: string[]) =>
    [...keys.keys()].sort((a, b) =>
      keys[a] < keys[b] ? -1 : keys[a] > keys[b] ? 1 : ties[a] < ties[b] ? -1 : ties[a] > ties[b] ? 1 : 0,
    );
  /** Indexes whose key and tie key are both equal may come in any order: compared by what they hold. */
  const keyPairs = (order: Iterable<number>, keys: string[], ties: string[]) =>
    [...order].map((i) => [keys[i], ties[i]]);
  it("orderByKeys gives the order of the engine's sort, equal keys by their tie keys", () => {
    fc.assert(
      fc.property(withTies, ([keys, ties]) => {
        const order = orderByKeys(keys, ties);
        assert.deepEqual(
          [...order].sort((a, b) => a - b),
          [...keys.keys()],
          'every index once',
        );
        assert.deepEqual(keyPairs(order, keys, ties), keyPairs(engineOrder(keys, ties), keys, ties));
      }),
      RUNS,
    );
  });
  it("orderByKeys gives the same order when it falls back to the engine's sort at once", () => {
    fc.assert(
      fc.property(withTies, ([keys, ties]) => {
        assert.deepEqual(
          keyPairs(
            orderByKeys(keys, ties, () => 0),
            keys,
            ties,
          ),
          keyPairs(engineOrder(keys, ties), keys, ties),
        );
      }),
      RUNS,
    );
  });
  it('nameSortPrefix is the number of the key’s first three characters, read from the name where it can', () => {
    const numberOf = (key: string) =>
      [0, 1, 2].reduce((prefix, i) => prefix * 0x10001 + (i < key.length ? key.charCodeAt(i) + 1 : 0), 0);
    fc.assert(
      fc.property(
        fc.oneof(name, fc.string({ unit: 'binary' }), fc.constantFrom('', 'A', 'Ab', 'É10', '9', 'a12', 'Zz~')),
        (text) => {
          assert.equal(nameSortPrefix(text), numberOf(nameSortKey(text)));
        },
      ),
      RUNS,
    );
  });
  it('kthSmallest picks what sorting would, the fallback too', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.integer({ min: 0, max: 3 }), fc.integer()), { minLength: 1, maxLength: 300 }),
        fc.nat(),
        fc.boolean(),
        (list, at, fallback) => {
          const k = at % list.length;
          const sorted = [...list].sort((a, b) => a - b);
          assert.equal(kthSmallest(Float64Array.from(list), k, fallback ? 0 : undefined), sorted[k]);
        },
      ),
      RUNS,
    );
  });
  it('firstMonitorRows gives the first rows of monitorRows, and then the whole list with those same rows', () => {
    // Names that share their first characters often, so that many are candidates for the first rows.
    const shared = fc.oneof(name, fc.stringMatching(/^[Aa][Bb]?[a-c0-9 ]{0,4}$/));
    fc.assert(
      fc.property(
        fc.array(fc.record({ id: fc.stringMatching(/^[a-z]{1,3}$/), name: shared }), { maxLength: 200, size: 'max' }),
        fc.integer({ min: 1, max: 220 }),
        (list, count) => {
          // Ids are unique, as the service's are: monitors equal in name and id have no one order.
          const monitors = list.map((m, i) => ({ ...m, id: `${m.id}${i}`, type: 'Threshold' }));
          const whole = monitorRows(monitors, 0).map((row) => row.monitor);
          const { first, all } = firstMonitorRows(monitors, count, 0);
          assert.deepEqual(
            first.map((row) => row.monitor),
            whole.slice(0, count),
          );
          if (monitors.length <= count) assert.equal(all, undefined, 'a short list is all first rows');
          else {
            const rows = all!();
            assert.deepEqual(
              rows.map((row) => row.monitor),
              whole,
            );
            first.forEach((row, i) => assert.equal(rows[i], row, 'the first rows are the same objects'));
          }
        },
      ),
      RUNS,
    );
  });
  it('monitorRows keeps every monitor, each with its own row, and puts them in order', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ id: anyText, name }), { maxLength: 100, size: 'max' }), (list) => {
        const monitors = list.map((m) => ({ ...m, type: 'Threshold' }));
        const rows = monitorRows(monitors, 0);
        for (const row of rows) assert.deepEqual(row, monitorRow(row.monitor, 0));
        const sorted = rows.map((row) => row.monitor);
        const bag = (ms: Monitor[]) => ms.map((m) => JSON.stringify([m.id, m.name])).sort();
        assert.deepEqual(bag(sorted), bag(monitors), 'the same monitors');
        for (let i = 1; i < sorted.length; i++) {
          const [a, b] = [sorted[i - 1], sorted[i]];
          const [x, y] = [nameSortKey(a.name), nameSortKey(b.name)];
          assert.ok(x < y || (x === y && a.id <= b.id), `${JSON.stringify(a)} before ${JSON.stringify(b)}`);
        }
      }),
      RUNS,
    );
  });
});

/** The text with every backslash escape removed: what markdown could still read as syntax. */
function unescaped(markdown: string): string {
  return markdown.replace(/\\[\s\S]/g, '');
}

describe('hover text keeps the service’s strings inert', () => {
  it('escaped text has no live markdown: no HTML, no links, no code, no emphasis', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const bare = unescaped(escapeMarkdown(text));
        assert.doesNotMatch(bare, /[<>[\]()`*_!&|~#=]|:\/\/|www\.|\.\w/);
      }),
      RUNS,
    );
  });

  it('a monitor’s tooltip: one intact fence holding exactly the query; outside it nothing live', () => {
    const hostile = fc.oneof(
      anyText,
      fc.constantFrom(
        '<img src=x onerror=alert(1)>',
        '[click](command:axiom.signOut)',
        'https://evil.example',
        '```\n# not a heading',
        'a\r\n===',
        '<!-- x',
        'user@example.com',
        '~~~',
      ),
    );
    const monitor = fc.record({
      id: anyText,
      name: hostile,
      type: hostile,
      description: hostile,
      aplQuery: hostile,
      operator: hostile,
      columnName: hostile,
      createdBy: hostile,
      notifierIds: fc.array(hostile, { maxLength: 2 }),
    });
    fc.assert(
      fc.property(monitor, (m) => {
        const markdown = monitorTooltipMarkdown(m, () => 'a date');
        const open = /^(`{3,})axiom-apl$/m.exec(markdown);
        assert.ok(open, 'the query has a fence');
        const fence = open[1];
        const start = open.index + open[0].length + 1;
        const end = markdown.indexOf(`\n${fence}`, start);
        assert.equal(markdown.slice(start, end), m.aplQuery, 'the fence holds exactly the query');
        assert.ok(!markdown.slice(start, end).includes(fence), 'nothing inside closes the fence early');
        assert.equal(markdown.slice(end + 1 + fence.length), '', 'the fence closes at the end');
        const outside = unescaped(markdown.slice(0, open.index)).replace(/^\*\*|\*\*$/gm, '');
        assert.doesNotMatch(outside, /[<>[\]()`_!&|~#=]|:\/\/|www\.|\.\w/);
      }),
      RUNS,
    );
  });
});
