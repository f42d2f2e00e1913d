// A webview page in headless chromium, outside VS Code (the results panel by default): a loopback
// server sends the page that webviewHtml makes (with the panel's own Content Security Policy) and the files of dist/webview;
// a stub acquireVsCodeApi, injected before the page's scripts, records what the panel posts and
// every CSP violation. Shared by the webview test and the paint benchmark.
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { webviewHtml } from '../../src/core/webviewHtml';
import { PAGE_IDS, type PageBundle, type PageId } from '../../src/core/webviewPages';
import { makeSandbox, openBrowser, projectRoot } from '../harness/codeServer.mjs';

declare global {
  interface Window {
    __posted: unknown[];
    __violations: string[];
    __pwned?: unknown;
  }
}

export interface PanelPage {
  page: Page;
  url: string;
  close(): Promise<void>;
}

const TYPES: Record<string, string> = { '.js': 'text/javascript', '.css': 'text/css', '.map': 'application/json' };

/** What the page's stub records and the colours VS Code would set (a dark theme's, roughly). */
const INIT = `
window.__posted = [];
window.__violations = [];
window.acquireVsCodeApi = () => ({ postMessage: (m) => window.__posted.push(JSON.parse(JSON.stringify(m))), getState() {}, setState() {} });
document.addEventListener('securitypolicyviolation', (e) => window.__violations.push(e.violatedDirective + ' ' + e.blockedURI));
`;

export const THEME: Record<string, string> = {
  '--vscode-foreground': '#cccccc',
  '--vscode-editor-background': '#1f1f1f',
  '--vscode-font-family': 'sans-serif',
  '--vscode-font-size': '13px',
  '--vscode-editor-font-family': 'monospace',
  '--vscode-editor-font-size': '13px',
  '--vscode-charts-foreground': '#cccccc',
  '--vscode-charts-lines': '#cccccc80',
  '--vscode-charts-blue': '#3794ff',
  '--vscode-charts-orange': '#d18616',
  '--vscode-charts-green': '#89d185',
  '--vscode-charts-purple': '#b180d7',
  '--vscode-charts-red': '#f14c4c',
  '--vscode-charts-yellow': '#cca700',
};

export interface PanelOptions {
  /** The build to serve (dist/webview inside it): the project's dist by default. */
  dist?: string;
  /** The page's words (webviewHtml's `words`): English by default. */
  words?: Record<string, string>;
  /** The display language (webviewHtml's `language`). */
  language?: string;
  /** The zone times show in (webviewHtml's `timeZone`): local by default. */
  timeZone?: 'local' | 'utc';
  /** Theme variables set over THEME's. */
  theme?: Record<string, string>;
  /** The page's script and stylesheet (dist/webview/<entry>.js and .css), and its main element's id
   *  (PAGE_IDS): the results panel's by default. */
  entry?: PageBundle;
  /** The id the HTML gives the main element: the entry's own (PAGE_IDS) by default. */
  id?: PageId;
}

/** Answers /webview/<file> with that file of `dist`/webview, anything else with 404. */
export function sendWebviewFile(dist: string, pathname: string, res: http.ServerResponse): void {
  const file = path.join(dist, 'webview', path.basename(pathname));
  if (!pathname.startsWith('/webview/') || !fs.existsSync(file)) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
  fs.createReadStream(file).pipe(res);
}

/** Serves the panel from `dist` (dist/webview inside it) and opens it in chromium. */
export async function openPanel({
  dist = path.join(projectRoot, 'dist'),
  words,
  language,
  timeZone,
  theme,
  entry = 'results',
  id = PAGE_IDS[entry],
}: PanelOptions = {}): Promise<PanelPage> {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname === '/') {
      const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        webviewHtml({
          id,
          scriptUri: `${origin}/webview/${entry}.js`,
          styleUri: `${origin}/webview/${entry}.css`,
          cspSource: origin,
          nonce: crypto.randomBytes(18).toString('base64url'),
          title: 'Results: ["<b>', // escaped like any other text
          words,
          language,
          timeZone,
        }),
      );
      return;
    }
    sendWebviewFile(dist, url.pathname, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const sandbox = makeSandbox('axiom-webview-');
  const { context, page } = await openBrowser(sandbox);
  await page.addInitScript(INIT);
  await page.goto(url);
  await page.evaluate(
    (theme) => {
      for (const [k, v] of Object.entries(theme)) document.documentElement.style.setProperty(k, v);
    },
    { ...THEME, ...theme },
  );
  await page.waitForFunction(() => window.__posted.some((m) => (m as { type: string }).type === 'ready'));
  return {
    page,
    url,
    async close() {
      await context.close();
      await new Promise((resolve) => server.close(resolve));
      fs.rmSync(sandbox.dir, { recursive: true, force: true });
    },
  };
}

