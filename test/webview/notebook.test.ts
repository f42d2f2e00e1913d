// The notebook renderer in a real chromium, on a page with a Content Security Policy that allows no
// inline style: 100,000 × 12 rows with a bounded DOM, hostile cells as text, the chart, the saved
// cut's note, export and copy messages, links to places in code, a problem's actions, and two
// outputs side by side.
// npm run test:webview (after a build of dist/webview).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { PROBLEM_MIME, RESULT_MIME } from '../../src/core/notebook/notebookOutput';
import { makeResultsSource } from './panelPage';
import { openNotebookPage, type NotebookPage } from './notebookPage';

const ROWS = 100_000;
let notebook: NotebookPage;
let page: Page;

type Posted = {
  type: string;
  output?: string;
  format?: string;
  table?: number;
  text?: string;
  action?: string;
  place?: unknown;
};
const posted = () => page.evaluate(() => window.__posted as Posted[]);

/** Renders an output in the page (the 100,000 rows are made inside it) and returns its index. */
async function render(
  mime: string,
  jsonSource: string,
  metadata: unknown = { axiomOutputId: 'out-1' },
): Promise<number> {
  return page.evaluate<number>(
    `(() => { window.__render(${JSON.stringify(mime)}, ${jsonSource}, ${JSON.stringify(metadata)}); return document.querySelectorAll('.output').length - 1; })()`,
  );
}

/** Runs `body` with the shadow root of output `index` as `root`. */
function inOutput<T>(index: number, body: string): Promise<T> {
  return page.evaluate<T>(
    `(() => { const root = document.querySelectorAll('.output')[${index}].firstElementChild.shadowRoot; ${body} })()`,
  );
}

const cell = (index: number, row: number, column: number) =>
  inOutput<string | undefined>(
    index,
    `return root.querySelector('.grid-row[aria-rowindex="${row}"]:not([hidden]) [aria-colindex="${column}"]')?.textContent ?? undefined;`,
  );
const rowElements = (index: number) => inOutput<number>(index, `return root.querySelectorAll('.grid-row').length;`);

