// The results panel in a real chromium, under its own Content Security Policy: 100,000 rows × 12
// columns, scrolling, sorting, hostile cells, keyboard, copy, find, tabs, chart, and the run's
// states. npm run test:webview (after a build of dist/webview).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { PANEL_WORDS } from '../../src/core/run/panelWords';
import { firstPart, remainingRows } from '../../src/core/run/resultsDelivery';
import type { ResultsView } from '../../src/core/run/resultsProtocol';
import { makeResultsSource, openPanel, postToPage, type PanelPage } from './panelPage';

const ROWS = 100_000;
/** A time as a cell shows it in UTC (the panels here are opened with axiom.timeZone utc). */
const utcCell = (ms: number) => new Date(ms).toISOString().replace('T', ' ').replace('Z', '');
let panel: PanelPage;
let page: Page;

type Posted = { type: string; text?: string; format?: string; table?: number };
const posted = () => page.evaluate(() => window.__posted as Posted[]);
const lastPosted = async () => (await posted()).at(-1);
const frames = () =>
  page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
const send = (source: string) => page.evaluate(`window.postMessage(${source}, '*')`);
/** The text of the cell at (aria-rowindex, aria-colindex), or undefined when it is not in the DOM. */
const cell = (row: number, column: number) =>
  page.evaluate(
    ([r, c]) =>
      document.querySelector(`.grid-row[aria-rowindex="${r}"]:not([hidden]) [aria-colindex="${c}"]`)?.textContent ??
      undefined,
    [row, column],
  );
const rowElements = () => page.evaluate(() => document.querySelectorAll('.grid-row').length);
const active = () =>
  page.evaluate(() => {
    const id = document.querySelector('.grid')?.getAttribute('aria-activedescendant');
    const e = id ? document.getElementById(id) : null;
    return e
      ? {
          row: Number(e.parentElement?.getAttribute('aria-rowindex')),
          column: Number(e.getAttribute('aria-colindex')),
          text: e.textContent,
        }
      : undefined;
  });

