// A run's query read once: one parse of its text gives the datasets it reads (where the client sends
// it: the edge that holds them, core/api/edges.ts) and, for APL, the operators the limit note reads
// (limits.ts). The one runner (src/run/queryRunner.ts) plans a run, then sends and explains it from
// the plan, so that no step of a run parses the text again.
import type { AplRange, AxiomClient } from '../api/client';
import type { TabularResult } from '../api/tabular';
import { operatorsOf, type PipelineOperator } from '../apl/aplText';
import { datasetsQueried } from '../apl/datasetsRead';
import type { ParsedApl } from '../apl/syntaxNodes';
import { parseApl } from '../apl/syntaxParser';
import type { ParsedMpl } from '../mpl/syntaxNodes';
import { parseMpl } from '../mpl/syntaxParser';
import { mplDatasets } from '../mpl/syntaxWalk';
import { mplTabular } from './mplTable';
import type { QueryLanguage } from './queryOutcome';

/** What a run knows of its query from one parse. */
export interface QueryPlan {
  readonly text: string;
  readonly language: QueryLanguage;
  /** APL: every dataset it queries (sources, union, join, lookup, a `let` naming one); MPL: its sources'. */
  readonly datasets: readonly string[];
  /** APL: the operators of the statement that runs, for the limit note (explainLimitOf); MPL: none. */
  readonly operators: readonly PipelineOperator[];
}

/** The parsers a plan reads a text with; a test hands in its own to count the parses. */
export interface QueryParsers {
  apl(text: string): ParsedApl;
  mpl(text: string): ParsedMpl;
}

const PARSERS: QueryParsers = { apl: parseApl, mpl: parseMpl };

/** The plan of a run: its text parsed once, in its language. */
export function planQuery(text: string, language: QueryLanguage, parsers: QueryParsers = PARSERS): QueryPlan {
  if (language === 'mpl') return { text, language, datasets: mplDatasets(parsers.mpl(text)), operators: [] };
  const parsed = parsers.apl(text);
  return { text, language, datasets: datasetsQueried(parsed), operators: operatorsOf(parsed) };
}

/** What a planned run asks of the client. */
export type PlannedRunClient = Pick<AxiomClient, 'runApl' | 'mplEdgeFor' | 'metrics'>;

/**
 * Sends a planned run to the edge that holds its datasets: APL through runApl (with `firstRows`, a
 * large answer's first rows before the whole is read), MPL through the edge's `_mpl`, its series as
 * one table (mplTable.ts).
 */
export async function runPlanned(
  client: PlannedRunClient,
  plan: QueryPlan,
  range: AplRange,
  signal?: AbortSignal,
  firstRows?: (head: TabularResult) => unknown,
): Promise<TabularResult> {
  if (plan.language === 'apl') return client.runApl(plan.text, range, signal, firstRows, plan.datasets);
  // MPL goes to the edge that holds its dataset (the deployment's default edge else).
  const edge = await client.mplEdgeFor(plan.datasets, signal);
  return mplTabular(plan.text, await client.metrics.runMpl(edge, plan.text, range, signal), plan.datasets);
}
