// The annotations on the results panel's chart, in a real chromium under the panel's own Content
// Security Policy: lines and bands drawn on the canvas (no element per annotation, 1,000 of them
// in range), the card a hover shows with every text as text (a hostile title inert), the link and
// Add Annotation as messages to the host, the toggle, and the quiet note when they were not read.
// npm run test:webview (after a build of dist/webview).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import type { ChartAnnotation } from '../../src/core/run/chartAnnotations';
import { openPanel, type PanelPage } from './panelPage';

let panel: PanelPage;
let page: Page;

const START = Date.UTC(2024, 4, 1, 0, 0);
const END = Date.UTC(2024, 4, 1, 0, 59);
const HOSTILE = '<img src=x onerror="window.__pwned=7">';

type Posted = { type: string; url?: string; time?: number; endTime?: number };
const posted = () => page.evaluate(() => window.__posted as Posted[]);
const lastPosted = async () => (await posted()).at(-1);
const frames = () =>
  page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
const send = (message: unknown) => page.evaluate((m) => window.postMessage(m, '*'), message);
const picture = () => page.evaluate(() => (document.querySelector('.chart canvas') as HTMLCanvasElement).toDataURL());

/** A result of one series a minute over the hour, as run `runId`. */
function result(runId: number) {
  const times = Array.from({ length: 60 }, (_, i) => new Date(START + i * 60_000).toISOString());
  return {
    type: 'results',
    result: {
      runId,
      query: "['logs'] | summarize count() by bin(_time, 1m)",
      rangeLabel: 'r',
      status: { isPartial: false, messages: [] },
      tables: [
        {
          name: '0',
          rowCount: 60,
          fields: [
            { name: '_time', type: 'string' },
            { name: 'count_', type: 'integer' },
          ],
          columns: [times, times.map((_, i) => (i * 7) % 11)],
        },
      ],
    },
  };
}

/** The page x (CSS pixels) of a time on the chart: the plot spans the data's first to last time. */
async function xOf(time: number): Promise<{ x: number; y: number }> {
  const box = await page.evaluate(() => {
    const r = document.querySelector('.chart .u-over')?.getBoundingClientRect();
    return r && { left: r.left, top: r.top, width: r.width, height: r.height };
  });
  assert.ok(box, 'the plot is on screen');
  return { x: box.left + ((time - START) / (END - START)) * box.width, y: box.top + box.height / 2 };
}

const cardText = () =>
  page.evaluate(() => {
    const card = document.querySelector<HTMLElement>('.annotation-card');
    return card && !card.hidden ? card.textContent : undefined;
  });

