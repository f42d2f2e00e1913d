import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { RequestBudget } from '../../../src/core/api/requestBudget';
import {
  addAnnotationArgs,
  annotationsInRange,
  chartRange,
  MAX_CHART_ANNOTATIONS,
  queryDatasets,
  readAnnotationRequest,
  readAnnotationsForChart,
  readChartAnnotation,
  readChartAnnotationList,
  readChartAnnotations,
  type AnnotationFilter,
  type ChartAnnotation,
} from '../../../src/core/run/chartAnnotations';
import { readHostMessage, readPanelMessage } from '../../../src/core/run/resultsProtocol';
import { anyJson, FUZZ_BOUND } from '../../support/untrustedInput';
import { fakeServiceUnderTest } from '../../support/testClient';

const T0 = Date.UTC(2024, 4, 1, 12, 0);
const MINUTE = 60_000;

describe('chart annotations: what a chart is given', () => {
  it('reads an annotation as the service sends it (times as RFC 3339), links only http(s)', () => {
    assert.deepEqual(
      readChartAnnotation({
        id: 'ann_1',
        type: 'deploy',
        datasets: ['logs'],
        title: 'v1.2.3',
        description: 'rolled out',
        url: 'https://github.com/o/r/commit/abc',
        time: '2024-05-01T12:00:00Z',
        endTime: '2024-05-01T12:05:00.123456789Z',
        unknown: 1,
      }),
      {
        id: 'ann_1',
        type: 'deploy',
        title: 'v1.2.3',
        description: 'rolled out',
        url: 'https://github.com/o/r/commit/abc',
        time: T0,
        endTime: T0 + 5 * MINUTE + 123,
      },
    );
    const plain = { id: 'a', type: 't', time: T0 };
    assert.deepEqual(readChartAnnotation({ ...plain, url: 'javascript:alert(1)' }), { ...plain, title: '' });
    assert.deepEqual(readChartAnnotation({ ...plain, url: 'command:workbench.action.quit' }), { ...plain, title: '' });
    assert.deepEqual(readChartAnnotation({ ...plain, endTime: T0 - 1 }), { ...plain, title: '' }, 'an end before it');
    assert.deepEqual(readChartAnnotation({ ...plain, title: 'x'.repeat(257) }), { ...plain, title: '' });
    for (const odd of [null, 'x', [], { ...plain, id: 3 }, { ...plain, time: 'soon' }, { ...plain, type: undefined }])
      assert.equal(readChartAnnotation(odd), undefined, JSON.stringify(odd));
  });

  it('keeps a list to what it can read, and to MAX_CHART_ANNOTATIONS', () => {
    const many = Array.from({ length: MAX_CHART_ANNOTATIONS + 10 }, (_, i) => ({
      id: `a${i}`,
      type: 't',
      time: T0 + i,
    }));
    assert.equal(readChartAnnotationList(many).length, MAX_CHART_ANNOTATIONS);
    assert.deepEqual(readChartAnnotationList([{ id: 'a', type: 't', time: T0 }, 'junk', null]).length, 1);
    assert.deepEqual(readChartAnnotationList('junk'), []);
    assert.deepEqual(readChartAnnotations({ note: 'unread' }), { note: 'unread' });
    assert.deepEqual(readChartAnnotations({ note: 'other' }), undefined);
  });

  it('keeps to the range: a moment within it, a span that overlaps it', () => {
    const list: ChartAnnotation[] = [
      { id: 'before', type: 't', title: '', time: T0 - 10 * MINUTE },
      { id: 'into', type: 't', title: '', time: T0 - 10 * MINUTE, endTime: T0 + MINUTE },
      { id: 'in', type: 't', title: '', time: T0 + 5 * MINUTE },
      { id: 'over', type: 't', title: '', time: T0 - MINUTE, endTime: T0 + 90 * MINUTE },
      { id: 'after', type: 't', title: '', time: T0 + 61 * MINUTE },
    ];
    assert.deepEqual(
      annotationsInRange(list, T0, T0 + 60 * MINUTE).map((a) => a.id),
      ['into', 'in', 'over'],
    );
  });

  it("reads the datasets of the query's statement that runs, through its lets", () => {
    assert.deepEqual(queryDatasets("['http-logs'] | count"), ['http-logs']);
    assert.deepEqual(queryDatasets("let errors = ['logs'] | where status >= 500;\nerrors | count"), ['logs']);
    assert.deepEqual(queryDatasets('print 1'), []);
  });

  it('resolves the range of a preset and of a custom range', () => {
    const now = T0 + 60 * MINUTE;
    assert.deepEqual(chartRange({ kind: 'preset', preset: '1h' }, now), { from: T0, to: now });
    assert.deepEqual(chartRange({ kind: 'custom', start: '2024-05-01T12:00:00Z', end: 'now' }, now), {
      from: T0,
      to: now,
    });
  });
});

