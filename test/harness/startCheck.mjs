// CI's proof that `npm start` does what the README promises on a clean checkout: it runs `npm start`
// as a newcomer would (no AXIOM_TOKEN, so the demo; no stdin, as in CI; a free port of its own),
// waits until the address it prints answers over HTTP, opens that address in headless chromium (the
// extension host starts only when a workbench connects) and waits until start.mjs says the demo
// service saw the extension's first request with the demo's token. Then it stops `npm start` (its
// process group) and checks that code-server (its own process group) and everything in it are gone.
//   node test/harness/startCheck.mjs               bounded by 180 s
//   node test/harness/startCheck.mjs --seconds 900 a longer bound (a fresh machine installs
//                                                  code-server first, about four minutes)
// Exit 0 when every step passed, 1 with the step that did not and the last lines of the output.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { freePort, openBrowser, projectRoot } from './codeServer.mjs';

const secondsArgument = process.argv.indexOf('--seconds');
const seconds = secondsArgument === -1 ? 180 : Number(process.argv[secondsArgument + 1]);
if (!(seconds > 0)) {
  console.error('startCheck: --seconds wants a positive number');
  process.exit(2);
}
const deadline = Date.now() + seconds * 1000;
const log = (line) => console.log(`[start check] ${line}`);

// Lines start.mjs prints (test/harness/start.mjs).
const ADDRESS = /^Open .* with the Axiom APL extension:\n(http:\/\/127\.0\.0\.1:\d+\/\S+)$/m;
const SANDBOX = /^User data and logs in (\S+); Ctrl\+C stops\.$/m;
const CONNECTED = /^The extension is connected to the demo deployment \(its first request: .*\)\.$/m;

class CheckFailed extends Error {}

let output = '';
let exited;
const port = await freePort();
const env = { ...process.env, PORT: String(port) };
delete env.AXIOM_TOKEN;
// Its own process group (as a terminal gives it), so that one signal reaches npm, its shell and start.mjs.
const start = spawn('npm', ['start'], { cwd: projectRoot, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
const exitedPromise = new Promise((resolve) => start.on('exit', (code, signal) => resolve((exited = signal ?? code))));
for (const stream of [start.stdout, start.stderr])
  stream.on('data', (chunk) => {
    output += chunk;
    process.stdout.write(chunk);
  });

/** Waits until `test()` gives a value, polling; fails with `what` at the deadline or when npm start ends. */
async function waitFor(what, test) {
  for (;;) {
    const value = await test();
    if (value) return value;
    if (exited !== undefined) throw new CheckFailed(`npm start ended (${exited}) before this: ${what}`);
    if (Date.now() > deadline) throw new CheckFailed(`not within ${seconds} s: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The HTTP status of a GET, or undefined when nothing answers. */
const statusOf = (url) =>
  new Promise((resolve) =>
    http
      .get(url, (res) => {
        res.resume();
        resolve(res.statusCode);
      })
      .on('error', () => resolve(undefined)),
  );

/** The process groups of the processes whose command line names `text` (code-server's names its sandbox). */
function groupsNaming(text) {
  const groups = new Set();
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (!fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(text)) continue;
      // stat: "pid (name) state ppid pgrp …"; the name may hold spaces, so read after its ')'.
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      groups.add(Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]));
    } catch {
      // gone meanwhile
    }
  }
  return groups;
}

/** The processes still in a process group. */
function membersOf(group) {
  return fs
    .readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]) === group;
      } catch {
        return false;
      }
    });
}

const killGroup = (group, signal) => {
  try {
    process.kill(-group, signal);
  } catch {
    // already gone
  }
};

let browser;
let browserHome;
let codeServerGroups = new Set();
let failure;
const stopEverything = async () => {
  await browser?.context.close().catch(() => {});
  if (browserHome) fs.rmSync(browserHome, { recursive: true, force: true });
  // start.mjs stops code-server on SIGTERM; what it leaves running is a failure of npm start.
  killGroup(start.pid, 'SIGTERM');
  const stopped = await Promise.race([exitedPromise, new Promise((r) => setTimeout(() => r('late'), 15_000))]);
  if (stopped === 'late') {
    killGroup(start.pid, 'SIGKILL');
    failure ??= 'npm start did not end within 15 s of SIGTERM (killed)';
  }
  for (const group of codeServerGroups) {
    for (let i = 0; i < 60 && membersOf(group).length; i++) await new Promise((r) => setTimeout(r, 250));
    const left = membersOf(group);
    if (left.length) {
      killGroup(group, 'SIGKILL');
      failure ??= `npm start left code-server's process group ${group} running (${left.join(', ')}; killed)`;
    }
  }
  if ((await statusOf(`http://127.0.0.1:${port}/healthz`)) !== undefined)
    failure ??= `port ${port} still answers after npm start stopped`;
};
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'])
  process.on(signal, () => {
    failure = `stopped by ${signal}`;
    void stopEverything().then(() => process.exit(1));
  });

try {
  log(`npm start on port ${port}, no AXIOM_TOKEN, no stdin, at most ${seconds} s`);
  const address = await waitFor('npm start prints its address', () => ADDRESS.exec(output)?.[1]);
  const sandbox = SANDBOX.exec(output)?.[1];
  if (!sandbox) throw new CheckFailed('npm start printed no sandbox folder');
  codeServerGroups = groupsNaming(sandbox);
  if (!codeServerGroups.size) throw new CheckFailed(`no code-server process names ${sandbox}`);
  const status = await waitFor('the address answers over HTTP', () => statusOf(address));
  if (status !== 200) throw new CheckFailed(`the address answered ${status}, not 200`);
  log(`the address answers (200); opening it in headless chromium`);
  browserHome = fs.mkdtempSync(path.join(os.tmpdir(), 'axiom-apl-start-check-'));
  browser = await openBrowser({ dir: browserHome, env: {} }, address);
  await waitFor("the demo service sees the extension's first request", () => CONNECTED.test(output));
  log('the extension is connected to the demo deployment');
} catch (error) {
  failure = error instanceof CheckFailed ? error.message : String(error?.stack ?? error);
}
await stopEverything();
if (failure) {
  console.error(`\nnpm start check failed: ${failure}.\nThe last lines npm start printed:`);
  console.error(output.split('\n').slice(-20).join('\n'));
  process.exit(1);
}
// Its folder (user data and logs) is kept when the check fails, to read.
fs.rmSync(SANDBOX.exec(output)[1], { recursive: true, force: true });
log('npm start works: stopped, nothing left running');
process.exit(0);