describe('annotations on the chart, in chromium', { timeout: 90_000 }, () => {
  before(async () => {
    panel = await openPanel();
    page = panel.page;
    await send(result(1));
    await page.waitForSelector('.view-switch:not([hidden])');
    await page.click('.show-chart');
    await page.waitForSelector('.chart canvas');
  });
  after(async () => {
    const violations = await page.evaluate(() => window.__violations);
    await panel.close();
    assert.deepEqual(violations, [], 'no Content Security Policy violations');
  });

  it('draws a line and a band with their titles, and a hover shows what each is, as text', async () => {
    const without = await picture();
    assert.equal(await page.isVisible('.annotation-bar'), false, 'nothing to say before any annotation');
    const annotations: ChartAnnotation[] = [
      {
        id: 'a1',
        type: 'deploy',
        title: HOSTILE,
        description: '<script>window.__pwned=8</script> rolled out',
        url: 'https://example.com/commit/abc',
        time: START + 20 * 60_000,
      },
      { id: 'a2', type: 'incident', title: 'Outage', time: START + 40 * 60_000, endTime: START + 45 * 60_000 },
    ];
    await send({ type: 'annotations', runId: 1, chart: { annotations } });
    await frames();
    const withMarks = await picture();
    assert.notEqual(withMarks, without, 'the annotations are drawn on the canvas');
    assert.equal(await page.isVisible('.annotation-toggle'), true);

    const line = await xOf(START + 20 * 60_000);
    await page.mouse.move(line.x, line.y);
    await page.waitForSelector('.annotation-card:not([hidden])');
    if (process.env.AXIOM_WEBVIEW_SHOTS)
      await page.screenshot({ path: `${process.env.AXIOM_WEBVIEW_SHOTS}/chart-annotations.png` });
    const text = await cardText();
    for (const part of [
      'deploy',
      HOSTILE,
      '<script>window.__pwned=8</script> rolled out',
      'https://example.com/commit/abc',
    ])
      assert.ok(text?.includes(part), `${part} in ${text}`);
    assert.ok(text?.includes('2024'), `the time in ${text}`);
    const hostile = await page.evaluate(() => ({
      elements: document.querySelectorAll('img, .annotation-card script').length,
      pwned: window.__pwned,
    }));
    assert.equal(hostile.elements, 0, 'a hostile title and description stay text');
    assert.equal(hostile.pwned, undefined, 'and nothing of them ran');

    const band = await xOf(START + 43 * 60_000);
    await page.mouse.move(band.x, band.y);
    await page.waitForFunction(() => document.querySelector('.annotation-card')?.textContent?.includes('Outage'));
    assert.ok((await cardText())?.includes('incident'));
    await page.mouse.move(band.x, band.y - 400);
  });

  it('opens the link through the host, and offers Add Annotation at a point and over a span', async () => {
    const line = await xOf(START + 20 * 60_000);
    await page.mouse.click(line.x, line.y);
    await page.waitForSelector('.annotation-card:not([hidden]) .annotation-url');
    await page.click('.annotation-url');
    assert.deepEqual(await lastPosted(), { type: 'openAnnotationUrl', url: 'https://example.com/commit/abc' });
    assert.equal(page.url(), panel.url, 'the page did not navigate');

    const point = await xOf(START + 10 * 60_000);
    await page.mouse.click(point.x, point.y);
    await page.waitForSelector('.annotation-add:not([hidden])');
    assert.equal(await page.textContent('.annotation-add'), 'Add Annotation Here');
    await page.click('.annotation-add');
    const atPoint = await lastPosted();
    assert.equal(atPoint?.type, 'addAnnotation');
    assert.ok(Math.abs((atPoint?.time ?? 0) - (START + 10 * 60_000)) < 90_000, `${atPoint?.time} near 00:10`);
    assert.equal(atPoint?.endTime, undefined);

    const from = await xOf(START + 30 * 60_000);
    const to = await xOf(START + 35 * 60_000);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(to.x, to.y, { steps: 5 });
    await page.mouse.up();
    await page.waitForSelector('.annotation-add:not([hidden])');
    assert.equal(await page.textContent('.annotation-add'), 'Add Annotation for This Range');
    await page.click('.annotation-add');
    const span = await lastPosted();
    assert.equal(span?.type, 'addAnnotation');
    assert.ok(Math.abs((span?.time ?? 0) - (START + 30 * 60_000)) < 90_000, `${span?.time} near 00:30`);
    assert.ok(Math.abs((span?.endTime ?? 0) - (START + 35 * 60_000)) < 90_000, `${span?.endTime} near 00:35`);

    await page.click('.add-annotation');
    assert.deepEqual(await lastPosted(), { type: 'addAnnotation' }, 'the toolbar adds one at no time of the chart');
  });

  it('hides them with the toggle, and draws them again', async () => {
    // The drag zoomed in: a new result draws the whole hour again.
    await send(result(2));
    await send({ type: 'annotations', runId: 2, chart: { annotations: [] } });
    await page.waitForSelector('.chart canvas');
    await frames();
    const without = await picture();
    await send({
      type: 'annotations',
      runId: 2,
      chart: { annotations: [{ id: 'x', type: 'deploy', title: 'v2', time: START + 30 * 60_000 }] },
    });
    await frames();
    const drawn = await picture();
    assert.notEqual(drawn, without);
    await page.click('.annotation-toggle');
    await frames();
    assert.equal(await page.getAttribute('.annotation-toggle', 'aria-pressed'), 'false');
    assert.equal(await picture(), without, 'hidden: the chart as it is without them');
    const line = await xOf(START + 30 * 60_000);
    await page.mouse.move(line.x, line.y);
    await frames();
    assert.equal(await cardText(), undefined, 'no card for a hidden annotation');
    await page.click('.annotation-toggle');
    await frames();
    assert.equal(await picture(), drawn);
  });

  it('draws 1,000 annotations in range on the canvas, not as 1,000 elements', async () => {
    const before = await page.evaluate(() => document.querySelectorAll('.chart *').length);
    const many = Array.from({ length: 1000 }, (_, i) => ({
      id: `m${i}`,
      type: i % 10 ? 'deploy' : 'incident',
      title: `release ${i}`,
      time: START + Math.floor((i * (END - START)) / 1000),
      ...(i % 10 ? {} : { endTime: START + Math.floor((i * (END - START)) / 1000) + 60_000 }),
    }));
    await send({ type: 'annotations', runId: 2, chart: { annotations: many } });
    await frames();
    const after = await page.evaluate(() => document.querySelectorAll('.chart *').length);
    assert.ok(after - before < 10, `${after - before} elements more for 1,000 annotations`);
    assert.match((await page.getAttribute('.annotation-toggle', 'title')) ?? '', /1,000 annotations/);
    const spot = await xOf(START + Math.floor((500 * (END - START)) / 1000));
    await page.mouse.move(spot.x, spot.y);
    await page.waitForFunction(() => /release \d+/.test(document.querySelector('.annotation-card')?.textContent ?? ''));
  });

  it('says quietly when they could not be read, and the chart still draws', async () => {
    await send(result(3));
    await send({ type: 'annotations', runId: 3, chart: { note: 'unread' } });
    await page.waitForSelector('.annotation-note:not([hidden])');
    assert.equal(await page.textContent('.annotation-note'), 'Annotations could not be read.');
    assert.equal(await page.isVisible('.annotation-toggle'), false);
    assert.equal(await page.isVisible('.chart canvas'), true);
    assert.equal(await page.isVisible('.notice'), false, 'no notice for it');
    // An older run's annotations are not drawn on a newer run's chart.
    await send({
      type: 'annotations',
      runId: 2,
      chart: { annotations: [{ id: 'o', type: 't', title: 'old', time: START }] },
    });
    await frames();
    assert.equal(await page.textContent('.annotation-note'), 'Annotations could not be read.');
  });
});
