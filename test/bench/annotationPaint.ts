// A chart with 1,000 annotations in its range against the same chart without them, in headless
// chromium on the production bundle: the results panel shows a day of one-minute points as a
// chart, and each run times a result's message to the next painted frame, the run's annotations
// (1,000, a tenth of them spans; or none) having come first. The two alternate run by run, in the
// same page, so that drift hits both alike. Part `annotations` of npm run bench (bench.ts).
import { openPanel } from '../webview/panelPage';

const DAY_MS = 24 * 60 * 60_000;
const START = Date.UTC(2024, 4, 1);
const POINTS = 1440;
const ANNOTATIONS = 1000;

/** Medians of the chart's paint with the annotations and without, and each run's ratio. */
export async function annotationPaint(
  dist: string,
  runs: number,
): Promise<{ ours: number; base: number; pairs: number[] }> {
  const panel = await openPanel({ dist });
  const { page } = panel;
  try {
    // The page's side as source (this file is checked without the DOM): the result and the
    // annotations made there, and a paint timed from the result's message to the next painted frame.
    await page.evaluate(`(() => {
      const start = ${START}, points = ${POINTS}, count = ${ANNOTATIONS}, day = ${DAY_MS};
      const times = Array.from({ length: points }, (_, i) => new Date(start + i * 60000).toISOString());
      const values = times.map((_, i) => Math.round(50 + 40 * Math.sin(i / 30) + ((i * 7919) % 13)));
      const result = (runId) => ({
        type: 'results',
        result: {
          runId,
          query: "['http-logs'] | summarize count() by bin(_time, 1m)",
          rangeLabel: 'Last 24 hours',
          status: { isPartial: false, messages: [] },
          tables: [{ name: '0', rowCount: points,
            fields: [{ name: '_time', type: 'string' }, { name: 'count_', type: 'integer' }],
            columns: [times, values] }],
        },
      });
      const many = Array.from({ length: count }, (_, i) => {
        const time = start + Math.floor((i * day) / count);
        return {
          id: 'a' + i, type: i % 10 ? 'deploy' : 'incident', title: 'release ' + i,
          description: 'what changed in release ' + i, url: 'https://example.com/releases/' + i, time,
          ...(i % 10 ? {} : { endTime: time + 20 * 60000 }),
        };
      });
      const afterPaint = () => new Promise((resolve) => requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        channel.port2.postMessage(0);
      }));
      const deliver = (data) => window.dispatchEvent(new MessageEvent('message', { data }));
      let runId = 1;
      window.__paintChart = async (withAnnotations) => {
        runId++;
        deliver({ type: 'annotations', runId, chart: { annotations: withAnnotations ? many : [] } });
        const started = performance.now();
        deliver(result(runId));
        await afterPaint();
        return performance.now() - started;
      };
      deliver(result(1));
      document.querySelector('.show-chart').click();
    })()`);
    await page.waitForSelector('.chart canvas');
    const paint = (withAnnotations: boolean) => page.evaluate<number>(`window.__paintChart(${withAnnotations})`);
    for (let i = 0; i < 3; i++) {
      await paint(true);
      await paint(false);
    }
    const ours: number[] = [];
    const base: number[] = [];
    for (let i = 0; i < runs; i++) {
      if (i % 2) {
        base.push(await paint(false));
        ours.push(await paint(true));
      } else {
        ours.push(await paint(true));
        base.push(await paint(false));
      }
    }
    await paint(true);
    const drawn = await page.getAttribute('.annotation-toggle', 'title');
    if (!drawn?.includes('1,000')) throw new Error(`the chart did not take the 1,000 annotations: ${drawn}`);
    const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];
    return { ours: median(ours), base: median(base), pairs: ours.map((x, i) => x / base[i]) };
  } finally {
    await panel.close();
  }
}
