// The first query offered (New APL Query, a new notebook's cell): over the most recently used
// dataset the token still sees, else the first listed, quoted as APL takes any dataset name.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { datasetFromApl } from '../../../src/core/apl/aplText';
import { startingDataset, starterQuery, STARTER_ROWS } from '../../../src/core/notebook/starterQuery';

const names = fc.uniqueArray(fc.string({ minLength: 1, maxLength: 20 }), { maxLength: 6 });

describe('startingDataset', () => {
  it('the most recent that is listed; a recent one that is gone is passed over', () => {
    assert.equal(startingDataset(['gone', 'app-logs', 'http-logs'], ['http-logs', 'app-logs']), 'app-logs');
  });

  it('nothing used yet, or nothing used that is still there: the first listed', () => {
    assert.equal(startingDataset([], ['http-logs', 'app-logs']), 'http-logs');
    assert.equal(startingDataset(['gone'], ['http-logs']), 'http-logs');
  });

  it('without the list (no token, no answer in time): the most recent; with neither, none', () => {
    assert.equal(startingDataset(['app-logs', 'http-logs'], undefined), 'app-logs');
    assert.equal(startingDataset([], undefined), undefined);
    assert.equal(startingDataset([], []), undefined);
  });

  it('with a list, always a listed dataset (or none when the list is empty), and a recent one whenever one is listed', () => {
    fc.assert(
      fc.property(names, names, (recent, listed) => {
        const chosen = startingDataset(recent, listed);
        if (!listed.length) return assert.equal(chosen, undefined);
        assert.ok(chosen !== undefined && listed.includes(chosen));
        const firstRecentListed = recent.find((d) => listed.includes(d));
        assert.equal(chosen, firstRecentListed ?? listed[0]);
      }),
    );
  });
});

describe('starterQuery', () => {
  it('the newest rows of the dataset, a few', () => {
    assert.equal(
      starterQuery('http-logs', 'placeholder'),
      `['http-logs']\n| sort by _time desc\n| take ${STARTER_ROWS}`,
    );
  });

  it('any dataset name is quoted so that the query reads that dataset', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 30 }), (dataset) => {
        assert.equal(datasetFromApl(starterQuery(dataset, '')), dataset);
      }),
    );
  });

  it('without a dataset: the placeholder, as the caller worded it', () => {
    assert.equal(starterQuery(undefined, "// Name a dataset\n['dataset']"), "// Name a dataset\n['dataset']");
  });
});
