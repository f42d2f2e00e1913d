// Bundles the extension for VS Code's Node extension host, in CommonJS files:
//   dist/extension.js  what activation loads: the declarations' table and one loop that registers
//                      what it declares (thin entries: command ids, views, file systems, providers,
//                      src/platform/entries.ts), each forwarding to the composition
//   dist/composition.js  the features' wiring (src/composition.ts) with the loaders, src/features.ts
//                      (the features' bundles) and src/platform/lazy.ts (the libraries' bundles)
//   dist/<name>.js     one per lazily loaded bundle, loaded on first use through a loader: their
//                      list (name → source file) is the declarations' (each feature's `bundle`, and
//                      LIBRARIES), which this file imports (declaredBundles)
//   dist/secrets.js    a module loaded once per extension host (ONCE_PER_HOST below): its state is
//                      one per host (the secrets), or its code is needed by several bundles (zod,
//                      the APL syntax tree, the declarations, the shared core modules), required by
//                      every bundle that imports it (the activation bundle keeps its own copy of
//                      the declarations: ACTIVATION_KEEPS)
// and, for the browser, the results panel's webview (src/webview/results/main.ts, with uPlot):
//   dist/webview/results.js and results.css   one script (iife) and one stylesheet, loaded by the
//                      panel's page under its Content Security Policy (src/core/webviewHtml.ts)
//   dist/webview/notebook.js   the notebook renderer (src/webview/notebook/renderer.ts), an ES module
//   node esbuild.mjs               development build with source maps
//   node esbuild.mjs --production  minified, no source maps (what the .vsix ships); with --with-test-api,
//                                  the test API's file too (src/testApi.ts: the bench's rows inside VS Code read through it)
//   node esbuild.mjs --tests       also bundles the unit and integration tests into out/ (and makes
//                                  out/test-workspace, the folder the Extension Tests launch opens)
//   node esbuild.mjs --single      one file with esbuild's defaults, as the extension was first built (the benchmark's baseline)
//   node esbuild.mjs --floor       dist/extension.js of the activation floor (test/bench/activationFloor.ts: the same
//                                  registrations with empty bodies, built as the extension is; the benchmark's baseline);
//                                  with --floor-prefix P, a copy whose ids are renamed `P-<id>` (the bench installs
//                                  such copies beside the extension in one window), and --floor-rounds N, one that
//                                  registers everything N times (the bench's warm-up copy)
//   node esbuild.mjs --watch       development build of all bundles (the webview too), rebuilt on each change (npm run watch,
//                                  the Run Extension task in .vscode/tasks.json); tests are not watched
//   node esbuild.mjs --cli         only the command-line APL checker (src/cli/checkApl.ts) into out/cli/checkApl.js
//                                  (npm run check-apl), printing nothing unless the build fails
//   node esbuild.mjs --root DIR    the extension's bundles (not the webview, not the tests) of the tree in DIR, into DIR/dist,
//                                  checked as below (the checks' unit tests build small trees that break them)
// Every build of the extension's bundles is checked (bundleProblems below) and fails when
//   - dist/extension.js is larger than its byte budget (ACTIVATION_BUDGET), set close to its size:
//     what activation parses is what it costs, so growing it is a decision, made here;
//   - any file but a loader imports a lazily loaded bundle's entry (a value import: types cross freely),
//     or a declared bundle is one no loader requires;
//   - a module that a lazy bundle's entry imports (what the bundle holds; src/platform/ is everyone's)
//     is in another bundle, the activation bundle included: reached by a value import from elsewhere;
//   - dist/extension.js holds a module from node_modules or Node's network modules;
//   - two files hold a copy of the same library (any module of a package in node_modules), or of the
//     same module of the project whose source is DUPLICATE_LIMIT or more (duplicateProblems): it is
//     built once, in ONCE_PER_HOST.
// Type-checking is a separate step: \`npm run typecheck\`.
import * as esbuild from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The loaders, the only files that may reach a lazily loaded bundle (relative to the tree's root):
 *  the composition's (activation), the features' bundles', above the features, and the libraries',
 *  on the ground floor. */
export const LOADERS = ['src/extension.ts', 'src/features.ts', 'src/platform/lazy.ts'];

/** Where each feature is declared, with its bundle (FEATURES), and the libraries' bundles (LIBRARIES). */
export const DECLARATIONS = 'src/platform/declarations.ts';

/**
 * The most dist/extension.js may weigh, in bytes, per build. Set close to its size: when a change
 * needs more, raise it here and say why in the commit (and measure activation: npm run bench).
 * Activation holds the declarations' table and one loop that registers what it declares, each
 * entry forwarding to the composition (src/platform/entries.ts, src/extension.ts); everything
 * else (the features' wiring, providers registered with a first document or tab, the status bar,
 * the walkthrough) is the composition's bundle, loaded on the first call or just after activate()
 * returns. A new command, view, file system or tool adds its name to the table, about 20 bytes;
 * anything more at activation is a decision made here. (Before that split, at 22,843 bytes, the
 * history of each raise is in this comment's git log.) Measured: 8,685 production, 8,759 with the
 * test API (the bench's build), 16,590 development, with the one thing activation does beyond the
 * registrations: a composition that failed part way is not made twice.
 */
export const ACTIVATION_BUDGET = { production: 8_800, withTestApi: 8_900, development: 16_800 };

/** The lazily loaded bundles, name → source file, as the declarations name them: the table is
 *  built by esbuild (plain data, with the core modules it imports) and imported here. The bundles
 *  only tests load (TEST_LIBRARIES: the test API) are among them; `testsOnly` names them, for the
 *  production build to leave their files out (their loader's require stays a require of a file
 *  that is not there, reached only in ExtensionMode.Test). */
export async function declaredBundles(root) {
  const table = await declarationsTable(root);
  const entries = [
    ...Object.entries(table.FEATURES ?? {}).flatMap(([name, feature]) =>
      feature.bundle ? [[name, feature.bundle]] : [],
    ),
    ...Object.entries(table.LIBRARIES ?? {}),
    ...Object.entries(table.ROOT_BUNDLES ?? {}),
    ...Object.entries(table.TEST_LIBRARIES ?? {}),
  ];
  return Object.fromEntries(entries.map(([name, entry]) => [name, `src/${entry}.ts`]));
}

/** The names of the bundles only tests load (declarations.ts's TEST_LIBRARIES). */
export async function testsOnly(root) {
  return Object.keys((await declarationsTable(root)).TEST_LIBRARIES ?? {});
}

async function declarationsTable(root) {
  const built = await esbuild.build({
    entryPoints: [path.join(root, DECLARATIONS)],
    bundle: true,
    format: 'esm',
    platform: 'node',
    write: false,
    logLevel: 'silent',
  });
  return import(`data:text/javascript;base64,${Buffer.from(built.outputFiles[0].text).toString('base64')}`);
}

/** A require or import of a bundle's entry, from any file, stays a require of `./<name>.js` beside
 *  the file that makes it (all bundles are in dist/): each bundle is loaded once, by Node's cache. */
function lazyApart(root, bundles) {
  const byEntry = new Map(Object.entries(bundles).map(([name, entry]) => [path.resolve(root, entry), name]));
  const libraries = new Map(
    Object.entries(bundles).flatMap(([name, entry]) => (isLibrary(entry) ? [[entry, name]] : [])),
  );
  return {
    name: 'lazy-apart',
    setup(build) {
      // A library built once (ONCE_PER_HOST) is required from its file by every other.
      build.onResolve({ filter: /^[^./]/ }, (args) => {
        const name = args.kind === 'entry-point' ? undefined : libraries.get(args.path);
        return name ? { path: `./${name}.js`, external: true } : undefined;
      });
      build.onResolve({ filter: /^\.\.?\// }, (args) => {
        if (args.kind === 'entry-point') return undefined;
        const name = byEntry.get(path.resolve(args.resolveDir, `${args.path}.ts`));
        return name ? { path: `./${name}.js`, external: true } : undefined;
      });
    },
  };
}

/**
 * Modules loaded once per extension host: each is built into a file of its own, dist/<name>.js, that
 * every bundle importing it requires (Node's cache loads it once), rather than each bundle holding a
 * copy of its own. Any file may import one. Two reasons put a module here:
 *   - its state is one per host: the secrets to mask (which tokens the client, the accounts and the
 *     token store remember, and which every bundle masks with);
 *   - its code is needed by more than one bundle and is big enough to matter (the build fails when
 *     a library or a module of DUPLICATE_LIMIT or more is in two files: duplicateProblems): the APL
 *     syntax tree (its parser, the lexer and the reference it reads), zod (the schemas of the client,
 *     the annotations, the dashboards and the agents: 450 KB a copy, in four bundles before), the
 *     declarations (read by activation and by every feature's bundle), the base of the service's
 *     documents and of the list views, and the core modules several features read.
 * A name that is not a path under src/ is a library's, as an import names it ('zod').
 * Only modules with no state of their own were moved here for their size: one copy instead of one per
 * bundle changes nothing they do.
 */
export const ONCE_PER_HOST = {
  exportToFolder: 'src/platform/exportToFolder.ts',
  fileLock: 'src/core/fileLock.ts',
  secrets: 'src/core/api/secrets.ts',
  aplSyntaxParser: 'src/core/apl/syntaxParser.ts',
  aplSyntaxWalk: 'src/core/apl/syntaxWalk.ts',
  aplLexer: 'src/core/apl/lexer.ts',
  aplReference: 'src/core/apl/reference.ts',
  // Code that several bundles need, one copy for all (duplicateProblems).
  zod: 'zod',
  declarations: 'src/platform/declarations.ts',
  // The ids by name (COMMANDS, VIEWS), made on first read: once per host, not once per bundle.
  constants: 'src/platform/constants.ts',
  recordFiles: 'src/platform/recordFiles.ts',
  listView: 'src/platform/listView.ts',
  openQuery: 'src/platform/openQuery.ts',
  settings: 'src/platform/settings.ts',
  keyOrder: 'src/core/keyOrder.ts',
  jsonReader: 'src/core/jsonReader.ts',
  errorAdvice: 'src/core/api/errorAdvice.ts',
  requestBudget: 'src/core/api/requestBudget.ts',
  // An edge as a person sets it: read by the accounts (the setting) and the client (its routing).
  edgeSetting: 'src/core/api/edgeSetting.ts',
  apiSchemas: 'src/core/api/schemas.ts',
  apiParse: 'src/core/api/parse.ts',
  // The lists' shape check: read by parse.ts (monitors, fields) and annotations.ts.
  apiShapeCheck: 'src/core/api/shapeCheck.ts',
  apiAnnotations: 'src/core/api/annotations.ts',
  apiDashboards: 'src/core/api/dashboards.ts',
  aplText: 'src/core/apl/aplText.ts',
  datasetNames: 'src/core/datasets/datasets.ts',
  historyStore: 'src/core/history/historyStore.ts',
  timeRange: 'src/core/run/timeRange.ts',
  panelWords: 'src/core/run/panelWords.ts',
  chartAnnotations: 'src/core/run/chartAnnotations.ts',
  queryText: 'src/core/run/queryText.ts',
  previewLayout: 'src/core/dashboards/previewLayout.ts',
  layoutCharts: 'src/core/dashboards/layoutCharts.ts',
  monitorChecks: 'src/core/monitors/monitorChecks.ts',
  monitorFields: 'src/core/monitors/monitorFields.ts',
  monitorWrites: 'src/core/monitors/monitorWrites.ts',
  // Places in code: the finder and the mapper, read by the run, notebook and agents bundles.
  codePlaces: 'src/core/code/codePlaces.ts',
  codeLocations: 'src/platform/codeLocations.ts',
  // Traces: the span tree and the queries, read by the traces and agents bundles (issue 50).
  traceQuery: 'src/core/traces/traceQuery.ts',
  spanTree: 'src/core/traces/spanTree.ts',
  findTraces: 'src/core/traces/findTraces.ts',
  traceSpans: 'src/core/traces/spans.ts',
  traceTimespan: 'src/core/traces/timespan.ts',
  // MPL's syntax: read by the language (checks, completion), the runs (an MPL query's dataset, its
  // edge), the monitors (an MPL monitor's dry run) and the history (issue 53).
  mplLexer: 'src/core/mpl/lexer.ts',
  mplReference: 'src/core/mpl/reference.ts',
  mplSyntaxParser: 'src/core/mpl/syntaxParser.ts',
};

/**
 * ONCE_PER_HOST's modules that the activation bundle holds a copy of, so that loading
 * dist/extension.js reads no other file: the declarations, which activation reads whole. Required
 * from a file of their own, they added 0.44 ms to extension.js's top level of 1.02 ms in plain Node
 * (test/bench/activationLoad.ts), for 5 KB saved in the .vsix. The lazily loaded bundles share
 * dist/declarations.js; the table has no state, so two copies of it behave as one.
 */
export const ACTIVATION_KEEPS = ['declarations'];

/** Whether a ONCE_PER_HOST entry names a library (a package in node_modules) rather than a file. */
const isLibrary = (entry) => !entry.startsWith('src/');

/** ONCE_PER_HOST's modules that the tree in `root` has (the checks' unit tests build small trees). */
const oncePerHost = (root) =>
  Object.fromEntries(
    Object.entries(ONCE_PER_HOST).filter(([, entry]) =>
      isLibrary(entry) ? fs.existsSync(path.join(root, 'node_modules', entry)) : fs.existsSync(path.join(root, entry)),
    ),
  );

/**
 * The smallest module, in bytes of its source, that may not be copied into two files: a module this
 * big or bigger that two bundles need goes to ONCE_PER_HOST (about 2 KB of minified code; a smaller
 * one costs less in copies than a file of its own costs to find and read). A library's modules may
 * not be copied at all, whatever their size.
 */
export const DUPLICATE_LIMIT = 4 * 1024;

/**
 * The libraries and the big modules that more than one built file holds, in sentences naming the
 * module and the files (none when each is in one file). `metafile` is esbuild's; `limit` the
 * smallest source, in bytes, of a module of the project that counts (DUPLICATE_LIMIT);
 * `activationKeeps` the sources of ACTIVATION_KEEPS, whose copy in dist/extension.js is allowed.
 */
export function duplicateProblems(metafile, { limit = DUPLICATE_LIMIT, activationKeeps = [] } = {}) {
  const holders = new Map();
  for (const [file, output] of Object.entries(metafile.outputs)) {
    if (!file.endsWith('.js')) continue;
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      if (bytesInOutput === 0) continue;
      if (output.entryPoint === 'src/extension.ts' && activationKeeps.includes(input)) continue;
      const library = /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input)?.[1];
      const big = input.startsWith('src/') && (metafile.inputs[input]?.bytes ?? 0) >= limit;
      if (!library && !big) continue;
      const what = library ? `the library ${library} (${input.slice(input.indexOf('node_modules/'))})` : input;
      // A library counts once per file, by its first module there.
      const key = library ?? input;
      if (!holders.has(key)) holders.set(key, { what, files: new Set() });
      holders.get(key).files.add(path.basename(file));
    }
  }
  return [...holders.values()]
    .filter(({ files }) => files.size > 1)
    .map(
      ({ what, files }) =>
        `${what} is in ${files.size} files (${[...files].join(', ')}): build it once, in a file of its own (ONCE_PER_HOST in esbuild.mjs)`,
    );
}

