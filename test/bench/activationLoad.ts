// What loading dist/extension.js costs before activate() runs, in plain Node with a stubbed
// `vscode`: the compile of the file (V8's lazy parse of its wrapper) and its top level (every
// module's top-level code, and each file it requires at load). Each sample is a fresh Node process,
// as an extension host is; the figures are the median and the range of the samples.
//   node esbuild.mjs --production && node esbuild.mjs --tests && node out/test/bench/activationLoad.js
//   … activationLoad.js DIST [--samples N] [--profile]   another build's folder; --profile prints
//   the top lines of a CPU profile of the top level (self time by function, 25 µs samples, summed
//   over the samples), which is where to look for what runs at load that activate() does not need.
//   … activationLoad.js DIST --activate   also calls activate() with a stand-in context, and times
//   it: the extension's own code at activation (VS Code's side of each call is the stand-in's,
//   nearly nothing), with the first compile of every function it runs; for the floor's build too.
// Not a test: it prints figures and asserts nothing.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import inspector from 'node:inspector';
import Module from 'node:module';
import path from 'node:path';
import vm from 'node:vm';

interface Sample {
  compileMs: number;
  topLevelMs: number;
  activateMs?: number;
  files: string[];
  profile?: inspector.Profiler.Profile;
}

/** The API's lists (open documents, tabs, folders...), empty in the stand-in: a window with nothing open. */
const EMPTY_LISTS = new Set([
  'all',
  'textDocuments',
  'tabs',
  'workspaceFolders',
  'visibleTextEditors',
  'notebookDocuments',
]);

/** A stand-in for VS Code's API: every name is a callable, constructible value whose every property
 *  is one too (but the lists, empty, and the extension's mode, Production). */
function stubApi(): unknown {
  const handler: ProxyHandler<() => void> = {
    get: (_, name) =>
      name === Symbol.toPrimitive
        ? () => ''
        : typeof name === 'string' && EMPTY_LISTS.has(name)
          ? []
          : name === 'extensionMode'
            ? 1
            : stub,
    apply: () => stub,
    construct: () => stub,
  };
  const stub: () => void = new Proxy(function stand() {}, handler);
  return stub;
}

type Resolve = (request: string, parent: unknown, ...rest: unknown[]) => string;

/** Loads `file` once in this process, 'vscode' stubbed, timing its compile and its top level apart
 *  (and its activate(), with `activate`). */
async function sampleLoad(file: string, profile: boolean, activate = false): Promise<Sample> {
  const api = stubApi();
  const moduleInternals = Module as unknown as { _resolveFilename: Resolve; _cache: Record<string, unknown> };
  const resolve = moduleInternals._resolveFilename;
  moduleInternals._resolveFilename = (request, ...rest) =>
    request === 'vscode' ? 'vscode' : resolve(request, ...rest);
  moduleInternals._cache.vscode = { id: 'vscode', filename: 'vscode', loaded: true, exports: api };
  const session = new inspector.Session();
  const post = (method: string, params?: object) =>
    new Promise<unknown>((done, fail) =>
      session.post(method, params, (error, result) => (error ? fail(error) : done(result))),
    );
  if (profile) {
    session.connect();
    await post('Profiler.enable');
    await post('Profiler.setSamplingInterval', { interval: 25 });
    await post('Profiler.start');
  }
  // An extension host has set timers long before any extension activates; a fresh Node has not,
  // and its first setTimeout loads Node's timers (about 0.2 ms): set and cleared here, untimed.
  clearTimeout(setTimeout(() => undefined, 0));
  const before = new Set(Object.keys(moduleInternals._cache));
  const text = fs.readFileSync(file, 'utf8');
  const module = new Module(file);
  module.filename = file;
  module.paths = (Module as unknown as { _nodeModulePaths: (dir: string) => string[] })._nodeModulePaths(
    path.dirname(file),
  );
  const compileStart = performance.now();
  const script = new vm.Script(Module.wrap(text), { filename: file });
  const compiled = performance.now();
  const wrapper = script.runInThisContext() as (...args: unknown[]) => void;
  const requireHere = Module.createRequire(file);
  const topStart = performance.now();
  wrapper.call(module.exports, module.exports, requireHere, module, file, path.dirname(file));
  const done = performance.now();
  let activateMs: number | undefined;
  if (activate) {
    const context = {
      subscriptions: [] as unknown[],
      extension: stubApi(),
      extensionUri: stubApi(),
      globalState: stubApi(),
      workspaceState: stubApi(),
      extensionMode: 1,
    };
    const activated = performance.now();
    (module.exports as { activate(context: unknown): unknown }).activate(context);
    activateMs = performance.now() - activated;
  }
  const result = profile ? ((await post('Profiler.stop')) as { profile: inspector.Profiler.Profile }) : undefined;
  const files = Object.keys(moduleInternals._cache).filter((key) => !before.has(key));
  return {
    compileMs: compiled - compileStart,
    topLevelMs: done - topStart,
    activateMs,
    files: [file, ...files].map((f) => path.basename(f)),
    profile: result?.profile,
  };
}

