// The results panel's HTML: an empty page that loads the panel's script and stylesheet under a
// strict Content Security Policy. Everything the panel shows is put in by its script, as text.

export interface ResultsPageOptions {
  /** The webview URI of dist/webview/results.js (webview.asWebviewUri). */
  scriptUri: string;
  /** The webview URI of dist/webview/results.css. */
  styleUri: string;
  /** webview.cspSource: where the panel may load its own files from (one or more sources). */
  cspSource: string;
  /** A fresh random value for each page (letters and digits): only the script carrying it runs. */
  nonce: string;
  /** The panel's title, for screen readers (the tab shows the panel's own title). */
  title: string;
}

/** Text for an HTML attribute or element: the five characters that mean something in HTML, escaped. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function resultsPage({ scriptUri, styleUri, cspSource, nonce, title }: ResultsPageOptions): string {
  if (!/^[A-Za-z0-9+/=_-]{16,}$/.test(nonce)) throw new Error('resultsPage: the nonce must be at least 16 letters or digits');
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
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${escapeHtml(styleUri)}">
<title>${escapeHtml(title)}</title>
</head>
<body>
<main id="results" aria-label="${escapeHtml(title)}"></main>
<script nonce="${escapeHtml(nonce)}" src="${escapeHtml(scriptUri)}"></script>
</body>
</html>
`;
}
