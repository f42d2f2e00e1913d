// The dry run's page in a real chromium, under its own Content Security Policy: the summary it
// writes for a result the extension sends, a recount at once when the threshold or operator
// changes (nothing sent for it), a change of period sent back, an MPL monitor's "no dry run" with
// no chart, words read the one way (a translation that lost a hole is English), and data as text.
// npm run test:webview (after a build of dist/webview).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { normalRule } from '../../src/core/monitors/dryRun';
import type { DryRunResult } from '../../src/core/monitors/dryRunProtocol';
import { openPanel, openPanelInZone, postToPage, type PanelPage } from './panelPage';

let panel: PanelPage;
let page: Page;

const FIVE = 5 * 60_000;
const T0 = Date.UTC(2026, 10, 20, 0, 0);
const HOSTILE = '<img src=x onerror="window.__pwned=1">';

/** Ten runs of one group: values 10 except runs 2, 3 (80) and 7 (60). */
const RESULT: DryRunResult = {
  type: 'result',
  name: HOSTILE,
  intervalMinutes: 5,
  periodMs: 86_400_000,
  runs: Array.from({ length: 10 }, (_, k) => T0 + k * FIVE),
  groups: [''],
  perGroup: [
    {
      run: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
      min: [10, 10, 80, 80, 10, 10, 10, 60, 10, 10],
      max: [10, 10, 80, 80, 10, 10, 10, 60, 10, 10],
    },
  ],
  empty: [],
  rule: normalRule({ operator: 'Above', threshold: 50 }),
  realAlerts: [T0 + 2 * FIVE],
  approximations: [HOSTILE],
  queries: 1,
};

const send = (message: unknown) => postToPage(page, message);
const text = (selector: string) => page.evaluate((s) => document.querySelector(s)?.textContent ?? undefined, selector);
const count = () => page.evaluate(() => document.getElementById('dry-run')?.dataset.count);
const posted = () => page.evaluate(() => window.__posted as { type: string; periodMs?: number }[]);

