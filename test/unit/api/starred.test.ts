// The starred query readers (property-based, fast-check): whatever JSON the service sends, a typed
// value or the typed `invalid response` error; a bad entry of a list is skipped, never thrown.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { parseBody } from '../../../src/core/api/parse';
import {
  parseStarredList,
  plainStarredInput,
  plainStarredQuery,
  readStarredRecord,
  starredInputBody,
  starredQuerySchema,
} from '../../../src/core/api/starred';
import { starredQueryInputSchema } from '../../../src/core/api/schemas';
import { typedOutcome } from '../../support/untrustedInput';

const RUNS = { numRuns: 500 };

describe('parsers never throw anything but the typed error', () => {
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
    // Often a well-formed record (so that the check says yes often enough to be tried), sometimes
    // with a key `__proto__` of its own, as JSON.parse makes one.
    const wellFormed = fc.record({
      id: fc.string({ minLength: 1, maxLength: 3 }),
      name: fc.string({ minLength: 1, maxLength: 3 }),
      query: fc.record({ apl: fc.string({ maxLength: 3 }) }),
    });
    const withProto = fc
      .tuple(fc.oneof(entry, wellFormed), fc.option(text, { nil: undefined }))
      .map(([value, proto]): unknown =>
        proto === undefined
          ? value
          : Object.defineProperty({ ...value }, '__proto__', { value: proto, enumerable: true }),
      );
    fc.assert(
      fc.property(withProto, (value) => {
        if (!plainStarredQuery(value)) return;
        const parsed = starredQuerySchema.safeParse(value);
        assert.ok(parsed.success, JSON.stringify(value));
        assert.deepEqual(JSON.parse(JSON.stringify(parsed.data)), JSON.parse(JSON.stringify(value)));
      }),
      RUNS,
    );
  });

  it('starred query: a record read as it is (no zod) is the one zod reads', () => {
    const body = {
      id: 'q1',
      name: 'Checkout',
      kind: 'apl',
      who: 'u1',
      query: { apl: "['logs']" },
      metadata: {},
      extra: 1,
    };
    const { query, raw } = readStarredRecord(body);
    assert.equal(raw, body);
    assert.deepEqual(JSON.parse(JSON.stringify(query)), JSON.parse(JSON.stringify(starredQuerySchema.parse(body))));
    // A record zod must read (a null field) is zod's reading, and one it refuses is the typed error.
    assert.equal(readStarredRecord({ ...body, dataset: null }).query.dataset, undefined);
    assert.throws(() => readStarredRecord({ ...body, id: '' }), /starred query/);
  });

  it('starred query input: one sent as it is (no zod) is one zod sends unchanged; the others are zod’s', () => {
    // A well-formed input, then one field at a time made something else.
    const text = fc.oneof(fc.string({ maxLength: 3 }), fc.constant(undefined), fc.constant(null), fc.integer());
    const key = fc.oneof(fc.string({ maxLength: 2 }), fc.constantFrom('__proto__', 'constructor', 'apl'));
    const wellFormed = fc.record({
      kind: fc.constant('apl'),
      name: fc.string({ minLength: 1, maxLength: 3 }),
      dataset: fc.option(fc.string({ maxLength: 3 }), { nil: undefined }),
      who: fc.string({ maxLength: 3 }),
      query: fc.record({ apl: fc.string({ minLength: 1, maxLength: 3 }) }),
      metadata: fc.dictionary(fc.string({ maxLength: 2 }), fc.string({ maxLength: 2 })),
    });
    const changed = fc.oneof(
      fc.record({ field: fc.constantFrom('kind', 'name', 'dataset', 'who', 'extra'), value: text }),
      fc.record({ field: fc.constant('query'), value: fc.oneof(fc.constant(null), fc.dictionary(key, text)) }),
      fc.record({ field: fc.constant('metadata'), value: fc.oneof(fc.constant(null), fc.dictionary(key, text)) }),
    );
    const input = fc
      .tuple(wellFormed, fc.option(changed, { nil: undefined }))
      .map(([base, change]) =>
        change ? (Object.assign(JSON.parse(JSON.stringify(base)), { [change.field]: change.value }) as unknown) : base,
      );
    const json = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;
    fc.assert(
      fc.property(input, (value) => {
        const parsed = starredQueryInputSchema.safeParse(value);
        if (plainStarredInput(value)) {
          assert.ok(parsed.success, JSON.stringify(value));
          assert.deepEqual(json(parsed.data), json(value));
          assert.equal(starredInputBody(value), value);
        } else if (parsed.success) {
          assert.deepEqual(json(starredInputBody(value as never)), json(parsed.data));
        } else {
          assert.throws(() => starredInputBody(value as never));
        }
      }),
      { numRuns: 2000 },
    );
    // What the extension builds is sent as it is.
    const built = {
      kind: 'apl' as const,
      name: 'Checkout 5xx',
      dataset: 'http-logs',
      who: '',
      query: { apl: "['http-logs']" },
      metadata: {},
    };
    assert.equal(starredInputBody(built), built);
  });
});