/** The module of the project a line of a built file is from: a development build (node esbuild.mjs)
 *  begins each module's code with a comment naming its source; a minified one has one line. */
function moduleAt(): (file: string, line: number) => string {
  const starts = new Map<string, [number, string][]>();
  return (file, line) => {
    if (!starts.has(file))
      starts.set(
        file,
        fs
          .readFileSync(file, 'utf8')
          .split('\n')
          .flatMap((text, at): [number, string][] => {
            const source = /^\/\/ ((?:src|node_modules)\/\S+)$/.exec(text)?.[1];
            return source ? [[at, source]] : [];
          }),
      );
    const before = (starts.get(file) ?? []).filter(([at]) => at <= line);
    return before.length ? before[before.length - 1][1] : path.basename(file);
  };
}

/** Self time by function (name, module, line), in ms, of the profiles' samples in the extension's files. */
function topLines(profiles: inspector.Profiler.Profile[], dir: string): [string, number][] {
  const self = new Map<string, number>();
  const sourceOf = moduleAt();
  for (const profile of profiles) {
    const byId = new Map(profile.nodes.map((node) => [node.id, node]));
    const deltas = profile.timeDeltas ?? [];
    (profile.samples ?? []).forEach((id, at) => {
      const node = byId.get(id);
      const frame = node?.callFrame;
      if (!frame) return;
      const inside = frame.url.includes(dir);
      const where = inside
        ? `${frame.functionName || '(top level)'} ${sourceOf(frame.url.replace(/^file:\/\//, ''), frame.lineNumber)} (${path.basename(frame.url)}:${frame.lineNumber + 1})`
        : `(${frame.functionName || frame.url || 'outside'})`;
      self.set(where, (self.get(where) ?? 0) + (deltas[at + 1] ?? 0) / 1000);
    });
  }
  return [...self].sort((a, b) => b[1] - a[1]);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (value: number) => `${value.toFixed(2)} ms`;

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const flag = (name: string) => args.indexOf(name);
  if (flag('--sample') >= 0) {
    const sample = await sampleLoad(args[flag('--sample') + 1], flag('--profile') >= 0, flag('--activate') >= 0);
    // Written at once, and out before any timer the extension's activate() set can run.
    fs.writeSync(1, JSON.stringify(sample));
    process.exit(0);
  }
  const dist = path.resolve(args.find((arg, at) => !arg.startsWith('--') && args[at - 1] !== '--samples') ?? 'dist');
  const count = flag('--samples') >= 0 ? Number(args[flag('--samples') + 1]) : 15;
  const profile = flag('--profile') >= 0;
  const activate = flag('--activate') >= 0;
  const file = path.join(dist, 'extension.js');
  const samples: Sample[] = [];
  for (let i = 0; i < count; i++) {
    const run = spawnSync(
      process.execPath,
      [__filename, '--sample', file, ...(profile ? ['--profile'] : []), ...(activate ? ['--activate'] : [])],
      {
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    if (run.status !== 0) throw new Error(`the sample failed: ${run.stderr}`);
    samples.push(JSON.parse(run.stdout) as Sample);
  }
  const compile = samples.map((s) => s.compileMs);
  const topLevel = samples.map((s) => s.topLevelMs);
  const bytes = samples[0].files.reduce(
    (sum, f) => sum + (fs.existsSync(path.join(dist, f)) ? fs.statSync(path.join(dist, f)).size : 0),
    0,
  );
  console.log(`${file}: files read at load: ${samples[0].files.join(', ')} (${bytes} bytes)`);
  console.log(
    `compile ${ms(median(compile))} (${ms(Math.min(...compile))}–${ms(Math.max(...compile))}), top level ${ms(median(topLevel))} (${ms(Math.min(...topLevel))}–${ms(Math.max(...topLevel))}), ${count} fresh processes`,
  );
  const activations = samples.flatMap((s) => (s.activateMs === undefined ? [] : [s.activateMs]));
  if (activations.length)
    console.log(
      `activate() with a stand-in API ${ms(median(activations))} (${ms(Math.min(...activations))}–${ms(Math.max(...activations))})`,
    );
  if (profile) {
    const lines = topLines(
      samples.flatMap((s) => (s.profile ? [s.profile] : [])),
      dist,
    );
    console.log(`self time, summed over ${count} loads (ms):`);
    for (const [where, total] of lines.slice(0, 15)) console.log(`  ${total.toFixed(2).padStart(7)}  ${where}`);
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
