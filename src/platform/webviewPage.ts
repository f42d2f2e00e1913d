// The extension's webview pages (the results panel, the dry run's panel, the monitor settings
// form, the dashboard preview, the live tail, the trace view): where their files are, the options
// they are opened with, and their HTML (webviewHtml: the page's own id, a strict Content Security
// Policy, a fresh nonce, the translated words, the display language and the time zone times show in).
// One way for every page; the page's side starts with webview/shared/page.ts.
import * as vscode from 'vscode';
import { randomBytes } from 'node:crypto';
import { webviewHtml } from '../core/webviewHtml';
import { PAGE_IDS, type PageBundle } from '../core/webviewPages';
import { translated } from './l10n';
import { timeZoneSetting } from './settings';

/** dist/webview: the pages' scripts and stylesheets, and the only place they may load from. */
export function pageRoot(extensionUri: vscode.Uri): vscode.Uri {
  return vscode.Uri.joinPath(extensionUri, 'dist', 'webview');
}

/** A page's options: scripts on, no command links, files only from dist/webview. */
export function pageOptions(extensionUri: vscode.Uri): vscode.WebviewOptions & vscode.WebviewPanelOptions {
  return {
    enableScripts: true,
    enableCommandUris: false,
    enableFindWidget: false,
    localResourceRoots: [pageRoot(extensionUri)],
  };
}

/** Puts page `bundle` (dist/webview/<bundle>.js and .css, its main element's id from PAGE_IDS) into the
 *  webview, with its words (English templates, translated here). */
export function setPage(
  webview: vscode.Webview,
  extensionUri: vscode.Uri,
  page: { bundle: PageBundle; title: string; words: Readonly<Record<string, string>> },
): void {
  const root = pageRoot(extensionUri);
  webview.html = webviewHtml({
    id: PAGE_IDS[page.bundle],
    scriptUri: webview.asWebviewUri(vscode.Uri.joinPath(root, `${page.bundle}.js`)).toString(),
    styleUri: webview.asWebviewUri(vscode.Uri.joinPath(root, `${page.bundle}.css`)).toString(),
    cspSource: webview.cspSource,
    nonce: randomBytes(16).toString('base64'),
    title: page.title,
    words: translated(page.words),
    language: vscode.env.language,
    timeZone: timeZoneSetting(),
  });
}