describe('the results panel in chromium', { timeout: 90_000 }, () => {
  before(async () => {
    panel = await openPanel({ timeZone: 'utc' });
    page = panel.page;
  });
  after(async () => {
    const violations = await page.evaluate(() => window.__violations);
    await panel.close();
    assert.deepEqual(violations, [], 'no Content Security Policy violations');
  });

  it('says it is ready, and shows the first rows of 100,000 × 12', async () => {
    assert.deepEqual((await posted())[0], { type: 'ready' });
    await send(makeResultsSource(ROWS));
    await page.waitForSelector('.grid-row[aria-rowindex="2"]');
    assert.equal(await cell(2, 2), '0');
    assert.equal(await cell(3, 4), '<script>window.__pwned=2</script>');
    const grid = await page.evaluate(() => ({
      rows: document.querySelector('.grid')?.getAttribute('aria-rowcount'),
      columns: document.querySelector('.grid')?.getAttribute('aria-colcount'),
    }));
    assert.deepEqual(grid, { rows: String(ROWS + 1), columns: '12' });
    assert.ok((await rowElements()) < 300, `${await rowElements()} row elements`);
    if (process.env.AXIOM_WEBVIEW_SHOTS)
      await page.screenshot({ path: `${process.env.AXIOM_WEBVIEW_SHOTS}/table.png` });
    const status = await page.textContent('.status');
    for (const part of [
      '100,000 rows',
      'Last hour',
      '1.23 s',
      '5,000,000 rows examined',
      'Partial results',
      'Showing the first 100,000 rows',
      'warn: took a while',
    ])
      assert.ok(status?.includes(part), `${part} in ${status}`);
  });

  it('shows hostile cells as literal text and runs none of them', async () => {
    assert.equal(await cell(2, 4), '<img src=x onerror="window.__pwned=1">');
    assert.equal(await cell(4, 4), 'command:workbench.action.quit');
    const dom = await page.evaluate(() => ({
      imgs: document.querySelectorAll('img').length,
      scripts: document.querySelectorAll('script').length,
      links: document.querySelectorAll('a').length,
      pwned: window.__pwned,
    }));
    assert.deepEqual(dom, { imgs: 0, scripts: 1, links: 0, pwned: undefined });
  });

  it('shows null and nested values apart, with the whole JSON in the title', async () => {
    const cells = await page.evaluate(() => {
      const row = document.querySelector('.grid-row[aria-rowindex="3"]');
      const at = (c: number) => row?.querySelector(`[aria-colindex="${c}"]`) as HTMLElement;
      const nullCell = document.querySelector('.grid-row[aria-rowindex="2"] [aria-colindex="6"]') as HTMLElement;
      return {
        nullText: nullCell.textContent,
        nullClass: nullCell.className,
        json: at(7).textContent,
        jsonClass: at(7).className,
        title: at(7).title,
      };
    });
    assert.equal(cells.nullText, 'null');
    assert.match(cells.nullClass, /kind-null/);
    assert.equal(cells.json, '{"a":1,"b":[1,2]}');
    assert.match(cells.jsonClass, /kind-json/);
    assert.equal(cells.title, '{\n  "a": 1,\n  "b": [\n    1,\n    2\n  ]\n}');
  });

  it('scrolls to the end with a few hundred row elements at most', async () => {
    await page.evaluate(() => {
      const grid = document.querySelector('.grid') as HTMLElement;
      grid.scrollTop = grid.scrollHeight;
    });
    await page.waitForSelector(`.grid-row[aria-rowindex="${ROWS + 1}"]:not([hidden])`);
    assert.equal(await cell(ROWS + 1, 2), String(ROWS - 1));
    assert.ok((await rowElements()) < 300);
    await page.evaluate(() => ((document.querySelector('.grid') as HTMLElement).scrollTop = 0));
    await page.waitForSelector('.grid-row[aria-rowindex="2"]:not([hidden])');
  });

  it('sorts by a column: descending, ascending, back to none, nulls last', async () => {
    const header = '.grid-columnheader[aria-colindex="2"]';
    await page.click(header);
    await frames();
    assert.equal(await page.getAttribute(header, 'aria-sort'), 'ascending');
    assert.equal(await cell(2, 2), '0');
    await page.click(header);
    await frames();
    assert.equal(await page.getAttribute(header, 'aria-sort'), 'descending');
    assert.equal(await cell(2, 2), String(ROWS - 1));
    await page.click(header);
    await frames();
    assert.equal(await page.getAttribute(header, 'aria-sort'), 'none');
    assert.equal(await cell(2, 2), '0');
    // Column 6 ("maybe") descending: the largest value not divisible by 3 first, nulls at the end.
    const maybe = '.grid-columnheader[aria-colindex="6"]';
    await page.click(maybe);
    await page.click(maybe);
    await frames();
    assert.equal(await cell(2, 6), '99998');
    await page.click(maybe);
    await frames();
  });

  it('moves the active cell with the keyboard and copies it', async () => {
    await page.click('.grid-row[aria-rowindex="2"] [aria-colindex="1"]');
    assert.deepEqual(await active(), { row: 2, column: 1, text: '2024-05-01 00:00:00.000' });
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowRight');
    assert.deepEqual(await active(), { row: 4, column: 2, text: '2' });
    await page.keyboard.press('Control+C');
    assert.deepEqual(await lastPosted(), { type: 'copy', text: '2' });
    await page.keyboard.press('End');
    assert.equal((await active())?.column, 12);
    await page.keyboard.press('Control+End');
    await frames();
    assert.deepEqual(await active(), { row: ROWS + 1, column: 12, text: String(Math.sin(ROWS - 1)) });
    await page.keyboard.press('PageUp');
    await frames();
    assert.ok(((await active())?.row ?? 0) < ROWS + 1);
    await page.keyboard.press('Control+Home');
    await frames();
    assert.deepEqual(await active(), { row: 2, column: 1, text: '2024-05-01 00:00:00.000' });
    await page.keyboard.press('PageDown');
    await frames();
    assert.ok(((await active())?.row ?? 0) > 2);
    await page.keyboard.press('Control+Home');
  });

  it('opens a nested value in full on Enter, and closes it on Escape', async () => {
    await page.click('.grid-row[aria-rowindex="3"] [aria-colindex="7"]');
    await page.keyboard.press('Enter');
    await page.waitForSelector('.details:not([hidden])');
    assert.equal(await page.textContent('.details-title'), 'nested, row 2');
    assert.equal(await page.textContent('.details-text'), '{\n  "a": 1,\n  "b": [\n    1,\n    2\n  ]\n}');
    await page.keyboard.press('Escape');
    await page.waitForSelector('.details', { state: 'hidden' });
    assert.equal(await page.evaluate(() => document.activeElement?.className), 'grid');
  });

  it('resizes a column by dragging its header edge', async () => {
    const width = () =>
      page.evaluate(
        () =>
          (document.querySelector('.grid-row:not([hidden]) [aria-colindex="4"]') as HTMLElement).getBoundingClientRect()
            .width,
      );
    const before = await width();
    const handle = await page.$('.grid-columnheader[aria-colindex="4"] .resize-handle');
    const box = await handle?.boundingBox();
    assert.ok(box);
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 60, box.y + box.height / 2, { steps: 4 });
    await page.mouse.up();
    assert.equal(Math.round((await width()) - before), 60);
    assert.equal(
      await page.getAttribute('.grid-columnheader[aria-colindex="4"]', 'aria-sort'),
      'none',
      'the drag did not sort',
    );
  });

  it('copies a row (tab-separated) and a column from the context menu', async () => {
    await page.click('.grid-row[aria-rowindex="3"] [aria-colindex="2"]', { button: 'right' });
    await page.click('.context-menu .menu-item:has-text("Copy Row")');
    const row = await lastPosted();
    assert.equal(row?.type, 'copy');
    assert.deepEqual(row?.text?.split('\t').slice(0, 8), [
      '2024-05-01T00:00:01.000Z',
      '1',
      String(ROWS - 1 + 0.5),
      '<script>window.__pwned=2</script>',
      'host-1',
      '1',
      '{"a":1,"b":[1,2]}',
      'false',
    ]);
    await page.click('.grid-row[aria-rowindex="3"] [aria-colindex="6"]', { button: 'right' });
    await page.click('.context-menu .menu-item:has-text("Copy Column")');
    const column = (await lastPosted())?.text?.split('\n');
    assert.equal(column?.length, ROWS + 1);
    assert.deepEqual(column?.slice(0, 4), ['maybe', '', '1', '2']);
  });

  it('finds rows: Ctrl+F, a term, "n of m rows"', async () => {
    await page.keyboard.press('Control+F');
    assert.equal(await page.evaluate(() => document.activeElement?.className), 'filter');
    await page.keyboard.type('needle');
    await page.waitForFunction(() => document.querySelector('.filter-count')?.textContent === '100 of 100,000 rows');
    assert.equal(await cell(3, 2), '1000');
    assert.match((await page.textContent('.status')) ?? '', /100 of 100,000 rows/);
    await page.fill('.filter', '');
    await page.waitForFunction(() => document.querySelector('.grid')?.getAttribute('aria-rowcount') === '100001');
  });

  it('shows each table in a tab', async () => {
    assert.deepEqual(
      await page.$$eval('[role="tab"]', (tabs) => tabs.map((t) => [t.textContent, t.getAttribute('aria-selected')])),
      [
        ['Results', 'true'],
        ['_totals', 'false'],
      ],
    );
    await page.click('[role="tab"]:has-text("_totals")');
    await frames();
    assert.equal(await cell(2, 1), String(ROWS));
    assert.equal(await page.textContent('.grid-columnheader .column-type'), 'integer · count');
    assert.equal(await page.isVisible('.view-switch'), false, 'no chart for a table without _time');
    await page.click('.export-json');
    assert.deepEqual(await lastPosted(), { type: 'export', format: 'json', table: 1 });
    await page.click('[role="tab"]:has-text("Results")');
    await page.click('.export-csv');
    assert.deepEqual(await lastPosted(), { type: 'export', format: 'csv', table: 0 });
  });

  it('draws a time series as a chart, and switches back to the table', async () => {
    await send(`{ type: 'results', result: { runId: 2, query: 'q', rangeLabel: 'r', status: { isPartial: false, messages: [] }, tables: [{ name: '0', rowCount: 120,
      fields: [{ name: '_time', type: 'string' }, { name: 'host', type: 'string' }, { name: 'count_', type: 'integer', agg: 'count' }],
      columns: [Array.from({ length: 120 }, (_, i) => new Date(Date.UTC(2024, 4, 1, 0, i >> 1)).toISOString()), Array.from({ length: 120 }, (_, i) => (i % 2 ? '<img src=x onerror="window.__pwned=5">' : 'h0')), Array.from({ length: 120 }, (_, i) => (i * 13) % 17)] }] } }`);
    await page.waitForSelector('.view-switch:not([hidden])');
    await page.click('.show-chart');
    await page.waitForSelector('.chart canvas');
    if (process.env.AXIOM_WEBVIEW_SHOTS)
      await page.screenshot({ path: `${process.env.AXIOM_WEBVIEW_SHOTS}/chart.png` });
    const chart = await page.evaluate(() => {
      const canvas = document.querySelector('.chart canvas') as HTMLCanvasElement;
      return {
        width: canvas.width,
        legend: [...document.querySelectorAll('.chart .u-legend .u-series .u-label')].map((e) => e.textContent),
        gridHidden: (document.querySelector('.grid') as HTMLElement).hidden,
      };
    });
    assert.ok(chart.width > 100);
    assert.deepEqual(chart.legend.slice(1), ['h0', '<img src=x onerror="window.__pwned=5">'], 'series names are text');
    assert.equal(
      // eslint-disable-next-line @typescript-eslint/no-base-to-string -- whatever a script set: its text
      await page.evaluate(() => document.querySelectorAll('img').length + String(window.__pwned ?? '')),
      '0',
    );
    assert.equal(chart.gridHidden, true);
    // Line or bar: a toggle beside the chart, reached by the keyboard, that redraws it.
    const picture = () =>
      page.evaluate(() => (document.querySelector('.chart canvas') as HTMLCanvasElement).toDataURL());
    const kind = () =>
      page.evaluate(() => ({
        kind: (document.querySelector('.chart') as HTMLElement).dataset.kind,
        line: document.querySelector('.chart-line')?.getAttribute('aria-pressed'),
        bar: document.querySelector('.chart-bar')?.getAttribute('aria-pressed'),
        label: document.querySelector('.chart')?.getAttribute('aria-label')?.split(' ')[0],
      }));
    assert.equal(await page.isVisible('.chart-kind'), true);
    assert.deepEqual(await kind(), { kind: 'line', line: 'true', bar: 'false', label: 'Line' });
    const lines = await picture();
    await page.focus('.chart-line');
    await page.keyboard.press('Tab');
    assert.equal(
      await page.evaluate(() => document.activeElement?.classList.contains('chart-bar')),
      true,
      'Tab reaches Bar',
    );
    await page.keyboard.press('Enter');
    await frames();
    assert.deepEqual(await kind(), { kind: 'bar', line: 'false', bar: 'true', label: 'Bar' });
    assert.notEqual(await picture(), lines, 'the canvas was drawn again, as bars');
    if (process.env.AXIOM_WEBVIEW_SHOTS) await page.screenshot({ path: `${process.env.AXIOM_WEBVIEW_SHOTS}/bars.png` });
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Space');
    await frames();
    assert.deepEqual(await kind(), { kind: 'line', line: 'true', bar: 'false', label: 'Line' });
    assert.equal(await picture(), lines, 'the same lines again');
    await page.click('.show-table');
    await page.waitForSelector('.grid:not([hidden])');
    assert.equal(await page.isVisible('.chart'), false);
  });

  it('keeps the results while running, stops, and says when a run failed or was stopped', async () => {
    await send(`{ type: 'running', runId: 3, query: 'q', rangeLabel: 'r' }`);
    await page.waitForSelector('.stop:not([hidden])');
    assert.equal(await cell(2, 3), '0');
    await page.click('.stop');
    assert.deepEqual(await lastPosted(), { type: 'cancel' });
    await send(`{ type: 'cancelled', runId: 3 }`);
    await page.waitForSelector('.stop', { state: 'hidden' });
    assert.equal(await page.textContent('.notice'), 'The query was stopped.');
    await send(`{ type: 'failed', runId: 4, message: '<b>bad</b> query' }`);
    await page.waitForFunction(
      () => document.querySelector('.notice')?.textContent === 'The query failed: <b>bad</b> query',
    );
    assert.equal(await page.isVisible('.grid'), false, 'the failure alone: not the results of the run before');
    assert.equal(await page.isVisible('.empty'), false, 'nor words where rows would be');
    await send(`{ type: 'pinned', pinned: true }`);
    await page.waitForSelector('.pin[aria-pressed="true"]');
    for (const [selector, type] of [
      ['.rerun', 'rerun'],
      ['.open', 'openInAxiom'],
      ['.pin', 'togglePin'],
    ]) {
      await page.click(selector);
      assert.deepEqual(await lastPosted(), { type });
    }
  });

  it('drops the late answers of a run replaced by a newer one, and shows the time range', async () => {
    await send(`{ type: 'running', runId: 5, query: 'q', rangeLabel: 'Last 15 minutes' }`);
    await page.waitForSelector('.stop:not([hidden])');
    assert.equal(await page.textContent('.running'), 'Running (Last 15 minutes)…');
    const one = (runId: number, name: string, rangeLabel: string) =>
      `{ type: 'results', result: { runId: ${runId}, query: 'q', rangeLabel: '${rangeLabel}', status: { isPartial: false, messages: [] }, tables: [{ name: '0', rowCount: 1, fields: [{ name: '${name}', type: 'string' }], columns: [['${name} value']] }] } }`;
    await send(one(4, 'late', 'Last day'));
    await send(`{ type: 'failed', runId: 4, message: 'late failure' }`);
    await send(`{ type: 'cancelled', runId: 4 }`);
    await frames();
    assert.equal(await page.isVisible('.stop'), true, 'still running');
    assert.equal(await page.isVisible('.notice'), false);
    assert.equal(await cell(2, 3), '0', 'the results of run 4 are not shown');
    await send(one(5, 'fresh', 'Last 15 minutes'));
    await page.waitForSelector('.stop', { state: 'hidden' });
    assert.equal(await cell(2, 1), 'fresh value');
    assert.equal(await page.textContent('.status-range'), 'Last 15 minutes');
    await send(one(4, 'late', 'Last day'));
    await frames();
    assert.equal(await cell(2, 1), 'fresh value');
  });

  it('runs under a policy that is enforced and watched: an inline script is refused and reported', async () => {
    await page.evaluate(() => {
      const s = document.createElement('script');
      s.textContent = 'window.__pwned = 4';
      document.body.append(s);
    });
    await page.waitForFunction(() => window.__violations.length > 0);
    assert.equal(await page.evaluate(() => window.__pwned), undefined);
    assert.match((await page.evaluate(() => window.__violations.splice(0)))[0], /^script-src/);
  });

  it('ignores messages it does not know', async () => {
    const before = (await page.textContent('.grid-body')) ?? '';
    await send(`{ type: 'results', result: { runId: 9, tables: 'nope' } }`);
    await send(
      `{ type: 'results', result: { runId: 9, query: '', rangeLabel: '', status: { isPartial: false, messages: [] }, tables: [{ name: 'x', fields: [{ name: 'a', type: 's' }], columns: [[1, 2]], rowCount: 1 }] } }`,
    );
    await send(`'<img src=x onerror="window.__pwned=3">'`);
    await frames();
    assert.equal(await page.textContent('.grid-body'), before);
    assert.equal(await page.evaluate(() => window.__pwned), undefined);
  });
});