describe('chart annotations: the one read per chart', () => {
  const range = { from: T0, to: T0 + 60 * MINUTE };
  const budget = () => new RequestBudget({ maxInFlight: 4, share: 0.5, assumedLimit: 60 });
  const answer = [
    { id: 'in', type: 'deploy', title: 'v2', time: new Date(T0 + MINUTE).toISOString() },
    { id: 'late', type: 'deploy', title: 'v3', time: new Date(T0 + 2 * 60 * MINUTE).toISOString() },
  ];

  it("asks once for the query's datasets over the range, within the budget, and keeps what is in range", async () => {
    const asked: AnnotationFilter[] = [];
    const spent = budget();
    const chart = await readAnnotationsForChart(
      (filter) => {
        asked.push(filter);
        return Promise.resolve(answer);
      },
      ['logs', 'traces'],
      range,
      spent,
    );
    assert.deepEqual(asked, [
      { datasets: ['logs', 'traces'], start: '2024-05-01T12:00:00.000Z', end: '2024-05-01T13:00:00.000Z' },
    ]);
    assert.equal(spent.total, 1, 'through the budget');
    assert.deepEqual(chart, {
      annotations: [{ id: 'in', type: 'deploy', title: 'v2', time: T0 + MINUTE }],
    });
  });

  it('asks nothing for a query that reads no dataset', async () => {
    let asked = 0;
    const list = () => {
      asked++;
      return Promise.resolve([]);
    };
    assert.equal(await readAnnotationsForChart(list, [], range, budget()), undefined);
    assert.equal(asked, 0);
  });

  it('says quietly that they were not read when the read fails, or when the budget is spent', async () => {
    assert.deepEqual(await readAnnotationsForChart(() => Promise.reject(new Error('503')), ['logs'], range, budget()), {
      note: 'unread',
    });
    const spent = new RequestBudget({ maxInFlight: 4, share: 0.5, assumedLimit: 60 });
    spent.pauseUntil(Date.now() + 30_000); // a 429's reset
    let asked = 0;
    const chart = await readAnnotationsForChart(
      () => {
        asked++;
        return Promise.resolve(answer);
      },
      ['logs'],
      range,
      spent,
    );
    assert.deepEqual(chart, { note: 'busy' });
    assert.equal(asked, 0, 'nothing is sent past the budget');
  });
});

