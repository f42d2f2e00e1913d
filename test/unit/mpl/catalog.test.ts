import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { NO_METRICS, cachedCatalog, type MetricsCatalog } from '../../../src/core/mpl/catalog';

/** A catalog that counts its questions and fails when told. */
function countingCatalog() {
  const asked: string[] = [];
  let failing = false;
  const answer = (question: string, names: string[]) => {
    asked.push(question);
    return failing ? Promise.reject(new Error('unavailable')) : Promise.resolve(names);
  };
  const catalog: MetricsCatalog = {
    metrics: (d) => answer(`metrics ${d}`, ['m1', 'm2']),
    tags: (d, m) => answer(`tags ${d} ${m}`, ['t']),
    tagValues: (d, m, t) => answer(`values ${d} ${m} ${t}`, ['v']),
  };
  return { catalog, asked, fail: (on: boolean) => (failing = on) };
}

describe('MPL metrics catalog', () => {
  it('knows nothing by default', async () => {
    assert.deepEqual(await NO_METRICS.metrics('x'), []);
    assert.deepEqual(await NO_METRICS.tags('x', 'y'), []);
    assert.deepEqual(await NO_METRICS.tagValues('x', 'y', 'z'), []);
  });

  it('asks each question once while its answer is kept, and again once it is not', async () => {
    const source = countingCatalog();
    let now = 0;
    const cached = cachedCatalog(source.catalog, { keepMs: 1000, now: () => now });
    assert.deepEqual(await cached.metrics('ds'), ['m1', 'm2']);
    await Promise.all([cached.metrics('ds'), cached.metrics('ds'), cached.tags('ds', 'm1'), cached.tags('ds', 'm1')]);
    assert.deepEqual(source.asked, ['metrics ds', 'tags ds m1']);
    now = 1000;
    await cached.metrics('ds');
    assert.deepEqual(source.asked, ['metrics ds', 'tags ds m1', 'metrics ds']);
  });

  it('keys questions apart whatever their names hold', async () => {
    const source = countingCatalog();
    const cached = cachedCatalog(source.catalog, { keepMs: 1000, now: () => 0 });
    await cached.tagValues('a b', 'c', 'd');
    await cached.tagValues('a', 'b c', 'd');
    assert.equal(source.asked.length, 2);
  });

  it('keeps no failure: the next question asks again', async () => {
    const source = countingCatalog();
    const cached = cachedCatalog(source.catalog, { keepMs: 1000, now: () => 0 });
    source.fail(true);
    await assert.rejects(cached.metrics('ds'));
    source.fail(false);
    assert.deepEqual(await cached.metrics('ds'), ['m1', 'm2']);
    assert.equal(source.asked.length, 2);
  });

  it('keeps at most the answers it is told, the oldest going first', async () => {
    const source = countingCatalog();
    const cached = cachedCatalog(source.catalog, { keepMs: 1000, now: () => 0, most: 2 });
    await cached.metrics('a');
    await cached.metrics('b');
    await cached.metrics('c');
    await cached.metrics('c');
    await cached.metrics('a');
    assert.deepEqual(source.asked, ['metrics a', 'metrics b', 'metrics c', 'metrics a']);
  });
});
