// The dashboard preview's page in a real chromium, under its own Content Security Policy: twelve
// charts laid out on the 12-column grid, each drawn by the results panel's chart or table or as one
// value, a failing chart's error in its tile while the others draw, a kind not drawn yet named, the
// range picker's choice sent back, and hostile text from the document and the data inert.
// npm run test:webview (after a build of dist/webview).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import type { PreviewTile } from '../../src/core/dashboards/previewLayout';
import type { PreviewHostMessage } from '../../src/core/dashboards/previewProtocol';
import type { ResultsView } from '../../src/core/run/resultsProtocol';
import { openPanel, openPanelInZone, postToPage, type PanelPage } from './panelPage';

let panel: PanelPage;
let page: Page;

const HOSTILE = '<img src=x onerror="window.__pwned=1">';
const T0 = Date.UTC(2026, 10, 20, 0, 0);

const tile = (
  i: number,
  kind: string,
  drawing: PreviewTile['drawing'],
  extra: Partial<PreviewTile> = {},
): PreviewTile => ({
  id: `c${i}`,
  kind,
  name: `Chart ${i}`,
  drawing,
  apl: `['logs'] | summarize count() by bin(_time, 1m) // ${i}`,
  x: (i % 3) * 4,
  y: Math.floor(i / 3) * 4,
  w: 4,
  h: 4,
  ...extra,
});

/** Twelve charts: time series, tables and single values, a note, a kind not drawn, a hostile name. */
const TILES: PreviewTile[] = [
  tile(0, 'TimeSeries', 'timeSeries', { name: HOSTILE }),
  tile(1, 'TimeSeries', 'timeSeries'),
  tile(2, 'TimeSeries', 'timeSeries'),
  tile(3, 'Table', 'table'),
  tile(4, 'Table', 'table'),
  tile(5, 'LogStream', 'table'),
  tile(6, 'Statistic', 'statistic'),
  tile(7, 'Statistic', 'statistic'),
  tile(8, 'TimeSeries', 'timeSeries'),
  tile(9, 'Note', 'note', { apl: undefined, text: HOSTILE }),
  tile(10, 'Pie', 'notDrawn'),
  tile(11, 'Table', 'table'),
];

function series(runId: number): ResultsView {
  const minutes = Array.from({ length: 30 }, (_, k) => new Date(T0 + k * 60_000).toISOString());
  return {
    runId,
    query: 'q',
    rangeLabel: 'Last hour',
    tables: [
      {
        name: '0',
        fields: [
          { name: '_time', type: 'datetime' },
          { name: 'count_', type: 'integer' },
        ],
        columns: [minutes, minutes.map((_, k) => k * 2)],
        rowCount: 30,
      },
    ],
    status: { isPartial: false, messages: [] },
  };
}

function table(runId: number): ResultsView {
  return {
    runId,
    query: 'q',
    rangeLabel: 'Last hour',
    tables: [
      {
        name: '0',
        fields: [
          { name: 'host', type: 'string' },
          { name: 'n', type: 'integer' },
        ],
        columns: [
          [HOSTILE, '<script>window.__pwned=2</script>', 'web-3'],
          [3, 2, 1],
        ],
        rowCount: 3,
      },
    ],
    status: { isPartial: false, messages: [] },
  };
}

function value(runId: number, v: unknown): ResultsView {
  return {
    runId,
    query: 'q',
    rangeLabel: 'Last hour',
    tables: [{ name: '0', fields: [{ name: 'count_', type: 'integer' }], columns: [[v]], rowCount: 1 }],
    status: { isPartial: false, messages: [] },
  };
}

const send = (message: PreviewHostMessage) => postToPage(page, message);
const stateOf = (id: string) =>
  page.evaluate((i) => document.querySelector<HTMLElement>(`.tile[data-id="${i}"]`)?.dataset.state, id);
const textOf = (selector: string) =>
  page.evaluate((s) => document.querySelector(s)?.textContent ?? undefined, selector);

