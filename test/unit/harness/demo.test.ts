import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Agent } from 'undici';
import { RequestBudget } from '../../../src/core/api/requestBudget';
import { render } from '../../../src/core/phrase';
import { evaluate } from '../../../src/core/monitors/dryRun';
import { dryRunHistoryRun, dryRunMonitor } from '../../../src/core/monitors/dryRunMonitor';
import { samplesFromMessage } from '../../../src/core/monitors/dryRunProtocol';
import { statusFromHistory } from '../../../src/core/monitors/monitorStatus';
import { checkApl } from '../../../src/core/apl/checks';
import { AxiomError } from '../../../src/core/api/errors';
import {
  checkoutOpened,
  DEMO_DRY_RUN,
  DEMO_FILES,
  DEMO_TOKEN,
  demoMonitors,
  demoStarred,
  HOSTILE_USER_AGENTS,
  startDemo,
} from '../../support/demo';
import { CapturedLog, testClient } from '../../support/testClient';

/** The demo as the extension sees it: over real HTTP, through the extension's client. */
describe('the demo deployment (npm start without a token)', () => {
  const log = new CapturedLog();
  const dispatcher = new Agent();
  const open = async () => {
    const fake = await startDemo();
    return { fake, client: testClient(fake.url, dispatcher, log, { token: DEMO_TOKEN }) };
  };
  const lastHour = { startTime: 'now-1h', endTime: 'now' };

  it('has monitors of each type, two triggered now and one back to normal, and datasets with fields', async () => {
    const { fake, client } = await open();
    try {
      const { monitors } = await client.listMonitors();
      assert.deepEqual([...new Set(monitors.map((m) => m.type))].sort(), [
        'AnomalyDetection',
        'MatchEvent',
        'Threshold',
      ]);
      const now = new Date();
      const statuses = await Promise.all(
        monitors.map(async (m) => {
          const history = await client.getMonitorHistory(m.id, new Date(now.getTime() - 7 * 86_400_000), now);
          return [m.name, statusFromHistory(history.changes).kind] as const;
        }),
      );
      assert.deepEqual(
        statuses
          .filter(([, kind]) => kind === 'triggered')
          .map(([name]) => name)
          .sort(),
        ['Checkout 5xx', 'Failed sign-ins'],
      );
      assert.deepEqual(
        (await client.listDatasets()).map((d) => d.name),
        ['http-logs', 'app-logs', 'auth', 'shop-metrics', 'shop-traces'],
      );
      assert.ok((await client.listFields('http-logs')).some((f) => f.name === 'req_duration_ms'));
      const starred = await client.listStarredQueries({ who: 'all', offset: 0, limit: 100 });
      assert.ok(starred.queries.length >= 5);
    } finally {
      await fake.stop();
    }
  });

  it('refuses APL that does not compile as the service does: 400 with the compiler’s line, column and words', async () => {
    const { fake, client } = await open();
    try {
      const refused = async (apl: string) => {
        const error = await client.runApl(apl, lastHour).then(
          () => assert.fail(`${apl} was answered`),
          (e: unknown) => e,
        );
        assert.ok(error instanceof AxiomError, String(error));
        assert.equal(error.kind, 'badRequest');
        return error.compile;
      };
      const dangling = await refused("['http-logs']\n| where status ==");
      assert.equal(dangling?.line, 2);
      assert.equal(dangling?.column, 16, 'at the operator with nothing after it');
      assert.match(dangling?.message ?? '', /==/);
      const twoCommas = await refused("['http-logs'] | project a,, b");
      assert.equal(twoCommas?.line, 1);
      assert.ok((twoCommas?.column ?? 0) >= 26, `column ${twoCommas?.column}`);
      const [table] = (await client.runApl("['http-logs'] | where status == 500 | count", lastHour)).tables;
      assert.equal(table.rowCount, 1, 'what compiles is answered');
    } finally {
      await fake.stop();
    }
  });

  it('none of its own queries (files, monitors, starred queries) is refused: each compiles for the parser', () => {
    const notebook = JSON.parse(DEMO_FILES['investigation.axiom-notebook']) as {
      cells: { kind: string; source: string }[];
    };
    const queries = [
      ...Object.entries(DEMO_FILES)
        .filter(([name]) => name.endsWith('.apl'))
        .flatMap(([, text]) => text.split(/\n\s*\n/).filter((part) => part.includes('['))),
      ...notebook.cells.filter((cell) => cell.kind === 'apl').map((cell) => cell.source),
      ...demoMonitors(Date.now()).monitors.flatMap((m) => (typeof m.aplQuery === 'string' ? [m.aplQuery] : [])),
      ...demoStarred(Date.now()).flatMap((q) => {
        const apl = (q as { query?: { apl?: unknown } }).query?.apl;
        return typeof apl === 'string' ? [apl] : [];
      }),
    ];
    assert.ok(queries.length > 15, `${queries.length} queries`);
    for (const apl of queries)
      assert.deepEqual(
        checkApl(apl).filter((p) => p.severity === 'error'),
        [],
        apl,
      );
  });

  it('answers queries by what they ask and over the range they ask: counts over time, top values, events', async () => {
    const { fake, client } = await open();
    try {
      const series = await client.runApl(
        "['http-logs'] | where status >= 500 | summarize count() by bin(_time, 1m)",
        lastHour,
      );
      const [table] = series.tables;
      assert.deepEqual(
        table.fields.map((f) => f.name),
        ['_time', 'count_'],
      );
      assert.ok(table.rowCount >= 60 && table.rowCount <= 61, `${table.rowCount} minutes in an hour`);
      const counts = table.columns[1] as number[];
      // The checkout incident of the last 14 minutes shows in the counts.
      assert.ok(
        counts.slice(-10).reduce((a, b) => a + b, 0) > 5 * counts.slice(0, 10).reduce((a, b) => a + b, 0),
        counts.join(),
      );

      const day = await client.runApl("['http-logs'] | summarize count() by bin(_time, 1h)", {
        startTime: 'now-24h',
        endTime: 'now',
      });
      assert.ok(day.tables[0].rowCount >= 24 && day.tables[0].rowCount <= 25);
      const total = (r: typeof day) => (r.tables[0].columns.at(-1) as number[]).reduce((a, b) => a + b, 0);
      const hour = await client.runApl("['http-logs'] | summarize count() by bin(_time, 1h)", lastHour);
      assert.ok(total(day) > 10 * total(hour), `a day (${total(day)}) holds more than an hour (${total(hour)})`);

      const top = await client.runApl("['http-logs'] | summarize count() by service | top 3 by count_", lastHour);
      assert.deepEqual(
        top.tables[0].fields.map((f) => f.name),
        ['service', 'count_'],
      );
      assert.equal(top.tables[0].rowCount, 3);
      const topCounts = top.tables[0].columns[1] as number[];
      assert.deepEqual(
        [...topCounts].sort((a, b) => b - a),
        topCounts,
      );

      const events = await client.runApl(
        "['app-logs'] | where level == 'error' | project _time, service, message | take 50",
        lastHour,
      );
      assert.deepEqual(
        events.tables[0].fields.map((f) => f.name),
        ['_time', 'service', 'message'],
      );
      assert.ok(events.tables[0].rowCount > 0 && events.tables[0].rowCount <= 50);
      const raw = await client.runApl("['http-logs']", { startTime: 'now-1h', endTime: 'now' });
      assert.equal(raw.tables[0].rowCount, 1000, "the service's default limit");
      assert.ok((raw.status.rowsMatched ?? 0) > 1000);
      assert.equal(
        (await client.runApl("['http-logs'] | where status >= 500 | count", lastHour)).tables[0].rowCount,
        1,
      );

      const fixed = {
        startTime: new Date(Date.now() - 7_200_000).toISOString(),
        endTime: new Date(Date.now() - 3_600_000).toISOString(),
      };
      const once = await client.runApl("['auth'] | summarize count() by bin(_time, 5m), region", fixed);
      const again = await client.runApl("['auth'] | summarize count() by bin(_time, 5m), region", fixed);
      assert.deepEqual(again.tables[0].columns, once.tables[0].columns, 'the same range, the same answer');
      await assert.rejects(client.runApl("['nope'] | count", lastHour), /not found/);
    } finally {
      await fake.stop();
    }
  });

  it('gives a query that takes 100,000 rows of an hour as many, newest first, some sent by a scanner (the journeys read them)', async () => {
    const { fake, client } = await open();
    try {
      const many = await client.runApl("['http-logs'] | take 100000", lastHour);
      const [table] = many.tables;
      assert.equal(table.rowCount, 100_000, 'the shop has more than 100,000 requests in any hour');
      const times = (table.columns[0] as string[]).map((t) => Date.parse(t));
      assert.ok(
        times.every((t, i) => i === 0 || t <= times[i - 1]),
        'newest first',
      );
      const agents = new Set(table.columns[table.fields.findIndex((f) => f.name === 'user_agent')] as string[]);
      for (const agent of HOSTILE_USER_AGENTS) assert.ok(agents.has(agent), agent);
      // A smaller take still makes few events (the demo stays quick), also after a rare match.
      assert.equal((await client.runApl("['http-logs'] | take 10", lastHour)).tables[0].rowCount, 10);
      const rare = await client.runApl("['http-logs'] | where status >= 500 | project _time, status | take 50", {
        startTime: 'now-6h',
        endTime: 'now',
      });
      assert.equal(rare.tables[0].rowCount, 50);
      assert.ok((rare.tables[0].columns[1] as number[]).every((status) => status >= 500));
    } finally {
      await fake.stop();
    }
  });

  it('names its notifiers; the monitors name them by id, one of them a notifier deleted since', async () => {
    const { fake, client } = await open();
    try {
      const notifiers = await client.listNotifiers();
      const names = new Map(notifiers.map((n) => [n.id, n.name]));
      assert.ok(
        notifiers.every((n) => n.name && n.kind),
        'each has a name and a channel',
      );
      const { monitors } = await client.listMonitors();
      const ids = monitors.flatMap((m) => m.notifierIds ?? []);
      assert.deepEqual(
        ids.filter((id) => !names.has(id)),
        ['notify_retired'],
      );
      assert.ok(
        monitors.every((m) => m.createdBy && m.updatedAt),
        'who made each, and when it last changed',
      );
      assert.ok(
        monitors.some((m) => m.mplQuery !== undefined && m.aplQuery === undefined),
        'a monitor of metrics (MPL)',
      );
    } finally {
      await fake.stop();
    }
  });

  it('each threshold monitor’s state follows from its data: a dry run of its saved rule opens what its history opened, and is open now when it is triggered (issue 52, item 7)', async () => {
    const { fake, client } = await open();
    try {
      const to = Date.now();
      // Search latency runs each minute: two hours keep its one query under the service's 1,000 rows.
      for (const [id, periodMs] of [
        ['mon_demo_checkout_5xx', 86_400_000],
        ['mon_demo_latency', 2 * 3_600_000],
      ] as const) {
        const record = (await client.getMonitor(id)).raw;
        const done = await dryRunMonitor(client, record, {
          to,
          periodMs,
          // Nothing here hears the service's rate limit (the extension's budget does): a limit of
          // its own that paces nothing, or Checkout 5xx's 288 runs would wait minutes for the window.
          budget: new RequestBudget({ maxInFlight: 4, share: 0.5, assumedLimit: 100_000 }),
          signal: new AbortController().signal,
          say: (p) => render(p),
        });
        const samples = samplesFromMessage(done.result);
        const outcome = evaluate(samples, done.result.rule);
        const history = await client.getMonitorHistory(id, new Date(to - periodMs), new Date(to));
        const triggered = statusFromHistory(history.changes).kind === 'triggered';
        assert.equal(
          outcome.alerts.some((alert) => alert.closeRun === undefined),
          triggered,
          `${id}: open at the end of the dry run as its status says (${triggered ? 'triggered' : 'normal'})`,
        );
        const opened = outcome.alerts.map((alert) => samples.runs[alert.openRun].at);
        const interval = Number(record.intervalMinutes) * 60_000;
        assert.equal(opened.length, done.result.realAlerts.length, `${id}: as many alerts as its history opened`);
        opened.forEach((at, i) =>
          assert.ok(Math.abs(at - done.result.realAlerts[i]) <= interval, `${id}: alert ${i} at its history’s run`),
        );
      }
      assert.deepEqual(
        demoMonitors(to)
          .monitors.filter((m) => m.id === 'mon_demo_checkout_5xx')
          .map((m) => m.threshold),
        [8],
      );
      assert.ok(checkoutOpened(to) > to - 14 * 60_000 && checkoutOpened(to) <= to - 4 * 60_000);
    } finally {
      await fake.stop();
    }
  });

  it('a dry run of "Traffic drop" over the last 24 hours finds its outages at known runs, as its history says', async () => {
    const { fake, client } = await open();
    try {
      const record = (await client.getMonitor(DEMO_DRY_RUN.monitorId)).raw;
      const to = Date.now();
      const done = await dryRunMonitor(client, record, {
        to,
        periodMs: 86_400_000,
        budget: new RequestBudget({ maxInFlight: 4, share: 0.5, assumedLimit: 60 }),
        signal: new AbortController().signal,
        say: (p) => render(p),
      });
      assert.equal(fake.requestsTo('POST /v1/datasets/_apl').length, 1, 'one query binned by the interval');
      assert.equal(done.result.realAlerts.length, DEMO_DRY_RUN.realAlerts);
      const samples = samplesFromMessage(done.result);
      for (const [threshold, alerts] of Object.entries(DEMO_DRY_RUN.alertsAt)) {
        const outcome = evaluate(samples, { ...done.result.rule, threshold: Number(threshold) });
        assert.equal(outcome.alerts.length, alerts, `Below ${threshold}`);
      }
      assert.equal(done.result.rule.threshold, DEMO_DRY_RUN.threshold);
      assert.equal(
        dryRunHistoryRun(record, { to, periodMs: 86_400_000 }, to, to + 5, {
          outcome: 'ok',
          rows: done.rows,
          datasets: done.datasets,
        })?.source,
        'dryRun',
      );
    } finally {
      await fake.stop();
    }
  });
});
