import assert from 'node:assert/strict';
import fc from 'fast-check';
import fs from 'node:fs';
import { describe, it } from 'node:test';
import { PANEL_WORDS, parsePanelWords, readPanelWords } from '../../../src/core/run/panelWords';
import { escapeHtml, webviewHtml, type WebviewHtmlOptions } from '../../../src/core/webviewHtml';
import { PAGE_IDS } from '../../../src/core/webviewPages';

const NONCE = 'abcdefghijklmnop0123';

/** A page of the results panel, with what a test changes. */
const html = (options: Partial<WebviewHtmlOptions> = {}) =>
  webviewHtml({
    id: 'results',
    scriptUri: 'a',
    styleUri: 'b',
    cspSource: 'https://x',
    nonce: NONCE,
    title: 't',
    ...options,
  });

/** The value of attribute `name` in `text`, its character references read back. */
function attribute(text: string, name: string): string | undefined {
  const value = new RegExp(` ${name}="([^"]*)"`).exec(text)?.[1];
  return value?.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
}

describe("a webview page's HTML", () => {
  it('builds a page with a strict policy, the nonce on the script, and everything escaped', () => {
    const page = html({
      scriptUri: 'https://x/a.js?a=1&b="2"',
      styleUri: 'https://x/a.css',
      cspSource: "'self' https://x 'unsafe-eval' ;script-src",
      title: '<script>alert(1)</script>',
    });
    assert.match(
      page,
      /default-src 'none'; script-src 'nonce-abcdefghijklmnop0123'; style-src 'self' https:\/\/x; img-src 'self' https:\/\/x data:; font-src 'self' https:\/\/x; base-uri 'none'; form-action 'none'">/,
    );
    assert.ok(page.includes(`<script nonce="${NONCE}" src="https://x/a.js?a=1&#38;b=&#34;2&#34;"></script>`));
    assert.ok(!page.includes('<script>alert'));
    assert.equal(escapeHtml(`<&>"'`), '&#60;&#38;&#62;&#34;&#39;');
    assert.throws(() => html({ nonce: "x' 'unsafe-inline" }), /nonce/);
    assert.throws(() => html({ nonce: 'short' }), /nonce/);
  });

  it('forbids a <base> and form submissions', () => {
    assert.match(html(), /font-src https:\/\/x; base-uri 'none'; form-action 'none'">/);
  });

  it("gives each page's main element the page's own id, and only one main element", () => {
    assert.deepEqual(Object.values(PAGE_IDS).sort(), [
      'dashboard',
      'dry-run',
      'monitor-form',
      'results',
      'tail',
      'trace',
    ]);
    for (const id of Object.values(PAGE_IDS)) {
      const page = html({ id });
      assert.equal(attribute(page, 'id'), id);
      assert.equal(page.match(/<main /g)?.length, 1, id);
      assert.ok(page.includes(`<main id="${id}" aria-label="t"`), id);
    }
  });

  it("has a page for each of the build's webview entry points, and an entry point for each page", () => {
    // npm runs the tests from the project's folder; esbuild.mjs names each entry `<bundle>: 'src/webview/<folder>/main.ts'`.
    const build = fs.readFileSync('esbuild.mjs', 'utf8');
    const entries = [...build.matchAll(/^ {4}(\w+): 'src\/webview\/\w+\/main\.ts',$/gm)].map((m) => m[1]);
    assert.deepEqual(entries.sort(), Object.keys(PAGE_IDS).sort());
  });

  it('carries the words and the language on the main element, escaped', () => {
    const words = { ...PANEL_WORDS, stop: '"><script>window.__pwned=1</script>', rows: "{0} Zeilen & 'mehr'" };
    const page = html({ words, language: 'de' });
    assert.ok(!page.includes('<script>window'), 'the hostile word stays text');
    assert.ok(!/data-words="[^"]*[<>'][^"]*"/.test(page), 'no markup character inside the attribute');
    assert.deepEqual(JSON.parse(attribute(page, 'data-words') ?? ''), { ...words });
    assert.equal(attribute(page, 'data-language'), 'de');
    assert.match(page, /<html lang="de">/);
    assert.equal(readPanelWords(JSON.parse(attribute(page, 'data-words') ?? '')).stop, words.stop);
  });

  it('carries no words (the page speaks English) and "en" when it is given nothing, or a language that is not a tag', () => {
    assert.deepEqual(JSON.parse(attribute(html(), 'data-words') ?? ''), {});
    assert.deepEqual(parsePanelWords(attribute(html(), 'data-words')), PANEL_WORDS);
    assert.equal(attribute(html({ language: '"><b' }), 'data-language'), 'en');
    assert.equal(attribute(html({ language: 'zh-cn' }), 'data-language'), 'zh-cn');
  });

  it('marks the time zone only when times show in UTC', () => {
    assert.equal(attribute(html({ timeZone: 'utc' }), 'data-time-zone'), 'utc');
    assert.equal(attribute(html({ timeZone: 'local' }), 'data-time-zone'), undefined);
    assert.equal(attribute(html(), 'data-time-zone'), undefined);
  });

  it('keeps any title, words, language and file names as text: one main element, one script, the words read back (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...Object.values(PAGE_IDS)),
        fc.string(),
        fc.dictionary(fc.string(), fc.string()),
        fc.string(),
        fc.string(),
        (id, title, words, language, scriptUri) => {
          const page = html({ id, title, words, language, scriptUri });
          assert.equal(page.match(/<main /g)?.length, 1);
          assert.equal(page.match(/<script/g)?.length, 1);
          assert.equal(page.match(/<\/script>/g)?.length, 1);
          assert.equal(attribute(page, 'id'), id);
          assert.equal(attribute(page, 'aria-label'), title);
          assert.deepEqual(JSON.parse(attribute(page, 'data-words') ?? ''), { ...words });
        },
      ),
    );
  });
});
