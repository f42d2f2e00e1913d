// The notebook renderer in headless chromium, outside VS Code: a loopback server sends a page
// like a notebook's outputs page (a Content Security Policy, the theme's variables) that imports
// dist/webview/notebook.js as VS Code does, activates it with a context that records what it
// posts, and gives the page window.__render(mime, json, metadata) to draw an output into an
// element of its own. Shared by the webview test and the paint benchmark.
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { makeSandbox, openBrowser, projectRoot } from '../harness/codeServer.mjs';
import { sendWebviewFile, THEME } from './panelPage';

declare global {
  interface Window {
    __render(mime: string, json: unknown, metadata?: unknown): HTMLElement;
    __renderText(mime: string, text: string, metadata?: unknown): HTMLElement;
    __rendered?: boolean;
    /** Hands the renderer a message as the extension's renderer messaging would. */
    __fromExtension?(message: unknown): void;
  }
}

export interface NotebookPage {
  page: Page;
  close(): Promise<void>;
}

/** Opens the page and waits for the renderer to be activated. */
export async function openNotebookPage(dist = path.join(projectRoot, 'dist')): Promise<NotebookPage> {
  const nonce = crypto.randomBytes(18).toString('base64url');
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname === '/') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      // No inline style may run: the outputs' styles must not need it.
      res.end(`<!DOCTYPE html>
<html><head>
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'nonce-${nonce}' 'self'; style-src 'self'; img-src data:">
</head><body>
<script nonce="${nonce}">
window.__posted = [];
window.__violations = [];
document.addEventListener('securitypolicyviolation', (e) => window.__violations.push(e.violatedDirective + ' ' + e.blockedURI));
</script>
<script type="module" nonce="${nonce}">
import { activate } from '/webview/notebook.js';
const renderer = activate({
  postMessage: (m) => window.__posted.push(JSON.parse(JSON.stringify(m))),
  onDidReceiveMessage: (listener) => (window.__fromExtension = listener),
});
let next = 0;
window.__render = (mime, json, metadata) => {
  const element = document.createElement('div');
  element.className = 'output';
  document.body.append(element);
  renderer.renderOutputItem({ id: 'output-' + next++, mime, metadata, json: () => json }, element);
  return element;
};
// The output's data as VS Code hands it: bytes the renderer reads with item.json().
window.__renderText = (mime, text, metadata) => {
  const element = document.createElement('div');
  element.className = 'output';
  document.body.append(element);
  renderer.renderOutputItem({ id: 'output-' + next++, mime, metadata, json: () => JSON.parse(text) }, element);
  return element;
};
window.__rendered = true;
</script>
</body></html>`);
      return;
    }
    sendWebviewFile(dist, url.pathname, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const sandbox = makeSandbox('axiom-notebook-');
  const { context, page } = await openBrowser(sandbox);
  await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
  await page.evaluate((theme) => {
    for (const [k, v] of Object.entries(theme)) document.documentElement.style.setProperty(k, v);
  }, THEME);
  await page.waitForFunction(() => window.__rendered === true);
  return {
    page,
    async close() {
      await context.close();
      await new Promise((resolve) => server.close(resolve));
      fs.rmSync(sandbox.dir, { recursive: true, force: true });
    },
  };
}
