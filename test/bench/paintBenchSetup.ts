// What the two paint benchmarks (resultsPaint.ts, notebookPaint.ts) share: how many times each
// measure runs, their log, the median and milliseconds they print, and the production bundle they
// measure, built into a temporary folder.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { projectRoot } from '../harness/codeServer.mjs';

export const ROWS = 100_000;
/** AXIOM_BENCH_QUICK=1: fewer repetitions. */
export const QUICK = process.env.AXIOM_BENCH_QUICK === '1';
export const RUNS = QUICK ? 3 : 9;
export const log = (...a: unknown[]) => console.error('[bench]', ...a);
export const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];
export const ms = (v: number) => (v < 10 ? `${v.toFixed(2)} ms` : `${v.toFixed(1)} ms`);

/** Builds the production bundles into a new temporary folder named after `bench`, and gives its path. */
export function buildProductionBundle(bench: string): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), `axiom-${bench}-bench-`));
  log('building the production bundle');
  execFileSync(process.execPath, ['esbuild.mjs', '--production'], {
    cwd: projectRoot,
    env: { ...process.env, AXIOM_DIST: dist },
    stdio: 'inherit',
  });
  return dist;
}
