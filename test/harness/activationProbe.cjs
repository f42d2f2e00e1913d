// Preloaded into code-server (node --require), and so into its extension host, which inherits its
// Node options: times the extension's first require and its activate(), whoever asks for them (VS
// Code restoring a person's window activates the extension before any test entry runs), as a second
// extension would. The file to watch is AXIOM_PROBE_MAIN (the extension's main, absolute); without it,
// and in code-server's own processes, it does nothing. It also counts what the extension does before
// its activate() returns (inside the call) that it could put off: tree data given to a view, language providers
// registered, requests over Node's http and https. The figures are on globalThis.axiomActivationProbe
// for the entry that reads them (test/bench/activation.ts), in the same extension host.
//   Other extensions of the same window (AXIOM_PROBE_ALSO: JSON, a label for each main) are timed
// the same way, load and activate(), in `probe.others[label]`; `order` (on the probe and each of
// them) says which activated first in the window (0, 1, 2...), as the bench asked or not.
'use strict';
const Module = require('node:module');
const http = require('node:http');
const https = require('node:https');

/** Watches the extension whose main is `main` from now on, and times the others' (`others`: a main for
 *  each label); `restore()` stops watching. */
function watchActivation(main, others = {}) {
  const probe = {
    loadMs: undefined,
    activateMs: undefined,
    order: undefined,
    early: { treeData: 0, languageProviders: 0, requests: 0 },
    /** Tree data asked for at any time. */
    treeData: 0,
    /** The other extensions' figures, by label. */
    others: {},
    restore: () => undo.forEach((restore) => restore()),
  };
  /** The figures of each main watched, by its path: the extension's (the probe itself) and the others'. */
  const figures = new Map([[main, probe]]);
  for (const [label, path] of Object.entries(others)) {
    probe.others[label] = { loadMs: undefined, activateMs: undefined, order: undefined };
    figures.set(path, probe.others[label]);
  }
  let activations = 0;
  /** Mains not required yet (once none is left, no require is resolved here). */
  let unloaded = figures.size;
  const undo = [];
  const replace = (target, key, make) => {
    const original = target[key];
    target[key] = make(original);
    undo.push(() => (target[key] = original));
  };
  let activatedAt;
  let activating = false;
  const counted = (key, original) =>
    function (...args) {
      if (activating) probe.early[key]++;
      return original.apply(this, args);
    };
  for (const module of [http, https])
    for (const key of ['request', 'get']) replace(module, key, (original) => counted('requests', original));

  /** The API object the extension gets: its calls counted (VS Code makes one per extension). */
  const watched = new WeakSet();
  const watch = (vscode) => {
    if (watched.has(vscode)) return;
    watched.add(vscode);
    if (process.env.AXIOM_PROBE_CALLS) timeCalls(vscode);
    for (const key of Object.keys(vscode.languages).filter((name) => /^register\w+Provider$/.test(name)))
      replace(vscode.languages, key, (original) => counted('languageProviders', original));
    replace(
      vscode.window,
      'createTreeView',
      (createTreeView) =>
        function (viewId, options) {
          const provider = options.treeDataProvider;
          const getChildren = provider.getChildren.bind(provider);
          provider.getChildren = async (element) => {
            probe.treeData++;
            if (activating) probe.early.treeData++;
            const children = await getChildren(element);
            if (
              !element &&
              activatedAt !== undefined &&
              probe.early.firstItemsAfterMs === undefined &&
              children?.length
            )
              probe.early.firstItemsAfterMs = performance.now() - activatedAt;
            return children;
          };
          return createTreeView.call(this, viewId, options);
        },
    );
  };

  /** With AXIOM_PROBE_CALLS=1: the calls of the API's namespaces inside activate(), counted and
   *  timed by name (probe.calls; the timing adds its own cost to activate()). */
  const timeCalls = (vscode) => {
    probe.calls = {};
    for (const space of [
      'commands',
      'window',
      'languages',
      'workspace',
      'notebooks',
      'lm',
      'chat',
      'authentication',
      'l10n',
      'env',
    ])
      for (const key of Object.keys(vscode[space] ?? {}))
        if (typeof Object.getOwnPropertyDescriptor(vscode[space], key)?.value === 'function')
          replace(
            vscode[space],
            key,
            (original) =>
              function (...args) {
                if (!activating) return original.apply(this, args);
                const started = performance.now();
                try {
                  return original.apply(this, args);
                } finally {
                  const call = (probe.calls[`${space}.${key}`] ??= { count: 0, ms: 0 });
                  call.count++;
                  call.ms += performance.now() - started;
                }
              },
          );
  };

  // Above VS Code's own hook (it replaces Module._load): every require of a module passes here.
  replace(
    Module.prototype,
    'require',
    (require) =>
      function (request) {
        if (request === 'vscode' && this.filename === main) {
          const vscode = require.call(this, request);
          watch(vscode);
          return vscode;
        }
        const resolved = unloaded > 0 && request.endsWith('.js') ? safeResolve(this, request) : undefined;
        const figure = resolved === undefined ? undefined : figures.get(resolved);
        if (figure === undefined || figure.loadMs !== undefined) return require.call(this, request);
        const ours = figure === probe;
        const profile = ours ? profiling('load') : undefined;
        const started = performance.now();
        const real = require.call(this, request);
        figure.loadMs = performance.now() - started;
        unloaded--;
        profile?.();
        const cached = Module._cache[resolved];
        const timed = {
          activate(context) {
            const profile = ours ? profiling('activate') : undefined;
            figure.order = activations++;
            activating = ours;
            const started = performance.now();
            try {
              return real.activate(context);
            } finally {
              figure.activateMs = performance.now() - started;
              if (ours) activatedAt = performance.now();
              activating = false;
              profile?.();
            }
          },
          deactivate: () => real.deactivate?.(),
        };
        if (cached) cached.exports = timed;
        return timed;
      },
  );
  const safeResolve = (parent, request) => {
    try {
      return Module._resolveFilename(request, parent);
    } catch {
      return undefined;
    }
  };
  return probe;
}

/** With AXIOM_PROBE_PROFILE (a path), a CPU profile of the extension's load or of its activate()
 *  (`what`), sampled every 10 µs, written to <path>.<pid>.<what>.cpuprofile when it ends:
 *  `profiling(what)` starts it and gives the function that ends it. */
function profiling(what) {
  const file = process.env.AXIOM_PROBE_PROFILE;
  if (!file) return undefined;
  const inspector = require('node:inspector');
  const session = new inspector.Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.setSamplingInterval', { interval: 10 });
  session.post('Profiler.start');
  return () =>
    session.post('Profiler.stop', (error, result) => {
      if (!error)
        require('node:fs').writeFileSync(`${file}.${process.pid}.${what}.cpuprofile`, JSON.stringify(result.profile));
      session.disconnect();
    });
}

module.exports = { watchActivation };
if (process.env.AXIOM_PROBE_MAIN)
  globalThis.axiomActivationProbe = watchActivation(
    process.env.AXIOM_PROBE_MAIN,
    JSON.parse(process.env.AXIOM_PROBE_ALSO || '{}'),
  );
