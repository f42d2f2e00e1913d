// End-to-end journeys, driven like a person: the packaged .vsix is installed into a fresh
// code-server, and headless chromium clicks, types and reads the screen. Screenshots of each
// journey go to media/ for the README. Prints "N passed, N failed" and exits non-zero on a failure.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
// @ts-expect-error: a plain JavaScript module shared with the test runner
import { installVsix, makeSandbox, openBrowser, projectRoot, startCodeServer, workbenchUrl } from '../harness/codeServer.mjs';
import { FAKE_API_TOKEN, FakeAxiom } from '../support/fakeAxiom';
import { REALISTIC_MONITORS } from '../support/fixtures';

const vsix = path.join(projectRoot, 'dist-vsix/axiom-apl.vsix');
// `npm run screenshots` writes them into media/ for the README; test runs keep them in out/.
const shots = path.resolve(projectRoot, process.env.AXIOM_SCREENSHOTS ?? 'out/screenshots');
fs.mkdirSync(shots, { recursive: true });
const STAR_APL = "['http-logs']\n| where status >= 500\n| summarize count() by bin_auto(_time)";

async function runCommand(page: Page, title: string): Promise<void> {
  await page.keyboard.press('F1');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor();
  await input.fill(`>${title}`);
  await page.locator('.quick-input-list .monaco-list-row', { hasText: title }).first().waitFor();
  await page.keyboard.press('Enter');
}

/** Types into the quick input; with a title, first waits until the widget shows that prompt
 *  (the widget is reused from one prompt to the next, so typing early lands in the old one). */
async function answerInput(page: Page, text: string, title?: string): Promise<void> {
  if (title) await page.locator('.quick-input-widget .quick-input-title', { hasText: title }).first().waitFor();
  const input = page.locator('.quick-input-widget input');
  await input.waitFor();
  await input.fill(text);
  await page.keyboard.press('Enter');
}

