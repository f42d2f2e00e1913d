import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PREVIEW_SOURCE } from '../../../src/core/dashboards/previewRuns';
import { isKeptInHistory } from '../../../src/history/keptRuns';

describe('runs the history keeps', () => {
  it('skips the dashboard preview’s tile runs, by the source the preview gives them', () => {
    assert.equal(isKeptInHistory(PREVIEW_SOURCE), false);
  });

  it('keeps the runs a person or their agent made', () => {
    for (const source of ['query', 'notebook', 'dryRun', 'agent']) assert.equal(isKeptInHistory(source), true, source);
  });
});