/** What every bundle may hold a copy of, an entry's imports included: the adapters over VS Code's services. */
const SHARED = 'src/platform/';

const NETWORK_MODULES = /^(node:)?(net|tls|dns|http|https|zlib)$/;

/**
 * What is wrong with a build, by the rules at the top of this file, in sentences (none when all is
 * well). `metafile` is esbuild's, of a build whose entry points are named `extension` and the
 * lazy bundles' names; `budget` the most dist/extension.js may weigh.
 */
export function bundleProblems(metafile, { bundles, budget }) {
  const problems = [];
  const outputs = Object.entries(metafile.outputs).filter(([file]) => file.endsWith('.js'));
  const outputOf = (entry) => outputs.find(([, output]) => output.entryPoint === entry);
  const entryNames = new Map(Object.entries(bundles).map(([name, entry]) => [entry, name]));
  // A bundle's entry is reached only by a loader, and each declared bundle by one.
  const loaded = new Set();
  for (const loader of LOADERS)
    for (const i of metafile.inputs[loader]?.imports ?? []) {
      const target = i.external ? /^\.\/(\w+)\.js$/.exec(i.path)?.[1] : undefined;
      if (target) loaded.add(target);
    }
  for (const name of Object.keys(bundles))
    if (!loaded.has(name))
      problems.push(
        `the bundle "${name}" (${bundles[name]}) is declared but no loader (${LOADERS.join(', ')}) requires its entry: load it there`,
      );
  for (const [importer, input] of Object.entries(metafile.inputs)) {
    if (LOADERS.includes(importer)) continue;
    for (const i of input.imports) {
      const target = i.external ? /^\.\/(\w+)\.js$/.exec(i.path)?.[1] : undefined;
      const name = target && bundles[target] ? target : entryNames.get(i.path);
      if (name)
        problems.push(
          `${importer} imports the lazily loaded bundle "${name}" (${bundles[name]}): only a loader (${LOADERS.join(', ')}) may; import its types only (import type)`,
        );
    }
  }
  // What a bundle holds is in no other bundle.
  const held = new Map();
  for (const [name, entry] of Object.entries(bundles)) {
    for (const i of metafile.inputs[entry]?.imports ?? []) {
      // The project's own modules only ('vscode' is everyone's, node_modules are the activation check's).
      if (i.external || !i.path.startsWith('src/') || i.path.startsWith(SHARED)) continue;
      if (held.has(i.path) && held.get(i.path) !== name)
        problems.push(
          `${i.path} is imported by the entries of the bundles "${held.get(i.path)}" and "${name}": it belongs to one of them`,
        );
      else held.set(i.path, name);
    }
    held.set(entry, name);
  }
  const activation = outputOf('src/extension.ts');
  for (const [file, output] of outputs) {
    const own =
      output.entryPoint === 'src/extension.ts'
        ? 'the activation bundle'
        : entryNames.has(output.entryPoint)
          ? `the bundle "${entryNames.get(output.entryPoint)}"`
          : undefined;
    if (!own) continue;
    for (const input of Object.keys(output.inputs)) {
      const holder = held.get(input);
      if (holder && output.entryPoint !== bundles[holder])
        problems.push(
          `${own} (${path.basename(file)}) holds ${input}, which belongs to the lazily loaded bundle "${holder}": reach it through a loader (${LOADERS.join(', ')}), and import its types only`,
        );
    }
  }
  if (!activation) return [...problems, 'no activation bundle (src/extension.ts) in the build'];
  const [activationFile, activationOutput] = activation;
  // Activation parses nothing from node_modules, nor Node's network modules.
  for (const input of Object.keys(activationOutput.inputs)) {
    if (input.includes('node_modules'))
      problems.push(
        `the activation bundle holds ${input}: load it on first use, through a loader (${LOADERS.join(', ')})`,
      );
    else
      for (const i of metafile.inputs[input]?.imports ?? [])
        if (NETWORK_MODULES.test(i.path))
          problems.push(
            `the activation bundle loads ${i.path} (imported by ${input}): load it on first use, through a loader (${LOADERS.join(', ')})`,
          );
  }
  if (activationOutput.bytes > budget)
    problems.push(
      `${path.basename(activationFile)} is ${activationOutput.bytes} bytes, over its budget of ${budget} (ACTIVATION_BUDGET in esbuild.mjs): move what activation does not need into a lazily loaded bundle, or raise the budget and say why`,
    );
  return problems;
}

