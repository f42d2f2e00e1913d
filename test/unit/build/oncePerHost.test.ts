import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import fc from 'fast-check';

// npm runs the tests from the project's folder.
const BUILD = path.resolve('esbuild.mjs');

/** The parts of esbuild's metafile the check reads. */
interface Metafile {
  inputs: Record<string, { bytes: number }>;
  outputs: Record<string, { entryPoint?: string; bytes?: number; inputs: Record<string, { bytesInOutput: number }> }>;
}
interface BuildModule {
  duplicateProblems: (metafile: Metafile, options?: { limit?: number; activationKeeps?: string[] }) => string[];
  DUPLICATE_LIMIT: number;
  ONCE_PER_HOST: Record<string, string>;
  ACTIVATION_KEEPS: string[];
}

/** esbuild.mjs, loaded at run time by its path: `import()` of a variable, which the test's bundler leaves alone. */
const loadBuild = (): Promise<BuildModule> => import(pathToFileURL(BUILD).href) as Promise<BuildModule>;

/** A made-up metafile: each output file (its name → the modules it holds, each 100 bytes in it), each module's source `sourceBytes` long. */
function metafileOf(outputs: Record<string, string[]>, sourceBytes: Record<string, number> = {}): Metafile {
  const modules = new Set(Object.values(outputs).flat());
  return {
    inputs: Object.fromEntries([...modules].map((m) => [m, { bytes: sourceBytes[m] ?? 10_000 }])),
    outputs: Object.fromEntries(
      Object.entries(outputs).map(([name, held]) => [
        `dist/${name}`,
        {
          entryPoint: name === 'extension.js' ? 'src/extension.ts' : `src/${name.replace('.js', '')}.ts`,
          inputs: Object.fromEntries(held.map((m) => [m, { bytesInOutput: 100 }])),
        },
      ]),
    ),
  };
}

