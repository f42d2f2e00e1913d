// The preview's runs over real HTTP to the fake service: at most four at once, only the changed
// chart again after an edit, a run stopped when its chart changes again or the preview closes, a
// failing chart told as failed while the others draw.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PREVIEW_SOURCE, PreviewRuns, type PreviewRunsDeps } from '../../../src/core/dashboards/previewRuns';
import { RequestBudget } from '../../../src/core/api/requestBudget';
import { chartRange, queryDatasets, readAnnotationsForChart } from '../../../src/core/run/chartAnnotations';
import type { PreviewHostMessage } from '../../../src/core/dashboards/previewProtocol';
import { PreviewQueue } from '../../../src/core/dashboards/previewQueue';
import { render } from '../../../src/core/phrase';
import { rangeLabel } from '../../../src/core/run/timeRange';
import { clientRuns, dashboardOf, latencyOf, type AskedQuery } from '../../support/previewQueries';
import { fakeServiceUnderTest } from '../../support/testClient';

const { fake, connect } = fakeServiceUnderTest();

function preview(withClient = true, annotations?: PreviewRunsDeps['annotations']) {
  const posted: PreviewHostMessage[] = [];
  const asked: AskedQuery[] = [];
  const runs = new PreviewRuns({
    annotations,
    runs: clientRuns(asked),
    client: () => Promise.resolve(withClient ? connect() : undefined),
    post: (m) => posted.push(m),
    rangeLabel: (range) => render(rangeLabel(range)),
    windowLabel: (label) => `Dashboard (${label})`,
    noClient: 'not signed in',
  });
  const of = <T extends PreviewHostMessage['type']>(type: T) =>
    posted.filter((m): m is Extract<PreviewHostMessage, { type: T }> => m.type === type);
  return { runs, posted, asked, of };
}

const aplRequests = () => fake.requests.filter((r) => r.path.startsWith('/v1/datasets/_apl'));
/** The query and range the nth query request sent. */
const sent = (n: number) => JSON.parse(aplRequests()[n].body) as { apl: string; startTime: string; endTime: string };

/** The runner's read of a chart's annotations (queryRunner.ts), against the fake over HTTP. */
const annotationReads = (): PreviewRunsDeps['annotations'] => {
  const budget = new RequestBudget({ maxInFlight: 4, share: 0.5, assumedLimit: 60 });
  return (client, apl, range) =>
    readAnnotationsForChart(
      async (filter, signal) => (await client.listAnnotations(filter, signal)).annotations,
      queryDatasets(apl),
      chartRange(range),
      budget,
    );
};

