// What one run of APL came to, as the one runner (src/run/queryRunner.ts) tells the features that
// run through it (the notebook's cells, the agents' query tool): plain data, in the core so that
// each of them declares the runner it needs without the run feature's classes.
import type { AxiomClient } from '../api/client';
import type { Advice } from '../api/errorAdvice';
import type { ResultsView } from './resultsProtocol';
import type { TimeRange } from './timeRange';

/** The service's compile error: where it is in the text that was sent, and its message. */
export type CompileError = { line: number; column: number; message: string };

/** What one run came to. */
export type QueryOutcome =
  | { kind: 'result'; result: ResultsView }
  | { kind: 'cancelled' }
  | { kind: 'compile'; compile: CompileError; message: string }
  | { kind: 'failed'; advice: Advice; message: string; error: unknown };

/** The languages the one runner runs: APL, and MPL (metrics, through the edge's `_mpl`). */
export type QueryLanguage = 'apl' | 'mpl';

/** What every feature that runs APL through the one runner asks of it: one run over a range, with
 *  the runner's deadline, limits, history entry (`source` names where it came from) and errors;
 *  MPL when `language` says so. */
export interface QueryRuns {
  query(
    client: AxiomClient,
    apl: string,
    range: TimeRange,
    signal: AbortSignal,
    runId: number,
    source: string,
    firstRows?: (head: ResultsView) => unknown,
    language?: QueryLanguage,
  ): Promise<QueryOutcome>;
}
