// A query history entry as the history's tests write them: the i-th run of a quiet query on one
// dataset, a second apart, with the fields a test needs changed.
import type { HistoryEntry } from '../../src/core/history/historyStore';

export function historyEntry(i: number, over: Partial<HistoryEntry> = {}): Omit<HistoryEntry, 'id'> & { id: string } {
  return {
    id: `e${i}`,
    at: 1_700_000_000_000 + i * 1000,
    apl: `['logs'] | take ${i}`,
    deployment: 'prod',
    datasets: ['logs'],
    range: { version: 1, preset: '1h' },
    durationMs: 12,
    rows: i,
    outcome: 'ok',
    source: 'query',
    ...over,
  };
}
