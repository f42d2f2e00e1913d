// Bundles the extension into one CommonJS file for VS Code's Node extension host.
//   node esbuild.mjs               development build with source maps
//   node esbuild.mjs --production  minified, no source maps (what the .vsix ships)
//   node esbuild.mjs --tests       also bundles the unit and integration tests into out/
// Type-checking is a separate step: `npm run typecheck`.
import * as esbuild from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';

const production = process.argv.includes('--production');
const tests = process.argv.includes('--tests');

const common = {
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  external: ['vscode'],
  logLevel: 'warning',
};

await esbuild.build({
  ...common,
  entryPoints: ['src/extension.ts'],
  outfile: 'dist/extension.js',
  minify: production,
  sourcemap: !production,
  metafile: true,
});

if (tests) {
  const files = (dir) => fs.readdirSync(dir).filter((f) => f.endsWith('.ts')).map((f) => path.join(dir, f));
  await esbuild.build({
    ...common,
    entryPoints: [...files('test/unit'), ...files('test/integration')],
    outdir: 'out',
    outbase: '.',
    sourcemap: 'inline',
    // mocha is loaded by the test entry from node_modules, as the test runners expect.
    external: ['vscode', 'mocha'],
  });
  // Scripts run in plain Node as ES modules (top-level await): the end-to-end journeys, which
  // drive chromium, and the child process of the certificate tests.
  await esbuild.build({
    ...common,
    format: 'esm',
    entryPoints: ['test/e2e/journeys.ts', 'test/support/caProbe.ts'],
    outdir: 'out',
    outbase: '.',
    outExtension: { '.js': '.mjs' },
    packages: 'external',
  });
}
