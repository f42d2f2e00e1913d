// Loading late (platform/lazy.ts): `once` and `lazyTable`, a table made on its first read that
// answers as the table itself would; and the tables of platform/constants.ts made that way.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { once } from '../../../src/platform/lazy';
import { lazyTable } from '../../../src/platform/lazyTable';
import { COMMANDS, VIEWS } from '../../../src/platform/constants';
import { commandIds, FEATURES, type FeatureDeclaration, type FeatureName } from '../../../src/platform/declarations';

describe('once', () => {
  it('makes its value on the first call only, and tells whether it is made', () => {
    let made = 0;
    const value = once(() => ({ made: ++made }));
    assert.equal(value.made, undefined);
    assert.equal(value(), value());
    assert.equal(made, 1);
    assert.deepEqual(value.made, { made: 1 });
  });
});

describe('lazyTable', () => {
  it('makes nothing until read, then makes the table once for every read', () => {
    let made = 0;
    const table = lazyTable(() => {
      made += 1;
      return { runQuery: 'axiom.runQuery', showLog: 'axiom.showLog' };
    });
    assert.equal(made, 0, 'not made when created');
    assert.equal(table.runQuery, 'axiom.runQuery');
    assert.equal(made, 1);
    assert.equal(table.showLog, 'axiom.showLog');
    assert.ok('showLog' in table);
    assert.deepEqual(Object.keys(table), ['runQuery', 'showLog']);
    assert.equal(made, 1, 'made once');
  });

  it('answers each way of reading a table as the table itself does (property)', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.string(), fc.oneof(fc.string(), fc.integer(), fc.boolean())),
        fc.string(),
        (plain, key) => {
          const table = lazyTable(() => plain);
          assert.deepEqual(Object.entries(table), Object.entries(plain));
          assert.deepEqual({ ...table }, { ...plain });
          assert.equal(JSON.stringify(table), JSON.stringify(plain));
          assert.equal(key in table, key in plain);
          assert.equal(Object.hasOwn(table, key), Object.hasOwn(plain, key));
          assert.equal((table as Record<string, unknown>)[key], (plain as Record<string, unknown>)[key]);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('writes through to the table it made', () => {
    const table: Record<string, number> = lazyTable(() => ({ one: 1 }));
    table.two = 2;
    delete table.one;
    assert.deepEqual({ ...table }, { two: 2 });
  });
});

describe('the ids of platform/constants.ts, made on first read', () => {
  it('COMMANDS holds every declared command by its name, and VIEWS every view by its feature', () => {
    const names = Object.keys(FEATURES) as FeatureName[];
    const ids = names.flatMap((name) => commandIds(name));
    assert.deepEqual(Object.values(COMMANDS), ids);
    for (const id of ids) assert.equal(COMMANDS[id.slice('axiom.'.length) as keyof typeof COMMANDS], id);
    const views = names.flatMap((name) => {
      const declared: FeatureDeclaration = FEATURES[name];
      return declared.view ? [[name, declared.view]] : [];
    });
    assert.deepEqual(Object.entries(VIEWS), views);
  });
});
