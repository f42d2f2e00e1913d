// A reading of settings kept until one of its settings changes (platform/settingsReading.ts): the
// settings are read once however many requests ask, and a change of one of them is seen by the next.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { SettingsReading } from '../../../src/platform/settingsReading';

/** A reading over a settings store of its own, counting the times it is read. */
function counted(keys: readonly string[]) {
  const store = new Map<string, number>(keys.map((key) => [key, 0]));
  let reads = 0;
  const reading = new SettingsReading(keys, () => {
    reads++;
    return Object.fromEntries(keys.map((key) => [key, store.get(key)]));
  });
  const change = (key: string, value: number) => {
    store.set(key, value);
    reading.changed((affected) => affected === key);
  };
  return { reading, change, reads: () => reads };
}

describe('a reading of settings', () => {
  it('reads once for any number of gets while nothing changes', () => {
    const { reading, reads } = counted(['http.proxy', 'http.proxyStrictSSL']);
    for (let i = 0; i < 100; i++) assert.deepEqual(reading.get(), { 'http.proxy': 0, 'http.proxyStrictSSL': 0 });
    assert.equal(reads(), 1);
  });

  it('a change of one of its settings is seen on the next get; a change of another reads nothing again', () => {
    const { reading, change, reads } = counted(['http.proxy', 'http.proxyStrictSSL']);
    reading.get();
    change('axiom.statusPollSeconds', 9);
    assert.equal(reading.get()['http.proxy'], 0);
    assert.equal(reads(), 1);
    change('http.proxyStrictSSL', 1);
    assert.equal(reading.get()['http.proxyStrictSSL'], 1);
    assert.equal(reads(), 2);
  });

  it('reads again after forget (the extension wrote a setting itself)', () => {
    const { reading, reads } = counted(['axiom.orgId']);
    reading.get();
    reading.forget();
    reading.get();
    assert.equal(reads(), 2);
  });

  it('keeps no reading that failed: the next get tries again', () => {
    let calls = 0;
    const reading = new SettingsReading(['axiom.url'], () => {
      if (++calls === 1) throw new Error('not yet');
      return 'read';
    });
    assert.throws(() => reading.get(), /not yet/);
    assert.equal(reading.get(), 'read');
    assert.equal(calls, 2);
  });

  it('any sequence of changes and gets: each get gives what the settings say now, read only after a change of its own', () => {
    const keys = ['a', 'b', 'c'];
    const step = fc.oneof(
      fc.record({ get: fc.constant(true as const) }),
      fc.record({ key: fc.constantFrom('a', 'b', 'c', 'd', 'e'), value: fc.integer() }),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        const { reading, change, reads } = counted(keys);
        const now: Record<string, number> = { a: 0, b: 0, c: 0 };
        let expectedReads = 0;
        let stale = true;
        for (const s of steps) {
          if ('get' in s) {
            if (stale) expectedReads++;
            stale = false;
            assert.deepEqual(reading.get(), now);
          } else {
            change(s.key, s.value);
            if (keys.includes(s.key)) {
              now[s.key] = s.value;
              stale = true;
            }
          }
        }
        assert.equal(reads(), expectedReads);
      }),
    );
  });
});
