// Which runs the Query History keeps, by what ran them (RecordedRun's `source`). A dashboard
// preview's tiles run every chart of a dashboard, again at each change of its text or range: runs
// the person did not write, which would push their own out of the history. Plain data (no VS Code),
// so a unit test reads it; the preview's name for its runs is core/dashboards/previewRuns.ts's
// PREVIEW_SOURCE, which that test holds it to.

/** Sources whose runs are not recorded: the dashboard preview's tiles. */
const NOT_KEPT: ReadonlySet<string> = new Set(['dashboard']);

/** Whether the history records a run of this source. */
export function isKeptInHistory(source: string): boolean {
  return !NOT_KEPT.has(source);
}
