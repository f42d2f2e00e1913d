// The monitor settings form's page in a real chromium, under its own Content Security Policy:
// what it shows of a state the extension sends (fields by name, reasons beside them, greyed fields
// of another type, notifiers by name with a gone id kept, hostile text as text) and what it sends
// back as a person types, ticks and clicks. npm run test:webview (after a build of dist/webview).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import type { FormState } from '../../src/core/monitors/monitorForm';
import { OPERATORS } from '../../src/core/monitors/monitorFields';
import { MONITOR_WORDS } from '../../src/core/monitors/monitorVocabulary';
import { operatorWords } from '../../src/core/monitors/monitorWords';
import { openPanel, postToPage, type PanelPage } from './panelPage';

let panel: PanelPage;
let page: Page;

type Posted = { type: string; key?: string; value?: unknown };
const posted = () => page.evaluate(() => window.__posted as Posted[]);
const edits = async () => (await posted()).filter((m) => m.type === 'edit');
const clearPosted = () => page.evaluate(() => void (window.__posted.length = 0));
const send = (message: FormState) => postToPage(page, message);
const text = (selector: string) => page.evaluate((s) => document.querySelector(s)?.textContent ?? undefined, selector);
const field = (key: string) => `.form-field[data-field="${key}"]`;

const DEFINITION = {
  name: 'Checkout errors',
  description: '<img src=x onerror="window.__pwned=1">',
  type: 'Threshold',
  operator: 'Above',
  threshold: 100,
  tolerance: 20,
  intervalMinutes: 5,
  rangeMinutes: 10,
  notifierIds: ['notify_slack', 'notify_gone'],
  someFieldAddedLater: { nested: true },
};

const STATE: FormState = {
  type: 'state',
  draft: false,
  definition: DEFINITION,
  problems: [],
  notifiers: [
    { id: 'notify_slack', name: 'On-call <b>Slack</b>', kind: 'slack', exists: true, chosen: true },
    { id: 'notify_mail', name: 'Team mail', kind: 'email', exists: true, chosen: false },
    { id: 'notify_gone', name: 'notify_gone', kind: '', exists: false, chosen: true },
  ],
};

