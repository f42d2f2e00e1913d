// Every demo monitor's 24-hour dry run against `npm start`'s demo service on 127.0.0.1, through the
// dry-run core as the panel runs it (issue 43: first verdict within 5 s, whole within 15 s):
//   npx esbuild test/bench/demoDryRun.ts --bundle --platform=node --format=esm --outfile=out/test/bench/demoDryRun.mjs \
//     --external:undici && node out/test/bench/demoDryRun.mjs
import { AxiomClient } from '../../src/core/api/client';
import { nodeTransport } from '../../src/core/api/nodeTransport';
import type { JsonObject } from '../../src/core/json';
import { RequestBudget } from '../../src/core/api/requestBudget';
import { DRY_RUN_IN_FLIGHT } from '../../src/core/monitors/dryRunPlan';
import { dryRunMonitor } from '../../src/core/monitors/dryRunMonitor';
import { render } from '../../src/core/phrase';
import { DEMO_TOKEN, startDemo } from '../support/demo';

const DAY = 24 * 60 * 60_000;

const fake = await startDemo();
try {
  console.log('| monitor | runs | queries | first verdict | complete |');
  console.log('|---|---:|---:|---:|---:|');
  for (const monitor of fake.monitors as JsonObject[]) {
    const budget = new RequestBudget({ maxInFlight: DRY_RUN_IN_FLIGHT, share: 0.5, assumedLimit: 60 });
    const client = new AxiomClient({
      url: fake.url,
      token: DEMO_TOKEN,
      timeoutMs: 60_000,
      userAgent: 'axiom-apl-demo-dry-run',
      transport: nodeTransport(),
      logger: { request: () => undefined, warn: () => undefined },
      onRateLimit: (limit) => budget.observe(limit),
    });
    const started = performance.now();
    let first: number | undefined;
    const done = await dryRunMonitor(client, monitor, {
      to: Date.now(),
      periodMs: DAY,
      budget,
      signal: new AbortController().signal,
      say: render,
      partial: (soFar) => {
        if (first === undefined && (soFar().progress?.done ?? 0) > 0) first = performance.now() - started;
      },
    });
    const whole = performance.now() - started;
    const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
    console.log(
      `| ${String(monitor.name)} | ${done.result.runs.length} | ${done.result.queries} | ${seconds(first ?? whole)} | ${seconds(whole)} |`,
    );
  }
} finally {
  await fake.stop();
}