describe('the results panel in another language, at a large editor font', { timeout: 60_000 }, () => {
  let other: PanelPage;
  let p: Page;
  const words: Record<string, string> = {
    ...PANEL_WORDS,
    rerun: 'Erneut ausführen',
    stop: 'Anhalten',
    rows: '{0} Zeilen',
    emptyNoRun: 'Führen Sie eine APL-Abfrage aus.',
    copyRow: '<img src=x onerror="window.__pwned=6">',
  };
  delete words.pin;
  before(async () => {
    other = await openPanel({
      words: { ...words, exportCsv: 7 } as unknown as Record<string, string>,
      language: 'de',
      theme: { '--vscode-editor-font-size': '24px' },
    });
    p = other.page;
  });
  after(async () => {
    const violations = await p.evaluate(() => window.__violations);
    await other.close();
    assert.deepEqual(violations, [], 'no Content Security Policy violations');
  });

  it('speaks the words it was given, English where a word is missing or odd, and writes numbers in German', async () => {
    assert.equal(await p.getAttribute('.rerun', 'aria-label'), 'Erneut ausführen');
    assert.equal(await p.getAttribute('.stop', 'aria-label'), 'Anhalten');
    assert.equal(await p.getAttribute('.pin', 'aria-label'), 'Pin', 'a missing word is English');
    assert.equal(await p.getAttribute('.export-csv', 'title'), 'Export CSV', 'a word that is not a string is English');
    assert.equal(await p.getAttribute('.copy-row', 'aria-label'), words.copyRow, 'a word is text');
    assert.equal(await p.evaluate(() => document.querySelectorAll('img').length), 0);
    assert.equal(await p.textContent('.empty-text'), 'Führen Sie eine APL-Abfrage aus.');
    assert.equal(await p.getAttribute('html', 'lang'), 'de');
    await p.evaluate(`window.postMessage(${makeResultsSource(2000)}, '*')`);
    await p.waitForSelector('.grid-row[aria-rowindex="2"]');
    const status = (await p.textContent('.status')) ?? '';
    for (const part of ['2.000 Zeilen', '1,23 s', '5.000.000 rows examined'])
      assert.ok(status.includes(part), `${part} in ${status}`);
    // eslint-disable-next-line @typescript-eslint/no-base-to-string -- whatever a script set: its text
    assert.equal(await p.evaluate(() => document.querySelectorAll('img').length + String(window.__pwned ?? '')), '0');
  });

  it('makes rows tall enough for a 24 px editor font', async () => {
    const rows = await p.evaluate(() => {
      const at = (r: number) => document.querySelector(`.grid-row[aria-rowindex="${r}"]:not([hidden])`) as HTMLElement;
      const cell = at(2).querySelector('[aria-colindex="4"]') as HTMLElement;
      return {
        font: parseFloat(getComputedStyle(cell).fontSize),
        height: at(2).offsetHeight,
        step: at(3).getBoundingClientRect().top - at(2).getBoundingClientRect().top,
        scroll: cell.scrollHeight,
        client: cell.clientHeight,
      };
    });
    assert.equal(rows.font, 24);
    assert.ok(rows.height >= 36, `a row of ${rows.height} px`);
    assert.equal(rows.step, rows.height, 'the virtual window places rows a row apart');
    assert.ok(rows.scroll <= rows.client, `the cell's text fits (${rows.scroll} ≤ ${rows.client})`);
    // The last row is reachable and whole at the bottom.
    await p.evaluate(() => {
      const grid = document.querySelector('.grid') as HTMLElement;
      grid.scrollTop = grid.scrollHeight;
    });
    await p.waitForSelector('.grid-row[aria-rowindex="2001"]:not([hidden])');
    const bottom = await p.evaluate(() => {
      const grid = (document.querySelector('.grid') as HTMLElement).getBoundingClientRect();
      const row = (document.querySelector('.grid-row[aria-rowindex="2001"]') as HTMLElement).getBoundingClientRect();
      return { grid: grid.bottom, row: row.bottom };
    });
    assert.ok(bottom.row <= bottom.grid + 1, JSON.stringify(bottom));
  });
});