const dirs: string[] = [];
after(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

describe('one copy of each library and each big module across the bundles (esbuild.mjs duplicateProblems)', () => {
  it('passes the real build: every library and every module over the limit is in one file only', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'axiom-once-'));
    dirs.push(dir);
    const metafilePath = path.join(dir, 'metafile.json');
    const run = spawnSync(process.execPath, [BUILD, '--root', '.', '--production'], {
      encoding: 'utf8',
      env: { ...process.env, AXIOM_DIST: path.join(dir, 'dist'), AXIOM_METAFILE: metafilePath },
    });
    assert.equal(run.status, 0, run.stdout + run.stderr);
    const metafile = JSON.parse(fs.readFileSync(metafilePath, 'utf8')) as Metafile;
    const { duplicateProblems, ACTIVATION_KEEPS, ONCE_PER_HOST } = await loadBuild();
    const keeps = ACTIVATION_KEEPS.map((name) => ONCE_PER_HOST[name]);
    assert.deepEqual(duplicateProblems(metafile, { activationKeeps: keeps }), []);
    // Counted here apart from the check: which files hold a module of each library.
    const filesByLibrary = new Map<string, Set<string>>();
    for (const [file, output] of Object.entries(metafile.outputs))
      for (const input of Object.keys(output.inputs)) {
        const library = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input)?.[1];
        if (library) filesByLibrary.set(library, (filesByLibrary.get(library) ?? new Set()).add(path.basename(file)));
      }
    assert.deepEqual([...(filesByLibrary.get('zod') ?? [])], ['zod.js']);
    for (const [library, files] of filesByLibrary) assert.equal(files.size, 1, `${library}: ${[...files].join(', ')}`);
    // Each bundle that reads a schema requires the one zod.
    for (const bundle of ['client.js', 'apiSchemas.js'])
      assert.match(fs.readFileSync(path.join(dir, 'dist', bundle), 'utf8'), /require\("\.\/zod\.js"\)/, bundle);
    // The same production build (the .vsix's) holds no test API (src/testApi.ts, declarations.ts's TEST_LIBRARIES): no
    // file of its own, in no other file, and no file requires it (the composition's wiring of it is left out).
    assert.ok(!fs.existsSync(path.join(dir, 'dist', 'testApi.js')));
    const holders = Object.entries(metafile.outputs).filter(([, output]) => 'src/testApi.ts' in output.inputs);
    assert.deepEqual(holders, []);
    for (const file of Object.keys(metafile.outputs).filter((name) => name.endsWith('.js')))
      assert.doesNotMatch(fs.readFileSync(path.join(dir, 'dist', path.basename(file)), 'utf8'), /testApi\.js/, file);
  });

  it('fails a library in two bundles, naming it and both files', async () => {
    const { duplicateProblems } = await loadBuild();
    const problems = duplicateProblems(
      metafileOf({
        'client.js': ['node_modules/zod/v4/classic/schemas.js', 'src/core/api/client.ts'],
        'agents.js': ['node_modules/zod/v4/core/core.js', 'src/agents/bundle.ts'],
      }),
    );
    assert.equal(problems.length, 1, problems.join('\n'));
    assert.match(
      problems[0],
      /^the library zod \(node_modules\/zod\/v4\/classic\/schemas\.js\) is in 2 files \(client\.js, agents\.js\)/,
    );
    assert.match(problems[0], /ONCE_PER_HOST in esbuild\.mjs/);
  });

  it('fails a library however small its module, found under a symlinked node_modules too', async () => {
    const { duplicateProblems } = await loadBuild();
    const tiny = '../main/node_modules/@scope/tiny/index.js';
    const problems = duplicateProblems(metafileOf({ 'a.js': [tiny], 'b.js': [tiny] }, { [tiny]: 10 }));
    assert.equal(problems.length, 1);
    assert.match(problems[0], /the library @scope\/tiny .* is in 2 files \(a\.js, b\.js\)/);
  });

  it('fails a module of the project at the limit in two bundles, and lets a smaller one be copied', async () => {
    const { duplicateProblems, DUPLICATE_LIMIT } = await loadBuild();
    const metafile = metafileOf(
      {
        'monitors.js': ['src/platform/big.ts', 'src/core/small.ts'],
        'starred.js': ['src/platform/big.ts', 'src/core/small.ts'],
      },
      { 'src/platform/big.ts': DUPLICATE_LIMIT, 'src/core/small.ts': DUPLICATE_LIMIT - 1 },
    );
    assert.deepEqual(duplicateProblems(metafile), [
      'src/platform/big.ts is in 2 files (monitors.js, starred.js): build it once, in a file of its own (ONCE_PER_HOST in esbuild.mjs)',
    ]);
  });

  it('lets the activation bundle keep its own copy of what ACTIVATION_KEEPS names, and no other bundle', async () => {
    const { duplicateProblems } = await loadBuild();
    const declarations = 'src/platform/declarations.ts';
    const kept = { activationKeeps: [declarations] };
    assert.deepEqual(
      duplicateProblems(metafileOf({ 'extension.js': [declarations], 'declarations.js': [declarations] }), kept),
      [],
    );
    const problems = duplicateProblems(
      metafileOf({ 'extension.js': [declarations], 'declarations.js': [declarations], 'run.js': [declarations] }),
      kept,
    );
    assert.equal(problems.length, 1);
    assert.match(problems[0], /^src\/platform\/declarations\.ts is in 2 files \(declarations\.js, run\.js\)/);
    assert.equal(duplicateProblems(metafileOf({ 'extension.js': [declarations], 'run.js': [declarations] })).length, 1);
  });

  it('names exactly the libraries and the big modules held by more than one file (property)', async () => {
    const { duplicateProblems } = await loadBuild();
    const modules = [
      'node_modules/zod/a.js',
      'node_modules/zod/b.js',
      'node_modules/smol-toml/c.js',
      'src/x.ts',
      'src/y.ts',
    ];
    const files = ['extension.js', 'one.js', 'two.js', 'three.js'];
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom(...files), fc.subarray(modules), { minKeys: 1 }), (outputs) => {
        const problems = duplicateProblems(metafileOf(outputs));
        const holders = (key: (m: string) => string) => {
          const byKey = new Map<string, Set<string>>();
          for (const [file, held] of Object.entries(outputs))
            for (const m of held) byKey.set(key(m), (byKey.get(key(m)) ?? new Set()).add(file));
          return [...byKey].filter(([, f]) => f.size > 1).map(([k]) => k);
        };
        const expected = holders((m) => /node_modules\/([^/]+)\//.exec(m)?.[1] ?? m);
        assert.equal(problems.length, expected.length, problems.join('\n'));
        for (const key of expected)
          assert.ok(
            problems.some((p) => p.startsWith(key.startsWith('src/') ? key : `the library ${key} `)),
            key,
          );
      }),
      { numRuns: 200 },
    );
  });
});
