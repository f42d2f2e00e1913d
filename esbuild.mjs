// Bundles the extension for VS Code's Node extension host, in two CommonJS files:
//   dist/extension.js  what activation loads: the VS Code side and the small core helpers
//   dist/heavy.js      src/core/heavy.ts: the API client with undici and zod, and Test Connection
//                      with Node's network modules, loaded on first use (src/platform/heavy.ts)
//   node esbuild.mjs               development build with source maps
//   node esbuild.mjs --production  minified, no source maps (what the .vsix ships)
//   node esbuild.mjs --tests       also bundles the unit and integration tests into out/
//   node esbuild.mjs --single      one file with esbuild's defaults, as before issue 6 (the benchmark's baseline)
// Type-checking is a separate step: `npm run typecheck`.
import * as esbuild from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';

const production = process.argv.includes('--production');
const tests = process.argv.includes('--tests');
const single = process.argv.includes('--single');
const outdir = process.env.AXIOM_DIST ?? 'dist';

const common = {
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  external: ['vscode'],
  logLevel: 'warning',
};

const HEAVY_MODULE = path.resolve('src/core/heavy.ts');

/** `require('./core/heavy')` in the extension stays a require, of `./heavy.js` beside extension.js. */
const heavyApart = {
  name: 'heavy-apart',
  setup(build) {
    build.onResolve({ filter: /\/heavy$/ }, (args) => {
      const target = path.resolve(args.resolveDir, `${args.path}.ts`);
      return target === HEAVY_MODULE ? { path: './heavy.js', external: true } : undefined;
    });
  },
};

/**
 * One copy of the vscode API for the whole bundle. esbuild turns each file's
 * `import * as vscode from 'vscode'` into its own copy of the API's ~450 properties (its ESM
 * wrapper of a CommonJS module); over the files that import it, that was most of the time it took
 * to load extension.js (see the README's Performance section). Routed through one ES module that
 * re-exports 'vscode', the copy is made once.
 */
const vscodeOnce = {
  name: 'vscode-once',
  setup(build) {
    build.onResolve({ filter: /^vscode$/ }, (args) => (args.namespace === 'vscode-once' ? { path: 'vscode', external: true } : { path: 'vscode', namespace: 'vscode-once' }));
    build.onLoad({ filter: /.*/, namespace: 'vscode-once' }, () => ({ contents: "export * from 'vscode';", loader: 'js' }));
  },
};

fs.rmSync(outdir, { recursive: true, force: true });
const built = await esbuild.build({
  ...common,
  entryPoints: ['src/extension.ts'],
  outfile: `${outdir}/extension.js`,
  minify: production,
  sourcemap: !production,
  metafile: true,
  plugins: single ? [] : [vscodeOnce, heavyApart],
});
if (!single) {
  // Activation must not parse undici, zod or Node's network modules: none may enter extension.js.
  const inputs = Object.keys(built.metafile.inputs).filter((input) => input.includes('node_modules'));
  const imports = Object.values(built.metafile.outputs).flatMap((output) => output.imports.map((i) => i.path));
  const heavy = [...inputs, ...imports.filter((i) => /^node:(net|tls|dns|http|https|zlib)\b/.test(i))];
  if (heavy.length) throw new Error(`dist/extension.js would load ${heavy.join(', ')} at activation`);
  await esbuild.build({
    ...common,
    entryPoints: ['src/core/heavy.ts'],
    outfile: `${outdir}/heavy.js`,
    minify: production,
    sourcemap: !production,
  });
}

if (tests) {
  const files = (dir) => fs.readdirSync(dir).filter((f) => f.endsWith('.ts')).map((f) => path.join(dir, f));
  await esbuild.build({
    ...common,
    entryPoints: [...files('test/unit'), ...files('test/integration'), 'test/bench/activation.ts'],
    outdir: 'out',
    outbase: '.',
    sourcemap: 'inline',
    // mocha is loaded by the test entry from node_modules, as the test runners expect.
    external: ['vscode', 'mocha'],
  });
  // Scripts run in plain Node as ES modules (top-level await): the end-to-end journeys, which
  // drive chromium, the child process of the certificate tests, and the benchmark.
  await esbuild.build({
    ...common,
    format: 'esm',
    entryPoints: ['test/e2e/journeys.ts', 'test/support/caProbe.ts', 'test/bench/bench.ts', 'test/bench/serveMonitors.ts'],
    outdir: 'out',
    outbase: '.',
    outExtension: { '.js': '.mjs' },
    packages: 'external',
  });
}
