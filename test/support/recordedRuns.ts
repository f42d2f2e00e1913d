// A run as the query history records it when a person runs a query (Run Query): what the tests
// inside VS Code seed the history with before they read it back.
import type { RecordedRun } from '../../src/core/history/historyStore';

/** A run of `apl` that went well just now over the last hour, one row, with the fields a test needs changed. */
export function recordedRun(apl: string, over: Partial<RecordedRun> = {}): RecordedRun {
  return {
    apl,
    range: { kind: 'preset', preset: '1h' },
    startedAt: Date.now(),
    durationMs: 5,
    rows: 1,
    outcome: 'ok',
    source: 'query',
    ...over,
  };
}