describe('the monitor settings form in chromium', { timeout: 60_000 }, () => {
  before(async () => {
    panel = await openPanel({ entry: 'monitorForm' });
    page = panel.page;
    // The page's clock is the test's: a pause in typing is a step of it, not a wait.
    await page.clock.install();
    await send(STATE);
    await page.waitForSelector(`${field('threshold')} input`);
  });
  after(async () => {
    const violations = await page.evaluate(() => window.__violations);
    await panel.close();
    assert.deepEqual(violations, [], 'no Content Security Policy violations');
  });

  it('shows every field by name with its value, and data as text', async () => {
    assert.equal(await page.inputValue(`${field('threshold')} input`), '100');
    assert.equal(await page.inputValue(`${field('name')} input`), 'Checkout errors');
    assert.equal(await page.inputValue(`${field('description')} textarea`), DEFINITION.description);
    assert.equal(await page.inputValue(`${field('type')} select`), 'Threshold');
    assert.equal(await text(`${field('threshold')} .form-label`), 'Threshold');
    assert.equal(await text(`${field('intervalMinutes')} .form-label`), 'Run every (minutes)');
    assert.match(
      (await text('.form-others')) ?? '',
      /someFieldAddedLater: \{"nested":true\}/,
      'an unknown field listed, kept',
    );
    const dom = await page.evaluate(() => ({
      imgs: document.querySelectorAll('img').length,
      bold: document.querySelectorAll('b').length,
      pwned: window.__pwned,
    }));
    assert.deepEqual(dom, { imgs: 0, bold: 0, pwned: undefined });
  });

  it('lists the operators in the words of the hovers and the dry run (one table)', async () => {
    const options = await page.$$eval(`${field('operator')} select option`, (all) =>
      all.map((o) => [(o as HTMLOptionElement).value, o.textContent]),
    );
    const named = options.filter(([value]) => value !== '');
    assert.deepEqual(
      named,
      OPERATORS.map((op) => [op, operatorWords(op, MONITOR_WORDS)]),
    );
    assert.ok(
      named.some(([, words]) => words === 'At or above'),
      'AboveOrEqual reads "At or above"',
    );
  });

  it('greys the fields of another type, saying their values are kept', async () => {
    const tolerance = field('tolerance');
    assert.equal(await page.isDisabled(`${tolerance} input`), true);
    assert.equal(await page.inputValue(`${tolerance} input`), '20');
    assert.equal(
      await text(`${tolerance} .form-note`),
      'Does not apply to Threshold monitors; its value is kept as it is.',
    );
    assert.equal(await page.isDisabled(`${field('threshold')} input`), false);
  });

  it('shows the notifiers by name, an id no longer listed as such, and sends the list a tick makes', async () => {
    const names = await page.evaluate(() =>
      [...document.querySelectorAll('.form-notifier')].map((n) => [
        n.querySelector('.form-notifier-name')?.textContent,
        (n.querySelector('input') as HTMLInputElement).checked,
        n.classList.contains('missing'),
      ]),
    );
    assert.deepEqual(names, [
      ['On-call <b>Slack</b>', true, false],
      ['Team mail', false, false],
      ['notify_gone (no longer exists)', true, true],
    ]);
    await clearPosted();
    await page.check('.form-notifier input[data-id="notify_mail"]');
    assert.deepEqual(await edits(), [
      { type: 'edit', key: 'notifierIds', value: ['notify_slack', 'notify_gone', 'notify_mail'] },
    ]);
  });

  it('sends a typed field when typing pauses, as a number, and keeps what is being typed', async () => {
    const input = `${field('threshold')} input`;
    await page.focus(input);
    await page.$eval(input, (e) => (e as HTMLInputElement).select());
    await clearPosted();
    await page.keyboard.type('13');
    await page.clock.runFor(300);
    await page.keyboard.type('0');
    await page.clock.runFor(300);
    assert.deepEqual(await edits(), [], 'nothing is sent while the keys keep coming');
    // News from the extension while typing (the document still says 100) does not clobber the "130" being typed.
    await send(STATE);
    assert.equal(await page.inputValue(input), '130');
    await page.clock.runFor(100);
    assert.deepEqual(
      await edits(),
      [{ type: 'edit', key: 'threshold', value: 130 }],
      'sent once typing paused, before the field is left: the document shows it unsent at once',
    );
    // News from before the edit reached the document does not put 100 back under the cursor; the document's own does.
    await send(STATE);
    assert.equal(await page.inputValue(input), '130');
    await send({ ...STATE, definition: { ...DEFINITION, threshold: 130 } });
    await page.keyboard.press('Tab');
    assert.deepEqual(await edits(), [{ type: 'edit', key: 'threshold', value: 130 }], 'leaving sends nothing more');
  });

  it('sends a typed field at once when it is committed (left, or Enter), and an empty one as removed', async () => {
    const input = `${field('threshold')} input`;
    await clearPosted();
    await page.focus(input);
    await page.$eval(input, (e) => (e as HTMLInputElement).select());
    await page.keyboard.type('2.');
    await send({ ...STATE, definition: { ...DEFINITION, threshold: 130 } });
    assert.equal(await page.inputValue(input), '2.');
    await page.keyboard.press('Enter');
    assert.deepEqual(await edits(), [{ type: 'edit', key: 'threshold', value: 2 }]);
    await page.clock.runFor(1000);
    assert.deepEqual(
      await edits(),
      [{ type: 'edit', key: 'threshold', value: 2 }],
      'the pause after it does not send it twice',
    );
    await clearPosted();
    await page.$eval(input, (e) => (e as HTMLInputElement).select());
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Enter');
    assert.deepEqual(await edits(), [{ type: 'edit', key: 'threshold', value: null }], 'empty is removed');
  });

  it('Ctrl+S while typing sends the field, then asks for the save (not VS Code’s own Ctrl+S, which could come first)', async () => {
    const input = `${field('name')} input`;
    await page.focus(input);
    await clearPosted();
    await page.keyboard.type(' EU');
    await page.keyboard.press('Control+s');
    assert.deepEqual(await posted(), [{ type: 'edit', key: 'name', value: 'Checkout errors EU' }, { type: 'save' }]);
  });

  it('shows each problem beside its field, and a failed save’s reason at the field it names', async () => {
    await send({
      ...STATE,
      definition: { ...DEFINITION, threshold: '2.x', rangeMinutes: 15 },
      problems: [{ field: 'threshold', reason: 'Enter a number.', level: 'error' }],
      saveFailed: { message: 'invalid monitor: rangeMinutes too long', field: 'rangeMinutes' },
    });
    assert.equal(await text(`${field('threshold')} .form-reason`), 'Enter a number.');
    assert.equal(await page.getAttribute(`${field('threshold')} input`, 'aria-invalid'), 'true');
    assert.equal(await text(`${field('rangeMinutes')} .form-reason`), 'invalid monitor: rangeMinutes too long');
    assert.equal(await page.isHidden('.form-failure'), true, 'said at its field, not above');
    await send({ ...STATE, saveFailed: { message: 'forbidden' } });
    assert.equal(await text('.form-failure'), 'Not saved: forbidden');
    assert.equal(await text(`${field('threshold')} .form-reason`), '');
  });

  it('a type, a checkbox and the Dry Run button are sent; the new-monitor banner shows for a draft', async () => {
    await send({ ...STATE, draft: true });
    assert.equal(await page.isVisible('.form-banner'), true);
    await clearPosted();
    await page.selectOption(`${field('type')} select`, 'AnomalyDetection');
    await page.check(`${field('alertOnNoData')} input`);
    await page.click('.form-dry-run');
    assert.deepEqual(await posted(), [
      { type: 'edit', key: 'type', value: 'AnomalyDetection' },
      { type: 'edit', key: 'alertOnNoData', value: true },
      { type: 'dryRun' },
    ]);
  });

  it('is used with the keyboard alone: Tab reaches the fields in order, Space ticks a box', async () => {
    await send(STATE);
    await page.focus(`${field('name')} input`);
    await page.keyboard.press('Tab');
    assert.equal(
      await page.evaluate(() => document.activeElement?.closest<HTMLElement>('.form-field')?.dataset.field),
      'description',
    );
    await page.focus(`${field('notifyEveryRun')} input`);
    await clearPosted();
    await page.keyboard.press('Space');
    assert.deepEqual(await edits(), [{ type: 'edit', key: 'notifyEveryRun', value: true }]);
  });

  it('says when the text is not JSON it can show, and hides the fields', async () => {
    await send({ type: 'state', draft: false, problems: [], invalid: 'Unexpected token' });
    assert.equal(await page.isHidden('.form-fields'), true);
    assert.match((await text('.form-invalid')) ?? '', /Unexpected token.*Open as JSON/);
  });
});
