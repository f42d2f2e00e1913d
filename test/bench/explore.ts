// Loaded by the benchmark as the extension-host entry (see bench.ts, "explore"), in the real
// VS Code: (1) expanding a dataset of 5,000 fields in the Datasets view (its fields and virtual
// fields fetched, merged, and a tree item made for each row, as VS Code asks), beside a bare
// fetch + JSON parse of the same fields; (2) Show Query History with 1,000 runs recorded, from
// the command until the quick pick is shown with its items, beside a quick pick of the same
// 1,000 items prepared once; and (3) how long reading those 1,000 runs from the disk takes alone.
// Prints one line, AXIOM_BENCH {"expand": {ours, base}, "pick": {ours, base}, "read": [...]}.
import { createRequire } from 'node:module';
import path from 'node:path';
import * as vscode from 'vscode';
import type { AxiomExtensionApi } from '../../src/testApi';
import { BIG_DATASET, serveBigOrg } from '../support/bigOrg';
import { FAKE_API_TOKEN, FakeAxiom } from '../support/fakeAxiom';
import { profiled } from './hostProfile';

const RUNS = Number(process.env.AXIOM_BENCH_EXPLORE_RUNS ?? 21);
const WARMUP = 3;
const RECORDED = 1000;

/** Alternates the two, run by run, after a warm-up; the counted times of each. */
async function paired(
  ours: () => Promise<number>,
  base: () => Promise<number>,
): Promise<{ ours: number[]; base: number[] }> {
  const a: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < RUNS + WARMUP; i++) {
    const [first, second] = i % 2 ? [base, ours] : [ours, base];
    const x = await first();
    const y = await second();
    if (i < WARMUP) continue;
    (i % 2 ? b : a).push(x);
    (i % 2 ? a : b).push(y);
  }
  return { ours: a, base: b };
}

/**
 * The `vscode` API object the extension itself was handed. VS Code gives each extension its own
 * API object, chosen by the folder of the module that requires 'vscode': this entry lies outside
 * the extension's folder (the benchmark runs a built copy), so its own `vscode.window` is another
 * object, and replacing a function there reaches no call the extension makes (the quick pick's
 * show was never seen, and the run waited for it until the harness's limit). Required from a
 * file of the extension, 'vscode' is the extension's object.
 */
function extensionApi(extension: vscode.Extension<unknown>): typeof vscode {
  return createRequire(path.join(extension.extensionPath, 'dist', 'extension.js'))('vscode') as typeof vscode;
}

/** A quick pick's `items` accessor, from its class. */
function itemsAccessor(pick: object): PropertyDescriptor {
  for (let proto: unknown = Object.getPrototypeOf(pick); proto; proto = Object.getPrototypeOf(proto)) {
    const accessor = Object.getOwnPropertyDescriptor(proto, 'items');
    if (accessor?.set) return accessor;
  }
  throw new Error('a quick pick without items');
}

/**
 * Shows quick picks as they come, and notes when each is shown and when it holds at least `whole`
 * items (given before it was shown, or after: a pick may show its first items first); hides it then.
 */
function watchQuickPicks(
  window: typeof vscode.window,
  whole: number,
): { shown: () => Promise<{ shown: number; whole: number }>; restore(): void } {
  const original = window.createQuickPick;
  let resolveShown: ((at: { shown: number; whole: number }) => void) | undefined;
  window.createQuickPick = <T extends vscode.QuickPickItem>() => {
    const pick = original<T>();
    const show = pick.show.bind(pick);
    const accessor = itemsAccessor(pick);
    let shownAt: number | undefined;
    let count = 0;
    const complete = () => {
      resolveShown?.({ shown: shownAt!, whole: performance.now() });
      setTimeout(() => pick.hide(), 0);
    };
    Object.defineProperty(pick, 'items', {
      configurable: true,
      get: () => accessor.get!.call(pick) as T[],
      set: (items: readonly T[]) => {
        accessor.set!.call(pick, items);
        count = items.length;
        if (shownAt !== undefined && count >= whole) complete();
      },
    });
    pick.show = () => {
      show();
      shownAt = performance.now();
      if (count >= whole) complete();
    };
    return pick;
  };
  return {
    shown: () => new Promise((resolve) => (resolveShown = resolve)),
    restore: () => (window.createQuickPick = original),
  };
}

