// The dashboard preview's speed (bench.ts, part "dashboard"): a 12-chart dashboard, each chart's
// query answered by the fake service after a latency of its own (one slow chart among quicker
// ones, as dashboards go), from reading the text until every tile is drawn in the preview's page
// (headless chromium, the production bundle; the messages handed over as VS Code hands them to a
// webview), beside the slowest query run alone, the two alternated in the same run. The preview
// runs at most four queries at once (PREVIEW_PARALLEL). Run by bench.ts as its own process (it drives
// a browser): node out/test/bench/dashboardPreview.mjs <dist> <runs> prints AXIOM_BENCH {figures}.
import type { Page } from 'playwright-core';
import { AxiomClient } from '../../src/core/api/client';
import { createDispatcher, undiciTransport } from '../../src/core/api/undiciTransport';
import { PreviewRuns } from '../../src/core/dashboards/previewRuns';
import { render } from '../../src/core/phrase';
import { rangeLabel } from '../../src/core/run/timeRange';
import { FAKE_API_TOKEN, FakeAxiom } from '../support/fakeAxiom';
import { clientRuns, dashboardOf, LATENCIES, latencyOf, type PreviewFigures } from '../support/previewQueries';
import { TIME_SERIES } from '../support/tabularFixtures';
import { openPanel } from '../webview/panelPage';

/** Resolves when `count` tiles whose ids begin with `prefix` are drawn and the frame after it painted. */
function allDrawn(page: Page, prefix: string, count: number): Promise<unknown> {
  return page.waitForFunction(
    ([p, n]) =>
      document.querySelectorAll(`.tile[data-id^="${p}"][data-state="drawn"]`).length === n &&
      new Promise((resolve) => requestAnimationFrame(() => resolve(true))),
    [prefix, count] as const,
    { polling: 'raf', timeout: 30_000 },
  );
}

async function dashboardPreviewFigures(dist: string, runs: number): Promise<PreviewFigures> {
  const fake = new FakeAxiom();
  const url = await fake.start();
  fake.aplAnswer = () => ({ body: TIME_SERIES });
  fake.aplDelayMs = latencyOf;
  const dispatcher = createDispatcher();
  const client = new AxiomClient({
    url,
    token: FAKE_API_TOKEN,
    timeoutMs: 30_000,
    userAgent: 'axiom-apl-vscode/bench',
    transport: undiciTransport(dispatcher),
  });
  const panel = await openPanel({ dist, entry: 'dashboard' });
  const page = panel.page;
  await page.setViewportSize({ width: 1400, height: 1200 });
  const queries = clientRuns();
  const slowestApl = `['http-logs'] | summarize count() by bin_auto(_time) // latency ${Math.max(...LATENCIES)}`;
  let round = 0;
  const preview = async () => {
    // Each round's charts have ids of their own: the page draws them as new tiles.
    const prefix = `r${round++}c`;
    const text = dashboardOf(LATENCIES, prefix);
    const started = performance.now();
    const drawn = allDrawn(page, prefix, LATENCIES.length);
    const runs = new PreviewRuns({
      runs: queries,
      client: () => Promise.resolve(client),
      post: (message) => void page.evaluate((m) => window.postMessage(m, '*'), message),
      rangeLabel: (range) => render(rangeLabel(range)),
      windowLabel: (label) => label,
      noClient: '',
    });
    runs.update(text);
    await drawn;
    const took = performance.now() - started;
    await runs.settled();
    return took;
  };
  const slowest = async () => {
    const started = performance.now();
    const outcome = await queries.query(
      client,
      slowestApl,
      { kind: 'preset', preset: '1h' },
      new AbortController().signal,
      0,
      'bench',
    );
    if (outcome.kind !== 'result') throw new Error(`the slowest query alone failed: ${outcome.kind}`);
    return performance.now() - started;
  };
  const figures: PreviewFigures = { preview: [], slowest: [], concurrent: 0 };
  try {
    // One round of each to warm up, then alternated.
    await preview();
    await slowest();
    fake.reset();
    fake.aplAnswer = () => ({ body: TIME_SERIES });
    fake.aplDelayMs = latencyOf;
    for (let i = 0; i < runs; i++) {
      if (i % 2) {
        figures.slowest.push(await slowest());
        figures.preview.push(await preview());
      } else {
        figures.preview.push(await preview());
        figures.slowest.push(await slowest());
      }
    }
    figures.concurrent = fake.maxConcurrent;
    return figures;
  } finally {
    await panel.close();
    await fake.stop();
    await dispatcher.close();
  }
}

const [dist, runs] = process.argv.slice(2);
console.log(`AXIOM_BENCH ${JSON.stringify(await dashboardPreviewFigures(dist, Number(runs) || 9))}`);
