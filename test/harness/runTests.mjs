// Runs the integration suite inside a real VS Code: code-server's Node extension host, with
// headless chromium as the workbench. The workbench is asked to load this project as the
// extension under development and to run out/test/integration/index.js (built by esbuild.mjs).
// Exit status: the suite's (0 = all passed), 2 on time-out or a harness failure.
import fs from 'node:fs';
import path from 'node:path';
import { makeSandbox, openBrowser, projectRoot, startCodeServer } from './codeServer.mjs';

const timeoutSeconds = Number(process.env.AXIOM_TEST_TIMEOUT ?? 600);
const entry = path.join(projectRoot, 'out/test/integration/index.js');
const sandbox = makeSandbox('axiom-apl-it-');
const t0 = Date.now();
const stamp = (...a) => console.log(`[runner +${((Date.now() - t0) / 1000).toFixed(1)}s]`, ...a);

let codeServer;
let browser;
let finished = false;
async function finish(code, why) {
  if (finished) return;
  finished = true;
  stamp(why);
  try { await browser?.context.close(); } catch { /* closing anyway */ }
  codeServer?.stop();
  if (code === 0) code = scanForTokens();
  if (code === 0 && !process.env.AXIOM_KEEP_SANDBOX) fs.rmSync(sandbox.dir, { recursive: true, force: true });
  else stamp(`logs kept in ${sandbox.dir}`);
  process.exit(code);
}
/**
 * The suite signs in with test tokens and makes services echo them back. After it, no file the
 * run wrote (VS Code's logs, the extension's "Axiom" log, code-server's and the browser's output)
 * may hold a token-shaped string that is not masked.
 */
function scanForTokens() {
  const files = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) files.push(full);
    }
  };
  walk(sandbox.dir);
  const axiomLog = files.find((f) => f.endsWith(`${path.sep}Axiom.log`));
  if (!axiomLog || fs.statSync(axiomLog).size === 0) {
    stamp('token scan: the extension\'s Axiom.log was not found or is empty, so the scan would prove nothing');
    return 1;
  }
  let bytes = 0;
  const leaks = [];
  for (const file of files) {
    let text;
    try {
      text = fs.readFileSync(file, 'latin1');
    } catch {
      continue; // a lock or socket file that went away with code-server
    }
    bytes += text.length;
    if (/xa[ap]t-[A-Za-z0-9]/.test(text)) leaks.push(path.relative(sandbox.dir, file));
  }
  stamp(`token scan: ${files.length} files (${(bytes / 1e6).toFixed(1)} MB, ${fs.readFileSync(axiomLog, 'utf8').split('\n').length} lines of Axiom.log): ${leaks.length ? `TOKEN FOUND in ${leaks.join(', ')}` : 'no token'}`);
  return leaks.length ? 1 : 0;
}

const timer = setTimeout(() => finish(2, `time-out after ${timeoutSeconds}s`), timeoutSeconds * 1000);

try {
  codeServer = await startCodeServer(sandbox, {
    // Without this, a built workbench ignores the extensionDevelopmentPath/extensionTestsPath payload.
    extraArgs: ['--vscode-option', 'enable-smoke-test-driver', '--log', 'info'],
  });
  stamp(`code-server up on ${codeServer.url}`);
  codeServer.server.on('exit', (c) => finish(2, `code-server exited early (${c})`));
  browser = await openBrowser(sandbox);
  const { page } = browser;
  const browserLog = fs.createWriteStream(path.join(sandbox.dir, 'browser-console.log'));
  page.on('console', (m) => browserLog.write(`[${m.type()}] ${m.text()}\n`));
  page.on('pageerror', (e) => browserLog.write(`[pageerror] ${e}\n`));
  // The same contract as VS Code's own browser integration tests: the extension host's console
  // reaches us through codeAutomationLog, its verdict through codeAutomationExit.
  await page.exposeFunction('codeAutomationLog', (type, args) => {
    // The workbench's own offline noise (no extension gallery here) is not the suite's output.
    if (args.some((a) => typeof a === 'string' && /ENOTFOUND open-vsx\.org|Service Worker|socket|grace time|builtin extensions cache|AgentHost|AccountPolicyGate|connection token/i.test(a))) return;
    console[type === 'error' ? 'error' : 'log'](...args);
  });
  await page.exposeFunction('codeAutomationExit', (code) => {
    clearTimeout(timer);
    void finish(code, `extension host finished the suite with code ${code}`);
  });
  const remote = (p) => `vscode-remote://127.0.0.1:${codeServer.port}${p}`;
  const payload = [
    ['extensionDevelopmentPath', remote(projectRoot)],
    ['extensionTestsPath', remote(entry)],
    ['skipWelcome', 'true'],
  ];
  await page.goto(`${codeServer.url}/?folder=${encodeURIComponent(sandbox.workspace)}&payload=${encodeURIComponent(JSON.stringify(payload))}`);
} catch (e) {
  clearTimeout(timer);
  await finish(2, `harness error: ${e?.stack ?? e}`);
}