/** One metafile of several builds into one folder: each output is one build's; an input read by
 *  several builds is the last one's (they differ only in which imports stay requires). */
export function mergeMetafiles(metafiles) {
  return {
    inputs: Object.assign({}, ...metafiles.map((m) => m.inputs)),
    outputs: Object.assign({}, ...metafiles.map((m) => m.outputs)),
  };
}

const argValue = (flag) => {
  const at = process.argv.indexOf(flag);
  return at >= 0 ? process.argv[at + 1] : undefined;
};
const main = process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
const production = process.argv.includes('--production');
const tests = process.argv.includes('--tests');
const single = process.argv.includes('--single');
const floor = process.argv.includes('--floor');
const watch = process.argv.includes('--watch');
const cli = process.argv.includes('--cli');
const root = path.resolve(argValue('--root') ?? '.');
if (main && watch && (tests || single || floor))
  throw new Error('--watch rebuilds dist/ only (tests: node esbuild.mjs --tests)');
const outdir = process.env.AXIOM_DIST || path.join(root, 'dist');

const common = {
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  external: ['vscode'],
  logLevel: 'warning',
};

/** Names of VS Code's API newer than the oldest @types/vscode the extension builds against, looked
 *  up at run time where the host has them (agents/mcpServer.ts feature-detects each). */