describe('the notebook renderer in chromium', { timeout: 90_000 }, () => {
  before(async () => {
    notebook = await openNotebookPage();
    page = notebook.page;
  });
  after(async () => {
    const violations = await page.evaluate(() => window.__violations);
    await notebook.close();
    assert.deepEqual(violations, [], 'no Content Security Policy violations');
  });

  it('draws 100,000 × 12 rows with the results panel’s table, a bounded DOM, grid semantics and the status line', async () => {
    const index = await render(RESULT_MIME, `(${makeResultsSource(ROWS)}).result`);
    await page.waitForFunction((i) => {
      const output = document.querySelectorAll('.output')[i];
      return output.firstElementChild?.shadowRoot?.querySelector('.grid-row[aria-rowindex="2"]');
    }, index);
    assert.equal(await cell(index, 2, 2), '0');
    const grid = await inOutput<{ rows: string; columns: string; role: string }>(
      index,
      `const g = root.querySelector('.grid'); return { rows: g.getAttribute('aria-rowcount'), columns: g.getAttribute('aria-colcount'), role: g.getAttribute('role') };`,
    );
    assert.deepEqual(grid, { rows: String(ROWS + 1), columns: '12', role: 'grid' });
    assert.ok((await rowElements(index)) < 100, `${await rowElements(index)} row elements`);
    const status = await inOutput<string>(index, `return root.querySelector('.status').textContent;`);
    for (const part of ['100,000 rows', 'Last hour', 'Partial results', 'Showing the first 100,000 rows'])
      assert.ok(status.includes(part), `${part} in ${status}`);
    // The panel's styles reached the output's shadow root (a constructed stylesheet: no inline style).
    const styled = await inOutput<{ body: string; hidden: string }>(
      index,
      `return { body: getComputedStyle(root.querySelector('.grid-body')).position, hidden: getComputedStyle(root.querySelector('.chart')).display };`,
    );
    assert.deepEqual(styled, { body: 'relative', hidden: 'none' });
    // No Stop, Re-run or Pin in an output: its cell runs it.
    const buttons = await inOutput<string[]>(
      index,
      `return [...root.querySelectorAll('.toolbar button')].map((b) => b.getAttribute('aria-label'));`,
    );
    assert.deepEqual(buttons, ['Export CSV', 'Export JSON', 'Copy Row', 'Copy Column', 'Open in Axiom']);
    // The output has a height of its own: the table scrolls inside it.
    const height = await page.evaluate(
      (i) => (document.querySelectorAll('.output')[i].firstElementChild as HTMLElement).getBoundingClientRect().height,
      index,
    );
    assert.ok(height >= 180 && height <= 460, `height ${height}`);
  });

  it('scrolls to the last row with Ctrl+End and keeps the DOM bounded; sorts from the header', async () => {
    await page.locator('.output >> nth=0').locator('.grid').focus();
    await page.keyboard.press('Control+End');
    await page.waitForFunction(() =>
      document
        .querySelector('.output')
        ?.firstElementChild?.shadowRoot?.querySelector(`.grid-row[aria-rowindex="${100_001}"]:not([hidden])`),
    );
    assert.equal(await cell(0, ROWS + 1, 2), String(ROWS - 1));
    assert.ok((await rowElements(0)) < 100);
    // The active cell is named inside the output's own tree (its id is its own there).
    const active = await inOutput<string | undefined>(
      0,
      `const id = root.querySelector('.grid').getAttribute('aria-activedescendant'); return root.getElementById(id)?.textContent;`,
    );
    assert.ok(active !== undefined, 'the active cell resolves within the output');
    await page.keyboard.press('Control+Home');
    await page.locator('.output >> nth=0').locator('.grid-columnheader[aria-colindex="2"]').click();
    await page.locator('.output >> nth=0').locator('.grid-columnheader[aria-colindex="2"]').click();
    await page.waitForFunction(
      () =>
        document
          .querySelector('.output')
          ?.firstElementChild?.shadowRoot?.querySelector('.grid-columnheader[aria-colindex="2"]')
          ?.getAttribute('aria-sort') === 'descending',
    );
    assert.equal(await cell(0, 2, 2), String(ROWS - 1));
  });

  it('shows hostile cells as literal text and runs none of them', async () => {
    await page.locator('.output >> nth=0').locator('.grid-columnheader[aria-colindex="2"]').click();
    assert.equal(await cell(0, 2, 4), '<img src=x onerror="window.__pwned=1">');
    assert.equal(await cell(0, 3, 4), '<script>window.__pwned=2</script>');
    assert.equal(await cell(0, 4, 4), 'command:workbench.action.quit');
    const dom = await inOutput<{ imgs: number; scripts: number; links: number }>(
      0,
      `return { imgs: root.querySelectorAll('img').length, scripts: root.querySelectorAll('script').length, links: root.querySelectorAll('a').length };`,
    );
    assert.deepEqual(dom, { imgs: 0, scripts: 0, links: 0 });
    assert.equal(await page.evaluate(() => window.__pwned), undefined);
  });

  it('export and copy go to the extension, naming the output', async () => {
    await page.locator('.output >> nth=0').locator('button.export-csv').click();
    await page.locator('.output >> nth=0').locator('.grid-row[aria-rowindex="2"] [aria-colindex="2"]').click();
    await page.keyboard.press('Control+c');
    const messages = await posted();
    assert.deepEqual(
      messages.find((m) => m.type === 'export'),
      { type: 'export', output: 'out-1', format: 'csv', table: 0 },
    );
    assert.deepEqual(
      messages.find((m) => m.type === 'copy'),
      { type: 'copy', text: '0' },
    );
  });

  it('draws a time series as a chart, lines or bars; says what a save cut', async () => {
    const series = `{
      query: 'q', rangeLabel: 'Last 6 hours', ranAt: '2026-11-24T10:00:00Z',
      tables: [{ name: '0', rowCount: 3, fields: [{ name: '_time', type: 'datetime' }, { name: 'count', type: 'integer' }],
        columns: [['2026-11-24T10:00:00Z', '2026-11-24T10:01:00Z', '2026-11-24T10:02:00Z'], [3, 5, 2]] }],
      status: { isPartial: false, messages: [] },
      totalRows: [60],
    }`;
    const index = await render(RESULT_MIME, series, { axiomOutputId: 'out-2' });
    const output = page.locator('.output').nth(index);
    await output.locator('button.show-chart').click();
    await output.locator('.chart canvas').waitFor();
    assert.equal(await output.locator('.chart').getAttribute('data-kind'), 'line');
    assert.match((await output.locator('.chart').getAttribute('aria-label')) ?? '', /Line chart over time of count/);
    await output.locator('button.chart-bar').click();
    assert.equal(await output.locator('.chart').getAttribute('data-kind'), 'bar');
    assert.match(
      (await output.locator('.status').textContent()) ?? '',
      /Saved with the first 3 of 60 rows; run the cell again for all of them\./,
    );
    // The first output is as it was: each output is its own.
    assert.equal(await cell(0, 2, 2), '0');
  });

  it('the first rows of a result whose whole follows: drawn, with no word of rows left out', async () => {
    const head = `{
      query: 'q', rangeLabel: 'Last hour', ranAt: '2026-11-24T10:00:00Z',
      tables: [{ name: '0', rowCount: 2, fields: [{ name: 'n', type: 'integer' }], columns: [[7, 8]] }],
      status: { isPartial: false, messages: [] },
      totalRows: [100000],
    }`;
    const index = await render(RESULT_MIME, head, { axiomOutputId: 'out-head', axiomRowsFollow: true });
    const output = page.locator('.output').nth(index);
    await output.locator('.grid-row[aria-rowindex="2"]').waitFor();
    assert.equal(await output.locator('.grid-row[aria-rowindex="2"]').textContent(), '7');
    assert.doesNotMatch((await output.locator('.status').textContent()) ?? '', /Saved with/);
  });

  it('links cells that name a place in code, only in the rows drawn; a link asks the extension to open it', async () => {
    // 100,000 rows, each with a stack frame and code attributes; one hostile path that climbs.
    const source = `{
      query: 'errors', rangeLabel: 'Last hour', ranAt: '2026-11-24T10:00:00Z',
      tables: [{ name: '0', rowCount: 100000,
        fields: [{ name: 'message', type: 'string' }, { name: 'attributes', type: 'object' }, { name: 'host', type: 'string' }],
        columns: [
          Array.from({ length: 100000 }, (_, i) => i === 1 ? 'at f (/app/../etc/x.ts:1:2)' : 'TypeError: boom\\n    at handler (/app/src/x.ts:' + (i + 1) + ':5)'),
          Array.from({ length: 100000 }, (_, i) => ({ 'code.filepath': i === 1 ? 'src/<img src=x onerror=window.__pwned=3>.py' : 'src/a.py', 'code.lineno': 7 })),
          Array.from({ length: 100000 }, () => 'api.example.com:443'),
        ] }],
      status: { isPartial: false, messages: [] },
    }`;
    const index = await render(RESULT_MIME, source, { axiomOutputId: 'out-code' });
    const output = page.locator('.output').nth(index);
    await output.locator('.grid-row[aria-rowindex="3"]').waitFor();
    // The rows are drawn first; their links follow when the page is idle (aria-busy until then).
    await output.locator('.grid:not([aria-busy])').waitFor();
    const titles = await inOutput<string[]>(
      index,
      `return [2, 3].flatMap((r) => [1, 2, 3].map((c) => root.querySelector('.grid-row[aria-rowindex="' + r + '"]:not([hidden]) [aria-colindex="' + c + '"] .code-place-link')?.getAttribute('title') ?? ''));`,
    );
    assert.deepEqual(titles, [
      'Open /app/src/x.ts:1:5',
      'Open src/a.py:7',
      '',
      '',
      'Open src/<img src=x onerror=window.__pwned=3>.py:7',
      '',
    ]);
    // The cell's text is as it was, the hostile path is text, and links exist only in the rows drawn.
    assert.equal(
      await cell(index, 3, 2),
      '{"code.filepath":"src/<img src=x onerror=window.__pwned=3>.py","code.lineno":7}',
    );
    const counts = await inOutput<{ links: number; rows: number; imgs: number }>(
      index,
      `return { links: root.querySelectorAll('.code-place-link').length, rows: root.querySelectorAll('.grid-row').length, imgs: root.querySelectorAll('img').length };`,
    );
    assert.ok(counts.links > 0 && counts.links <= 2 * counts.rows && counts.rows < 100, JSON.stringify(counts));
    assert.equal(counts.imgs, 0);
    assert.equal(await page.evaluate(() => window.__pwned), undefined);
    // What asks to open something (a link pointed at also asks where its file is: not counted here).
    const opening = async () => (await posted()).filter((m) => m.type !== 'resolveCodePlace');
    const before = (await opening()).length;
    await output.locator('.grid-row[aria-rowindex="2"] [aria-colindex="1"] .code-place-link').click();
    assert.deepEqual((await opening()).at(-1), {
      type: 'openCodePlace',
      place: { path: '/app/src/x.ts', line: 1, column: 5 },
    });
    // A cell without a link opens nothing.
    await output.locator('.grid-row[aria-rowindex="3"] [aria-colindex="1"]').click();
    await output.locator('.grid-row[aria-rowindex="2"] [aria-colindex="3"]').click();
    assert.equal((await opening()).length, before + 1);
    // The cell's context menu offers it too.
    await output.locator('.grid-row[aria-rowindex="2"] [aria-colindex="2"]').click({ button: 'right' });
    await output.locator('.context-menu .menu-item:has-text("Open src/a.py:7")').click();
    assert.deepEqual((await opening()).at(-1), { type: 'openCodePlace', place: { path: 'src/a.py', line: 7 } });
    // Scrolled to the end, the last rows drawn link too (found then, for them).
    await output.locator('.grid').focus();
    await page.keyboard.press('Control+End');
    await output.locator('.grid-row[aria-rowindex="100001"]:not([hidden])').waitFor();
    assert.equal(
      await output
        .locator('.grid-row[aria-rowindex="100001"]:not([hidden]) [aria-colindex="1"] .code-place-link')
        .getAttribute('title'),
      'Open /app/src/x.ts:100000:5',
    );
  });

  it('a link pointed at asks where its file is, and says the answer; a trace id cell offers Open Trace', async () => {
    const source = `{
      query: 'errors', rangeLabel: 'Last hour', ranAt: '2026-11-24T10:00:00Z',
      tables: [{ name: '0', rowCount: 2,
        fields: [{ name: '_time', type: 'datetime' }, { name: 'trace_id', type: 'string' }, { name: 'stack', type: 'string' }],
        columns: [
          ['2026-11-24T09:59:00Z', '2026-11-24T09:58:00Z'],
          ['4bf92f3577b34da6', '<img src=x onerror=window.__pwned=4>'],
          ['at pay (/app/src/payments.ts:12:7)', 'at pay (/app/src/payments.ts:12:7)'],
        ] }],
      status: { isPartial: false, messages: [] },
    }`;
    const index = await render(RESULT_MIME, source, { axiomOutputId: 'out-trace' });
    const output = page.locator('.output').nth(index);
    const link = output.locator('.grid-row[aria-rowindex="2"] [aria-colindex="3"] .code-place-link');
    await link.hover();
    await page.waitForFunction(
      () => (window.__posted.at(-1) as { type?: string } | undefined)?.type === 'resolveCodePlace',
    );
    assert.deepEqual((await posted()).at(-1), {
      type: 'resolveCodePlace',
      place: { path: '/app/src/payments.ts', line: 12, column: 7 },
    });
    // The extension's answer, and what is not one (ignored: no title becomes markup).
    await page.evaluate(() => {
      window.__fromExtension?.({
        type: 'codePlaceResolved',
        path: '/app/src/payments.ts',
        where: 'In the workspace: <b>src/payments.ts</b>',
      });
      window.__fromExtension?.({ type: 'codePlaceResolved', path: 7, where: 'nothing' });
      window.__fromExtension?.('<img src=x onerror=window.__pwned=5>');
    });
    assert.equal(
      await link.getAttribute('title'),
      'Open /app/src/payments.ts:12:7\nIn the workspace: <b>src/payments.ts</b>',
    );
    // Open Trace on the trace id cell, with its row's time; a hostile id is sent as the text it is.
    await output.locator('.grid-row[aria-rowindex="2"] [aria-colindex="2"]').click({ button: 'right' });
    await output.locator('.context-menu .menu-item:has-text("Open Trace")').click();
    assert.deepEqual((await posted()).at(-1), {
      type: 'openTrace',
      traceId: '4bf92f3577b34da6',
      seenAt: '2026-11-24T09:59:00Z',
    });
    await output.locator('.grid-row[aria-rowindex="3"] [aria-colindex="2"]').click({ button: 'right' });
    await output.locator('.context-menu .menu-item:has-text("Open Trace")').click();
    assert.deepEqual((await posted()).at(-1), {
      type: 'openTrace',
      traceId: '<img src=x onerror=window.__pwned=4>',
      seenAt: '2026-11-24T09:58:00Z',
    });
    assert.equal(await page.evaluate(() => window.__pwned), undefined);
  });

  it('a problem shows its sentence and the actions that help, as buttons that ask the extension', async () => {
    const index = await render(
      PROBLEM_MIME,
      `{ message: 'Running the query failed: rate limited until 10:00. <b>x</b>', actions: ['retry', 'showLog', 'rm -rf'] }`,
      { axiomOutputId: 'out-3' },
    );
    const output = page.locator('.output').nth(index);
    assert.equal(
      await output.locator('.notice').textContent(),
      'Running the query failed: rate limited until 10:00. <b>x</b>',
    );
    assert.deepEqual(await output.locator('button').allTextContents(), ['Run Again', 'Show Log']);
    await output.locator('button', { hasText: 'Run Again' }).click();
    assert.deepEqual((await posted()).at(-1), { type: 'action', output: 'out-3', action: 'retry' });
  });

  it('speaks the words it is given', async () => {
    const words = {
      axiomOutputId: 'out-4',
      axiomWords: {
        language: 'de',
        panel: { exportCsv: 'CSV exportieren', rows: '{0} Zeilen' },
        notebook: { retry: 'Erneut ausführen' },
      },
    };
    const index = await render(RESULT_MIME, `(${makeResultsSource(1234)}).result`, words);
    const output = page.locator('.output').nth(index);
    await output.locator('button.export-csv').waitFor();
    assert.equal(await output.locator('button.export-csv').getAttribute('aria-label'), 'CSV exportieren');
    assert.match((await output.locator('.status-rows').textContent()) ?? '', /^1\.234 Zeilen$/);
  });
});
