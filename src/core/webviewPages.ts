// The extension's webview pages: the bundle of each (esbuild.mjs's webview entry points) and the id of
// its main element, which the extension's HTML gives it (webviewHtml.ts) and its script starts from
// (webview/shared/page.ts). A new page adds its line here.

/** The webview pages by their bundle (dist/webview/<bundle>.js and .css), each with the id of its main element. */
export const PAGE_IDS = {
  results: 'results',
  dryRun: 'dry-run',
  monitorForm: 'monitor-form',
  dashboard: 'dashboard',
  tail: 'tail',
  trace: 'trace',
} as const;

/** A page's bundle: dist/webview/<bundle>.js and .css (esbuild.mjs's webview entry points). */
export type PageBundle = keyof typeof PAGE_IDS;
/** The id of a page's main element, which its script starts from (startPage). */
export type PageId = (typeof PAGE_IDS)[PageBundle];