const NEWER_VSCODE_NAMES = ['McpHttpServerDefinition'];
/**
 * The vscode API without a copy of it. esbuild turns `import * as vscode from 'vscode'` into an
 * ESM wrapper of the CommonJS module, a copy of the API's ~450 properties made as the bundle loads
 * (once per file importing it, or once when routed through one module that re-exports 'vscode');
 * that copy was most of the time loading extension.js took beyond the empty extension's (see
 * test/bench/README.md). Here 'vscode' is an ES module that names each value the API declares
 * (read from @types/vscode) as its own export, each a pure read of the API object: esbuild keeps
 * only those a bundle uses and turns `vscode.window` into a plain variable, read once at load.
 * A name the declarations lack fails the build ("No matching export").
 */
const vscodeNames = () => {
  const declarations = fs.readFileSync(
    fileURLToPath(new URL('node_modules/@types/vscode/index.d.ts', import.meta.url)),
    'utf8',
  );
  return [
    ...new Set(
      [...declarations.matchAll(/^\texport (?:namespace|class|enum|const|function|let|var) (\w+)/gm)].map((m) => m[1]),
    ),
    ...NEWER_VSCODE_NAMES,
  ];
};
const vscodeOnce = {
  name: 'vscode-once',
  setup(build) {
    build.onResolve({ filter: /^vscode$/ }, (args) =>
      args.namespace === 'vscode-once'
        ? { path: 'vscode', external: true }
        : { path: 'vscode', namespace: 'vscode-once' },
    );
    build.onLoad({ filter: /.*/, namespace: 'vscode-once' }, () => ({
      contents: [
        "const api = require('vscode');",
        'const read = (name) => api[name];',
        ...vscodeNames().map((name) => `export const ${name} = /* @__PURE__ */ read(${JSON.stringify(name)});`),
      ].join('\n'),
      loader: 'js',
    }));
  },
};

