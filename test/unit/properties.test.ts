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
import { monitorSchema, type Monitor } from '../../src/core/api/schemas';
import { parseStarredList, plainStarredQuery, starredQuerySchema } from '../../src/core/api/starred';
import { orderByKeys } from '../../src/core/keyOrder';
import { escapeMarkdown } from '../../src/core/markdown';
import { monitorTooltipMarkdown } from '../../src/core/monitors/monitorHover';
import { monitorRow, monitorRows } from '../../src/core/monitors/monitorRows';
import { monitorSummary } from '../../src/core/monitors/monitorWords';
import { nameSortKey } from '../../src/core/monitors/nameSortKey';

const RUNS = { numRuns: 500 };

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
const monitorKeys = fc.constantFrom('id', 'name', 'type', 'aplQuery', 'threshold', 'disabledUntil', 'notifierIds', 'notifierIDs', 'disabled', 'intervalMinutes', '__proto__', 'constructor');
const monitorish = fc.dictionary(monitorKeys, fc.jsonValue());
const anyText = fc.string({ unit: 'binary', maxLength: 80 });

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
    disabledUntil: fc.option(fc.date({ noInvalidDate: true }).map((d) => d.toISOString()), { nil: null }),
    notifierIds: fc.array(anyText, { maxLength: 3 }),
    unknownLaterField: fc.jsonValue(),
  },
  { requiredKeys: ['id', 'name', 'type'] },
);

