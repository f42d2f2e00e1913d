// Runs a test script in each VS Code that AXIOM_VSCODE names (see VSCODES in codeServer.mjs):
// `newest` (the default: VS Code 1.139), `oldest` (VS Code 1.96, the oldest package.json's
// engines.vscode admits; `npm run test:oldest`), or both, `newest,oldest`. Installs what is
// missing first (setup.sh, idempotent). Each run gets AXIOM_VSCODE set to its one VS Code. Ends
// with a line per run (its VS Code, its "N passed, N failed", its time) and exits non-zero if any
// run failed.
//   AXIOM_VSCODE=newest,oldest node test/harness/eachVscode.mjs test/harness/runTests.mjs
import { execFileSync, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const [script, ...args] = process.argv.slice(2);
if (!script) {
  console.error('usage: node test/harness/eachVscode.mjs <script> [args...]');
  process.exit(2);
}
const names = (process.env.AXIOM_VSCODE || 'newest').split(/[\s,]+/).filter(Boolean);
execFileSync('sh', [path.join(projectRoot, 'test/harness/setup.sh'), ...names], { stdio: 'inherit' });

const results = [];
for (const name of names) {
  const env = { ...process.env, AXIOM_VSCODE: name };
  const describe = `import('./test/harness/codeServer.mjs').then((m) => console.log(m.describeVscode()))`;
  const label = execFileSync(process.execPath, ['--input-type=module', '-e', describe], {
    cwd: projectRoot,
    env,
    encoding: 'utf8',
  }).trim();
  console.log(`\n=== ${path.basename(script)} in ${label} ===`);
  const t0 = Date.now();
  let counts = '';
  let partial = '';
  const code = await new Promise((resolve) => {
    const child = spawn(process.execPath, [script, ...args], {
      cwd: projectRoot,
      env,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      const lines = (partial + chunk).split('\n');
      partial = lines.pop();
      for (const line of lines) if (/^\d+ passed, \d+ failed/.test(line)) counts = line.trim();
    });
    child.on('exit', (c, signal) => resolve(c ?? (signal ? 2 : 1)));
  });
  results.push({ label, code, counts, seconds: (Date.now() - t0) / 1000 });
}

console.log(`\n${path.basename(script)}, per VS Code:`);
for (const r of results)
  console.log(
    `  ${r.code === 0 ? '✔' : '✖'} ${r.label}: ${r.counts || 'no count printed'}, exit ${r.code}, ${r.seconds.toFixed(0)} s`,
  );
const codes = results.map((r) => r.code);
process.exit(codes.includes(2) ? 2 : (codes.find((c) => c !== 0) ?? 0));
