// Instants as events carry them: the service's form (UTC, up to nanoseconds) read digit by digit
// gives what the engine's own reader gives to the millisecond, with the fraction below it; other
// forms (offsets, a space, lower case, out-of-range fields, numbers) read as before; anything else
// is NaN, never a throw.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { readInstant } from '../../../src/core/instant';

const T = Date.UTC(2026, 10, 29, 6, 1, 2, 345);

describe('readInstant', () => {
  it('reads the service’s form to the nanosecond, JavaScript’s and the whole second', () => {
    assert.equal(readInstant('2026-11-29T06:01:02.345Z'), T);
    assert.equal(readInstant('2026-11-29T06:01:02Z'), T - 345);
    assert.equal(readInstant('2026-11-29T06:01:02.3Z'), T - 45);
    assert.ok(Math.abs(readInstant('2026-11-29T06:01:02.345678901Z') - (T + 0.678901)) < 1e-6);
  });

  it('reads offsets, a space, lower case and ms since the epoch the long way', () => {
    assert.equal(readInstant('2026-11-29T07:01:02.345+01:00'), T);
    assert.equal(readInstant('2026-11-29 06:01:02.345Z'), T);
    assert.equal(readInstant('2026-11-29t06:01:02.345z'), T);
    assert.equal(readInstant(T), T);
    assert.equal(readInstant('Sun, 29 Nov 2026 06:01:02 GMT'), T - 345);
  });

  it('is NaN for what is no instant, and for non-finite numbers', () => {
    for (const value of ['', 'soon', '2026-11-29T06:01:02.Z', null, undefined, {}, Infinity, 'x'.repeat(100)])
      assert.ok(Number.isNaN(readInstant(value)), JSON.stringify(value));
  });

  it('leaves days past the month’s end and years before 100 to the engine’s reader', () => {
    assert.equal(readInstant('2026-04-31T00:00:00.000Z'), Date.parse('2026-04-31T00:00:00.000Z'));
    assert.equal(readInstant('0050-01-01T00:00:00.000Z'), Date.parse('0050-01-01T00:00:00.000Z'));
    assert.equal(readInstant('2024-02-29T00:00:00Z'), Date.UTC(2024, 1, 29));
  });

  it('property: the service’s form gives the engine’s millisecond and the digits below it', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(100, 0, 1), max: Date.UTC(9999, 11, 31, 23, 59, 59, 999) }),
        fc.integer({ min: 0, max: 9 }),
        fc.stringMatching(/^\d{0,9}$/),
        (ms, places, below) => {
          const text = new Date(ms).toISOString().slice(0, 19);
          const digits = `${new Date(ms).toISOString().slice(20, 23)}${below}`.slice(0, places);
          const written = digits ? `${text}.${digits}Z` : `${text}Z`;
          const read = readInstant(written);
          const engine = Date.parse(written);
          const rest = digits.length > 3 ? Number(`0.${digits.slice(3)}`) : 0;
          // To the precision of a double of that size (below a µs now, a few dozen at the range's end).
          assert.ok(Math.abs(read - engine - rest) <= Math.max(1e-6, Math.abs(engine) * Number.EPSILON * 2), written);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('property: any text reads as a number or NaN without throwing', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.stringMatching(/^[0-9TZ:.+ -]{0,40}$/)), (text) => {
        assert.equal(typeof readInstant(text), 'number');
      }),
    );
  });
});