/** The results panel's script and stylesheet, built for the browser that runs a webview. */
const webview = {
  bundle: true,
  format: 'iife',
  platform: 'browser',
  // VS Code 1.96 runs on Electron 32 (Chromium 128); code-server runs in any recent browser.
  target: ['es2022', 'chrome114', 'firefox115', 'safari16'],
  entryPoints: {
    results: 'src/webview/results/main.ts',
    dryRun: 'src/webview/dryRun/main.ts',
    monitorForm: 'src/webview/monitorForm/main.ts',
    dashboard: 'src/webview/dashboard/main.ts',
    trace: 'src/webview/trace/main.ts',
    tail: 'src/webview/tail/main.ts',
  },
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
const outputCss = () =>
  ['node_modules/uplot/dist/uPlot.min.css', 'src/webview/shared/panel.css', 'src/webview/notebook/notebook.css']
    .map((f) => fs.readFileSync(f, 'utf8'))
    .join('\n');
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
/** The last metafile of each context that builds the extension's bundles, and their check. */
const watchMetafiles = {};
let watchCheck;
/**
 * The node bundles and the webview are two esbuild contexts; a change seen by both is one rebuild
 * in the report: "started" when the first begins, the problems of both and "finished" when the
 * last ends. `built` names a context that builds the extension's bundles: when every change has
 * been built, the last metafiles of those contexts, together, are checked (watchCheck).
 */
const watchReport = (built) => ({
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
      if (built && result.metafile) watchMetafiles[built] = result.metafile;
      if (--watchPending > 0) return;
      const problems = watchCheck ? watchCheck(Object.values(watchMetafiles)) : [];
      for (const problem of problems) report('ERROR', problem, { file: DECLARATIONS, line: 1, column: 0 });
      for (const { kind, text, location } of watchProblems) {
        console.log(`${kind === 'ERROR' ? '✘' : '▲'} [${kind}] ${text}`);
        if (location) console.log(`    ${location.file}:${location.line}:${location.column + 1}:`);
      }
      console.log(`[watch] build finished${watchProblems.length ? ' with problems' : ''}`);
    });
  },
});