/** The answer's body (the service's tabular format, as a string) holding the same tables and
 *  status as a `results` message made by makeResultsSource; for Node or a page. */
export function answerBody(message: {
  result: {
    tables: { name: string; fields: unknown[]; columns: unknown[][] }[];
    status: {
      elapsedMs: number;
      rowsExamined: number;
      rowsMatched: number;
      isPartial: boolean;
      messages: { priority: string; code: string; text: string; count: number }[];
    };
  };
}): string {
  const { tables, status } = message.result;
  return JSON.stringify({
    tables: tables.map((t) => ({ name: t.name, fields: t.fields, columns: t.columns })),
    status: {
      elapsedTime: status.elapsedMs * 1000,
      rowsExamined: status.rowsExamined,
      rowsMatched: status.rowsMatched,
      isPartial: status.isPartial,
      messages: status.messages.map((m) => ({ priority: m.priority, code: m.code, msg: m.text, count: m.count })),
    },
  });
}

/**
 * Builds, inside the page, a `results` message of `rows` × 12 columns (it never crosses the
 * wire): `_time` typed string, numbers, text, groups, nulls, nested values, booleans, and hostile
 * text in rows 0–2 of column `text`. Rows whose number ends in 000 contain "needle".
 */
export function makeResultsSource(rows: number): string {
  return `(() => {
    const rows = ${rows};
    const base = Date.parse('2024-05-01T00:00:00Z');
    const col = (f) => { const a = new Array(rows); for (let i = 0; i < rows; i++) a[i] = f(i); return a; };
    const hostile = ['<img src=x onerror="window.__pwned=1">', '<script>window.__pwned=2</script>', 'command:workbench.action.quit'];
    const fields = [
      { name: '_time', type: 'string' }, { name: 'n', type: 'integer' }, { name: 'rev', type: 'float' },
      { name: 'text', type: 'string' }, { name: 'host', type: 'string' }, { name: 'maybe', type: 'integer' },
      { name: 'nested', type: 'object' }, { name: 'ok', type: 'boolean' }, { name: 'note', type: 'string' },
      { name: 'ms', type: 'float' }, { name: 'bytes', type: 'integer' }, { name: 'ratio', type: 'float' },
    ];
    const columns = [
      col((i) => new Date(base + i * 1000).toISOString()),
      col((i) => i),
      col((i) => rows - i + 0.5),
      col((i) => i < 3 ? hostile[i] : 'line ' + i),
      col((i) => 'host-' + (i % 5)),
      col((i) => (i % 3 === 0 ? null : i)),
      col((i) => (i % 2 ? { a: i, b: [1, 2] } : [i])),
      col((i) => i % 2 === 0),
      col((i) => (i % 1000 === 0 ? 'a NEEDLE here' : 'hay')),
      col((i) => (i * 37) % 1000 / 10),
      col((i) => (i * 7919) % 100003),
      col((i) => Math.sin(i)),
    ];
    const totals = { name: '_totals', fields: [{ name: 'count_', type: 'integer', agg: 'count' }], columns: [[rows]], rowCount: 1 };
    return {
      type: 'results',
      result: {
        runId: 1, query: 'big', rangeLabel: 'Last hour',
        tables: [{ name: '0', fields, columns, rowCount: rows }, totals],
        status: { elapsedMs: 1234, rowsExamined: 5000000, rowsMatched: rows, isPartial: true, limitNote: 'Showing the first 100,000 rows', messages: [{ priority: 'warn', code: 'w', text: 'took a while', count: 1 }] },
      },
    };
  })()`;
}

/** Posts a message to the page as the extension does, and resolves once the page has handled it
 *  (messages arrive in order: a second one, answered by no page, marks the first as handled). */
export function postToPage(page: Page, message: unknown): Promise<void> {
  return page.evaluate(
    (m) =>
      new Promise<void>((resolve) => {
        window.postMessage(m, '*');
        const handled = (event: MessageEvent) => {
          if (event.data !== 'handled?') return;
          window.removeEventListener('message', handled);
          resolve();
        };
        window.addEventListener('message', handled);
        window.postMessage('handled?', '*');
      }),
    message,
  );
}

/** A panel opened in a browser whose own time zone is `zone` (the browser takes it from TZ as it
 *  starts), so that local and UTC times differ: `Asia/Kolkata` is +05:30. */
export async function openPanelInZone(zone: string, options: Parameters<typeof openPanel>[0]): Promise<PanelPage> {
  const before = process.env.TZ;
  process.env.TZ = zone;
  try {
    return await openPanel(options);
  } finally {
    if (before === undefined) delete process.env.TZ;
    else process.env.TZ = before;
  }
}
