// The starred query readers (property-based, fast-check): whatever JSON the service sends, a typed
// value or the typed `invalid response` error; a bad entry of a list is skipped, never thrown.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { parseBody } from '../../../src/core/api/parse';
import { parseStarredList, plainStarredQuery, starredQuerySchema } from '../../../src/core/api/starred';
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
});