if (main && cli) {
  await esbuild.build({ ...common, entryPoints: ['src/cli/checkApl.ts'], outfile: 'out/cli/checkApl.js' });
} else if (main) {
  fs.rmSync(outdir, { recursive: true, force: true });
  if (floor) {
    await esbuild.build({
      ...common,
      entryPoints: ['test/bench/activationFloor.ts'],
      outfile: `${outdir}/extension.js`,
      minify: production,
      // The prefix of the copy's ids (test/bench/activationFloorManifest.ts); none: the extension's own.
      define: {
        AXIOM_FLOOR_PREFIX: JSON.stringify(argValue('--floor-prefix') ?? ''),
        AXIOM_FLOOR_ROUNDS: String(Number(argValue('--floor-rounds') ?? 1)),
      },
      plugins: [vscodeOnce],
    });
  } else if (single) {
    await esbuild.build({
      ...common,
      entryPoints: ['src/extension.ts'],
      outfile: `${outdir}/extension.js`,
      minify: production,
      sourcemap: !production,
      define: { AXIOM_TEST_API: 'true' },
    });
  } else {
    // Every bundle in one build: each entry is bundled on its own (no code is shared between the
    // files but through the loader's requires), and a watch has one rebuild to report.
    const bundles = await declaredBundles(root);
    // The bench's builds keep the test API (--with-test-api): its rows inside VS Code read through it.
    const leftOut = production && !process.argv.includes('--with-test-api') ? await testsOnly(root) : [];
    const shared = oncePerHost(root);
    for (const name of Object.keys(shared))
      if (bundles[name]) throw new Error(`"${name}" is both a declared bundle and ONCE_PER_HOST's: rename one`);
    const options = {
      ...common,
      absWorkingDir: root,
      outdir,
      minify: production,
      sourcemap: !production,
      metafile: true,
      // The build that ships has no test API: the composition leaves out its wiring (src/composition.ts).
      define: { AXIOM_TEST_API: String(!leftOut.length) },
    };
    // Two builds, so that the activation bundle can hold its own copy of ACTIVATION_KEEPS' modules
    // while every other bundle requires their file: each entry is bundled on its own either way (no
    // code is shared between the files but through the requires of the loaders and of ONCE_PER_HOST).
    const activationShares = Object.fromEntries(
      Object.entries(shared).filter(([name]) => !ACTIVATION_KEEPS.includes(name)),
    );
    const activationOptions = {
      ...options,
      entryPoints: { extension: 'src/extension.ts' },
      plugins: [vscodeOnce, lazyApart(root, { ...bundles, ...activationShares })],
    };
    const bundlesOptions = {
      ...options,
      entryPoints: Object.fromEntries(
        Object.entries({ ...bundles, ...shared }).filter(([name]) => !leftOut.includes(name)),
      ),
      plugins: [vscodeOnce, lazyApart(root, { ...bundles, ...shared })],
    };
    // Node reads the nearest package.json of every file it loads (for its "type"): one of two
    // dozen bytes beside the bundles spares parsing the extension's manifest (some 70 KB) at load.
    fs.mkdirSync(outdir, { recursive: true });
    fs.writeFileSync(path.join(outdir, 'package.json'), '{ "type": "commonjs" }\n');
    const budgetKind = !production ? 'development' : leftOut.length ? 'production' : 'withTestApi';
    const activationKeeps = ACTIVATION_KEEPS.flatMap((name) => (shared[name] ? [shared[name]] : []));
    const check = (metafiles) => {
      const metafile = mergeMetafiles(metafiles);
      return [
        ...bundleProblems(metafile, { bundles, budget: ACTIVATION_BUDGET[budgetKind] }),
        ...duplicateProblems(metafile, { activationKeeps }),
      ];
    };
    if (watch) {
      // esbuild's own log is silenced: watchReport prints the problems.
      watchCheck = check;
      const contexts = await Promise.all([
        esbuild.context({
          ...activationOptions,
          logLevel: 'silent',
          plugins: [...activationOptions.plugins, watchReport('activation')],
        }),
        esbuild.context({
          ...bundlesOptions,
          logLevel: 'silent',
          plugins: [...bundlesOptions.plugins, watchReport('bundles')],
        }),
        esbuild.context({ ...webview, logLevel: 'silent', plugins: [watchReport(undefined)] }),
        esbuild.context({ ...notebookRenderer(), logLevel: 'silent', plugins: [watchReport(undefined)] }),
      ]);
      await Promise.all(contexts.map((context) => context.watch()));
    } else {
      const [activationBuilt, bundlesBuilt] = await Promise.all([
        esbuild.build(activationOptions),
        esbuild.build(bundlesOptions),
        argValue('--root') ? undefined : esbuild.build(webview),
        argValue('--root') ? undefined : esbuild.build(notebookRenderer()),
      ]);
      const metafiles = [activationBuilt.metafile, bundlesBuilt.metafile];
      if (process.env.AXIOM_METAFILE)
        fs.writeFileSync(process.env.AXIOM_METAFILE, JSON.stringify(mergeMetafiles(metafiles)));
      const problems = check(metafiles);
      if (problems.length) {
        for (const problem of problems) console.error(`✘ ${problem}`);
        process.exit(1);
      }
    }
  }
}

