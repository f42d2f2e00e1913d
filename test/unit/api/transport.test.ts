// Reading bodies (property-based, fast-check): bytes are decoded as the WHATWG decoder does.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { decodeText } from '../../../src/core/api/transport';

const RUNS = { numRuns: 500 };

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