describe('the results panel receiving a large result in parts, as the extension sends it', { timeout: 90_000 }, () => {
  let d: PanelPage;
  before(async () => {
    d = await openPanel({ timeZone: 'utc' });
  });
  after(async () => {
    const violations = await d.page.evaluate(() => window.__violations);
    await d.close();
    assert.deepEqual(violations, [], 'no Content Security Policy violations');
  });
  // The messages the extension sends for a result of 100,000 × 12: made here by its own code.
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the messages are JavaScript source, made by the extension's code
  const make = new Function(`return ${makeResultsSource(ROWS)}`) as () => { result: ResultsView };
  const result = make().result;
  const deliver = (message: unknown) =>
    d.page.evaluate((json) => window.postMessage(JSON.parse(json), '*'), JSON.stringify(message));
  const text = (selector: string) => d.page.evaluate((s) => document.querySelector(s)?.textContent ?? '', selector);
  const firstCell = () =>
    d.page.evaluate(
      () => document.querySelector('.grid-row[aria-rowindex="2"]:not([hidden]) [aria-colindex="1"]')?.textContent,
    );

  it("shows the first rows before the rest arrive, and the whole table's size from the start", async () => {
    await deliver({ type: 'results', result: firstPart(result) });
    await d.page.waitForSelector('.grid-row[aria-rowindex="2"]');
    assert.equal(await firstCell(), '2024-05-01 00:00:00.000');
    assert.equal(await d.page.getAttribute('.grid', 'aria-rowcount'), String(ROWS + 1));
    assert.match(await text('.status'), /100,000 rows.*receiving rows: 200 of 100,000/);
    // Rows not there yet are blank, never another row's values.
    await d.page.evaluate(() => {
      const grid = document.querySelector('.grid') as HTMLElement;
      grid.scrollTop = grid.scrollHeight;
    });
    await d.page.waitForSelector(`.grid-row[aria-rowindex="${ROWS + 1}"]:not([hidden])`);
    const last = await d.page.evaluate(
      (r) =>
        [...document.querySelectorAll(`.grid-row[aria-rowindex="${r}"] .grid-cell`)].map((c) => [
          c.textContent,
          c.className,
        ]),
      ROWS + 1,
    );
    assert.ok(
      last.every(([t, c]) => t === '' && c?.includes('kind-pending')),
      JSON.stringify(last.slice(0, 2)),
    );
    await d.page.evaluate(() => ((document.querySelector('.grid') as HTMLElement).scrollTop = 0));
  });

  it('keeps a sort and a find asked for meanwhile, and applies them correctly once every row is in', async () => {
    // Ascending by "rev" (ROWS - i + 0.5): the last row comes first.
    await d.page.click('.grid-columnheader[aria-colindex="3"]');
    await d.page.fill('.filter', 'needle');
    await d.page.press('.filter', 'Enter');
    assert.equal(await d.page.getAttribute('.grid-columnheader[aria-colindex="3"]', 'aria-sort'), 'ascending');
    assert.equal(await firstCell(), '2024-05-01 00:00:00.000', 'not sorted from a part of the rows');
    assert.equal(
      await d.page.getAttribute('.grid', 'aria-rowcount'),
      String(ROWS + 1),
      'not filtered from a part of the rows',
    );
    // Rows of another run are not this table's.
    await deliver({
      type: 'rows',
      runId: result.runId + 1,
      table: 0,
      start: 200,
      columns: result.tables[0].columns.map(() => ['x']),
    });
    let count = 0;
    for (const rows of remainingRows(result)) {
      await deliver(rows);
      count++;
    }
    assert.ok(count > 1, `${count} messages after the first`);
    await d.page.waitForFunction(() => !document.querySelector('.status-receiving'));
    await d.page.waitForFunction(() => document.querySelector('.filter-count')?.textContent === '100 of 100,000 rows');
    // i = 99,000 is the needle row with the smallest rev.
    assert.equal(await firstCell(), utcCell(Date.parse('2024-05-01T00:00:00Z') + 99_000 * 1000));
    assert.equal(await d.page.getAttribute('.grid', 'aria-rowcount'), '101');
    await d.page.fill('.filter', '');
    await d.page.press('.filter', 'Enter');
    await d.page.waitForFunction(() => document.querySelector('.grid')?.getAttribute('aria-rowcount') === '100001');
    assert.equal(await firstCell(), utcCell(Date.parse('2024-05-01T00:00:00Z') + 99_999 * 1000), 'the last row first');
    // Every value arrived where it belongs: the last row's "n" is its number.
    await d.page.evaluate(() => {
      const grid = document.querySelector('.grid') as HTMLElement;
      grid.scrollTop = grid.scrollHeight;
    });
    await d.page.waitForSelector(`.grid-row[aria-rowindex="${ROWS + 1}"]:not([hidden])`);
    assert.equal(
      await d.page.evaluate(
        (r) => document.querySelector(`.grid-row[aria-rowindex="${r}"] [aria-colindex="2"]`)?.textContent,
        ROWS + 1,
      ),
      '0',
    );
  });

  it('lets the rows go when the extension says so, says why, and offers Re-run', async () => {
    await deliver({ type: 'dropped', runId: result.runId + 5 });
    assert.equal(await d.page.isVisible('.grid'), true, 'the drop of another run changes nothing');
    await deliver({ type: 'dropped', runId: result.runId });
    await d.page.waitForSelector('.grid', { state: 'hidden' });
    assert.match(await text('.empty-text'), /let go to keep memory in bounds.*Re-run the query/);
    assert.equal(
      await d.page.evaluate(() => document.querySelectorAll('.grid-row').length),
      0,
      'no rows left in the page',
    );
    assert.equal(await text('.status'), '');
    assert.equal(await d.page.isDisabled('.export-csv'), true);
    await d.page.click('.empty-rerun');
    assert.deepEqual((await d.page.evaluate(() => window.__posted)).at(-1), { type: 'rerun' });
    // The re-run's answer shows as any result does, and the notice goes.
    await deliver({ type: 'results', result: firstPart({ ...result, runId: result.runId + 10 }) });
    await d.page.waitForSelector('.grid-row[aria-rowindex="2"]');
    assert.equal(await d.page.isVisible('.empty-rerun'), false);
  });
});

