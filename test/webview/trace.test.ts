// The trace view's page in a real chromium, under its own Content Security Policy: the waterfall
// draws a trace of 2,000 spans with only the rows in sight in the DOM, folds a subtree, moves the
// selection with the keyboard and shows the span's details, finds spans, posts Run as APL and a
// code link's place; hostile span names and attribute values stay text.
// npm run test:webview (after a build of dist/webview).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { buildTraceTree } from '../../src/core/traces/spanTree';
import { readSpan } from '../../src/core/traces/spans';
import { FIRST_TRACE_ROWS, rowViews, TRACE_ROWS_CHUNK, traceView } from '../../src/core/traces/traceProtocol';
import { openPanel, postToPage, type PanelPage } from './panelPage';

let panel: PanelPage;
let page: Page;
const HOSTILE = '<img src=x onerror="window.__pwned=1">';
const T0 = Date.parse('2026-03-01T12:00:00Z');

/** A root, then 20 services' calls of 99 spans each; span `c3` carries hostile values and a code place. */
function bigTrace() {
  const rows: Record<string, unknown>[] = [
    {
      _time: new Date(T0).toISOString(),
      span_id: 'root',
      name: 'POST /checkout',
      'service.name': 'checkout',
      duration: 2e9,
    },
  ];
  for (let c = 0; c < 20; c++) {
    rows.push({
      _time: new Date(T0 + c * 50).toISOString(),
      span_id: `c${c}`,
      parent_span_id: 'root',
      name: c === 3 ? HOSTILE : `call ${c}`,
      'service.name': `svc${c % 4}`,
      duration: 40e6,
      ...(c === 3 && {
        error: true,
        'attributes.note': HOSTILE,
        'attributes.code.filepath': '/app/src/payments.ts',
        'attributes.code.lineno': 31,
      }),
    });
    for (let k = 0; k < 99; k++)
      rows.push({
        _time: new Date(T0 + c * 50 + k * 0.3).toISOString(),
        span_id: `c${c}k${k}`,
        parent_span_id: `c${c}`,
        name: `step ${c}.${k}`,
        'service.name': `svc${c % 4}`,
        duration: 0.2e6,
      });
  }
  return buildTraceTree(rows.map((r, i) => readSpan(r, i)));
}

const tree = bigTrace();
/** The first message: the trace and its first rows; the rest follow in chunks, as the extension sends them. */
const trace = traceView(tree, { traceId: 'big', dataset: 'shop-traces', notes: [HOSTILE] }, FIRST_TRACE_ROWS);
const posted = () => page.evaluate(() => window.__posted as { type: string; place?: { path: string } }[]);
const drawn = () => page.evaluate(() => document.querySelectorAll('.span-row').length);
const selectedName = () => page.evaluate(() => document.querySelector('.span-row.selected .span-label')?.textContent);
const spacerHeight = () =>
  page.evaluate(() => Number.parseFloat((document.querySelector('.waterfall-spacer') as HTMLElement).style.height));

