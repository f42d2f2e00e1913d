// plainData: the copy made of a call's arguments from outside at the door (platform/outsideCallers.ts),
// each part read once, whatever getters or proxies answer (property-based, fast-check).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { plainData } from '../../../src/core/plainData';

/** `value` with every object's keys turned into getters that count their reads and answer
 *  `later` from the second read on: what a caller could give to change its id after a question. */
function shifting(value: unknown, reads: Map<string, number>, later: unknown, path = '$'): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map((item, i) => shifting(item, reads, later, `${path}[${i}]`));
  const object = {};
  for (const [key, item] of Object.entries(value)) {
    const place = `${path}.${key}`;
    const first = shifting(item, reads, later, place);
    Object.defineProperty(object, key, {
      enumerable: true,
      get: () => {
        const count = (reads.get(place) ?? 0) + 1;
        reads.set(place, count);
        return count === 1 ? first : later;
      },
    });
  }
  return object;
}

describe('plainData', () => {
  it('copies any JSON value as it is', () => {
    fc.assert(fc.property(fc.jsonValue(), (value) => assert.deepStrictEqual(plainData(value), value)));
  });

  it('reads each part of any argument exactly once, and the copy answers the first reads ever after', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (value, later) => {
        const reads = new Map<string, number>();
        const given = shifting(value, reads, later);
        const copy = plainData(given);
        assert.deepStrictEqual(copy, value, 'the first answers, whatever the getters answer after');
        assert.ok(
          [...reads.values()].every((count) => count === 1),
          `each read once: ${JSON.stringify([...reads])}`,
        );
        assert.deepStrictEqual(plainData(copy), value, 'the copy holds data, no getter');
      }),
    );
  });

  it('an id whose getter answers scratch, then production: the copy says scratch, however often it is read', () => {
    let reads = 0;
    const given = {
      get id() {
        return reads++ === 0 ? 'mon_scratch' : 'mon_PROD_PAGER';
      },
      name: 'scratch',
    };
    const copy = plainData(given) as { id: string };
    assert.equal(copy.id, 'mon_scratch');
    assert.equal(copy.id, 'mon_scratch');
    assert.equal(reads, 1);
    assert.ok(!('get' in (Object.getOwnPropertyDescriptor(copy, 'id') ?? {})), 'a value, not a getter');
  });

  it('a proxy is read once per key; what plain data cannot hold is left out', () => {
    let gets = 0;
    const proxy = new Proxy({ uid: 'a' }, { get: () => (gets++ ? '..' : 'scratch') });
    assert.deepEqual(plainData(proxy), { uid: 'scratch' });
    assert.equal(gets, 1);
    const cycle: Record<string, unknown> = { id: 'x' };
    cycle.self = cycle;
    const throwing = Object.defineProperty({ id: 'y' }, 'name', {
      enumerable: true,
      get: () => {
        throw new Error('no');
      },
    });
    assert.deepEqual(plainData(cycle), { id: 'x' });
    assert.deepEqual(plainData(throwing), { id: 'y' });
    assert.deepEqual(plainData({ f: () => 1, s: Symbol('s'), n: 1n, list: [1, () => 2] }), { list: [1, undefined] });
    assert.equal(Object.getPrototypeOf(plainData(JSON.parse('{"__proto__":{"polluted":1}}'))), Object.prototype);
  });

  it('an object of a kind the caller names is copied its own way', () => {
    class Kind {
      constructor(readonly path: string) {}
    }
    const copied = plainData({ file: new Kind('/a') }, (value) =>
      value instanceof Kind ? `kind ${value.path}` : undefined,
    );
    assert.deepEqual(copied, { file: 'kind /a' });
  });
});
