// What the notebook needs of the one query runner (the run feature's), and no more: given at
// registration (composition.ts), so that cells run as Run Query runs without the run feature's class.
import type * as vscode from 'vscode';
import type { AxiomClient } from '../core/api/client';
import type { ChartAnnotations } from '../core/run/chartAnnotations';
import type { CompileError, QueryRuns } from '../core/run/queryOutcome';
import type { ResultsView } from '../core/run/resultsProtocol';
import type { TimeRange } from '../core/run/timeRange';

/** What the notebook needs of the runner: a run (QueryRuns), and the members below. */
export interface Runner extends QueryRuns {
  /** The result of the results panel in front, else of the last one opened: what Add to Notebook adds. */
  shownResult(): ResultsView | undefined;
  /** The service's compile errors as diagnostics: a cell's are cleared when it runs again. */
  readonly diagnostics: { delete(uri: vscode.Uri): void };
  /** The status bar's time range: a notebook without a range of its own runs over it. */
  readonly timeRange: { readonly range: TimeRange };
  /** The annotations a chart of the query draws (its datasets over the range), read within a budget. */
  annotations(
    client: AxiomClient,
    apl: string,
    range: TimeRange,
    signal?: AbortSignal,
  ): Promise<ChartAnnotations | undefined>;
  /** The window's client, or, without a token, the question that asks for one. */
  client(): Promise<AxiomClient | undefined>;
  /** A compile error shown where it is in the cell's text (unless the text moved since). */
  showCompileError(
    request: { apl: string; documentUri: vscode.Uri; version: number; startOffset: number },
    compile: CompileError,
  ): void;
}
