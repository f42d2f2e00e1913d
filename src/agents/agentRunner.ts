// What the agents' query tool needs of the one query runner (the run feature's), and no more: given
// at registration (extension.ts), so that an agent's query runs as Run Query runs (its limits, its
// errors, its history entry) without the run feature's class.
import type { AxiomClient } from '../core/api/client';
import type { QueryOutcome } from '../core/run/queryOutcome';
import type { TimeRange } from '../core/run/timeRange';

export interface AgentRunner {
  query(
    client: AxiomClient,
    apl: string,
    range: TimeRange,
    signal: AbortSignal,
    runId: number,
    source: string,
  ): Promise<QueryOutcome>;
}