describe('the dry run’s page in chromium', () => {
  before(async () => {
    // One word translated, one whose translation lost its hole (read as English).
    panel = await openPanel({
      entry: 'dryRun',
      words: { operator: 'Operator (übersetzt)', savedAlerts: 'Alarme gespeichert' },
    });
    page = panel.page;
  });
  after(() => panel?.close());

  it('sums up what would have triggered beside the alerts as saved; a new threshold or operator recounts at once, asking nothing', async () => {
    await send(RESULT);
    assert.equal(await text('.dry-run-summary'), 'Would have triggered 2 times (1 alert in this period as saved).');
    assert.equal(await count(), '2');
    await page.fill('.dry-run-threshold', '70');
    assert.equal(await count(), '1');
    assert.deepEqual(
      (await posted()).map((m) => m.type),
      ['ready'],
      'a recount as it is typed sends nothing',
    );
    assert.equal(await text('.dry-run-summary'), 'Would have triggered once (1 alert in this period as saved).');
    await page.selectOption('.dry-run-operator', 'Below');
    assert.equal(await count(), '2', 'below 70: runs 0–1 and 4–9 (two stretches)');
    assert.deepEqual(
      [...new Set((await posted()).map((m) => m.type))],
      ['ready', 'rule'],
      'a recount asks for nothing: a committed rule is told to the form',
    );
    assert.deepEqual((await posted()).at(-1), { type: 'rule', operator: 'Below', threshold: 70 });
    // The operators read as the form and hovers say them.
    assert.deepEqual(
      await page.evaluate(() =>
        [...document.querySelectorAll<HTMLOptionElement>('.dry-run-operator option')].map((o) => o.text),
      ),
      ['Above', 'At or above', 'Below', 'At or below', 'Above or below'],
    );
    // The chart lies below the words and controls, not over them.
    const [legendBottom, chartTop, chartHeight] = await page.evaluate(() => {
      const legend = document.querySelector('.dry-run-legend')!.getBoundingClientRect();
      const chart = document.querySelector('.chart')!.getBoundingClientRect();
      return [legend.bottom, chart.top, chart.height];
    });
    assert.ok(
      chartTop >= legendBottom && chartHeight >= 200,
      `chart at ${chartTop} (${chartHeight} high), legend ends at ${legendBottom}`,
    );
    await page.selectOption('.dry-run-period', String(7 * 86_400_000));
    assert.deepEqual((await posted()).at(-1), { type: 'period', periodMs: 7 * 86_400_000 });
  });

  it('fills in as results arrive: the rule at once, the verdict so far, drawn once per frame; the threshold always in range', async () => {
    const runs = RESULT.runs.length;
    const soFar = (done: number, values = [10, 10, 12, 15, 11, 10, 10, 14, 10, 10]): DryRunResult => ({
      ...RESULT,
      rule: normalRule({ operator: 'Above', threshold: 30 }),
      realAlerts: [],
      perGroup: [{ run: [...Array(done).keys()], min: values.slice(0, done), max: values.slice(0, done) }],
      ...(done < runs ? { progress: { done, total: runs } } : {}),
    });
    await send(soFar(0));
    assert.equal(await page.inputValue('.dry-run-threshold'), '30', 'the box is never empty while loading');
    // A result so far is drawn on the next frame: its callback runs before one asked for after it.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    assert.equal(await text('.dry-run-summary'), `Asking Axiom… 0 of ${runs} queries`);
    assert.equal(await page.evaluate(() => document.getElementById('dry-run')?.dataset.state), 'running');
    // A burst of results so far: drawn on the next frame, once, not once each.
    const drawn = await page.evaluate(
      ([messages]) =>
        new Promise<number>((resolve) => {
          const chart = document.querySelector('.chart')!;
          let plots = 0;
          new MutationObserver((changes) => {
            for (const change of changes)
              for (const node of change.addedNodes) if ((node as HTMLElement).classList?.contains('uplot')) plots++;
          }).observe(chart, { childList: true });
          for (const data of messages) window.dispatchEvent(new MessageEvent('message', { data }));
          requestAnimationFrame(() => requestAnimationFrame(() => resolve(plots)));
        }),
      [[1, 2, 3, 4].map((done) => soFar(done))] as const,
    );
    assert.equal(drawn, 1, 'four results so far, one draw');
    assert.equal(
      await text('.dry-run-summary'),
      `So far (4 of ${runs} runs): Would not have triggered (0 alerts in this period as saved).`,
    );
    assert.equal(await page.evaluate(() => document.getElementById('dry-run')?.dataset.answered), '4');
    // Values up to 15, threshold 30: the scale takes the threshold in, and the line is drawn.
    assert.equal(await page.evaluate(() => document.getElementById('dry-run')?.dataset.thresholdDrawn), 'true');
    const keys = () =>
      page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('.dry-run-legend .mark')]
          .filter((k) => !k.hidden)
          .map((k) => k.className),
      );
    assert.deepEqual(await keys(), ['mark threshold'], 'the key names only what is drawn');
    // The form's threshold changes while the run goes on: the box follows, and later results keep it.
    await send({ type: 'rule', operator: 'Above', threshold: 13 });
    await send(soFar(8));
    assert.equal(await page.inputValue('.dry-run-threshold'), '13');
    await send(soFar(runs));
    assert.equal(await page.inputValue('.dry-run-threshold'), '13', 'the whole result does not put the old rule back');
    assert.equal(await text('.dry-run-summary'), 'Would have triggered 2 times (0 alerts in this period as saved).');
    assert.deepEqual(await keys(), ['mark threshold', 'mark would']);
    // A threshold far above every value, and one far below: both drawn within the chart.
    for (const limit of ['1000', '-400']) {
      await page.fill('.dry-run-threshold', limit);
      await page.press('.dry-run-threshold', 'Tab');
      assert.equal(
        await page.evaluate(() => document.getElementById('dry-run')?.dataset.thresholdDrawn),
        'true',
        limit,
      );
    }
    assert.deepEqual((await posted()).at(-1), { type: 'rule', operator: 'Above', threshold: -400 });
  });

  it('sets everything from the service as text; words are read against the English', async () => {
    assert.equal(await page.evaluate(() => window.__pwned), undefined);
    assert.ok((await text('.dry-run-notes'))?.includes(HOSTILE), 'the approximation shows as text');
    assert.equal(
      await page.evaluate(() => document.querySelector('.dry-run-operator')?.getAttribute('aria-label')),
      'Operator (übersetzt)',
    );
    assert.deepEqual(await page.evaluate(() => window.__violations), []);
  });

  it('an MPL monitor: says why there is no dry run, with the alerts as saved, and no chart or rule', async () => {
    const why = 'This monitor’s query is MPL (metrics).';
    await send({
      ...RESULT,
      runs: [],
      groups: [],
      perGroup: [],
      approximations: [],
      queries: 0,
      realAlerts: [T0, T0 + FIVE, T0 + 2 * FIVE],
      noQuery: why,
    });
    assert.equal(await text('.dry-run-summary'), why);
    assert.equal(
      await text('.dry-run-details'),
      '3 alerts in this period as saved.',
      'the translation without its hole is not used',
    );
    assert.equal(await count(), '');
    assert.deepEqual(
      await page.evaluate(() =>
        ['.chart', '.dry-run-legend', '.dry-run-threshold', '.dry-run-operator'].map(
          (s) => document.querySelector<HTMLElement>(s)?.hidden,
        ),
      ),
      [true, true, true, true],
    );
    assert.deepEqual(
      await page.evaluate(() =>
        [...document.querySelectorAll('.dry-run-controls label')]
          .filter((l) => !(l as HTMLElement).hidden)
          .map((l) => l.textContent),
      ),
      ['Period'],
      'only the period is left to choose',
    );
    assert.equal(await text('.dry-run-notes'), '', 'no query count for queries never sent');
  });

  it('a result that is not one (noQuery not text) is dropped', async () => {
    await send({ ...RESULT, noQuery: { html: HOSTILE } });
    assert.equal(await text('.dry-run-summary'), 'This monitor’s query is MPL (metrics).', 'unchanged');
  });
});

