import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';

// npm runs the tests from the project's folder.
const BUILD = path.resolve('esbuild.mjs');
const trees: string[] = [];

/** The declarations as the project's are: each feature once, with its bundle (esbuild.mjs imports them). */
const DECLARATIONS = `export const FEATURES = { feature: { bundle: 'feature/bundle', commands: [] } };
export const LIBRARIES = {};
`;

/** A loader as the project's is written: one require per declared bundle, above the features. */
const LOADER = `const BUNDLES = {
  feature: () => require('./feature/bundle') as typeof import('./feature/bundle'),
};
export function load<N extends keyof typeof BUNDLES>(name: N): ReturnType<(typeof BUNDLES)[N]> {
  return BUNDLES[name]();
}
`;

/** A small extension that keeps the rules: activation registers a command whose body loads the bundle. */
const GOOD: Record<string, string> = {
  'src/platform/declarations.ts': DECLARATIONS,
  'src/features.ts': LOADER,
  'src/feature/bundle.ts': "export { work } from './work';\n",
  'src/feature/work.ts': "export function work(): string {\n  return 'the feature at work, loaded late';\n}\n",
  'src/feature/register.ts':
    "import * as vscode from 'vscode';\nexport function register(work: () => string) {\n  return vscode.commands.registerCommand('x.work', work);\n}\n",
  'src/extension.ts':
    "import { load } from './features';\nimport { register } from './feature/register';\nexport function activate(context: { subscriptions: unknown[] }) {\n  context.subscriptions.push(register(() => load('feature').work()));\n}\n",
};

/** A second bundle, "other" (src/other/bundle.ts, to be written), declared and loaded as the first is. */
const SECOND_BUNDLE: Record<string, string> = {
  'src/platform/declarations.ts': DECLARATIONS.replace(
    'commands: [] } };',
    "commands: [] }, other: { bundle: 'other/bundle', commands: [] } };",
  ),
  'src/features.ts': LOADER.replace(
    "  feature: () => require('./feature/bundle') as typeof import('./feature/bundle'),\n",
    "  feature: () => require('./feature/bundle') as typeof import('./feature/bundle'),\n  other: () => require('./other/bundle') as typeof import('./other/bundle'),\n",
  ),
};

/** Builds the tree made of `GOOD` changed by `files` with the project's esbuild.mjs and its checks. */
function build(files: Record<string, string>): { code: number | null; output: string; root: string } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'axiom-build-'));
  trees.push(root);
  for (const [name, text] of Object.entries({ ...GOOD, ...files })) {
    fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    fs.writeFileSync(path.join(root, name), text);
  }
  const run = spawnSync(process.execPath, [BUILD, '--root', root, '--production'], {
    encoding: 'utf8',
    env: { ...process.env, AXIOM_DIST: '' },
  });
  return { code: run.status, output: run.stdout + run.stderr, root };
}

