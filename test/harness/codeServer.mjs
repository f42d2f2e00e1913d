// Starts a real VS Code (code-server, installed by setup.sh into .vscode-test/) on a free loopback
// port with its own user data, extensions, XDG and TMPDIR folders, and opens its workbench in
// Debian's headless chromium through playwright-core. Used by the test runner, the end-to-end
// journeys and `npm start`.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The folder of this project's package.json, found upward from this file (also when bundled into out/). */
export const projectRoot = (() => {
  for (let dir = path.dirname(fileURLToPath(import.meta.url)); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest) && JSON.parse(fs.readFileSync(manifest, 'utf8')).name === 'axiom-apl') return dir;
  }
  throw new Error('cannot find the axiom-apl project folder');
})();
const harness = path.join(projectRoot, '.vscode-test');
const chromiumPath = process.env.CHROMIUM || '/usr/bin/chromium';

/**
 * The two VS Codes the tests run in, both installed by setup.sh into .vscode-test/:
 * - newest: code-server 4.139.1 = VS Code 1.139.1, on the Node 24 it needs (from npm);
 * - oldest: code-server 4.96.4 = VS Code 1.96.4, the oldest VS Code that `engines.vscode`
 *   (^1.96.0) admits, on this machine's Node 20 (the one that code-server requires). 1.96 is the
 *   first the harness can run that has language model tools (stable since 1.95; npm has no
 *   code-server 4.95).
 * `AXIOM_VSCODE=oldest` picks the old one for everything in this module (newest by default).
 * code-server 4.96 (as 4.90 did) needs no `--vscode-option`: its workbench reads the extension-development
 * payload without the smoke-test driver switch, so it needs no extra argument.
 */
export const VSCODES = {
  newest: {
    name: 'newest',
    dir: path.join(harness, 'code-server'),
    node: path.join(harness, 'node24/node_modules/node/bin/node'),
    devArgs: ['--vscode-option', 'enable-smoke-test-driver'],
  },
  oldest: {
    name: 'oldest',
    dir: path.join(harness, 'code-server-1.96'),
    node: process.execPath,
    nodeMajor: 20,
    devArgs: [],
  },
};
const choice = process.env.AXIOM_VSCODE || 'newest';
if (!VSCODES[choice]) throw new Error(`AXIOM_VSCODE=${choice}: expected one of ${Object.keys(VSCODES).join(', ')}`);
/** The VS Code this process tests in: `{ name, dir, node, devArgs, entry }`. */
export const vscodeUnderTest = {
  ...VSCODES[choice],
  entry: path.join(VSCODES[choice].dir, 'node_modules/code-server/out/node/entry.js'),
};

const QUIET_SETTINGS = {
  'workbench.startupEditor': 'none',
  'security.workspace.trust.enabled': false,
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'workbench.enableExperiments': false,
  'chat.disableAIFeatures': true,
  'chat.agent.enabled': false,
  'workbench.tips.enabled': false,
};

export function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** A throwaway home for one VS Code: user data, extensions, workspace, and XDG/TMPDIR. */
export function makeSandbox(prefix, { settings = {}, files = {} } = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const workspace = path.join(dir, 'workspace');
  fs.mkdirSync(path.join(dir, 'data', 'User'), { recursive: true });
  fs.mkdirSync(workspace, { recursive: true });
  fs.mkdirSync(path.join(dir, 't'));
  fs.writeFileSync(path.join(dir, 'config.yaml'), 'auth: none\n');
  fs.writeFileSync(
    path.join(dir, 'data', 'User', 'settings.json'),
    JSON.stringify({ ...QUIET_SETTINGS, ...settings }, null, 2),
  );
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(workspace, name)), { recursive: true });
    fs.writeFileSync(path.join(workspace, name), text);
  }
  const env = {
    TMPDIR: path.join(dir, 't'),
    XDG_CONFIG_HOME: path.join(dir, 'xdg/config'),
    XDG_DATA_HOME: path.join(dir, 'xdg/data'),
    XDG_CACHE_HOME: path.join(dir, 'xdg/cache'),
  };
  return { dir, workspace, extensionsDir: path.join(dir, 'extensions'), userDataDir: path.join(dir, 'data'), env };
}

export function assertInstalled() {
  const { name, node, nodeMajor, entry } = vscodeUnderTest;
  if (!fs.existsSync(node) || !fs.existsSync(entry)) {
    throw new Error(
      `The ${name} test VS Code is not installed: run \`sh test/harness/setup.sh ${name}\` (npm test and npm start do it for you).`,
    );
  }
  if (nodeMajor && Number(process.versions.node.split('.')[0]) !== nodeMajor) {
    throw new Error(`The ${name} test VS Code runs on Node ${nodeMajor}, and this is Node ${process.versions.node}.`);
  }
}