describe('the dashboard preview’s runs', () => {
  it('a chart whose query is MPL runs through the runner as MPL, with no annotations read for it', async () => {
    const languages: (string | undefined)[] = [];
    const posted: PreviewHostMessage[] = [];
    const runs = new PreviewRuns({
      runs: {
        query: (_client, apl, _range, _signal, runId, _source, _firstRows, language) => {
          languages.push(language);
          const status = { isPartial: false, messages: [] };
          return Promise.resolve({ kind: 'result', result: { runId, query: apl, rangeLabel: '', tables: [], status } });
        },
      },
      annotations: () => assert.fail('no annotations for an MPL chart'),
      client: () => Promise.resolve(connect()),
      post: (m) => posted.push(m),
      rangeLabel: (range) => render(rangeLabel(range)),
      windowLabel: (label) => label,
      noClient: 'not signed in',
    });
    runs.update(
      JSON.stringify({
        name: 'Metrics',
        charts: [{ id: 'm', type: 'TimeSeries', query: { mpl: '`shop-metrics`:`cpu` | align to 5m using avg' } }],
        layout: [],
      }),
    );
    await runs.settled();
    assert.deepEqual(languages, ['mpl']);
    assert.ok(posted.some((m) => m.type === 'result'));
  });

  it('a time series’ annotations: read over the range after its result, sent for its tile, again to a rebuilt page', async () => {
    const now = Date.now();
    fake.annotations.push(
      {
        id: 'ann_deploy',
        type: 'deploy',
        datasets: ['http-logs'],
        title: 'v9',
        time: new Date(now - 600_000).toISOString(),
      },
      { id: 'ann_old', type: 'deploy', datasets: ['http-logs'], time: new Date(now - 86_400_000).toISOString() },
      { id: 'ann_other', type: 'deploy', datasets: ['billing'], time: new Date(now - 60_000).toISOString() },
    );
    const { runs, posted, of } = preview(true, annotationReads());
    runs.update(dashboardOf([0, 0]));
    await runs.settled();
    const sent = of('annotations');
    assert.deepEqual(sent.map((m) => m.id).sort(), ['c0', 'c1']);
    for (const message of sent) {
      const result = of('result').find((m) => m.id === message.id)!;
      assert.equal(message.runId, result.runId, 'for the result just sent');
      assert.ok(posted.indexOf(result) < posted.indexOf(message), 'after the rows');
      assert.deepEqual('annotations' in message.chart && message.chart.annotations.map((a) => a.id), ['ann_deploy']);
    }
    const reads = fake.requestsTo('GET /v2/annotations');
    assert.equal(reads.length, 2, 'one read per chart');
    const asked = new URL(reads[0].path, 'http://x').searchParams;
    assert.equal(asked.get('datasets'), 'http-logs');
    const span = Date.parse(asked.get('end') ?? '') - Date.parse(asked.get('start') ?? '');
    assert.ok(Math.abs(span - 3_600_000) < 1000, `the dashboard’s hour: ${span} ms`);

    posted.length = 0;
    runs.ready();
    assert.deepEqual(
      posted.map((m) => m.type),
      ['dashboard', 'result', 'result', 'annotations', 'annotations'],
    );
    assert.equal(fake.requestsTo('GET /v2/annotations').length, 2, 'a rebuilt page reads nothing again');
  });

  it('runs each chart once, at most four at once, through the runner as the dashboard’s', async () => {
    fake.aplDelayMs = latencyOf;
    const { runs, of, asked } = preview();
    runs.update(dashboardOf(Array.from({ length: 12 }, () => 40)));
    await runs.settled();
    assert.equal(of('dashboard').length, 1);
    assert.equal(of('dashboard')[0].tiles.length, 12);
    assert.equal(of('result').length, 12);
    assert.equal(new Set(of('result').map((m) => m.id)).size, 12);
    assert.equal(aplRequests().length, 12);
    assert.ok(fake.maxConcurrent <= 4, `${fake.maxConcurrent} at once`);
    assert.equal(runs.queue.peak, 4);
    assert.ok(asked.every((q) => q.source === PREVIEW_SOURCE));
    // The dashboard's window (qr-now-1h … qr-now) is what was asked for.
    const body = sent(0);
    assert.deepEqual([body.startTime, body.endTime], ['now-1h', 'now']);
  });

  it('after an edit, runs only the chart whose query changed', async () => {
    const { runs, of } = preview();
    const text = dashboardOf([0, 0, 0]);
    runs.update(text);
    await runs.settled();
    fake.reset();
    const edited = JSON.parse(text) as { charts: { query: { apl: string } }[] };
    edited.charts[1].query.apl += ' | take 3';
    runs.update(JSON.stringify(edited));
    await runs.settled();
    assert.equal(aplRequests().length, 1);
    assert.match(sent(0).apl, /take 3/);
    assert.equal(of('result').at(-1)?.id, 'c1');
  });

  it('stops a chart’s run when its query changes again, and every run when the preview closes', async () => {
    fake.aplDelayMs = latencyOf;
    const { runs, of } = preview();
    runs.update(dashboardOf([400]));
    await new Promise((r) => setTimeout(r, 100));
    runs.update(dashboardOf([10]));
    await runs.settled();
    assert.equal(of('result').length, 1, 'only the newer run answers');
    assert.match(of('result')[0].result.query, /latency 10/);
    assert.equal(fake.abandoned.length, 1, 'the first request was given up');

    const closing = preview();
    closing.runs.update(dashboardOf([400, 400]));
    await new Promise((r) => setTimeout(r, 100));
    closing.runs.close();
    await closing.runs.settled();
    assert.deepEqual(
      closing.posted.filter((m) => m.type === 'result' || m.type === 'failed'),
      [],
    );
    // The service hears the two requests given up (the closed connections reach it a moment later).
    for (let waited = 0; fake.abandoned.length < 3 && waited < 2000; waited += 20)
      await new Promise((r) => setTimeout(r, 20));
    assert.equal(fake.abandoned.length, 3);
  });

  it('tells a failing chart as failed while the others draw', async () => {
    fake.aplAnswer = (body) =>
      String(body.apl).includes('latency 1')
        ? { status: 400, body: { code: 400, message: 'unknown dataset <b>x</b>' } }
        : { body: { format: 'tabular', status: { elapsedTime: 1, isPartial: false }, tables: [] } };
    const { runs, of } = preview();
    runs.update(dashboardOf([0, 1, 2]));
    await runs.settled();
    assert.deepEqual(
      of('failed').map((m) => m.id),
      ['c1'],
    );
    assert.match(of('failed')[0].message, /unknown dataset <b>x<\/b>/);
    assert.deepEqual(
      of('result')
        .map((m) => m.id)
        .sort(),
      ['c0', 'c2'],
    );
  });

  it('says a chart cannot run when no one is signed in, asking for a client once', async () => {
    const { runs, of } = preview(false);
    runs.update(dashboardOf([0, 0]));
    await runs.settled();
    assert.deepEqual(
      of('failed').map((m) => m.message),
      ['not signed in', 'not signed in'],
    );
    assert.equal(aplRequests().length, 0);
  });

  it('runs every chart again over a range chosen, and tells a page rebuilt what each tile shows', async () => {
    const { runs, of, posted } = preview();
    runs.update(dashboardOf([0, 0]));
    await runs.settled();
    fake.reset();
    runs.chooseRange('7d');
    await runs.settled();
    assert.equal(aplRequests().length, 2);
    assert.equal(sent(0).startTime, 'now-7d');
    assert.equal(of('dashboard').at(-1)?.range, '7d');
    runs.chooseRange('not a range');
    posted.length = 0;
    runs.ready();
    assert.deepEqual(
      posted.map((m) => m.type),
      ['dashboard', 'result', 'result'],
    );
  });

  it('keeps the tiles and says so while the text is no dashboard', () => {
    const { runs, posted } = preview();
    runs.update('{"charts": [');
    assert.deepEqual(posted, [{ type: 'problem', problem: 'json' }]);
  });
});

describe('the preview’s queue', () => {
  it('never runs more than its limit at once, and skips a task stopped while it waited', async () => {
    const queue = new PreviewQueue(2);
    let now = 0;
    let most = 0;
    const stopped = new AbortController();
    const task = () => async () => {
      most = Math.max(most, ++now);
      await new Promise((r) => setTimeout(r, 5));
      now--;
      return 1;
    };
    const live = new AbortController().signal;
    const all = [
      queue.run(live, task()),
      queue.run(live, task()),
      queue.run(stopped.signal, task()),
      queue.run(live, task()),
    ];
    stopped.abort();
    assert.deepEqual(await Promise.all(all), [1, 1, undefined, 1]);
    assert.equal(most, 2);
  });
});