export async function run(): Promise<void> {
  const extension = vscode.extensions.getExtension<AxiomExtensionApi>('axiom-apl-community.axiom-apl');
  if (!extension) throw new Error('the extension is not loaded');
  const fake = new FakeAxiom();
  serveBigOrg(fake);
  await fake.start();
  try {
    const api = await extension.activate();
    console.log('explore: activated'); // progress, for the harness's last words if a step hangs
    await vscode.workspace.getConfiguration('axiom').update('url', fake.url, vscode.ConfigurationTarget.Global);
    await api.own.setToken({ token: FAKE_API_TOKEN });

    // (1) Expanding big-events: its fields are forgotten before each run, so each run fetches them.
    const view = api.datasetsView;
    console.log('explore: token set');
    await view.reload();
    console.log('explore: reloaded');
    const row = view.datasetRow(BIG_DATASET);
    if (!row) throw new Error(`no ${BIG_DATASET} in the view`);
    const expand = async () => {
      view.retryFieldsOf(row);
      const started = performance.now();
      const children = await view.getChildren(row);
      for (const child of children) view.getTreeItem(child);
      const elapsed = performance.now() - started;
      if (children.length < 4800) throw new Error(`only ${children.length} rows`);
      return elapsed;
    };
    const url = `${fake.url}/v2/datasets/${BIG_DATASET}/fields`;
    const bare = async () => {
      const started = performance.now();
      const fields = (await (
        await fetch(url, { headers: { authorization: `Bearer ${FAKE_API_TOKEN}`, accept: 'application/json' } })
      ).json()) as unknown[];
      const elapsed = performance.now() - started;
      if (fields.length < 5000) throw new Error('no fields');
      return elapsed;
    };
    const profile = process.env.AXIOM_BENCH_EXPLORE_PROFILE;
    const expanded = profile ? await profiled(profile, () => paired(expand, bare)) : await paired(expand, bare);
    console.log('explore: expanded');

    // (2) Show Query History with 1,000 runs recorded on this deployment.
    await api.history.clear();
    for (let i = 0; i < RECORDED; i++) {
      await api.history.record({
        apl: `['${BIG_DATASET}']\n| where status == ${i}\n| summarize count() by bin_auto(_time)`,
        range: { kind: 'preset', preset: '1h' },
        startedAt: Date.now() - i * 3_600_000,
        durationMs: 120 + i,
        rows: i,
        outcome: i % 10 ? 'ok' : 'failed',
        source: 'query',
      });
    }
    if ((await api.history.entries()).length !== RECORDED) throw new Error('the runs were not all recorded');
    console.log('explore: recorded');
    const window = extensionApi(extension).window;
    const picks = watchQuickPicks(window, RECORDED);
    const prepared: vscode.QuickPickItem[] = (await api.history.entries()).map((e) => ({
      label: e.apl.split('\n')[1] ?? e.apl,
      description: new Date(e.at).toLocaleTimeString(),
      detail: e.apl,
    }));
    try {
      // Until all the runs are in the pick (counted from the warm-up's end, as `paired` counts).
      const whole: number[] = [];
      const ours = async () => {
        const shown = picks.shown();
        const started = performance.now();
        await Promise.all([vscode.commands.executeCommand('axiom.showQueryHistory'), shown]);
        const at = await shown;
        whole.push(at.whole - started);
        return at.shown - started;
      };
      const base = async () => {
        const shown = picks.shown();
        const started = performance.now();
        const pick = window.createQuickPick();
        pick.items = prepared;
        const hidden = new Promise<void>((resolve) => pick.onDidHide(() => resolve()));
        pick.show();
        await hidden;
        pick.dispose();
        return (await shown).shown - started;
      };
      const picked = await paired(ours, base);
      const pickWhole = whole.slice(WARMUP);
      // What part of Show Query History is reading the history from the disk (each read reads the file afresh).
      const read: number[] = [];
      for (let i = 0; i < RUNS + WARMUP; i++) {
        const started = performance.now();
        await api.history.entries();
        if (i >= WARMUP) read.push(performance.now() - started);
      }
      console.log(
        `AXIOM_BENCH ${JSON.stringify({ expand: expanded, pick: picked, pickWhole, read, fields: 5000, runs: RECORDED })}`,
      );
    } finally {
      picks.restore();
      await api.history.clear();
    }
  } finally {
    await fake.stop();
  }
}
