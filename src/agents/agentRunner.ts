// What the agents' query tool needs of the one query runner (the run feature's), and no more: given
// at registration (composition.ts), so that an agent's query runs as Run Query runs (its limits, its
// errors, its history entry) without the run feature's class.
import type { QueryRuns } from '../core/run/queryOutcome';

/** One run, as Run Query runs it: the agents need nothing else of the runner. */
export type AgentRunner = QueryRuns;