describe('the dashboard preview’s page in chromium', () => {
  before(async () => {
    panel = await openPanel({ entry: 'dashboard' });
    page = panel.page;
    await page.setViewportSize({ width: 1400, height: 1000 });
  });
  after(() => panel?.close());

  it('lays out twelve charts and draws each: lines, tables, single values, a note, a kind not drawn by name; a failing one says why', async () => {
    await send({
      type: 'dashboard',
      name: HOSTILE,
      tiles: TILES,
      ranges: [
        { id: 'dashboard', label: 'Dashboard’s window (Last hour)' },
        { id: '7d', label: 'Last 7 days' },
      ],
      range: 'dashboard',
    });
    assert.equal(await page.locator('.tile').count(), 12);
    let runId = 1;
    for (const t of TILES)
      if (t.apl !== undefined && t.drawing !== 'notDrawn') await send({ type: 'running', id: t.id, runId: runId++ });
    assert.equal(await stateOf('c1'), 'running');
    runId = 100;
    for (const t of TILES) {
      if (t.apl === undefined || t.drawing === 'notDrawn') continue;
      if (t.id === 'c4')
        await send({ type: 'failed', id: t.id, runId: runId++, message: `unknown dataset ${HOSTILE}` });
      else
        await send({
          type: 'result',
          id: t.id,
          runId: runId++,
          result:
            t.drawing === 'timeSeries'
              ? series(1)
              : t.drawing === 'statistic'
                ? value(1, t.id === 'c6' ? 1234 : HOSTILE)
                : table(1),
        });
    }
    await page.waitForFunction(() => document.querySelectorAll('.tile .chart canvas').length >= 4);
    for (const id of ['c0', 'c1', 'c2', 'c3', 'c5', 'c6', 'c7', 'c8', 'c11'])
      assert.equal(await stateOf(id), 'drawn', id);
    assert.equal(await page.locator('.tile .chart').count(), 4, 'the four time series drawn by the results chart');
    assert.equal(await page.locator('.tile .grid').count(), 3, 'the three tables drawn by the results grid');
    assert.equal(await textOf('.tile[data-id="c6"] .tile-value'), '1234');
    assert.equal(await textOf('.tile[data-id="c6"] .tile-value-label'), 'count_');
    assert.equal(await stateOf('c4'), 'failed');
    assert.equal(
      await textOf('.tile[data-id="c4"] .tile-message'),
      `This chart’s query failed: unknown dataset ${HOSTILE}`,
    );
    assert.equal(await stateOf('c9'), 'note');
    assert.equal(await stateOf('c10'), 'notDrawn');
    assert.equal(await textOf('.tile[data-id="c10"] .tile-message'), 'Pie charts are not drawn in the preview yet.');
    // The grid's places: chart 4 is in the second row, second column of three.
    const box = await page.locator('.tile[data-id="c4"]').boundingBox();
    const first = await page.locator('.tile[data-id="c0"]').boundingBox();
    assert.ok(box && first && box.x > first.x + first.width && box.y > first.y + first.height);
  });

  it('keeps hostile text from the document and the data as text', async () => {
    assert.equal(await textOf('.dashboard-title'), HOSTILE);
    assert.equal(await textOf('.tile[data-id="c0"] .tile-title'), HOSTILE);
    assert.equal(await textOf('.tile[data-id="c9"] .tile-note'), HOSTILE);
    assert.equal(await textOf('.tile[data-id="c7"] .tile-value'), HOSTILE);
    assert.ok((await page.locator('.tile[data-id="c3"] .grid').textContent())?.includes(HOSTILE));
    assert.equal(await page.locator('#dashboard img, #dashboard script').count(), 0);
    assert.equal(await page.evaluate(() => window.__pwned), undefined);
    assert.deepEqual(await page.evaluate(() => window.__violations), []);
  });

  it('drops a late answer, redraws a chart moved or changed, and sends the range chosen', async () => {
    // An answer to a run older than the one shown changes nothing.
    await send({ type: 'result', id: 'c6', runId: 1, result: value(1, 99) });
    assert.equal(await textOf('.tile[data-id="c6"] .tile-value'), '1234');
    const moved = TILES.map((t) =>
      t.id === 'c6' ? { ...t, kind: 'Table', drawing: 'table' as const, x: 8, w: 4 } : t,
    );
    await send({
      type: 'dashboard',
      name: 'D',
      tiles: moved.filter((t) => t.id !== 'c11'),
      ranges: [{ id: '7d', label: '7d' }],
      range: '7d',
    });
    assert.equal(await page.locator('.tile').count(), 11);
    await send({ type: 'result', id: 'c6', runId: 500, result: table(2) });
    assert.equal(await page.locator('.tile[data-id="c6"] .grid').count(), 1);
    await send({
      type: 'dashboard',
      name: 'D',
      tiles: moved,
      ranges: [
        { id: 'dashboard', label: 'w' },
        { id: '7d', label: '7d' },
      ],
      range: 'dashboard',
    });
    await page.selectOption('.dashboard-range', '7d');
    const posted = await page.evaluate(() => window.__posted as { type: string; id?: string }[]);
    assert.deepEqual(
      posted.filter((m) => m.type === 'range'),
      [{ type: 'range', id: '7d' }],
    );
  });

  it('says when the text is no dashboard, and keeps the tiles', async () => {
    await send({ type: 'problem', problem: 'json' });
    assert.equal(await textOf('.notice'), 'The document is not valid JSON: the preview shows it as it last was.');
    assert.equal(await page.locator('.tile').count(), 12);
    await send({ type: 'problem', problem: '' });
    assert.equal(await page.locator('.notice:not([hidden])').count(), 0);
  });
  it('draws the annotations sent for a time series’ newest run, and drops those of an older run', async () => {
    const charts = [
      tile(0, 'TimeSeries', 'timeSeries', { id: 'a0' }),
      tile(1, 'TimeSeries', 'timeSeries', { id: 'a1' }),
    ];
    await send({
      type: 'dashboard',
      name: 'D',
      tiles: charts,
      ranges: [{ id: 'dashboard', label: 'w' }],
      range: 'dashboard',
    });
    for (const id of ['a0', 'a1']) {
      await send({ type: 'running', id, runId: 901 });
      await send({ type: 'result', id, runId: 901, result: series(901) });
    }
    const deploy = { id: 'ann_1', type: 'deploy', title: 'v9', time: T0 + 10 * 60_000 };
    await send({ type: 'annotations', id: 'a0', runId: 901, chart: { annotations: [deploy] } });
    await send({ type: 'annotations', id: 'a1', runId: 900, chart: { annotations: [deploy] } });
    await page.waitForSelector('.tile[data-id="a0"] .annotation-toggle', { state: 'visible' });
    assert.equal(await page.isVisible('.tile[data-id="a1"] .annotation-toggle'), false, 'an older run’s are dropped');
  });
});