describe('the trace view’s page in chromium', () => {
  before(async () => {
    panel = await openPanel({ entry: 'trace' });
    page = panel.page;
    await postToPage(page, { type: 'trace', trace });
  });

  it('draws the first rows at once, and the rest as they follow; rows out of order are dropped', async () => {
    assert.equal(await spacerHeight(), FIRST_TRACE_ROWS * 22);
    await postToPage(page, { type: 'traceRows', traceId: 'big', start: 1234, rows: rowViews(tree, 1234, 1300) });
    assert.equal(await spacerHeight(), FIRST_TRACE_ROWS * 22, 'not the next rows: dropped');
    for (let start = FIRST_TRACE_ROWS; start < tree.rows.length; start += TRACE_ROWS_CHUNK)
      await postToPage(page, {
        type: 'traceRows',
        traceId: 'big',
        start,
        rows: rowViews(tree, start, start + TRACE_ROWS_CHUNK),
      });
  });
  after(() => panel?.close());

  it('draws the waterfall with only the rows in sight in the DOM, the root selected and its details shown', async () => {
    assert.equal(tree.rows.length, 2001);
    const count = await drawn();
    assert.ok(count > 10 && count < 200, `rows in the DOM: ${count}`);
    assert.equal(await selectedName(), 'POST /checkout');
    assert.equal(await page.textContent('.span-title'), 'POST /checkout');
    assert.match((await page.textContent('.trace-summary')) ?? '', /2001 spans · 5 services · 1 with errors/);
    assert.equal(await spacerHeight(), 2001 * 22);
  });

  it('folds a subtree with the keyboard and unfolds it, moving the selection with the arrows', async () => {
    await page.focus('.waterfall');
    await page.keyboard.press('ArrowDown');
    assert.equal(await selectedName(), 'call 0');
    await page.keyboard.press('ArrowLeft');
    assert.equal(await spacerHeight(), (2001 - 99) * 22, 'call 0’s 99 steps folded');
    await page.keyboard.press('ArrowDown');
    assert.equal(await selectedName(), 'call 1', 'the next row is past the fold');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowRight');
    assert.equal(await spacerHeight(), 2001 * 22);
    await page.keyboard.press('ArrowRight');
    assert.equal(await selectedName(), 'step 0.0');
    await page.keyboard.press('ArrowLeft');
    assert.equal(await selectedName(), 'call 0', 'Left on a leaf goes to its parent');
    await page.click('.span-row[data-row="0"] .fold');
    assert.equal(await spacerHeight(), 22, 'the root folded: one row');
    await page.click('.span-row[data-row="0"] .fold');
  });

  it('finds spans by name and selects the next match with Enter, unfolding what hid it', async () => {
    await page.fill('.trace-search', 'step 17.98');
    assert.equal(await page.textContent('.trace-found'), '0 of 1');
    await page.press('.trace-search', 'Enter');
    assert.equal(await selectedName(), 'step 17.98');
    assert.equal(await page.textContent('.trace-found'), '1 of 1');
    await page.fill('.trace-search', 'nothing like it');
    assert.equal(await page.textContent('.trace-found'), 'No span matches');
  });

  it('keeps hostile names and attribute values as text, and posts a code link’s place and Run as APL', async () => {
    await page.fill('.trace-search', 'onerror');
    await page.press('.trace-search', 'Enter');
    assert.equal(await selectedName(), HOSTILE);
    assert.equal(await page.textContent('.span-title'), HOSTILE);
    const values = await page.evaluate(() =>
      [...document.querySelectorAll('.span-fields dd')].map((d) => d.textContent),
    );
    assert.ok(values.includes(HOSTILE));
    assert.equal(await page.textContent('.trace-notes li'), HOSTILE);
    assert.equal(
      await page.evaluate(
        () => document.querySelectorAll('.span-details img, .waterfall img, .trace-notes img').length,
      ),
      0,
    );
    assert.equal(await page.evaluate(() => window.__pwned), undefined);
    await page.click('.code-link');
    await page.click('.run-as-apl');
    const sent = await posted();
    assert.deepEqual(sent.find((m) => m.type === 'openCodePlace')?.place, {
      path: '/app/src/payments.ts',
      line: 31,
    });
    assert.ok(sent.some((m) => m.type === 'runAsApl'));
    assert.deepEqual(await page.evaluate(() => window.__violations), []);
  });

  it('drops a message that is not one of its own, and says a failure', async () => {
    await postToPage(page, { type: 'trace', trace: { ...trace, rows: [{ span: 99_999 }] } });
    assert.equal(await page.textContent('.span-title'), HOSTILE, 'the trace shown is kept');
    await postToPage(page, { type: 'failed', message: 'No span of trace x.' });
    assert.equal(await page.textContent('.trace-status'), 'No span of trace x.');
  });

  it('a view brought back after a reload offers Load again and posts it only when pressed', async () => {
    const before = (await posted()).length;
    await postToPage(page, {
      type: 'state',
      state: {
        dataset: 'shop-traces',
        traceId: 'big',
        startTime: '2026-11-29T05:00:00Z',
        endTime: '2026-11-29T06:00:00Z',
      },
    });
    await postToPage(page, { type: 'restored', text: HOSTILE });
    assert.equal(await page.textContent('.trace-status'), HOSTILE, 'said as text');
    assert.equal((await posted()).length, before, 'nothing asked');
    await page.click('.load-again');
    assert.deepEqual((await posted()).at(-1), { type: 'loadAgain' });
    assert.equal((await posted()).length, before + 1);
    assert.equal(await page.isVisible('.load-again'), false);
    assert.deepEqual(await page.evaluate(() => window.__violations), []);
  });
});
