// A person's window, as the benchmark and the tests open one in code-server: not the bare window of
// the harness (no settings, an empty folder), but the two a person has.
//   first start: the user setting axiom.url, the Axiom CLI's ~/.axiom.toml with two deployments in
//     the home folder (a temporary one), a workspace folder with .apl files and a notebook, the
//     Explorer open, no token stored yet;
//   returning: the same, and a deployment with its token in secret storage, the Axiom side bar open
//     with its views visible, an Axiom APL editor and a notebook restored from the last session.
// The returning window is made as a person makes it: the window is first loaded as the preparation
// (an extension-host entry that calls personWindowHost.ts's `prepareReturning` when `preparingWith`
// gives a token), which signs in, opens the side bar, the editor and the notebook, and reloads the
// window; the reloaded window, in the same code-server and browser, is the returning one. It is a
// reload because VS Code (1.139's layout, and 1.96's) restores the side bar a person left open only
// in a window whose startup kind is "reloaded" (in the browser: the page was reloaded, or the
// workbench reloaded itself): a window opened anew, in a new browser or after VS Code restarted,
// shows the Explorer, whatever was open before, and keeps only the editors. So a returning person
// sees the Axiom side bar restored when they reload the window (F5, Reload Window, the window
// reloaded after an extension update), as here.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { freePort, makeSandbox, projectRoot, runInExtensionHost, type Sandbox } from './codeServer.mjs';

import {
  ACTIVATE_LAST,
  PERSON_WINDOW,
  PERSON_WINDOW_PREPARE,
  PERSON_WINDOW_PREPARED,
  PROBE_ALSO,
  PROBE_MAIN,
  RESTORED_NOTEBOOK,
  RESTORED_QUERY,
  type PersonWindow,
} from './personWindowNames';

const QUERIES: Record<string, string> = {
  [RESTORED_QUERY]: "['http-logs']\n| where status >= 500\n| summarize count() by bin_auto(_time), service\n",
  'slow.apl': "['http-logs']\n| where req_duration_ms > 500\n| take 100\n",
  'by-region.apl': "['http-logs']\n| summarize count() by ['geo.country']\n| order by count_ desc\n",
};
const NOTEBOOK = JSON.stringify({
  axiomNotebook: 1,
  timeRange: { preset: '1h' },
  cells: [
    { kind: 'markdown', source: '# Errors' },
    { kind: 'apl', source: "['http-logs']\n| where status >= 500\n| take 10" },
  ],
});

/** The Axiom CLI's configuration with two deployments, the second one active. */
function cliConfig(url: string): string {
  return [
    'active_deployment = "staging"',
    '',
    '[deployments.prod]',
    `url = "${url}"`,
    'token = "xaat-00000000-0000-0000-0000-000000000001"',
    '',
    '[deployments.staging]',
    `url = "${url}"`,
    'token = "xaat-00000000-0000-0000-0000-000000000002"',
    'org_id = "staging-org"',
    '',
  ].join('\n');
}

/** A sandbox of a person's window: its workbench keeps one address (its state in the browser's
 *  profile is the address's), so that a load restores what the one before left. */
export interface PersonSandbox extends Sandbox {
  readonly kind: PersonWindow;
  readonly port: number;
}

/**
 * A sandbox with the person's window of `kind` (a bare one: the harness's own), the service at
 * `url`. Its `env` (code-server's, and so the extension host's) holds the home folder and the
 * window's kind. The returning window is not complete until `prepareReturning` has loaded it once.
 */
export async function personSandbox(kind: PersonWindow, url: string, prefix = 'axiom-person-'): Promise<PersonSandbox> {
  const port = await freePort();
  if (kind === 'bare') return withKind(makeSandbox(prefix), kind, port);
  const sandbox = makeSandbox(prefix, {
    settings: { 'axiom.url': url, 'workbench.startupEditor': 'none' },
    files: { ...QUERIES, [RESTORED_NOTEBOOK]: NOTEBOOK },
  });
  const home = path.join(sandbox.dir, 'home');
  fs.mkdirSync(home, { recursive: true });
  fs.writeFileSync(path.join(home, '.axiom.toml'), cliConfig(url));
  sandbox.env.HOME = home;
  return withKind(sandbox, kind, port);
}

function withKind(sandbox: Sandbox, kind: PersonWindow, port: number): PersonSandbox {
  sandbox.env[PERSON_WINDOW] = kind;
  return { ...sandbox, kind, port };
}

/** Resolves once nothing listens on the port (within 15 s). */
async function portFreed(port: number): Promise<void> {
  for (let tries = 0; tries < 150; tries++) {
    const listening = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => resolve(false));
    });
    if (!listening) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`port ${port} is still taken by the window's last load`);
}

/** The activation probe, preloaded into the extension host (its figures: ProbedActivation). */
const PROBE = path.join(projectRoot, 'test/harness/activationProbe.cjs');

interface Manifest {
  name: string;
  publisher: string;
  version: string;
  main: string;
}
const manifestOf = (folder: string) =>
  JSON.parse(fs.readFileSync(path.join(folder, 'package.json'), 'utf8')) as Manifest;

