// The dashboard preview's runs outside VS Code (its unit tests and its bench): a QueryRuns that
// does what the one runner's query does with the client (src/run/queryRunner.ts) — the request
// over the range, a stop as 'cancelled', any other failure with its advice — without the VS Code
// side (history, log, locale), and a dashboard of charts whose queries say how long the fake takes.
import type { AxiomClient } from '../../src/core/api/client';
import { adviceFor } from '../../src/core/api/errorAdvice';
import { isAxiomError } from '../../src/core/api/errors';
import { render } from '../../src/core/phrase';
import type { QueryOutcome, QueryRuns } from '../../src/core/run/queryOutcome';
import { rangeRequest } from '../../src/core/run/timeRange';
import type { AplRequestBody } from './fakeAxiom';

/** Each query asked, with its range as sent. */
export interface AskedQuery {
  apl: string;
  source: string;
}

export function clientRuns(asked: AskedQuery[] = []): QueryRuns {
  return {
    async query(client: AxiomClient, apl, range, signal, runId, source): Promise<QueryOutcome> {
      asked.push({ apl, source });
      try {
        const answer = await client.runApl(apl, rangeRequest(range), signal);
        return {
          kind: 'result',
          result: { runId, query: apl, rangeLabel: '', tables: answer.tables, status: answer.status },
        };
      } catch (error) {
        if (isAxiomError(error) && error.kind === 'cancelled') return { kind: 'cancelled' };
        const advice = adviceFor(error, 'Running the query');
        return { kind: 'failed', advice, message: render(advice.message), error };
      }
    },
  };
}

/** The bench's charts' latencies in ms, in reading order: one slow chart (600 ms) among quicker ones. */
export const LATENCIES = [250, 120, 80, 600, 150, 90, 200, 70, 110, 60, 180, 100];

/** What the preview's bench measured (test/bench/dashboardPreview.ts). */
export interface PreviewFigures {
  /** Every tile drawn, per run (ms). */
  preview: number[];
  /** The slowest chart's query alone, per run (ms). */
  slowest: number[];
  /** The most queries the service answered at once. */
  concurrent: number;
}

const LATENCY = /\/\/ latency (\d+)/;

/** The fake's wait for a query: the milliseconds its `// latency N` comment names (0 without one). */
export function latencyOf(body: AplRequestBody): number {
  const found = typeof body.apl === 'string' ? LATENCY.exec(body.apl) : null;
  return found ? Number(found[1]) : 0;
}

/** A dashboard's JSON text of time series charts, one per latency (in ms), laid out three to a row;
 *  the charts' ids are `<prefix><index>`. */
export function dashboardOf(latencies: readonly number[], prefix = 'c'): string {
  const charts = latencies.map((ms, i) => ({
    id: `${prefix}${i}`,
    type: 'TimeSeries',
    name: `Chart ${i}`,
    query: { apl: `['http-logs'] | summarize count() by bin_auto(_time) // latency ${ms}` },
  }));
  const layout = latencies.map((_, i) => ({
    i: `${prefix}${i}`,
    x: (i % 3) * 4,
    y: Math.floor(i / 3) * 4,
    w: 4,
    h: 4,
  }));
  return JSON.stringify({
    name: 'Bench',
    owner: '',
    charts,
    layout,
    refreshTime: 60,
    schemaVersion: 2,
    timeWindowStart: 'qr-now-1h',
    timeWindowEnd: 'qr-now',
  });
}
