// `npm test`: every test, on a fresh clone too. The steps run one after another and the first that
// fails stops the run, as a chain of `&&` would. One step runs beside others: installing the test
// VS Code (setup.sh newest, which builds code-server's native addons: about four minutes on one
// core of a fresh machine) starts before `npm ci`, and the type-check, the lint and the unit tests,
// which do not need it, run meanwhile on the other core. Its output goes to .vscode-test/setup.log
// and is printed when it is waited for. Debian's packages come first, in the foreground: the unit
// tests use tinyproxy and openssl, and two apt-get runs at once would fight over dpkg's lock.
// Plain Node, no dependency: it runs before there is any.
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

async function main() {
  if ((await run('sh', ['test/harness/setup.sh', 'debian'])) !== 0) return 1;

  const logFile = path.join(root, '.vscode-test', 'setup.log');
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  const log = fs.openSync(logFile, 'w');
  console.log('The test VS Code is installed in the background when missing (its output: .vscode-test/setup.log).');
  const setup = run('sh', ['test/harness/setup.sh', 'newest'], ['ignore', log, log]);
  let finished = false;
  void setup.then(() => (finished = true));
  let setupCode;
  const setupDone = async () => {
    if (setupCode !== undefined) return setupCode;
    setupCode = await setup;
    fs.closeSync(log);
    const printed = fs.readFileSync(logFile, 'utf8').trim();
    if (printed) console.log(`\n${printed}`);
    if (setupCode !== 0) console.error(`Installing the test VS Code failed (setup.sh exit ${setupCode}).`);
    return setupCode;
  };

  const alongside = [
    [process.execPath, ['test/harness/bootstrap.mjs']],
    ...['typecheck', 'lint', 'test:unit'].map((s) => [npm, ['run', s]]),
  ];
  for (const [command, args] of alongside) {
    const code = await run(command, args);
    if (code !== 0) {
      // Stopped half way, the install would look done to the next run: it is let finish first.
      console.error(
        `\nnpm test stops: ${[path.basename(command), ...args].join(' ')} failed (exit ${code}); waiting for the VS Code install to finish.`,
      );
      await setupDone();
      return code;
    }
  }
  if (!finished) console.log('\nWaiting for the test VS Code to be installed...');
  const installed = await setupDone();
  if (installed !== 0) return installed;

  for (const script of ['test:webview', 'test:grammar', 'test:integration', 'test:e2e']) {
    const code = await run(npm, ['run', script]);
    if (code !== 0) return code;
  }
  return 0;
}

process.exitCode = await main();
