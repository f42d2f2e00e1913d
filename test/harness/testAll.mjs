// `npm test`: every test, on a fresh clone too. The steps run one after another and the first that
// fails stops the run, as a chain of `&&` would. One step runs beside others: installing the test
// VS Code (setup.sh newest, which builds code-server's native addons: about four minutes on one
// core of a fresh machine) starts before `npm ci`, and the type-check, the lint, the unit tests and
// the pages in chromium, which do not need it, run meanwhile on the other core. Its output goes to
// .vscode-test/setup.log and is printed when it is waited for. Debian's packages come first, in the
// foreground: the unit tests use tinyproxy and openssl, the pages chromium, and two apt-get runs at
// once would fight over dpkg's lock. Plain Node, no dependency: it runs before there is any.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Runs a command in the project's folder; resolves to its exit code. */
function run(command, args, stdio = 'inherit') {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio });
    child.on('error', (error) => {
      console.error(`${command}: ${error.message}`);
      resolve(1);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const started = Date.now();
const seconds = (since) => `${Math.round((Date.now() - since) / 1000)} s`;
/** How long each step took, printed at the end (test/bench/README.md keeps a fresh machine's). */
const took = [];

/** Runs one step by its name: `npm run <name>`, or the command given. */
async function step(name, command = npm, args = ['run', name]) {
  const since = Date.now();
  const code = await run(command, args);
  took.push(`${name} ${seconds(since)}`);
  if (code !== 0) console.error(`\nnpm test stops: ${name} failed (exit ${code}).`);
  return code;
}

async function main() {
  let code = await step('Debian packages', 'sh', ['test/harness/setup.sh', 'debian']);
  if (code !== 0) return code;

  const logFile = path.join(root, '.vscode-test', 'setup.log');
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  const log = fs.openSync(logFile, 'w');
  console.log('The test VS Code is installed in the background when missing (its output: .vscode-test/setup.log).');
  const setupSince = Date.now();
  let setupTook;
  const setup = run('sh', ['test/harness/setup.sh', 'newest'], ['ignore', log, log]).then((exit) => {
    setupTook = seconds(setupSince);
    return exit;
  });
  /** The install's exit code, once it has finished, and its output printed. */
  const installed = async () => {
    if (setupTook === undefined) console.log('\nWaiting for the test VS Code to be installed...');
    const exit = await setup;
    fs.closeSync(log);
    const printed = fs.readFileSync(logFile, 'utf8').trim();
    if (printed) console.log(`\n${printed}`);
    took.push(`(the VS Code install, beside them: ${setupTook})`);
    if (exit !== 0) console.error(`Installing the test VS Code failed (setup.sh exit ${exit}).`);
    return exit;
  };

  code = await step('npm ci when needed', process.execPath, ['test/harness/bootstrap.mjs']);
  for (const name of ['typecheck', 'lint', 'test:unit', 'test:webview']) {
    if (code !== 0) break;
    code = await step(name);
  }
  // Stopped half way, the install would look done to the next run: it is let finish first.
  const install = await installed();
  if (code !== 0) return code;
  if (install !== 0) return install;

  for (const name of ['test:grammar', 'test:integration', 'test:e2e']) {
    code = await step(name);
    if (code !== 0) return code;
  }
  return 0;
}

process.exitCode = await main();
console.log(`\nnpm test took ${seconds(started)}: ${took.join(', ')}.`);