describe('the results panel from its first run, at 600 px wide', { timeout: 60_000 }, () => {
  let fresh: PanelPage;
  let f: Page;
  const say = (source: string) => f.evaluate(`window.postMessage(${source}, '*')`);
  const emptyText = () =>
    f.evaluate(() => {
      const empty = document.querySelector('.empty') as HTMLElement;
      return empty.hidden ? undefined : empty.querySelector('.empty-text')?.textContent;
    });
  const result = (runId: number, rangeLabel: string, table: string) =>
    `{ type: 'results', result: { runId: ${runId}, query: 'q', rangeLabel: '${rangeLabel}', status: { isPartial: false, messages: [] }, tables: [${table}] } }`;
  before(async () => {
    fresh = await openPanel({ timeZone: 'utc' });
    f = fresh.page;
    await f.setViewportSize({ width: 600, height: 500 });
  });
  after(async () => {
    const violations = await f.evaluate(() => window.__violations);
    await fresh.close();
    assert.deepEqual(violations, [], 'no Content Security Policy violations');
  });

  it('says how to start only before any run: not while the first runs, not under its failure', async () => {
    assert.equal(await emptyText(), PANEL_WORDS.emptyNoRun);
    await say(`{ type: 'running', runId: 1, query: 'q', rangeLabel: 'Last hour' }`);
    await f.waitForSelector('.stop:not([hidden])');
    assert.equal(await emptyText(), undefined, 'the toolbar says it runs; the page says nothing else');
    await say(`{ type: 'failed', runId: 1, message: 'syntax error' }`);
    await f.waitForSelector('.stop', { state: 'hidden' });
    assert.equal(await f.textContent('.notice'), 'The query failed: syntax error');
    assert.equal(await emptyText(), undefined, 'the failure alone, no invitation to run under it');
  });

  it('the toolbar is one row of icon buttons, each named and with a tooltip, and does not wrap at 600 px', async () => {
    await say(`{ type: 'running', runId: 2, query: 'q', rangeLabel: 'Nov 26, 2026, 10:00 – Nov 27, 2026, 10:00' }`);
    await f.waitForSelector('.stop:not([hidden])');
    const toolbar = await f.evaluate(() => {
      const bar = document.querySelector('.toolbar') as HTMLElement;
      const shown = [...bar.children].filter((e) => !(e as HTMLElement).hidden && e.getBoundingClientRect().width > 0);
      const buttons = [...bar.querySelectorAll('button')].filter((b) => !b.hidden);
      return {
        width: bar.getBoundingClientRect().width,
        height: bar.getBoundingClientRect().height,
        overflows: bar.scrollWidth > bar.clientWidth,
        tops: [
          ...new Set(
            shown.map((e) => Math.round(e.getBoundingClientRect().top + e.getBoundingClientRect().height / 2)),
          ),
        ],
        buttons: buttons.map((b) => ({
          name: b.getAttribute('aria-label'),
          title: b.title,
          text: b.textContent,
          icon: b.querySelector('svg')?.getAttribute('aria-hidden'),
          width: Math.round(b.getBoundingClientRect().width),
        })),
      };
    });
    assert.ok(toolbar.width <= 600);
    assert.equal(toolbar.tops.length, 1, `one row: ${toolbar.tops.join(', ')}`);
    assert.ok(toolbar.height < 40, `${toolbar.height} px high`);
    assert.equal(toolbar.overflows, false);
    assert.deepEqual(
      toolbar.buttons.map((b) => b.name),
      [
        'Stop',
        'Re-run',
        'Export CSV',
        'Export JSON',
        'Copy Row',
        'Copy Column',
        'Open in Axiom',
        'Add Annotation',
        'Pin',
      ],
    );
    for (const b of toolbar.buttons) {
      assert.ok(b.title.startsWith(b.name!) || b.title.length > b.name!.length, `${b.name}: its tooltip “${b.title}”`);
      assert.equal(b.text, '', `${b.name} shows an icon, no text`);
      assert.equal(b.icon, 'true', `${b.name}'s icon is hidden from screen readers`);
      assert.ok(b.width <= 28, `${b.name} is ${b.width} px wide`);
    }
    assert.equal(await f.getAttribute('.stop', 'title'), PANEL_WORDS.stopTitle);
    await say(`{ type: 'pinned', pinned: true }`);
    await f.waitForSelector('.pin[aria-label="Pinned"][aria-pressed="true"]');
    if (process.env.AXIOM_WEBVIEW_SHOTS)
      await f.screenshot({ path: `${process.env.AXIOM_WEBVIEW_SHOTS}/toolbar-600.png` });
  });

  it('0 rows is a sentence with the range and what to try; the table comes back with rows', async () => {
    await say(
      result(
        2,
        'Last 15 minutes',
        `{ name: '0', rowCount: 0, fields: [{ name: 'status', type: 'integer' }], columns: [[]] }`,
      ),
    );
    await f.waitForSelector('.stop', { state: 'hidden' });
    const text = await emptyText();
    assert.match(text ?? '', /^No rows over the time range \(Last 15 minutes\)\. Widen the time range/);
    assert.match(text ?? '', /dataset’s name/);
    assert.equal(await f.isVisible('.grid'), false);
    assert.match((await f.textContent('.status')) ?? '', /0 rows/);
    await say(
      result(
        3,
        'Last hour',
        `{ name: '0', rowCount: 1, fields: [{ name: 'status', type: 'integer' }], columns: [[500]] }`,
      ),
    );
    await f.waitForSelector('.grid:not([hidden])');
    assert.equal(await emptyText(), undefined);
  });

  it('shows times in the zone chosen (UTC here) with the other zone in the hover, and an aggregation over time as a chart', async () => {
    const times = [0, 1, 2].map((m) => `'2026-11-26T23:3${m}:30.000Z'`).join(', ');
    // Raw events with a time and numbers: a table.
    await say(
      result(
        4,
        'Last hour',
        `{ name: '0', rowCount: 3, fields: [{ name: '_time', type: 'string' }, { name: 'status', type: 'integer' }], columns: [[${times}], [200, 500, 404]] }`,
      ),
    );
    await f.waitForSelector('.grid-row[aria-rowindex="2"]');
    assert.equal(await f.isVisible('.chart'), false, 'events open as a table');
    const first = f.locator('.grid-row[aria-rowindex="2"] [aria-colindex="1"]');
    assert.equal(await first.textContent(), '2026-11-26 23:30:30.000');
    const local = await f.evaluate(() => {
      const d = new Date('2026-11-26T23:30:30.000Z');
      const two = (n: number) => String(n).padStart(2, '0');
      return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}:30.000`;
    });
    assert.equal(await first.getAttribute('title'), `${local} (local time)\n2026-11-26T23:30:30.000Z`);
    // An aggregation over time: a chart, its axis in UTC as well.
    await say(
      result(
        5,
        'Last hour',
        `{ name: '0', rowCount: 3, fields: [{ name: '_time', type: 'string' }, { name: 'count_', type: 'integer', agg: 'count' }], columns: [[${times}], [3, 5, 4]] }`,
      ),
    );
    await f.waitForSelector('.chart canvas');
    assert.equal(await f.isVisible('.grid'), false);
    assert.equal(await f.getAttribute('.show-chart', 'aria-pressed'), 'true');
    // Picking the table keeps it for the next series.
    await f.click('.show-table');
    await say(
      result(
        6,
        'Last hour',
        `{ name: '0', rowCount: 3, fields: [{ name: '_time', type: 'string' }, { name: 'count_', type: 'integer', agg: 'count' }], columns: [[${times}], [1, 2, 3]] }`,
      ),
    );
    await f.waitForFunction(
      () => document.querySelector('.grid-row[aria-rowindex="2"] [aria-colindex="2"]')?.textContent === '1',
    );
    assert.equal(await f.isVisible('.chart'), false, 'the person’s pick stays');
  });
});

/** A trace id, and text in a trace id column that must stay text. */
const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const HOSTILE_TRACE = '<img src=x onerror=window.__pwned=6>';

describe('the results panel links cells to places in code and to traces', { timeout: 60_000 }, () => {
  let linked: PanelPage;
  let p: Page;
  const stack = 'TypeError: boom\n    at handler (/app/src/x.ts:12:5)\n    at /app/src/y.ts:3:1';
  const rows = [
    [stack, { 'code.filepath': 'src/a.py', 'code.lineno': 7 }, 'api.example.com:443', 'lib/b.go', 21],
    [
      'at f (/app/../etc/x.ts:1:2)',
      { 'code.file.path': '../up.go', 'code.line.number': 1 },
      '<b>src/z.rs:1:1</b>',
      '../c.go',
      1,
    ],
  ];
  const linkTitles = () =>
    p.evaluate(() =>
      [...document.querySelectorAll('.grid-row:not([hidden]) .grid-cell')].map(
        (c) => c.querySelector('.code-place-link')?.getAttribute('title') ?? '',
      ),
    );
  const postedByPage = () => p.evaluate(() => window.__posted as { type: string; place?: unknown }[]);
  /** Shows one table as a run's result. */
  const showTable = (runId: number, table: ResultsView['tables'][number]) =>
    postToPage(p, {
      type: 'results',
      result: {
        runId,
        query: 'errors',
        rangeLabel: 'Last hour',
        tables: [table],
        status: {
          elapsedMs: 1,
          rowsExamined: table.rowCount,
          rowsMatched: table.rowCount,
          isPartial: false,
          messages: [],
        },
      },
    });

  before(async () => {
    linked = await openPanel();
    p = linked.page;
    const table = {
      name: '0',
      rowCount: rows.length,
      fields: [
        { name: 'message', type: 'string' },
        { name: 'attributes', type: 'object' },
        { name: 'host', type: 'string' },
        { name: 'attributes.code.file.path', type: 'string' },
        { name: 'attributes.code.line.number', type: 'integer' },
      ],
      columns: [0, 1, 2, 3, 4].map((c) => rows.map((row) => row[c])),
    };
    await showTable(1, table);
    await p.waitForSelector('.grid-row[aria-rowindex="3"]');
    // The rows are drawn first; their links follow when the page is idle (aria-busy until then).
    await p.waitForSelector('.grid:not([aria-busy])');
  });
  after(async () => {
    const violations = await p.evaluate(() => window.__violations);
    await linked.close();
    assert.deepEqual(violations, [], 'no Content Security Policy violations');
  });

  it('links a stack frame and code attributes (a path column with its line column), nothing that climbs, no host and port; the text stays', async () => {
    assert.deepEqual(await linkTitles(), [
      ...['Open /app/src/x.ts:12:5', 'Open src/a.py:7', '', 'Open lib/b.go:21', ''],
      ...['', '', 'Open src/z.rs:1:1', '', ''],
    ]);
    assert.equal(
      await p.evaluate(() => document.querySelector('.grid-row[aria-rowindex="2"] [aria-colindex="1"]')?.textContent),
      stack,
    );
    assert.equal(await p.evaluate(() => window.__pwned), undefined);
  });

  it('asks where a hovered link’s path is, once, and its hover then names the workspace file', async () => {
    const link = '.grid-row[aria-rowindex="2"] [aria-colindex="1"] .code-place-link';
    await p.hover(link);
    await p.hover('.grid-row[aria-rowindex="3"] [aria-colindex="3"]');
    await p.hover(link);
    const asked = (await postedByPage()).filter((m) => m.type === 'resolveCodePlace');
    assert.deepEqual(asked, [{ type: 'resolveCodePlace', place: { path: '/app/src/x.ts', line: 12, column: 5 } }]);
    // The answer is text from the extension: shown as text, never markup.
    await postToPage(p, {
      type: 'codePlaceResolved',
      path: '/app/src/x.ts',
      where: 'In the workspace: src/<b>x</b>.ts',
    });
    assert.equal(
      await p.evaluate((selector) => document.querySelector(selector)?.getAttribute('title'), link),
      'Open /app/src/x.ts:12:5\nIn the workspace: src/<b>x</b>.ts',
    );
    assert.equal(await p.evaluate(() => document.querySelector('b')), null);
  });

  it('asks the extension to open the place: by the link, and from the context menu', async () => {
    await p.click('.grid-row[aria-rowindex="2"] [aria-colindex="1"] .code-place-link');
    assert.deepEqual((await postedByPage()).at(-1), {
      type: 'openCodePlace',
      place: { path: '/app/src/x.ts', line: 12, column: 5 },
    });
    await p.click('.grid-row[aria-rowindex="2"] [aria-colindex="2"]', { button: 'right' });
    await p.click('.context-menu .menu-item:has-text("Open src/a.py:7")');
    assert.deepEqual((await postedByPage()).at(-1), { type: 'openCodePlace', place: { path: 'src/a.py', line: 7 } });
    const before = (await postedByPage()).length;
    await p.click('.grid-row[aria-rowindex="2"] [aria-colindex="3"]');
    await p.click('.grid-row[aria-rowindex="3"] [aria-colindex="1"]');
    assert.equal((await postedByPage()).length, before, 'a click on a cell without a link opens nothing');
  });

  it('links the trace id cells that hold text, and no other cell; the text stays as it is', async () => {
    await showTable(2, {
      name: '0',
      rowCount: 3,
      fields: [
        { name: '_time', type: 'datetime' },
        { name: 'trace_id', type: 'string' },
        { name: 'message', type: 'string' },
      ],
      columns: [
        ['2026-11-29T09:59:00Z', '2026-11-29T09:58:00Z', '2026-11-29T09:57:00Z'],
        [TRACE, HOSTILE_TRACE, null],
        [TRACE, 'paid', 'refunded'],
      ],
    });
    await p.waitForSelector('.grid-row[aria-rowindex="4"] [aria-colindex="3"]:has-text("refunded")');
    const linked = await p.evaluate(() =>
      [...document.querySelectorAll('.grid-row:not([hidden]) .grid-cell')].map(
        (c) => c.querySelector('.trace-link')?.getAttribute('aria-label') ?? '',
      ),
    );
    assert.deepEqual(linked, ['', 'Open Trace', '', '', 'Open Trace', '', '', '', '']);
    assert.equal(
      await p.evaluate(() => document.querySelector('.grid-row[aria-rowindex="3"] [aria-colindex="2"]')?.textContent),
      HOSTILE_TRACE,
    );
    assert.equal(await p.evaluate(() => document.querySelector('img')), null);
  });

  it('a click on a trace link asks for Open Trace with the id and the row’s time, as the context menu does', async () => {
    const link = (row: number) => `.grid-row[aria-rowindex="${row}"]:not([hidden]) [aria-colindex="2"] .trace-link`;
    await p.click(link(2));
    assert.deepEqual((await postedByPage()).at(-1), {
      type: 'openTrace',
      traceId: TRACE,
      seenAt: '2026-11-29T09:59:00Z',
    });
    await p.click(link(3));
    assert.deepEqual((await postedByPage()).at(-1), {
      type: 'openTrace',
      traceId: HOSTILE_TRACE,
      seenAt: '2026-11-29T09:58:00Z',
    });
    await p.click('.grid-row[aria-rowindex="2"] [aria-colindex="2"]', { button: 'right' });
    await p.click('.context-menu .menu-item:has-text("Open Trace")');
    assert.deepEqual((await postedByPage()).at(-1), {
      type: 'openTrace',
      traceId: TRACE,
      seenAt: '2026-11-29T09:59:00Z',
    });
    const before = (await postedByPage()).length;
    await p.click('.grid-row[aria-rowindex="2"] [aria-colindex="3"]');
    assert.equal((await postedByPage()).length, before, 'a click on the same id in another column opens nothing');
    assert.equal(await p.evaluate(() => window.__pwned), undefined);
  });
});
