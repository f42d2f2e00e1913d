// The fake service for the benchmark, in a process of its own (the real service is not on the
// extension's thread either): one server per list size. Prints {"<size>": "<url>", ...} once
// listening, and stops when its parent closes stdin. Starred queries are served too (`starred:N`), and
// dashboards of 200 charts (`dashboards:N`).
import { FakeAxiom } from '../support/fakeAxiom';
import { dashboardOf } from '../support/previewQueries';
import { manyMonitors } from '../support/manyMonitors';
import { manyStarred } from '../support/starredFixtures';
import { manyMetrics } from '../support/demoMetrics';
import { BENCH_METRICS_DATASET } from './metricsBrowser';

/** The charts of each dashboard served (the dashboard-open bench). */
const DASHBOARD_CHARTS = 200;

// Each argument is a list size, or `starred:N` for a server of N starred queries (and no monitors),
// `dashboards:N` for one of N dashboards, or `annotations:N` for one of N annotations; parts joined
// by `+` make one server of each (`annotations:1000+monitors:50+starred:20`: an organization's lists
// beside the one measured).
const lists = process.argv.slice(2);
const countAfter = (list: string, prefix: string) => {
  const part = list.split('+').find((p) => p.startsWith(prefix));
  return part === undefined ? undefined : Number(part.slice(prefix.length));
};
/** `count` annotations over the 30 days before `now` on 20 datasets, deploys and incidents (a band). */
function manyAnnotations(count: number, now: number): Record<string, unknown>[] {
  return Array.from({ length: count }, (_, i) => {
    const time = now - ((i * 7_919) % (30 * 86_400)) * 1_000 - 60_000;
    return {
      id: `ann_bench_${i}`,
      type: i % 5 ? 'deploy' : 'incident',
      datasets: [`service-${i % 20}`, ...(i % 3 ? [] : [`service-${(i + 7) % 20}`])],
      time: new Date(time).toISOString(),
      ...(i % 5 ? {} : { endTime: new Date(time + 900_000).toISOString() }),
      title: i % 5 ? `Deploy service-${i % 20} v1.${i}` : `Incident ${i}`,
      description: i % 2 ? `Rolled out build ${i.toString(16)}` : '',
      url: `https://example.com/releases/${i}`,
    };
  });
}

const servers = await Promise.all(
  lists.map(async (list) => {
    const starred = countAfter(list, 'starred:');
    const dashboards = countAfter(list, 'dashboards:');
    const metrics = countAfter(list, 'metrics:');
    const annotations = countAfter(list, 'annotations:');
    // Chunked, with no declared length, as a service written in Go sends a large body.
    const monitors =
      starred === undefined && dashboards === undefined && metrics === undefined && annotations === undefined
        ? Number(list)
        : (countAfter(list, 'monitors:') ?? 0);
    const fake = new FakeAxiom({ monitors: manyMonitors(monitors), chunkedLists: true });
    if (starred !== undefined) fake.starred.push(...manyStarred(starred));
    // A metrics dataset of N metrics (`metrics:N`, the metrics browser's bench).
    if (metrics !== undefined) fake.metrics.datasets.set(BENCH_METRICS_DATASET, manyMetrics(metrics));
    // `annotations:N`: N annotations over the last 30 days, as the Annotations view lists them.
    fake.annotations.push(...manyAnnotations(annotations ?? 0, Date.now()));
    for (let i = 0; i < (dashboards ?? 0); i++) {
      const latencies = Array.from({ length: DASHBOARD_CHARTS }, (_, c) => c % 600);
      const document = JSON.parse(dashboardOf(latencies, `d${i}c`)) as Record<string, unknown>;
      fake.dashboards.add({ ...document, name: `Bench dashboard ${i + 1}` });
    }
    await fake.start();
    return [list, fake] as const;
  }),
);
// Requests are recorded by the fake; a benchmark makes thousands, so forget them as they come.
// (Not reset(): that would drop the starred queries too.)
setInterval(() => {
  for (const [, fake] of servers) {
    fake.requests.length = 0;
    fake.abandoned.length = 0;
  }
}, 1000).unref();
console.log(JSON.stringify(Object.fromEntries(servers.map(([list, fake]) => [list, fake.url]))));
process.stdin.resume();
process.stdin.on('end', () => process.exit(0));
