// Bundles the extension for VS Code's Node extension host, in two CommonJS files:
//   dist/extension.js  what activation loads: the VS Code side and the small core helpers
//   dist/heavy.js      src/core/heavy.ts: the API client with undici and zod, and Test Connection
//                      with Node's network modules, loaded on first use (src/platform/heavy.ts)
//   dist/apl.js        src/core/aplLanguage.ts: the APL reference data, lexer and checks, loaded on
//                      first use of an Axiom APL document (src/platform/heavy.ts)
// and, for the browser, the results panel's webview (src/webview/results/main.ts, with uPlot):
//   dist/webview/results.js and results.css   one script (iife) and one stylesheet, loaded by the
//                      panel's page under its Content Security Policy (src/core/run/resultsPage.ts)
//   dist/webview/notebook.js   the notebook renderer (src/webview/notebook/renderer.ts), an ES module
//   dist/notebook.js   src/notebook/notebookFeature.ts: APL notebooks' serializer, controller and
//                      commands, loaded with the first notebook (src/platform/heavy.ts)
//   node esbuild.mjs               development build with source maps
//   node esbuild.mjs --production  minified, no source maps (what the .vsix ships)
//   node esbuild.mjs --tests       also bundles the unit and integration tests into out/ (and makes
//                                  out/test-workspace, the folder the Extension Tests launch opens)
//   node esbuild.mjs --single      one file with esbuild's defaults, as the extension was first built (the benchmark's baseline)
//   node esbuild.mjs --watch       development build of all bundles (the webview too), rebuilt on each change (npm run watch,
//                                  the Run Extension task in .vscode/tasks.json); tests are not watched
// Type-checking is a separate step: `npm run typecheck`.
import * as esbuild from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';

const production = process.argv.includes('--production');
const tests = process.argv.includes('--tests');
const single = process.argv.includes('--single');
const watch = process.argv.includes('--watch');
if (watch && (tests || single)) throw new Error('--watch rebuilds dist/ only (tests: node esbuild.mjs --tests)');
const outdir = process.env.AXIOM_DIST ?? 'dist';

const common = {
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  external: ['vscode'],
  logLevel: 'warning',
};

/** The modules bundled apart, each loaded on first use, and the file each becomes beside extension.js. */
const LAZY_MODULES = { [path.resolve('src/core/heavy.ts')]: './heavy.js', [path.resolve('src/core/aplLanguage.ts')]: './apl.js', [path.resolve('src/notebook/notebookFeature.ts')]: './notebook.js' };

/** `require('../core/heavy')` in the extension stays a require, of `./heavy.js` beside extension.js (and so for apl.js). */
const heavyApart = {
  name: 'heavy-apart',
  setup(build) {
    build.onResolve({ filter: /\/(heavy|aplLanguage|notebookFeature)$/ }, (args) => {
      const output = LAZY_MODULES[path.resolve(args.resolveDir, `${args.path}.ts`)];
      return output ? { path: output, external: true } : undefined;
    });
  },
};

/**
 * One copy of the vscode API for the whole bundle. esbuild turns each file's
 * `import * as vscode from 'vscode'` into its own copy of the API's ~450 properties (its ESM
 * wrapper of a CommonJS module); over the files that import it, that was most of the time it took
 * to load extension.js (see test/bench/README.md). Routed through one ES module that
 * re-exports 'vscode', the copy is made once.
 */
const vscodeOnce = {
  name: 'vscode-once',
  setup(build) {
    build.onResolve({ filter: /^vscode$/ }, (args) => (args.namespace === 'vscode-once' ? { path: 'vscode', external: true } : { path: 'vscode', namespace: 'vscode-once' }));
    build.onLoad({ filter: /.*/, namespace: 'vscode-once' }, () => ({ contents: "export * from 'vscode';", loader: 'js' }));
  },
};

/**
 * What dist/extension.js would load at activation that must wait for first use: undici, zod (any
 * module from node_modules) or Node's network modules. Activation must parse none of them. Each is
 * named with the project file that imports it.
 */
function activationLoads(metafile) {
  const extension = Object.values(metafile.outputs).find((output) => output.entryPoint === 'src/extension.ts');
  const own = Object.keys(extension.inputs).filter((input) => !input.includes('node_modules'));
  // The APL reference data and what reads it belong in dist/apl.js: only types may cross.
  const aplData = own.filter((input) => /^src\/core\/apl\/(reference|lexer|checks|completion|hover)\.ts$/.test(input)).map((input) => ({ module: input, importer: 'src/extension.ts (through its imports)' }));
  return [
    ...aplData,
    ...own.flatMap((importer) =>
      metafile.inputs[importer].imports
        .filter((i) => i.path.includes('node_modules') || /^(node:)?(net|tls|dns|http|https|zlib)$/.test(i.path))
        .map((i) => ({ module: i.original ?? i.path, importer })),
    ),
  ];
}

/** The results panel's script and stylesheet, built for the browser that runs a webview. */
const webview = {
  bundle: true,
  format: 'iife',
  platform: 'browser',
  // VS Code 1.96 runs on Electron 32 (Chromium 128); code-server runs in any recent browser.
  target: ['es2022', 'chrome114', 'firefox115', 'safari16'],
  entryPoints: { results: 'src/webview/results/main.ts' },
  outdir: `${outdir}/webview`,
  minify: production,
  sourcemap: !production,
  logLevel: 'warning',
  metafile: true,
};