if (main && tests && !cli) {
  // Every .ts file under a folder, its subfolders included: the unit tests mirror the source's
  // folders (test/unit/<area>/<module>.test.ts), and out/ mirrors them in turn (outbase '.').
  const files = (dir) =>
    fs
      .readdirSync(dir, { recursive: true })
      .filter((f) => f.endsWith('.ts'))
      .map((f) => path.join(dir, f));
  // The runners take every *.test.js they find: a test renamed or removed must leave no old copy.
  for (const dir of ['out/test/unit', 'out/test/integration', 'out/test/webview'])
    fs.rmSync(dir, { recursive: true, force: true });
  await esbuild.build({
    ...common,
    entryPoints: [
      ...files('test/unit'),
      ...files('test/integration'),
      'test/bench/activation.ts',
      'test/bench/activationLoad.ts',
      'test/bench/openStarred.ts',
      'test/bench/openDashboard.ts',
      'test/bench/firstViewOpen.ts',
      'test/bench/completion.ts',
      'test/bench/resultsMemory.ts',
      'test/bench/explore.ts',
    ],
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
    entryPoints: [
      'test/e2e/journeys.ts',
      'test/support/caProbe.ts',
      'test/support/demo.ts',
      'test/support/serveDemo.ts',
      'test/support/historyWriter.ts',
      'test/support/renewingWindow.ts',
      'test/bench/bench.ts',
      'test/bench/serveMonitors.ts',
      'test/bench/resultsPaint.ts',
      'test/bench/notebookPaint.ts',
      'test/bench/annotationPaint.ts',
      'test/bench/dashboardPreview.ts',
      'test/bench/tracePaint.ts',
      'test/bench/codeLinksPaint.ts',
      'test/webview/results.test.ts',
      'test/webview/notebook.test.ts',
      'test/webview/monitorForm.test.ts',
      'test/webview/dryRun.test.ts',
      'test/webview/chartAnnotations.test.ts',
      'test/webview/dashboardPreview.test.ts',
      'test/webview/trace.test.ts',
      'test/webview/tail.test.ts',
    ],
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