describe('the dry run’s page with axiom.timeZone utc, in a browser whose local zone is India’s', () => {
  let utcPanel: PanelPage;
  before(async () => {
    utcPanel = await openPanelInZone('Asia/Kolkata', { entry: 'dryRun', timeZone: 'utc' });
  });
  after(() => utcPanel?.close());

  it('says and draws the runs’ times in UTC, as the results panel does', async () => {
    const p = utcPanel.page;
    assert.equal(await p.evaluate(() => new Date().getTimezoneOffset()), -330, 'the browser’s own zone is +05:30');
    await postToPage(p, RESULT);
    // Runs 2–3 and 7 triggered: the first at 00:10 UTC (05:40 local), the last at 00:35 UTC.
    const expected = await p.evaluate(
      ([first, last]) => {
        const utc = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
        return `First ${utc.format(first)}, last ${utc.format(last)}.`;
      },
      [T0 + 2 * FIVE, T0 + 7 * FIVE],
    );
    assert.match((await p.textContent('.dry-run-details')) ?? '', new RegExp(`^${expected.replace(/[.,]/g, '\\$&')}`));
    // The chart's legend gives the time under the cursor: in UTC (12:xxam), not local (5:xxam or 6:xxam).
    const over = p.locator('.chart .u-over');
    await over.waitFor();
    const box = (await over.boundingBox())!;
    await p.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    const legendTime = await p.evaluate(
      () => document.querySelector('.chart .u-legend .u-series:first-child .u-value')?.textContent,
    );
    assert.match(legendTime ?? '', /^2026-11-20 12:[0-4]\dam$/, `the legend’s time: ${legendTime}`);
  });
});
