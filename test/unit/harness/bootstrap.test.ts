import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';

// npm runs the tests from the project's folder.
const BOOTSTRAP = path.resolve('test/harness/bootstrap.mjs');
const folders: string[] = [];

const LOCK = {
  name: 'x',
  lockfileVersion: 3,
  packages: {
    '': { name: 'x' },
    'node_modules/esbuild': { version: '0.28.2', dev: true },
    'node_modules/@esbuild/darwin-arm64': { version: '0.28.2', optional: true },
    'node_modules/@scope/lib': { version: '1.0.0' },
  },
};

/** A project folder with that lock file and, unless `installed` is undefined, node_modules holding those packages. */
function project(
  installed: Record<string, { version: string }> | undefined,
  folders_: string[] = Object.keys(installed ?? {}),
): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'axiom-bootstrap-'));
  folders.push(root);
  fs.writeFileSync(path.join(root, 'package-lock.json'), JSON.stringify(LOCK));
  if (installed) {
    fs.mkdirSync(path.join(root, 'node_modules'));
    fs.writeFileSync(
      path.join(root, 'node_modules/.package-lock.json'),
      JSON.stringify({ name: 'x', lockfileVersion: 3, packages: installed }),
    );
    for (const where of folders_) {
      fs.mkdirSync(path.join(root, where), { recursive: true });
      fs.writeFileSync(path.join(root, where, 'package.json'), '{}');
    }
  }
  return root;
}

function check(root: string): { code: number | null; output: string } {
  const run = spawnSync(process.execPath, [BOOTSTRAP, '--check', root], { encoding: 'utf8' });
  return { code: run.status, output: run.stdout + run.stderr };
}

describe('npm start and npm test install the dependencies when node_modules is missing or stale', () => {
  after(() => folders.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));
  const complete = { 'node_modules/esbuild': { version: '0.28.2' }, 'node_modules/@scope/lib': { version: '1.0.0' } };

  it("nothing to do when node_modules holds what the lock file names (another platform's optional packages aside)", () => {
    assert.deepEqual(check(project(complete)), { code: 0, output: 'node_modules matches package-lock.json\n' });
  });

  it('an install when node_modules is missing, has no record, or a package is missing, of another version, extra or deleted', () => {
    const cases: [string, string][] = [
      [project(undefined), 'node_modules is missing'],
      [project({ 'node_modules/esbuild': { version: '0.28.2' } }), '@scope/lib is not installed'],
      [
        project({ ...complete, 'node_modules/esbuild': { version: '0.27.0' } }),
        'esbuild is 0.27.0, the lock file says 0.28.2',
      ],
      [
        project({ ...complete, 'node_modules/left-pad': { version: '1.0.0' } }),
        'left-pad is installed but not in the lock file',
      ],
      [project(complete, ['node_modules/esbuild']), '@scope/lib is recorded but its folder is gone'],
    ];
    const noRecord = project({});
    fs.rmSync(path.join(noRecord, 'node_modules/.package-lock.json'));
    cases.push([noRecord, 'node_modules holds no record of an install']);
    for (const [root, reason] of cases)
      assert.deepEqual(check(root), { code: 1, output: `install needed: ${reason}\n` });
  });
});
