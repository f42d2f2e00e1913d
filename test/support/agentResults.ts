// What the agents' result tests read and build: the deployment a report names, a run's table of
// `_time` and `message` rows, and a rendered report split into the lines inside its data blocks and
// the lines outside any.
import assert from 'node:assert/strict';
import type { DeploymentLabel } from '../../src/core/agents/resultText';
import type { TabularResult } from '../../src/core/api/tabular';

export const PROD: DeploymentLabel = { name: 'prod', host: 'api.axiom.co', orgId: 'acme' };

/** A run's result of `rows` rows: `_time` a minute apart from 2026-01-01, `message` made by `cell`. */
export function messagesTable(rows: number, cell: (r: number) => unknown = (r) => `row ${r}`): TabularResult {
  return {
    tables: [
      {
        name: '0',
        fields: [
          { name: '_time', type: 'datetime' },
          { name: 'message', type: 'string' },
        ],
        columns: [
          Array.from({ length: rows }, (_, r) => new Date(Date.UTC(2026, 0, 1, 0, r)).toISOString()),
          Array.from({ length: rows }, (_, r) => cell(r)),
        ],
        rowCount: rows,
      },
    ],
    status: { isPartial: false, messages: [], elapsedMs: 12.4, rowsExamined: 1000, rowsMatched: rows },
    datasetNames: ['http-logs'],
    repairs: [],
  };
}

/** The lines inside each data block, and the text outside any. */
export function framedLines(text: string): { inside: string[]; outside: string[] } {
  const inside: string[] = [];
  const outside: string[] = [];
  let open = false;
  for (const line of text.split('\n')) {
    if (/^<axiom-data [^>]*>$/.test(line)) open = true;
    else if (line === '</axiom-data>') open = false;
    else (open ? inside : outside).push(line);
  }
  assert.equal(open, false, 'every block is closed');
  return { inside, outside };
}