describe('the build check of the lazy boundary, the declared bundles and the activation budget (esbuild.mjs)', () => {
  after(() => trees.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

  it('passes a tree that reaches the bundle only through the loader, and keeps the bundle apart', () => {
    const result = build({});
    assert.equal(result.code, 0, result.output);
    const activation = fs.readFileSync(path.join(result.root, 'dist/extension.js'), 'utf8');
    assert.match(activation, /require\("\.\/feature\.js"\)/);
    assert.ok(!activation.includes('loaded late'), 'the bundle’s code is not in extension.js');
    assert.ok(fs.readFileSync(path.join(result.root, 'dist/feature.js'), 'utf8').includes('loaded late'));
  });

  it('passes a types-only import of the bundle', () => {
    const result = build({
      'src/feature/register.ts':
        "import * as vscode from 'vscode';\nimport type { work } from './bundle';\nexport function register(run: typeof work) {\n  return vscode.commands.registerCommand('x.work', run);\n}\n",
    });
    assert.equal(result.code, 0, result.output);
  });

  it('takes the bundles from the declarations by importing them, not by reading their text', () => {
    const result = build({
      'src/platform/declarations.ts':
        "const where = ['feature', 'bundle'].join('/');\nexport const FEATURES = {\n  feature: { commands: [], bundle: where },\n};\nexport const LIBRARIES = {};\n",
      'src/features.ts':
        "export const load = (name: 'feature') => ({ feature: () => require(\n  './feature/bundle') })[name]();\n",
    });
    assert.equal(result.code, 0, result.output);
    assert.match(fs.readFileSync(path.join(result.root, 'dist/extension.js'), 'utf8'), /require\("\.\/feature\.js"\)/);
  });

  it('fails a declared bundle that no loader requires, naming it', () => {
    const result = build({
      'src/platform/declarations.ts': DECLARATIONS.replace(
        'commands: [] } };',
        "commands: [] }, other: { bundle: 'other/bundle', commands: [] } };",
      ),
      'src/other/bundle.ts': "export const other = 'the other feature';\n",
    });
    assert.equal(result.code, 1, result.output);
    assert.match(result.output, /the bundle "other" \(src\/other\/bundle\.ts\) is declared but no loader/);
  });

  it('fails a value import of the bundle’s entry by any file but the loader, naming the file', () => {
    const result = build({
      'src/feature/register.ts':
        "import * as vscode from 'vscode';\nimport { work } from './bundle';\nexport function register() {\n  return vscode.commands.registerCommand('x.work', () => work());\n}\n",
    });
    assert.equal(result.code, 1, result.output);
    assert.match(
      result.output,
      /src\/feature\/register\.ts imports the lazily loaded bundle "feature" \(src\/feature\/bundle\.ts\): only a loader \(src\/extension\.ts, src\/features\.ts, src\/platform\/lazy\.ts\) may/,
    );
  });

  it('fails activation reaching what a bundle holds by a value import, naming the module', () => {
    const result = build({
      'src/feature/register.ts':
        "import * as vscode from 'vscode';\nimport { work } from './work';\nexport function register() {\n  return vscode.commands.registerCommand('x.work', () => work());\n}\n",
    });
    assert.equal(result.code, 1, result.output);
    assert.match(
      result.output,
      /the activation bundle \(extension\.js\) holds src\/feature\/work\.ts, which belongs to the lazily loaded bundle "feature"/,
    );
  });

  it('fails a bundle holding what another bundle holds', () => {
    const result = build({
      ...SECOND_BUNDLE,
      'src/other/bundle.ts': "export { twice } from './twice';\n",
      'src/other/twice.ts': "import { work } from '../feature/work';\nexport const twice = () => work() + work();\n",
    });
    assert.equal(result.code, 1, result.output);
    assert.match(
      result.output,
      /the bundle "other" \(other\.js\) holds src\/feature\/work\.ts, which belongs to the lazily loaded bundle "feature"/,
    );
  });

  it('fails a library that two bundles hold, naming it and both files', () => {
    const library = {
      'node_modules/tinylib/package.json': '{ "name": "tinylib", "main": "index.js" }\n',
      'node_modules/tinylib/index.js': "exports.shout = (text) => text.toUpperCase() + '!';\n",
    };
    const twice = build({
      ...SECOND_BUNDLE,
      ...library,
      'src/feature/work.ts': "import { shout } from 'tinylib';\nexport const work = (): string => shout('work');\n",
      'src/other/bundle.ts': "import { shout } from 'tinylib';\nexport const other = (): string => shout('other');\n",
    });
    assert.equal(twice.code, 1, twice.output);
    assert.match(
      twice.output,
      /the library tinylib \(node_modules\/tinylib\/index\.js\) is in 2 files \((feature|other)\.js, (feature|other)\.js\)/,
    );
    const once = build({
      ...SECOND_BUNDLE,
      ...library,
      'src/feature/work.ts': "import { shout } from 'tinylib';\nexport const work = (): string => shout('work');\n",
      'src/other/bundle.ts': "export const other = (): string => 'other';\n",
    });
    assert.equal(once.code, 0, once.output);
  });

  it('fails Node’s network modules at activation', () => {
    const result = build({
      'src/extension.ts':
        "import net from 'node:net';\nexport function activate() {\n  return net.isIP('127.0.0.1');\n}\n",
    });
    assert.equal(result.code, 1, result.output);
    assert.match(result.output, /the activation bundle loads node:net \(imported by src\/extension\.ts\)/);
  });

  it('builds the secrets module into a file of its own that every bundle requires: one list per host', () => {
    const result = build({
      'src/core/api/secrets.ts':
        'const known: string[] = [];\nexport function rememberSecret(secret: string): void {\n  known.push(secret);\n}\nexport function knownSecrets(): string {\n  return known.join();\n}\n',
      'src/feature/work.ts':
        "import { knownSecrets } from '../core/api/secrets';\nexport function work(): string {\n  return knownSecrets();\n}\n",
      'src/extension.ts':
        "import { rememberSecret } from './core/api/secrets';\nimport { load } from './features';\nexport function activate(): string {\n  rememberSecret('remembered at activation');\n  return load('feature').work();\n}\n",
    });
    assert.equal(result.code, 0, result.output);
    for (const file of ['extension.js', 'feature.js'])
      assert.match(fs.readFileSync(path.join(result.root, 'dist', file), 'utf8'), /require\("\.\/secrets\.js"\)/, file);
    const run = spawnSync(
      process.execPath,
      [
        '-e',
        `process.stdout.write(require(${JSON.stringify(path.join(result.root, 'dist/extension.js'))}).activate())`,
      ],
      { encoding: 'utf8' },
    );
    assert.equal(run.stdout, 'remembered at activation', run.stderr);
  });

  it('fails an extension.js over its byte budget', () => {
    const big = Array.from({ length: 40_000 }, (_, i) => `w${i}`).join(' ');
    const result = build({
      'src/extension.ts': `const WORDS = ${JSON.stringify(big)};\nexport function activate() {\n  return WORDS.length;\n}\n`,
    });
    assert.equal(result.code, 1, result.output);
    assert.match(
      result.output,
      /extension\.js is \d+ bytes, over its budget of \d+ \(ACTIVATION_BUDGET in esbuild\.mjs\)/,
    );
  });
});
