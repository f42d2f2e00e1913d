// Spans read from a tabular answer's rows: flattened names or nested objects, starts to the
// nanosecond, and the column-by-column reader that agrees with the row reader on any flat table.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import type { ResultTable } from '../../../src/core/api/tabular';
import { readSpan, readSpans, tableRows, type Span } from '../../../src/core/traces/spans';

const T0 = Date.parse('2026-03-01T12:00:00Z');

describe('readSpan', () => {
  it('reads fields by flattened names or nested objects, attributes and resource flattened', () => {
    const flat = readSpan(
      {
        'service.name': 'cart',
        'status.code': 'ERROR',
        'attributes.code.filepath': '/app/x.ts',
        'resource.host.name': 'h1',
      },
      0,
    );
    const nested = readSpan(
      {
        service: { name: 'cart' },
        status: { code: 'ERROR' },
        attributes: { code: { filepath: '/app/x.ts' } },
        resource: { host: { name: 'h1' } },
      },
      0,
    );
    for (const s of [flat, nested]) {
      assert.equal(s.service, 'cart');
      assert.equal(s.error, true);
      assert.deepEqual(s.attributes, { 'code.filepath': '/app/x.ts' });
      assert.deepEqual(s.resource, { 'host.name': 'h1' });
    }
  });

  it('reads a start with nanoseconds to its fraction of a millisecond', () => {
    assert.equal(readSpan({ _time: '2026-03-01T12:00:00.000250500Z' }, 0).startMs, T0 + 0.2505);
  });
});

/** Every field of a span, as a plain object (a span read from columns reads its fields as asked). */
const plain = (s: Span) => ({
  index: s.index,
  traceId: s.traceId,
  spanId: s.spanId,
  parentId: s.parentId,
  name: s.name,
  service: s.service,
  kind: s.kind,
  startMs: s.startMs,
  durationNs: s.durationNs,
  error: s.error,
  statusCode: s.statusCode,
  statusMessage: s.statusMessage,
  attributes: s.attributes,
  resource: s.resource,
  events: s.events,
  links: s.links,
});

describe('readSpans', () => {
  it('reads a flat table column by column as the row reader reads each row (property)', () => {
    const names = fc.constantFrom(
      '_time',
      'trace_id',
      'span_id',
      'parent_span_id',
      'name',
      'duration',
      'error',
      'status.code',
      'service.name',
      'attributes.http.route',
      'attributes.code',
      'resource.host.name',
      'events',
      'other',
    );
    const value = fc.oneof(
      fc.string({ maxLength: 8 }),
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
      fc.constant('2026-03-01T12:00:00.123456Z'),
      fc.dictionary(fc.constantFrom('a', 'b'), fc.string({ maxLength: 3 })),
      fc.array(fc.string({ maxLength: 3 }), { maxLength: 2 }),
    );
    fc.assert(
      fc.property(
        fc.uniqueArray(names, { maxLength: 10 }),
        fc.nat(6),
        fc.array(value, { minLength: 70, maxLength: 70 }),
        (fields, rows, values) => {
          const table: ResultTable = {
            name: '0',
            fields: fields.map((name) => ({ name, type: 'string' })),
            columns: fields.map((_, c) => Array.from({ length: rows }, (_, r) => values[(c * 7 + r) % values.length])),
            rowCount: rows,
          };
          assert.deepEqual(readSpans(table).map(plain), tableRows(table).map(readSpan).map(plain));
        },
      ),
    );
  });

  it('reads nested fields row by row', () => {
    const table: ResultTable = {
      name: '0',
      fields: [
        { name: 'service', type: 'object' },
        { name: 'span_id', type: 'string' },
      ],
      columns: [[{ name: 'cart' }], ['a']],
      rowCount: 1,
    };
    assert.equal(readSpans(table)[0].service, 'cart');
  });
});
