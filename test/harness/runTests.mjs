// Runs the integration suite inside a real VS Code: code-server's Node extension host, with
// headless chromium as the workbench. The workbench is asked to load this project as the
// extension under development and to run out/test/integration/index.js (built by esbuild.mjs).
// Exit status: the suite's (0 = all passed), 2 on time-out or a harness failure.
import fs from 'node:fs';
import path from 'node:path';
import { makeSandbox, projectRoot, runInExtensionHost } from './codeServer.mjs';

/** The integration suite's token of no known shape (test/support/fakeAxiom.ts). */
const ODD_TOKEN = 'secret-oauth-token-QWERTY123';
/** The access and refresh tokens the fake authorization server issues (test/support/fakeOAuth.ts). */
const ISSUED_TOKEN = /fake-oauth-(?:access|refresh)-\d+-[0-9a-f]{24}/;
const timeoutSeconds = Number(process.env.AXIOM_TEST_TIMEOUT ?? 600);
const entry = path.join(projectRoot, 'out/test/integration/index.js');
/** A second extension loaded beside ours: the suite saves Axiom's records through its commands, as
 *  another extension would (test/fixtures/otherExtension, test/integration/otherExtension.ts). */
const OTHER_EXTENSION = path.join(projectRoot, 'test/fixtures/otherExtension');
const sandbox = makeSandbox('axiom-apl-it-');
const t0 = Date.now();
const stamp = (...a) => console.log(`[runner +${((Date.now() - t0) / 1000).toFixed(1)}s]`, ...a);

/**
 * The suite signs in with test tokens and makes services echo them back. After it, no file the
 * run wrote (VS Code's logs, the extension's "Axiom" log, code-server's and the browser's output)
 * may hold a token-shaped string that is not masked, nor the token of no known shape, nor an
 * access or refresh token the fake authorization server issued when the suite signed in.
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
    stamp("token scan: the extension's Axiom.log was not found or is empty, so the scan would prove nothing");
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
    if (/xa[ap]t-[A-Za-z0-9]/.test(text) || text.includes(ODD_TOKEN) || ISSUED_TOKEN.test(text))
      leaks.push(path.relative(sandbox.dir, file));
  }
  stamp(
    `token scan: ${files.length} files (${(bytes / 1e6).toFixed(1)} MB, ${fs.readFileSync(axiomLog, 'utf8').split('\n').length} lines of Axiom.log): ${leaks.length ? `TOKEN FOUND in ${leaks.join(', ')}` : 'no token'}`,
  );
  return leaks.length ? 1 : 0;
}

let code;
try {
  code = await runInExtensionHost({
    sandbox,
    entry,
    installedBeside: [OTHER_EXTENSION],
    timeoutSeconds,
    stamp,
    onLog: (type, args) => console[type === 'error' ? 'error' : 'log'](...args),
  });
  stamp(
    code === 2
      ? 'the suite did not finish (time-out or code-server failure)'
      : `extension host finished the suite with code ${code}`,
  );
} catch (e) {
  stamp(`harness error: ${e?.stack ?? e}`);
  code = 2;
}
if (code === 0) code = scanForTokens();
if (code === 0 && !process.env.AXIOM_KEEP_SANDBOX) fs.rmSync(sandbox.dir, { recursive: true, force: true });
else stamp(`logs kept in ${sandbox.dir}`);
process.exit(code);