/**
 * Installs extension folders into the sandbox as VS Code installs a .vsix (a folder
 * `<publisher>.<name>-<version>` in its extensions folder, listed in its extensions.json): they run
 * as a person's do (ExtensionMode.Production), not as the one under development (ExtensionMode.Test,
 * where the extension's activate() would load its test API). Gives each folder's installed copy.
 */
export function installExtensions(sandbox: Sandbox, folders: readonly string[]): Map<string, string> {
  const installed = new Map<string, string>();
  const listed = folders.map((folder) => {
    const manifest = manifestOf(folder);
    const relativeLocation = `${manifest.publisher}.${manifest.name}-${manifest.version}`;
    const copy = path.join(sandbox.extensionsDir, relativeLocation);
    fs.rmSync(copy, { recursive: true, force: true });
    fs.cpSync(folder, copy, { recursive: true, dereference: true });
    installed.set(folder, copy);
    return {
      identifier: { id: `${manifest.publisher}.${manifest.name}` },
      version: manifest.version,
      location: { $mid: 1, path: copy, scheme: 'file' },
      relativeLocation,
      metadata: { installedTimestamp: Date.now(), pinned: true, source: 'vsix' },
    };
  });
  // Written when none is installed too (a window of the empty extension alone): the folder is made here.
  fs.mkdirSync(sandbox.extensionsDir, { recursive: true });
  fs.writeFileSync(path.join(sandbox.extensionsDir, 'extensions.json'), JSON.stringify(listed));
  return installed;
}

/** The main of the extension in `folder`, as Node names the file it requires (links resolved). */
function mainOf(folder: string): string {
  return fs.realpathSync(path.resolve(folder, manifestOf(folder).main));
}

/** One load of the window, running `entry` in its extension host (runInExtensionHost) beside the
 *  extension under development at `extensionPath` and those `installed` (installExtensions), with the
 *  activation probe watching the extension at `probed` (by default `extensionPath`) and timing the
 *  `alsoProbed` (a folder by label); the entry activates `activateLast` (an id) when the window has
 *  not. After prepareReturning, the load prepares the returning window and reloads it, and `entry`
 *  runs again in the reloaded window. */
export async function loadPersonWindow(
  sandbox: PersonSandbox,
  options: {
    extensionPath: string;
    installed?: readonly string[];
    probed?: string;
    alsoProbed?: Record<string, string>;
    activateLast?: string;
    entry: string;
    timeoutSeconds?: number;
    onLog: (type: string, args: unknown[]) => void;
  },
): Promise<number> {
  const { installed = [], alsoProbed = {}, extensionPath } = options;
  const copies = installExtensions(sandbox, installed);
  const where = (folder: string) => copies.get(folder) ?? folder;
  sandbox.env[PROBE_MAIN] = mainOf(where(options.probed ?? extensionPath));
  sandbox.env[PROBE_ALSO] = JSON.stringify(
    Object.fromEntries(Object.entries(alsoProbed).map(([label, folder]) => [label, mainOf(where(folder))])),
  );
  if (options.activateLast) sandbox.env[ACTIVATE_LAST] = options.activateLast;
  else delete sandbox.env[ACTIVATE_LAST];
  // The load before on the same address may still be ending: its server would answer for the new one.
  await portFreed(sandbox.port);
  const prepared = sandbox.env[PERSON_WINDOW_PREPARED];
  try {
    const code = await runInExtensionHost({
      sandbox,
      port: sandbox.port,
      nodeArgs: ['--require', PROBE],
      timeoutSeconds: 120,
      extensionPath,
      entry: options.entry,
      onLog: options.onLog,
      ...(options.timeoutSeconds ? { timeoutSeconds: options.timeoutSeconds } : {}),
    });
    // Without the preparation, the window would be a new one, with the Explorer in its side bar.
    if (code === 0 && prepared !== undefined && !fs.existsSync(prepared))
      throw new Error(
        "the returning window was not prepared: its entry did not call personWindowHost.ts's prepareReturning",
      );
    return code;
  } finally {
    // prepareReturning readies one load: the next would be a window opened anew.
    delete sandbox.env[PERSON_WINDOW_PREPARE];
    delete sandbox.env[PERSON_WINDOW_PREPARED];
    delete sandbox.env.AXIOM_TOKEN;
  }
}

/**
 * Makes the next load of the returning window (loadPersonWindow) a returning person's: it first
 * prepares the window (its entry calls personWindowHost.ts's `prepareReturning`: signs in with
 * `token`, opens the side bar, the query and the notebook) and reloads it, and the entry runs again
 * in the reloaded window, which VS Code restores. Loads nothing itself.
 *   The sign-in is the extension's own way of taking a token from the environment (AXIOM_TOKEN, taken
 * in once, after activate() has returned): an installed extension gives no test API to set one with.
 * The reloaded window has the same environment; the token is already stored there, and the extension
 * only reads that it took it in.
 */
export async function prepareReturning(sandbox: PersonSandbox, options: { token: string }): Promise<void> {
  const prepared = path.join(sandbox.dir, 'returning-window-prepared');
  fs.rmSync(prepared, { force: true });
  sandbox.env[PERSON_WINDOW_PREPARE] = options.token;
  sandbox.env[PERSON_WINDOW_PREPARED] = prepared;
  sandbox.env.AXIOM_TOKEN = options.token;
}
