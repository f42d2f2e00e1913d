// A webview page's HTML (every page's, through platform/webviewPage.ts): an empty page that loads the
// page's script and stylesheet under a strict Content Security Policy. Everything the page shows is
// put in by its script, as text; its words (translated) and the display language ride on its main
// element, whose id is the page's own, as escaped data attributes (webview/shared/page.ts reads them).
import type { PageId } from './webviewPages';

export interface WebviewHtmlOptions {
  /** The page's id: its main element's, which the page's script finds it by. */
  id: PageId;
  /** The webview URI of the page's script, dist/webview/<bundle>.js (webview.asWebviewUri). */
  scriptUri: string;
  /** The webview URI of the page's stylesheet, dist/webview/<bundle>.css. */
  styleUri: string;
  /** webview.cspSource: where the page may load its own files from (one or more sources). */
  cspSource: string;
  /** A fresh random value for each page (letters and digits): only the script carrying it runs. */
  nonce: string;
  /** The page's title, for screen readers (the tab shows the panel's own title). */
  title: string;
  /** The page's words in the display language (translated(<the page's word table>)). None when
   *  absent: the page falls back to English for any word missing or not a string. */
  words?: Readonly<Record<string, string>>;
  /** The display language (vscode.env.language: 'en', 'de', 'zh-cn'): the page's lang and the
   *  locale of its numbers. 'en' when absent or not a language tag. */
  language?: string;
  /** The zone times show in (the setting axiom.timeZone): UTC, or local when absent. */
  timeZone?: 'local' | 'utc';
}

/** A language tag as the page may carry it (letters, digits and hyphens), or 'en'. */
function languageTag(language: string | undefined): string {
  return language && /^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/.test(language) ? language : 'en';
}

/** Text for an HTML attribute or element: the five characters that mean something in HTML, escaped. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function webviewHtml({
  id,
  scriptUri,
  styleUri,
  cspSource,
  nonce,
  title,
  words = {},
  language,
  timeZone,
}: WebviewHtmlOptions): string {
  if (!/^[A-Za-z0-9+/=_-]{16,}$/.test(nonce))
    throw new Error('webviewHtml: the nonce must be at least 16 letters or digits');
  // VS Code's cspSource is a list of sources ("'self' https://*.vscode-cdn.net"). Only 'self' and
  // plain host or scheme sources are kept: no other keyword (no 'unsafe-…'), no semicolon that
  // would start a directive, no character that means something in HTML.
  const source = cspSource
    .split(/\s+/)
    .filter((s) => s === "'self'" || /^[^\s;,'"<>&]+$/.test(s))
    .join(' ');
  const csp = [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src ${source}`,
    `img-src ${source} data:`,
    `font-src ${source}`,
    // No <base> may redirect the page's relative URLs, and no form may send anything anywhere.
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
  const lang = languageTag(language);
  return `<!DOCTYPE html>
<html lang="${escapeHtml(lang)}">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${escapeHtml(styleUri)}">
<title>${escapeHtml(title)}</title>
</head>
<body>
<main id="${escapeHtml(id)}" aria-label="${escapeHtml(title)}" data-language="${escapeHtml(lang)}" data-words="${escapeHtml(JSON.stringify(words))}"${timeZone === 'utc' ? ' data-time-zone="utc"' : ''}></main>
<script nonce="${escapeHtml(nonce)}" src="${escapeHtml(scriptUri)}"></script>
</body>
</html>
`;
}
