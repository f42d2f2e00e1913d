// Every form a span's duration may take in the tabular answer (API-NOTES, traces): nanoseconds as a
// number or numeric string, Go's and APL's duration strings, the clock form; and durations in words.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { durationWords, readTimespan } from '../../../src/core/traces/timespan';

describe('readTimespan', () => {
  it('reads each form the answer may give, as nanoseconds', () => {
    const cases: [unknown, number][] = [
      [1500000, 1_500_000],
      ['1500000', 1_500_000],
      ['1.5e6', 1_500_000],
      ['1.5ms', 1_500_000],
      ['250µs', 250_000],
      ['250μs', 250_000],
      ['250us', 250_000],
      ['812ns', 812],
      ['10s', 10e9],
      ['0.1s', 1e8],
      ['.5s', 5e8],
      ['30m', 1800e9],
      ['1.5h', 5400e9],
      ['2d', 172_800e9],
      ['1h2m3.5s', 3723.5e9],
      ['timespan(15s)', 15e9],
      ['00:00:01.234', 1_234_000_000],
      ['00:00:00.000000812', 812],
      ['1.02:03:04.5000000', (86_400 + 2 * 3600 + 3 * 60 + 4.5) * 1e9],
      ['-00:00:00.5', -5e8],
      ['-3ms', -3e6],
      [' 12 ms ', 12e6],
      [0, 0],
    ];
    for (const [value, ns] of cases) assert.equal(readTimespan(value), ns, `${String(value)}`);
  });

  it('reads what is no duration as unknown, never throwing', () => {
    for (const value of [
      null,
      undefined,
      '',
      'fast',
      '12 parsecs',
      // A number and two characters that are no unit (found by character, not by cutting the text).
      '12xs',
      '12ss',
      '12mss',
      '1:2',
      '00:61:00',
      '00:00:60',
      NaN,
      Infinity,
      {},
      [],
      true,
      'x'.repeat(100),
    ])
      assert.equal(readTimespan(value), undefined, JSON.stringify(value));
  });

  it('reads a Go duration string as the nanoseconds it was made from (property)', () => {
    fc.assert(
      fc.property(fc.nat(99), fc.nat(59), fc.nat(59), fc.nat(999), fc.nat(999), (h, m, s, ms, us) => {
        const text = `${h}h${m}m${s}s${ms}ms${us}µs`;
        const ns = ((h * 3600 + m * 60 + s) * 1000 + ms) * 1e6 + us * 1e3;
        assert.equal(readTimespan(text), ns);
      }),
    );
  });

  it('reads one number and one unit as Number() reads the number (property)', () => {
    const units = { ns: 1, us: 1e3, µs: 1e3, μs: 1e3, ms: 1e6, s: 1e9, m: 60e9, h: 3600e9, d: 86_400e9 };
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{1,20}(\.\d{1,20})?$/),
        fc.constantFrom(...(Object.keys(units) as (keyof typeof units)[])),
        (number, unit) => {
          assert.equal(readTimespan(`${number}${unit}`), Number(number) * units[unit], `${number}${unit}`);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('reads the clock form as the nanoseconds it was made from (property)', () => {
    fc.assert(
      fc.property(fc.nat(30), fc.nat(23), fc.nat(59), fc.nat(59), fc.nat(999_999_999), (d, h, m, s, frac) => {
        const two = (n: number) => String(n).padStart(2, '0');
        const text = `${d ? `${d}.` : ''}${two(h)}:${two(m)}:${two(s)}.${String(frac).padStart(9, '0')}`;
        assert.equal(readTimespan(text), (d * 86_400 + h * 3600 + m * 60 + s) * 1e9 + frac);
      }),
    );
  });

  it('never throws, and reads any text as a finite number or unknown (property)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.anything()), (value) => {
        const ns = readTimespan(value);
        assert.ok(ns === undefined || Number.isFinite(ns));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('durationWords', () => {
  it('says a duration in the unit that reads best', () => {
    assert.equal(durationWords(812), '812 ns');
    assert.equal(durationWords(4_500), '4.5 µs');
    assert.equal(durationWords(1_234_567), '1.23 ms');
    assert.equal(durationWords(2.5e9), '2.5 s');
    assert.equal(durationWords(200e9), '3 min 20 s');
    assert.equal(durationWords(59.6e9 + 60e9), '2 min');
    assert.equal(durationWords(7500e9), '2 h 5 min');
    assert.equal(durationWords(-3e6), '−3 ms');
    assert.equal(durationWords(NaN), '?');
  });
});
