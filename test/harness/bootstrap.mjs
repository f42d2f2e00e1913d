// The first step of `npm start` and `npm test`, so that each works on a fresh clone with nothing run
// before: installs the project's dependencies (`npm ci`) when node_modules is missing or does not
// hold what package-lock.json names, and returns at once when it does. Plain Node, no dependency:
// it runs before there is any.
//   node test/harness/bootstrap.mjs          install if needed
//   node test/harness/bootstrap.mjs --check [folder]  only say whether an install is needed there (exit 1 if so)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/**
 * Why node_modules does not match the lock file, or undefined when it does. npm writes what it
 * installed into node_modules/.package-lock.json; every package the lock file names must be there
 * in the same version (optional ones may be missing: those of other platforms are never installed),
 * and nothing else may be.
 */
export function staleReason(dir = root) {
  const lock = readJson(path.join(dir, 'package-lock.json'));
  if (!lock?.packages) return 'package-lock.json cannot be read';
  if (!fs.existsSync(path.join(dir, 'node_modules'))) return 'node_modules is missing';
  const installed = readJson(path.join(dir, 'node_modules/.package-lock.json'))?.packages;
  if (!installed) return 'node_modules holds no record of an install';
  for (const [where, wanted] of Object.entries(lock.packages)) {
    if (!where.startsWith('node_modules/')) continue;
    const have = installed[where];
    if (!have) {
      if (wanted.optional || wanted.devOptional) continue;
      return `${where.slice('node_modules/'.length)} is not installed`;
    }
    if (have.version !== wanted.version)
      return `${where.slice('node_modules/'.length)} is ${have.version}, the lock file says ${wanted.version}`;
  }
  const extra = Object.keys(installed).find((where) => where.startsWith('node_modules/') && !lock.packages[where]);
  if (extra) return `${extra.slice('node_modules/'.length)} is installed but not in the lock file`;
  // A package removed by hand leaves its record behind: check that each top-level one is there.
  const missing = Object.keys(installed).find(
    (where) => /^node_modules\/(@[^/]+\/)?[^/@]+$/.test(where) && !fs.existsSync(path.join(dir, where, 'package.json')),
  );
  if (missing) return `${missing.slice('node_modules/'.length)} is recorded but its folder is gone`;
  return undefined;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (process.argv[2] === '--check') {
    const reason = staleReason(process.argv[3] ? path.resolve(process.argv[3]) : root);
    console.log(reason ? `install needed: ${reason}` : 'node_modules matches package-lock.json');
    process.exit(reason ? 1 : 0);
  }
  const reason = staleReason();
  if (reason) {
    console.log(`Installing the project's dependencies (npm ci), because ${reason}...`);
    // `npm_config_user_agent` and friends of an outer `npm run` are inherited; npm ci reads its own.
    execFileSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['ci', '--no-fund', '--no-audit'], {
      cwd: root,
      stdio: 'inherit',
    });
    const still = staleReason();
    if (still) {
      console.error(`npm ci finished, but ${still}.`);
      process.exit(1);
    }
  }
}