/**
 * The notebook renderer (src/webview/notebook/renderer.ts): an ES module that VS Code imports into
 * a notebook's outputs page (package.json contributes.notebookRenderer). Each output draws in a
 * shadow root of its own with the styles below in it (uPlot's, the results panel's, the output's),
 * given to the script as one string (read when the build starts).
 */
const outputCss = () => ['node_modules/uplot/dist/uPlot.min.css', 'src/webview/results/results.css', 'src/webview/notebook/notebook.css'].map((f) => fs.readFileSync(f, 'utf8')).join('\n');
const notebookRenderer = () => ({
  ...webview,
  format: 'esm',
  entryPoints: { notebook: 'src/webview/notebook/renderer.ts' },
  define: { AXIOM_OUTPUT_CSS: JSON.stringify(outputCss()) },
});

/**
 * Watch mode's report, after each rebuild: "[watch] build started", then when it ends each
 * problem in two lines
 *   ✘ [ERROR] message          (▲ [WARNING] for a warning)
 *       file:line:column:      (column from 1, as VS Code counts)
 * and "[watch] build finished". The problem lines are those esbuild's own log begins a message
 * with, without its blank line and source excerpt, so that the problem matcher of
 * .vscode/tasks.json reads them. All on stdout, so that the lines keep their order when piped.
 */
let watchPending = 0;
let watchProblems = [];
/**
 * The node bundles and the webview are two esbuild contexts; a change seen by both is one rebuild
 * in the report: "started" when the first begins, the problems of both and "finished" when the
 * last ends. `checkLoads` is for the context that builds dist/extension.js.
 */
const watchReport = (checkLoads) => ({
  name: 'watch-report',
  setup(build) {
    build.onStart(() => {
      if (watchPending++ === 0) {
        watchProblems = [];
        console.log('[watch] build started');
      }
    });
    build.onEnd((result) => {
      const report = (kind, text, location) => watchProblems.push({ kind, text, location });
      for (const e of result.errors) report('ERROR', e.text, e.location);
      for (const w of result.warnings) report('WARNING', w.text, w.location);
      const loads = checkLoads && result.metafile ? activationLoads(result.metafile) : [];
      for (const l of loads) report('ERROR', `dist/extension.js would load ${l.module} at activation; load it through src/heavy.ts`, { file: l.importer, line: 1, column: 0 });
      if (--watchPending > 0) return;
      for (const { kind, text, location } of watchProblems) {
        console.log(`${kind === 'ERROR' ? '✘' : '▲'} [${kind}] ${text}`);
        if (location) console.log(`    ${location.file}:${location.line}:${location.column + 1}:`);
      }
      console.log(`[watch] build finished${watchProblems.length ? ' with problems' : ''}`);
    });
  },
});

fs.rmSync(outdir, { recursive: true, force: true });
if (single) {
  await esbuild.build({ ...common, entryPoints: ['src/extension.ts'], outfile: `${outdir}/extension.js`, minify: production, sourcemap: !production });
} else {
  // Both bundles in one build: each entry is bundled on its own (no code is shared between the
  // two files), and a watch has one rebuild to report.
  const options = {
    ...common,
    entryPoints: { extension: 'src/extension.ts', heavy: 'src/core/heavy.ts', apl: 'src/core/aplLanguage.ts', notebook: 'src/notebook/notebookFeature.ts' },
    outdir,
    minify: production,
    sourcemap: !production,
    metafile: true,
    plugins: [vscodeOnce, heavyApart],
  };
  if (watch) {
    // esbuild's own log is silenced: watchReport prints the problems.
    const context = await esbuild.context({ ...options, logLevel: 'silent', plugins: [...options.plugins, watchReport(true)] });
    const webviewContext = await esbuild.context({ ...webview, logLevel: 'silent', plugins: [watchReport(false)] });
    const rendererContext = await esbuild.context({ ...notebookRenderer(), logLevel: 'silent', plugins: [watchReport(false)] });
    await Promise.all([context.watch(), webviewContext.watch(), rendererContext.watch()]);
  } else {
    const [built] = await Promise.all([esbuild.build(options), esbuild.build(webview), esbuild.build(notebookRenderer())]);
    const loads = activationLoads(built.metafile);
    if (loads.length) throw new Error(`dist/extension.js would load ${loads.map((l) => `${l.module} (imported by ${l.importer})`).join(', ')} at activation`);
  }
}

if (tests) {
  const files = (dir) => fs.readdirSync(dir).filter((f) => f.endsWith('.ts')).map((f) => path.join(dir, f));
  await esbuild.build({
    ...common,
    entryPoints: [...files('test/unit'), ...files('test/integration'), 'test/bench/activation.ts', 'test/bench/openStarred.ts', 'test/bench/completion.ts'],
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
    entryPoints: ['test/e2e/journeys.ts', 'test/support/caProbe.ts', 'test/support/demo.ts', 'test/bench/bench.ts', 'test/bench/serveMonitors.ts', 'test/bench/resultsPaint.ts', 'test/webview/results.test.ts', 'test/webview/notebook.test.ts'],
    outdir: 'out',
    outbase: '.',
    outExtension: { '.js': '.mjs' },
    packages: 'external',
  });
  // The empty folder that the Extension Tests launch configuration (.vscode/launch.json) opens: the
  // suite writes workspace settings into its folder, which must never be this project's.
  fs.rmSync('out/test-workspace', { recursive: true, force: true });
  fs.mkdirSync('out/test-workspace', { recursive: true });
}