describe('parsers never throw anything but the typed error', () => {
  it('monitor list: arbitrary JSON', () => {
    fc.assert(fc.property(fc.jsonValue(), (body) => void typedOutcome(() => parseMonitorList(body))), RUNS);
  });

  it('monitor list: lists of near-monitors keep the readable ones and count the rest', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(monitorish, fc.jsonValue())), (body) => {
        const { monitors, skipped } = parseMonitorList(body);
        assert.equal(monitors.length + skipped.length, body.length);
      }),
      RUNS,
    );
  });

  it('starred query: arbitrary JSON and near-records', () => {
    const nearRecord = fc.dictionary(fc.constantFrom('id', 'kind', 'name', 'dataset', 'who', 'query', 'metadata'), fc.oneof(fc.jsonValue(), fc.record({ apl: fc.jsonValue() })));
    fc.assert(fc.property(fc.oneof(fc.jsonValue(), nearRecord), (body) => void typedOutcome(() => parseBody(starredQuerySchema, body, 'starred query'))), RUNS);
  });

  it('starred query list: arbitrary JSON, and lists of near-records (a bad entry is skipped, never thrown)', () => {
    const nearRecord = fc.dictionary(fc.constantFrom('id', 'kind', 'name', 'dataset', 'who', 'query', 'metadata', '__proto__'), fc.oneof(fc.jsonValue(), fc.record({ apl: fc.jsonValue(), queryOptions: fc.jsonValue() })));
    fc.assert(fc.property(fc.jsonValue(), (body) => void typedOutcome(() => parseStarredList(body))), RUNS);
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
        query: fc.oneof(fc.constant(null), fc.record({ apl: text, startTime: text, endTime: text, queryOptions: fc.oneof(fc.constant(null), fc.dictionary(fc.string({ maxLength: 2 }), fc.jsonValue())) }, { requiredKeys: [] })),
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
    const check = compileShapeCheck(z.object({ id: z.string(), tags: z.array(z.string()).optional(), until: z.string().nullable().optional(), n: z.number().optional() }));
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

  it('an entry is kept exactly when zod accepts it, with every field zod gives', () => {
    const entry = fc.oneof(validMonitor, monitorish, fc.jsonValue(), validMonitor.chain((m) => fc.record({ notifierIDs: fc.oneof(fc.array(anyText), fc.jsonValue()) }).map((extra) => ({ ...m, ...extra }))));
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 6 }), (wire) => {
        const body = JSON.parse(JSON.stringify(wire)) as unknown[];
        const expected = body.map((item) => monitorSchema.safeParse(structuredClone(item)));
        const { monitors, skipped } = parseMonitorList(body);
        assert.deepEqual(skipped.map((s) => s.index), expected.flatMap((r, i) => (r.success ? [] : [i])));
        const accepted = expected.flatMap((r) => (r.success ? [r.data] : []));
        assert.equal(monitors.length, accepted.length);
        monitors.forEach((m, i) => {
          for (const [key, value] of Object.entries(accepted[i])) assert.deepEqual((m as Record<string, unknown>)[key], value, key);
        });
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
          for (const key of ['id', 'name', 'type', 'description', 'aplQuery', 'operator', 'threshold', 'intervalMinutes', 'rangeMinutes', 'disabled', 'disabledUntil', 'notifierIds'] as const) {
            assert.deepEqual(m[key], w[key], key);
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
      fc.property(fc.stringMatching(/^[a-z ]{0,5}$/), fc.nat(10 ** 9), fc.nat(10 ** 9), fc.stringMatching(/^[a-z .-]{0,3}$/), (prefix, m, n, suffix) => {
        const [a, b] = [nameSortKey(`${prefix}${m}${suffix}`), nameSortKey(`${prefix}${n}${suffix}`)];
        assert.equal(Math.sign(a < b ? -1 : a > b ? 1 : 0), Math.sign(m - n));
      }),
      RUNS,
    );
  });
  it('the fast key agrees with its plain definition', () => {
    const longNumber = (run: string) => String.fromCharCode(0x40 + Math.min(run.length, 26)) + run;
    const plainKey = (text: string) => text.toLowerCase().normalize('NFKD').replace(/\p{M}/gu, '').replace(/\d{2,}/g, longNumber);
    fc.assert(
      fc.property(fc.oneof(name, fc.string({ unit: 'binary' }), fc.constantFrom('①2', 'x²3', 'É10', 'a1b22c333', 'v1.10')), (text) => {
        assert.equal(nameSortKey(text), plainKey(text));
      }),
      RUNS,
    );
  });
  // Few letters, so that keys share long prefixes, repeat, and end inside one another; and any text.
  const keyLists = fc.oneof(fc.array(fc.stringMatching(/^[ab]{0,6}$/), { maxLength: 300, size: 'max' }), fc.array(fc.stringMatching(/^[a-c ]{0,12}$/), { maxLength: 300, size: 'max' }), fc.array(anyText, { maxLength: 100, size: 'max' }), fc.array(fc.string({ unit: 'binary' }), { maxLength: 100, size: 'max' }));
  // Tie keys that repeat too, so that some keys are equal throughout.
  const withTies = keyLists.chain((keys) => fc.tuple(fc.constant(keys), fc.array(fc.stringMatching(/^[xy]{0,2}$/), { minLength: keys.length, maxLength: keys.length })));
  const engineOrder = (keys: string[], ties: string[]) => [...keys.keys()].sort((a, b) => (keys[a] < keys[b] ? -1 : keys[a] > keys[b] ? 1 : ties[a] < ties[b] ? -1 : ties[a] > ties[b] ? 1 : 0));
  /** Indexes whose key and tie key are both equal may come in any order: compared by what they hold. */
  const keyPairs = (order: Iterable<number>, keys: string[], ties: string[]) => [...order].map((i) => [keys[i], ties[i]]);
  it('orderByKeys gives the order of the engine\'s sort, equal keys by their tie keys', () => {
    fc.assert(
      fc.property(withTies, ([keys, ties]) => {
        const order = orderByKeys(keys, ties);
        assert.deepEqual([...order].sort((a, b) => a - b), [...keys.keys()], 'every index once');
        assert.deepEqual(keyPairs(order, keys, ties), keyPairs(engineOrder(keys, ties), keys, ties));
      }),
      RUNS,
    );
  });
  it('orderByKeys gives the same order when it falls back to the engine\'s sort at once', () => {
    fc.assert(
      fc.property(withTies, ([keys, ties]) => {
        assert.deepEqual(keyPairs(orderByKeys(keys, ties, () => 0), keys, ties), keyPairs(engineOrder(keys, ties), keys, ties));
      }),
      RUNS,
    );
  });
  it('monitorRows keeps every monitor, each with its own row, and puts them in order', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ id: anyText, name }), { maxLength: 100, size: 'max' }), (list) => {
        const monitors = list.map((m) => ({ ...m, type: 'Threshold' }) as Monitor);
        const rows = monitorRows(monitors, String, 0);
        for (const row of rows) assert.deepEqual(row, monitorRow(row.monitor, String, 0));
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
    const hostile = fc.oneof(anyText, fc.constantFrom('<img src=x onerror=alert(1)>', '[click](command:axiom.signOut)', 'https://evil.example', '```\n# not a heading', 'a\r\n===', '<!-- x', 'user@example.com', '~~~'));
    const monitor = fc.record({ id: anyText, name: hostile, type: hostile, description: hostile, aplQuery: hostile, operator: hostile, columnName: hostile, createdBy: hostile, notifierIds: fc.array(hostile, { maxLength: 2 }) });
    fc.assert(
      fc.property(monitor, (m) => {
        const markdown = monitorTooltipMarkdown(m as Monitor, () => 'a date');
        const open = /^(`{3,})kusto$/m.exec(markdown);
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