async function journeyMonitors(page: Page, fake: FakeAxiom): Promise<void> {
  // Before any token: the view explains itself and offers the way in.
  await page.locator('.activitybar [aria-label^="Axiom"]').first().click();
  await page.getByText('Connect to Axiom to see your monitors here.').waitFor({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Set API Token' }).first().waitFor();
  assert.equal(fake.requestsTo('GET /v2/monitors').length, 0);
  await page.screenshot({ path: path.join(shots, 'welcome-no-token.png') });
  await runCommand(page, 'Axiom: Set API Token');
  await answerInput(page, FAKE_API_TOKEN);
  const row = page.locator('.monaco-list-row', { hasText: 'Checkout errors' }).first();
  await row.waitFor({ timeout: 30_000 });
  for (const monitor of REALISTIC_MONITORS) await page.getByText(monitor.name, { exact: true }).first().waitFor();
  assert.ok(fake.requestsTo('GET /v2/monitors').every((r) => r.headers.authorization === `Bearer ${FAKE_API_TOKEN}`));
  // What a screen reader says of a row: VS Code's own label from the name and the description,
  // which says the state wherever it is not active (then VS Code's note of the row's actions).
  assert.match((await row.getAttribute('aria-label')) ?? '', /^Checkout errors Threshold · Above 100 · every 5m(, |$)/);
  const disabled = page.locator('.monaco-list-row', { hasText: 'Auth failures (Go client spelling)' }).first();
  assert.match((await disabled.getAttribute('aria-label')) ?? '', /^Auth failures \(Go client spelling\) disabled · /);
  await page.screenshot({ path: path.join(shots, 'monitors-view.png') });

  await row.hover();
  const hover = page.locator('.monaco-hover, .custom-hover, .workbench-hover').filter({ hasText: 'where status >= 500' }).first();
  await hover.waitFor({ timeout: 15_000 });
  assert.match(await hover.innerText(), /\['http-logs'\] \| where status >= 500/);
  await page.screenshot({ path: path.join(shots, 'monitor-hover.png') });

  await row.click();
  const editor = page.locator('.editor-instance .view-lines').first();
  await editor.waitFor();
  await page.locator('.tab', { hasText: 'Untitled' }).first().waitFor();
  assert.match(await editor.innerText(), /where\s+status\s+>=\s+500/);
  await page.screenshot({ path: path.join(shots, 'monitor-query-tab.png') });
  await page.keyboard.press('Escape');
}

async function journeyStar(page: Page, fake: FakeAxiom): Promise<void> {
  await page.keyboard.press('Control+P');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor();
  await input.fill('checkout.apl');
  await page.locator('.quick-input-list .monaco-list-row', { hasText: 'checkout.apl' }).first().waitFor();
  await page.keyboard.press('Enter');
  const editor = page.locator('.editor-instance .view-lines').first();
  await page.locator('.tab', { hasText: 'checkout.apl' }).first().waitFor();
  await editor.click();
  await page.keyboard.press('Control+A');
  await runCommand(page, 'Axiom: Star this APL Query');
  await answerInput(page, 'Checkout 5xx', 'Star APL query');
  await answerInput(page, 'http-logs', 'Star APL query: dataset');
  const confirmation = page.locator('.notification-toast', { hasText: 'Starred “Checkout 5xx”' }).first();
  await confirmation.waitFor({ timeout: 15_000 });
  await page.waitForTimeout(800); // let the toast finish fading in
  await page.screenshot({ path: path.join(shots, 'star-confirmation.png') });
  const posts = fake.requestsTo('POST /v2/apl-starred-queries');
  assert.equal(posts.length, 1);
  const body = JSON.parse(posts[0].body);
  assert.equal(body.name, 'Checkout 5xx');
  assert.equal(body.dataset, 'http-logs');
  assert.equal(body.query.apl, STAR_APL);
  assert.match(await confirmation.innerText(), /sq_000001/);
}

/** The Axiom APL language through the packaged .vsix: the grammar colours, the checks underline
 *  and fix, completion offers the dataset's fields from the service. */
async function journeyLanguage(page: Page): Promise<void> {
  await page.keyboard.press('Control+P');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor();
  await input.fill('errors.apl');
  await page.locator('.quick-input-list .monaco-list-row', { hasText: 'errors.apl' }).first().waitFor();
  await page.keyboard.press('Enter');
  await page.locator('.tab', { hasText: 'errors.apl' }).first().waitFor();
  const lines = page.locator('.editor-instance .view-lines').first();
  await lines.waitFor();
  // Colours: the dataset, the operator and the number each get a theme colour of their own.
  const colourOf = async (text: string) => (await lines.locator('span span', { hasText: text }).first().getAttribute('class')) ?? '';
  await lines.locator('span span[class^="mtk"]').nth(6).waitFor();
  const dataset = await colourOf('http-logs');
  const operator = await colourOf('summarize');
  const number = await colourOf('500');
  assert.ok(new Set([dataset, operator, number]).size === 3, `dataset ${dataset}, operator ${operator}, number ${number} in colours of their own`);

  // The misspelt operator is underlined; its quick fix corrects it.
  await page.locator('.squiggly-error').first().waitFor({ timeout: 15_000 });
  await lines.locator('span span', { hasText: 'wher' }).first().click();
  await page.keyboard.press('Control+.');
  const fix = page.locator('.action-widget .monaco-list-row', { hasText: "Change to 'where'" }).first();
  await fix.waitFor({ timeout: 15_000 });
  await fix.click();
  // Monaco draws spaces as no-break spaces, which \s matches.
  await lines.locator('.view-line', { hasText: /^\|\swhere\sstatus/ }).first().waitFor({ timeout: 10_000 });
  await page.locator('.squiggly-error').first().waitFor({ state: 'detached', timeout: 15_000 });

  // Completion after `| where ` lists the dataset's fields from the service.
  await page.keyboard.press('Control+End');
  await page.keyboard.type('\n| where ');
  await page.keyboard.press('Control+Space');
  const suggest = page.locator('.suggest-widget .monaco-list-row', { hasText: 'req_duration_ms' }).first();
  await suggest.waitFor({ timeout: 15_000 });
  await page.screenshot({ path: path.join(shots, 'apl-editor.png') });
  await page.keyboard.press('Escape');
}

const fake = new FakeAxiom({ monitors: REALISTIC_MONITORS });
await fake.start();
const sandbox: { dir: string; workspace: string } = makeSandbox('axiom-apl-e2e-', {
  settings: { 'axiom.url': fake.url, 'workbench.colorTheme': 'Default Dark Modern', 'workbench.secondarySideBar.defaultVisibility': 'hidden' },
  files: { 'checkout.apl': STAR_APL, 'errors.apl': "['http-logs']\n| wher status >= 500\n| summarize count() by bin_auto(_time)" },
});
let passed = 0;
let failed = 0;
let codeServer: { url: string; stop(): void } | undefined;
let browser: { context: { close(): Promise<void> }; page: Page } | undefined;
try {
  console.log(await installVsix(sandbox, vsix));
  codeServer = await startCodeServer(sandbox);
  browser = await openBrowser(sandbox, workbenchUrl(codeServer, sandbox));
  const page = browser!.page;
  await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
  await page.waitForTimeout(1500);
  for (const [name, journey] of [
    ['monitors: set the token, open the view, hover, open the query', () => journeyMonitors(page, fake)],
    ['star: select APL, run the command, name it, pick the dataset, see the id', () => journeyStar(page, fake)],
    ['language: colours, an underlined operator and its quick fix, fields in completion', () => journeyLanguage(page)],
  ] as const) {
    try {
      await journey();
      passed++;
      console.log(`  ✔ ${name}`);
    } catch (error) {
      failed++;
      console.log(`  ✖ ${name}\n${error instanceof Error ? error.stack : String(error)}`);
      await page.screenshot({ path: path.join(sandbox.dir, `failure-${passed + failed}.png`) }).catch(() => undefined);
      console.log(`    screenshot and logs in ${sandbox.dir}`);
    }
  }
} catch (error) {
  failed++;
  console.log(`  ✖ harness: ${error instanceof Error ? error.stack : String(error)}`);
} finally {
  await browser?.context.close().catch(() => undefined);
  codeServer?.stop();
  await fake.stop();
}
console.log(`${passed} passed, ${failed} failed`);
if (failed === 0) fs.rmSync(sandbox.dir, { recursive: true, force: true });
process.exit(failed === 0 ? 0 : 1);
