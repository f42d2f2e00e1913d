// The live tail's page in a real chromium, under its own Content Security Policy: events arrive as
// lines at the bottom; scrolled up, new ones wait behind an "N new" button that jumps back; at most
// maxRows lines, the dropped said; hostile values stay text; trace ids and stack frames are links
// that post Open Trace and Open Code Location; the filter is sent, the highlight marks text only.
// npm run test:webview (after a build of dist/webview).
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import type { TailRowMessage } from '../../src/core/tail/tailProtocol';
import { openPanel, postToPage, type PanelPage } from './panelPage';

let panel: PanelPage;
let page: Page;

const T0 = Date.UTC(2026, 10, 29, 6, 0, 0);
const HOSTILE = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>';
const FIELDS = ['_time', 'service', 'message', 'trace_id'];

function rows(count: number, from = 0): TailRowMessage[] {
  return Array.from({ length: count }, (_, i) => ({
    time: T0 + (from + i) * 1000,
    fields: FIELDS,
    values: [new Date(T0 + (from + i) * 1000).toISOString(), 'checkout', `event ${from + i}`, null],
  }));
}

const send = (message: unknown) => postToPage(page, message);
const sendRows = (list: TailRowMessage[], maxRows = 5000, droppedTotal = 0) =>
  send({ type: 'rows', rows: list, dropped: 0, droppedTotal, maxRows });
const lines = () => page.evaluate(() => document.querySelectorAll('.tail-row').length);
const posted = () => page.evaluate(() => window.__posted as { type: string }[]);
const atBottom = () =>
  page.evaluate(() => {
    const list = document.querySelector<HTMLElement>('.tail-rows')!;
    return list.scrollTop + list.clientHeight >= list.scrollHeight - 8;
  });

describe('the live tail’s page in chromium', () => {
  before(async () => {
    panel = await openPanel({ entry: 'tail' });
    page = panel.page;
    await page.setViewportSize({ width: 900, height: 500 });
  });
  after(() => panel?.close());
  beforeEach(() => send({ type: 'reset' }));

  it('shows events as they arrive, oldest at the top, following the newest at the bottom', async () => {
    await send({
      type: 'target',
      state: { dataset: 'http-logs', conditions: [], filter: '' },
      title: 'Tail: http-logs',
      keeps: 'Every event of http-logs.',
    });
    await sendRows(rows(3));
    assert.equal(await lines(), 3);
    assert.match((await page.textContent('.tail-row:last-child')) ?? '', /service=checkout.*message=event 2/);
    await sendRows(rows(100, 3));
    assert.equal(await lines(), 103);
    assert.ok(await atBottom(), 'follows the newest');
    assert.equal(await page.textContent('.tail-keeps'), 'Every event of http-logs.');
  });

  it('scrolled up, new events wait behind "N new", which jumps back and shows them', async () => {
    await sendRows(rows(100));
    // Scrolled up, as a person does: the page hears the scroll before the next events.
    await page.evaluate(() => (document.querySelector<HTMLElement>('.tail-rows')!.scrollTop = 0));
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50))));
    await sendRows(rows(4, 100));
    await sendRows(rows(1, 104));
    assert.equal(await lines(), 100, 'nothing moves under the reader');
    assert.equal(await page.isVisible('.tail-new'), true);
    assert.equal(await page.textContent('.tail-new'), '5 new ↓');
    await page.click('.tail-new');
    assert.equal(await lines(), 105);
    assert.ok(await atBottom());
    assert.equal(await page.isVisible('.tail-new'), false);
  });

  it('starts from its own main element, #tail, and says its state in a polite status line', async () => {
    assert.deepEqual(
      await page.evaluate(() => {
        const main = document.querySelector('main')!;
        const status = main.querySelector('.tail-status')!;
        return [
          main.id,
          main.classList.contains('tail'),
          status.getAttribute('role'),
          status.getAttribute('aria-live'),
        ];
      }),
      ['tail', true, 'status', 'polite'],
    );
  });

  it('starts from the one <main> when the HTML gives it another id', async () => {
    const other = await openPanel({ entry: 'tail', id: 'results' });
    try {
      assert.deepEqual(
        await other.page.evaluate(() => [
          document.querySelector('main')!.id,
          document.querySelectorAll('main .tail-rows').length,
        ]),
        ['results', 1],
      );
    } finally {
      await other.close();
    }
  });

  it('keeps at most maxRows lines and says how many older were dropped', async () => {
    await sendRows(rows(30), 20, 10);
    assert.equal(await lines(), 20);
    assert.match((await page.textContent('.tail-row')) ?? '', /event 10/, 'the oldest went');
    assert.match((await page.textContent('.tail-notes')) ?? '', /10 older events dropped.*20/);
  });

  it('keeps hostile values as text; the highlight marks text only', async () => {
    await sendRows([
      {
        time: T0,
        fields: ['_time', 'user_agent', 'obj'],
        values: [new Date(T0).toISOString(), HOSTILE, { html: HOSTILE }],
      },
    ]);
    assert.equal(await page.evaluate(() => document.querySelectorAll('.tail-rows img, .tail-rows script').length), 0);
    assert.match((await page.textContent('.tail-row')) ?? '', /<img src=x onerror=/);
    await page.fill('.tail-highlight', 'onerror');
    await page.waitForFunction(() => document.querySelectorAll('.tail-mark').length === 2);
    assert.equal(await page.evaluate(() => document.querySelectorAll('.tail-rows img, .tail-rows script').length), 0);
    assert.equal(await page.evaluate(() => window.__pwned), undefined);
    assert.deepEqual(await page.evaluate(() => window.__violations), []);
    await page.fill('.tail-highlight', '');
    await page.waitForFunction(() => document.querySelectorAll('.tail-mark').length === 0);
  });

  it('links a trace id to Open Trace and a stack frame to Open Code Location', async () => {
    const trace = '4bf92f3577b34da6a3ce929d0e0e4736';
    await sendRows([
      {
        time: T0,
        fields: ['_time', 'trace_id', 'exception.stacktrace'],
        values: [new Date(T0).toISOString(), trace, 'Error: declined\n    at pay (/app/src/payments/charge.ts:42:7)'],
      },
    ]);
    await page.click('.tail-trace');
    assert.deepEqual((await posted()).at(-1), {
      type: 'openTrace',
      traceId: trace,
      seenAt: new Date(T0).toISOString(),
    });
    await page.click('.tail-place');
    assert.deepEqual((await posted()).at(-1), {
      type: 'openCodePlace',
      place: { path: '/app/src/payments/charge.ts', line: 42, column: 7 },
    });
  });

  it('sends the filter on Apply; a refused one is said and stays in the box', async () => {
    await page.fill('.tail-filter', 'status >= 500');
    await page.click('.tail-apply');
    assert.deepEqual((await posted()).at(-1), { type: 'filter', text: 'status >= 500' });
    await send({ type: 'filterRejected', text: 'The filter has an error: <b>x</b>' });
    assert.equal(await page.textContent('.tail-status'), 'The filter has an error: <b>x</b>');
    assert.equal(await page.inputValue('.tail-filter'), 'status >= 500');
  });

  it('a tail brought back after a reload offers Resume and posts it only when pressed', async () => {
    const before = (await posted()).length;
    await send({ type: 'restored' });
    assert.equal((await posted()).length, before, 'nothing asked');
    await page.click('.tail-resume');
    assert.deepEqual((await posted()).at(-1), { type: 'resume' });
    assert.equal(await page.isVisible('.tail-resume'), false);
  });
});