/** "VS Code 1.96.4, the oldest (code-server 4.96.4 on Node v20.20.2)": read from what is installed. */
export function describeVscode() {
  assertInstalled();
  const read = (file) =>
    JSON.parse(fs.readFileSync(path.join(vscodeUnderTest.dir, 'node_modules/code-server', file), 'utf8')).version;
  const nodeVersion = execFileSync(vscodeUnderTest.node, ['--version'], { encoding: 'utf8' }).trim();
  return `VS Code ${read('lib/vscode/package.json')}, the ${vscodeUnderTest.name} (code-server ${read('package.json')} on Node ${nodeVersion})`;
}

/** Installs a packaged extension into the sandbox's extensions folder, as a person would. */
export function installVsix(sandbox, vsix) {
  assertInstalled();
  return new Promise((resolve, reject) => {
    const p = spawn(
      vscodeUnderTest.node,
      [
        vscodeUnderTest.entry,
        '--extensions-dir',
        sandbox.extensionsDir,
        '--user-data-dir',
        sandbox.userDataDir,
        '--install-extension',
        vsix,
      ],
      {
        env: { ...process.env, ...sandbox.env },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    p.stdout.on('data', (d) => (out += d));
    p.stderr.on('data', (d) => (out += d));
    p.on('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`install of ${vsix} failed (${code}): ${out}`)),
    );
  });
}

/**
 * Installs the extension in `folder` (plain files, no build step) into the sandbox as a person
 * installs one: packed into a .vsix by vsce, then installed beside whatever else is there. (A second
 * `extensionDevelopmentPath` is no way to load one: the workbench reads its payload into a map, so
 * the last of them would replace the extension under development.)
 */
export async function installExtensionFolder(sandbox, folder) {
  const vsix = path.join(sandbox.dir, `${path.basename(folder)}.vsix`);
  execFileSync(
    path.join(projectRoot, 'node_modules/.bin/vsce'),
    ['package', '--no-dependencies', '--skip-license', '--allow-missing-repository', '--out', vsix],
    { cwd: folder, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  return installVsix(sandbox, vsix);
}

/** Starts code-server and waits until it answers. Returns { port, url, stop }. */
export async function startCodeServer(sandbox, { port, extraArgs = [], env = {}, logFile, nodeArgs = [] } = {}) {
  assertInstalled();
  port ??= await freePort();
  const server = spawn(
    vscodeUnderTest.node,
    [
      ...nodeArgs,
      vscodeUnderTest.entry,
      '--auth',
      'none',
      '--bind-addr',
      `127.0.0.1:${port}`,
      '--config',
      path.join(sandbox.dir, 'config.yaml'),
      '--user-data-dir',
      sandbox.userDataDir,
      '--extensions-dir',
      sandbox.extensionsDir,
      '--disable-telemetry',
      '--disable-update-check',
      '--disable-workspace-trust',
      '--disable-getting-started-override',
      '--disable-file-downloads',
      ...extraArgs,
      sandbox.workspace,
    ],
    // Its own process group, so that stopping it also ends the extension host and its helpers.
    { env: { ...process.env, ...sandbox.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true },
  );
  const log = fs.createWriteStream(logFile ?? path.join(sandbox.dir, 'server.log'));
  // Both into one file, ended once the process is: the first of the two to end must not end the file
  // while the other still writes (an unhandled "write after end" took the benchmark down).
  server.stdout.pipe(log, { end: false });
  server.stderr.pipe(log, { end: false });
  server.on('close', () => log.end());
  log.on('error', () => undefined);
  let exited = false;
  server.on('exit', () => (exited = true));
  for (let i = 0; ; i++) {
    const ok = await new Promise((r) =>
      http
        .get(`http://127.0.0.1:${port}/healthz`, (res) => {
          res.resume();
          r(res.statusCode === 200);
        })
        .on('error', () => r(false)),
    );
    if (ok) break;
    if (exited || i > 600) throw new Error(`code-server did not come up; see ${path.join(sandbox.dir, 'server.log')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const stop = () => {
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  };
  return { port, url: `http://127.0.0.1:${port}`, server, stop };
}

/** Opens headless chromium on a URL. Returns { context, page }. */
export async function openBrowser(sandbox, url) {
  const { chromium } = await import('playwright-core');
  const context = await chromium.launchPersistentContext(path.join(sandbox.dir, 'chromium-profile'), {
    executablePath: chromiumPath,
    headless: true,
    env: { ...process.env, ...sandbox.env },
    viewport: { width: 1280, height: 800 },
    // The clipboard as a person allows it. VS Code 1.90's workbench uses the browser's clipboard
    // even under tests (later ones keep a test clipboard of their own), which headless chromium
    // denies without this.
    permissions: ['clipboard-read', 'clipboard-write'],
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const page = context.pages()[0] ?? (await context.newPage());
  if (url) await page.goto(url);
  return { context, page };
}

/** Without this, a built workbench (1.139) ignores the extensionDevelopmentPath/extensionTestsPath payload. */
export const DEV_EXTENSION_ARGS = vscodeUnderTest.devArgs;

/**
 * The workbench's address with the sandbox's folder open; with `extensionPath`, that extension is
 * loaded as the one under development, and with `testsEntry` too, that module runs in its host.
 */
export function workbenchUrl(codeServer, sandbox, { extensionPath, testsEntry } = {}) {
  const url = `${codeServer.url}/?folder=${encodeURIComponent(sandbox.workspace)}`;
  if (!extensionPath) return url;
  const remote = (p) => `vscode-remote://127.0.0.1:${codeServer.port}${p}`;
  const payload = [
    ['extensionDevelopmentPath', remote(extensionPath)],
    ...(testsEntry ? [['extensionTestsPath', remote(testsEntry)]] : []),
    ['skipWelcome', 'true'],
  ];
  return `${url}&payload=${encodeURIComponent(JSON.stringify(payload))}`;
}

/**
 * Runs an extension-host entry (a module exporting `run()`) inside a fresh code-server, with the
 * extension at `extensionPath` loaded as the one under development (and the extensions in the
 * folders `installedBeside` installed beside it, installExtensionFolder): the same contract as VS Code's
 * own browser integration tests. The entry's console reaches `onLog`; resolves with its verdict
 * (0 = run() resolved), or 2 on time-out or a harness failure. The same `port` on two runs of one
 * sandbox gives the workbench the same origin, so the second restores what the first left;
 * `nodeArgs` go to code-server's Node, whose extension host inherits them (a preloaded probe).
 */
export async function runInExtensionHost({
  sandbox,
  extensionPath = projectRoot,
  installedBeside = [],
  entry,
  timeoutSeconds = 600,
  onLog = console.log,
  stamp = () => {},
  port,
  nodeArgs,
}) {
  let codeServer;
  let browser;
  let timer;
  try {
    return await new Promise((resolve, reject) => {
      timer = setTimeout(() => resolve(2), timeoutSeconds * 1000);
      (async () => {
        stamp(`starting ${describeVscode()}`);
        for (const folder of installedBeside) {
          await installExtensionFolder(sandbox, folder);
          stamp(`installed ${path.relative(projectRoot, folder)} beside it`);
        }
        codeServer = await startCodeServer(sandbox, {
          port,
          nodeArgs,
          extraArgs: [...DEV_EXTENSION_ARGS, '--log', 'info'],
        });
        stamp(`code-server up on ${codeServer.url}`);
        codeServer.server.on('exit', (c) => {
          stamp(`code-server exited early (${c})`);
          resolve(2);
        });
        browser = await openBrowser(sandbox);
        const { page } = browser;
        const browserLog = fs.createWriteStream(path.join(sandbox.dir, 'browser-console.log'));
        page.on('console', (m) => browserLog.write(`[${m.type()}] ${m.text()}\n`));
        page.on('pageerror', (e) => browserLog.write(`[pageerror] ${e}\n`));
        await page.exposeFunction('codeAutomationLog', (type, args) => {
          // The workbench's own offline noise (no extension gallery here) is not the entry's output.
          if (
            args.some(
              (a) =>
                typeof a === 'string' &&
                /ENOTFOUND open-vsx\.org|Service Worker|socket|grace time|builtin extensions cache|AgentHost|AccountPolicyGate|connection token/i.test(
                  a,
                ),
            )
          )
            return;
          onLog(type, args);
        });
        await page.exposeFunction('codeAutomationExit', (code) => resolve(code));
        await page.goto(workbenchUrl(codeServer, sandbox, { extensionPath, testsEntry: entry }));
      })().catch(reject);
    });
  } finally {
    clearTimeout(timer);
    try {
      await browser?.context.close();
    } catch {
      /* closing anyway */
    }
    codeServer?.stop();
  }
}