describe("chart annotations: the one read, over real HTTP to the fake service's /v2/annotations", () => {
  const { fake, connect } = fakeServiceUnderTest();
  const range = { from: T0, to: T0 + 60 * MINUTE };
  const iso = (ms: number) => new Date(ms).toISOString();
  const list = () => {
    const client = connect();
    return async (filter: AnnotationFilter, signal?: AbortSignal) =>
      (await client.listAnnotations(filter, signal)).annotations;
  };
  const seed = () =>
    fake.annotations.push(
      { id: 'deploy', type: 'deploy', datasets: ['http-logs'], title: 'v1.4.2', time: iso(T0 + 3 * MINUTE) },
      {
        id: 'incident',
        type: 'incident',
        datasets: ['http-logs', 'traces'],
        title: 'Checkout down',
        time: iso(T0 - 30 * MINUTE),
        endTime: iso(T0 + 5 * MINUTE),
      },
      { id: 'other', type: 'deploy', datasets: ['billing'], title: 'elsewhere', time: iso(T0 + MINUTE) },
      { id: 'yesterday', type: 'deploy', datasets: ['http-logs'], title: 'old', time: iso(T0 - 86_400_000) },
    );

  it("one GET of the query's datasets within the range: what the chart draws", async () => {
    seed();
    const chart = await readAnnotationsForChart(
      list(),
      queryDatasets("['http-logs'] | summarize count() by bin_auto(_time)"),
      range,
      new RequestBudget({ maxInFlight: 4, share: 0.5, assumedLimit: 60 }),
    );
    assert.ok(chart && 'annotations' in chart);
    assert.deepEqual(chart.annotations.map((a) => a.id).sort(), ['deploy', 'incident']);
    const gets = fake.requests.filter((r) => r.method === 'GET' && r.path.startsWith('/v2/annotations'));
    assert.equal(gets.length, 1, 'read once');
    const asked = new URL(gets[0].path, 'http://x').searchParams;
    assert.deepEqual(
      { datasets: asked.get('datasets'), start: asked.get('start'), end: asked.get('end') },
      { datasets: 'http-logs', start: iso(T0), end: iso(T0 + 60 * MINUTE) },
    );
  });

  it('a failing service gives the quiet note, and the note only', async () => {
    seed();
    fake.fail('GET /v2/annotations', { status: 500 });
    const chart = await readAnnotationsForChart(
      list(),
      ['http-logs'],
      range,
      new RequestBudget({ maxInFlight: 4, share: 0.5, assumedLimit: 60 }),
    );
    assert.deepEqual(chart, { note: 'unread' });
  });

  it('Add Annotation from a chart is given the datasets and the time or span as RFC 3339', () => {
    assert.deepEqual(addAnnotationArgs(['http-logs'], T0, T0 + MINUTE), {
      datasets: ['http-logs'],
      time: '2024-05-01T12:00:00.000Z',
      endTime: '2024-05-01T12:01:00.000Z',
    });
    assert.deepEqual(addAnnotationArgs(['http-logs']), { datasets: ['http-logs'] });
  });
});

describe('chart annotations: the messages about them', () => {
  it('the page reads annotations of a run; the host reads a link to open and Add Annotation', () => {
    const chart = { annotations: [{ id: 'a', type: 't', title: 'x', time: T0 }] };
    assert.deepEqual(readHostMessage({ type: 'annotations', runId: 3, chart }), {
      type: 'annotations',
      runId: 3,
      chart,
    });
    assert.equal(readHostMessage({ type: 'annotations', runId: -1, chart }), undefined);
    assert.deepEqual(readPanelMessage({ type: 'openAnnotationUrl', url: 'https://x.example/a' }), {
      type: 'openAnnotationUrl',
      url: 'https://x.example/a',
    });
    assert.equal(readPanelMessage({ type: 'openAnnotationUrl', url: 'file:///etc/passwd' }), undefined);
    assert.deepEqual(readPanelMessage({ type: 'addAnnotation' }), { type: 'addAnnotation' });
    assert.deepEqual(readPanelMessage({ type: 'addAnnotation', time: T0, endTime: T0 + 1 }), {
      type: 'addAnnotation',
      time: T0,
      endTime: T0 + 1,
    });
    assert.equal(readPanelMessage({ type: 'addAnnotation', time: T0, endTime: T0 }), undefined);
    assert.equal(readPanelMessage({ type: 'addAnnotation', time: 'now' }), undefined);
  });

  it('fuzz: any message is read as one of its kind or nothing', () => {
    const typed = fc.record({
      type: fc.constantFrom('annotations', 'openAnnotationUrl', 'addAnnotation'),
      runId: anyJson,
      chart: fc.oneof(anyJson, fc.record({ annotations: fc.array(anyJson), note: anyJson })),
      url: anyJson,
      time: anyJson,
      endTime: anyJson,
    });
    fc.assert(
      fc.property(fc.oneof(anyJson, typed), (message) => {
        const request = readAnnotationRequest(message);
        if (request) assert.equal(request.type, (message as { type: unknown }).type);
        const fromHost = readHostMessage(message);
        if (fromHost?.type === 'annotations' && 'annotations' in fromHost.chart)
          for (const a of fromHost.chart.annotations) assert.ok(Number.isFinite(a.time) && typeof a.title === 'string');
        readChartAnnotations(message);
      }),
      FUZZ_BOUND,
    );
  });
});