describe('the dashboard preview’s page with axiom.timeZone utc, in a browser whose local zone is India’s', () => {
  let utcPanel: PanelPage;
  before(async () => {
    utcPanel = await openPanelInZone('Asia/Kolkata', { entry: 'dashboard', timeZone: 'utc' });
  });
  after(() => utcPanel?.close());

  it('draws a time series’ times in UTC, as the results panel does', async () => {
    const p = utcPanel.page;
    assert.equal(await p.evaluate(() => new Date().getTimezoneOffset()), -330, 'the browser’s own zone is +05:30');
    const one = tile(1, 'TimeSeries', 'timeSeries', { x: 0, y: 0, w: 12, h: 6 });
    const ranges = [{ id: 'dashboard', label: 'Last hour' }];
    await postToPage(p, { type: 'dashboard', name: 'UTC', tiles: [one], ranges, range: 'dashboard' });
    await postToPage(p, { type: 'running', id: one.id, runId: 1 });
    await postToPage(p, { type: 'result', id: one.id, runId: 1, result: series(1) });
    // The legend gives the time under the cursor: 00:xx UTC (12:xxam), not 05:xx or 06:xx local.
    const over = p.locator('.tile .chart .u-over');
    await over.waitFor();
    const box = (await over.boundingBox())!;
    await p.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    const legendTime = await p.evaluate(
      () => document.querySelector('.tile .chart .u-legend .u-series:first-child .u-value')?.textContent,
    );
    assert.match(legendTime ?? '', /^2026-11-20 12:[0-2]\dam$/, `the legend’s time: ${legendTime}`);
  });
});
