// The demo deployment while a tail follows it: it makes events for any range relative to the moment
// asked, each one-second slot's event the same whenever asked (test/support/demoQueries.ts), so a
// tail polling every two seconds sees new events each poll, the overlap's repeats told apart, with
// a filter too. No writer is needed: as the demo's clock goes on, the last seconds hold new events.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readTabular } from '../../../src/core/api/tabular';
import { tailApl } from '../../../src/core/tail/tailQuery';
import { FIRST_WINDOW_MS, PER_POLL } from '../../../src/core/tail/tailSession';
import { TailRows } from '../../../src/core/tail/tailRows';
import { OVERLAP_MS } from '../../../src/core/tail/tailSession';
import { demoDatasets } from '../../support/demo';
import { answerQuery } from '../../support/demoQueries';

function follow(filter: string | undefined, polls: number) {
  const start = Math.floor(Date.now() / 1000) * 1000;
  const datasets = demoDatasets(start);
  const rows = new TailRows({ overlapMs: OVERLAP_MS, maxRows: 100_000 });
  const addedPerPoll: number[] = [];
  const apl = tailApl({ dataset: 'http-logs', conditions: [] }, filter, PER_POLL);
  for (let poll = 0; poll < polls; poll++) {
    const now = start + poll * 2000;
    const body = answerQuery(
      datasets,
      {
        apl,
        startTime: new Date(rows.nextStart(now, FIRST_WINDOW_MS)).toISOString(),
        endTime: new Date(now).toISOString(),
      },
      now,
    ).body;
    addedPerPoll.push(rows.accept(readTabular(body).tables[0], PER_POLL).added.length);
  }
  return { rows, addedPerPoll };
}

describe('the demo while a tail follows it', () => {
  it('holds new events every poll, and repeats the overlap’s exactly', () => {
    const { rows, addedPerPoll } = follow(undefined, 20);
    assert.ok(addedPerPoll[0] > 200, `first poll: ${addedPerPoll[0]}`);
    for (const added of addedPerPoll.slice(1)) assert.ok(added >= 1 && added <= 3, `a poll added ${added}`);
    const keys = rows.rows.map((r) => JSON.stringify(r.values));
    assert.equal(new Set(keys).size, keys.length, 'no event twice');
  });

  it('with a filter, its events only, none twice', () => {
    const { rows } = follow('status >= 500', 30);
    assert.ok(rows.rows.length > 0);
    assert.ok(rows.rows.every((r) => Number(r.values[r.fields.indexOf('status')]) >= 500));
    const keys = rows.rows.map((r) => JSON.stringify(r.values));
    assert.equal(new Set(keys).size, keys.length, 'no event twice');
  });
});
