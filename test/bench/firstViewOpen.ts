// Loaded by the benchmark as the extension-host entry (bench.ts, part "views-open"): the
// extension's part of the first open of the Dashboards or the Annotations view in a window
// (AXIOM_BENCH_VIEW), from VS Code's first ask of the view's rows to their tree items: its feature
// loaded (the test API loads it when first read, as that first ask does), the list read, its rows
// and their tree items made (and those of the rows drawn expanded); beside the same GET and its
// JSON.parse in the same host, the first request of that kind there too.
// Both views are collapsed in the Axiom container as it comes, so a person opens one with a click in
// the open container, whose expanded views (Monitors, Starred Queries) VS Code has asked for their
// rows already: AXIOM_BENCH_VIEWS_AFTER=container does that first. Without it, only the token is
// stored (through the accounts feature) before the open: a view moved out of the container, or the
// container's other views collapsed. Each timed step starts once the window is quiet (quietHost).
// From a click, VS Code's own part (showing the view's container) came to 0.3–0.8 s, many times
// either. A first open happens once a window: the benchmark opens several windows, the floor first
// in every other one (AXIOM_BENCH_FLOOR_FIRST). Prints AXIOM_BENCH {"ours": ms, "base": ms}.
import os from 'node:os';
import path from 'node:path';
import * as vscode from 'vscode';
import type { AxiomExtensionApi } from '../../src/testApi';
import { FAKE_API_TOKEN } from '../support/fakeAxiom';
import { bareGetAndParse } from './bareGet';
import { profiled } from './hostProfile';

type View = 'dashboards' | 'annotations';

interface ListLike<E> {
  refresh(): Promise<unknown>;
  getChildren(element?: E): E[] | Promise<E[]>;
  getTreeItem(row: E): vscode.TreeItem;
}

/** The items of `rows`, and of the rows under each that is drawn expanded, as VS Code asks for them. */
async function itemsOf<E>(list: ListLike<E>, rows: E[]): Promise<void> {
  for (const row of rows)
    if (list.getTreeItem(row).collapsibleState === vscode.TreeItemCollapsibleState.Expanded)
      await itemsOf(list, await list.getChildren(row));
}

/** A list view's rows loaded and their tree items made, as VS Code asks them (the rows drawn
 *  expanded, their children too), the view's feature read (loaded, the first time) inside the time;
 *  the time it took and the top rows. */
async function rowsOf<E>(view: () => ListLike<E>): Promise<{ ms: number; rows: number }> {
  const started = performance.now();
  const list = view();
  await list.refresh();
  const rows = await list.getChildren();
  await itemsOf(list, rows);
  return { ms: performance.now() - started, rows: rows.length };
}

/** The machine's CPU time, idle and in all, summed over its cores (ms). */
function cpuTimes(): { idle: number; total: number } {
  let idle = 0;
  let total = 0;
  for (const { times } of os.cpus()) {
    idle += times.idle;
    total += times.idle + times.user + times.nice + times.sys + times.irq;
  }
  return { idle, total };
}

/** Resolves once the window is quiet: five timers of 50 ms in a row each fired within 3 ms of its
 *  time (VS Code's own extensions may still be activating just after the window opened) while the
 *  machine's cores were at least 80% idle (the window's page draws in another process), or after
 *  10 s. Each timed step starts from there. */
async function quietHost(): Promise<void> {
  const until = performance.now() + 10_000;
  for (let calm = 0; calm < 5 && performance.now() < until;) {
    const [asked, before] = [performance.now(), cpuTimes()];
    await new Promise((fired) => setTimeout(fired, 50));
    const after = cpuTimes();
    const idle = (after.idle - before.idle) / Math.max(1, after.total - before.total);
    calm = performance.now() - asked - 50 <= 3 && idle >= 0.8 ? calm + 1 : 0;
  }
}

export async function run(): Promise<void> {
  const extension = vscode.extensions.getExtension<AxiomExtensionApi>('axiom-apl-community.axiom-apl');
  if (!extension) throw new Error('the extension is not loaded');
  const view = process.env.AXIOM_BENCH_VIEW as View;
  if (view !== 'dashboards' && view !== 'annotations') throw new Error(`no such view: ${String(view)}`);
  const api = await extension.activate();
  await api.own.setToken({ token: FAKE_API_TOKEN });
  const url = (vscode.workspace.getConfiguration('axiom').get<string>('url') ?? '').replace(/\/$/, '');
  const end = new Date();
  const start = new Date(end.getTime() - 30 * 86_400_000);
  const listUrl =
    view === 'dashboards'
      ? `${url}/v2/dashboards`
      : `${url}/v2/annotations?start=${encodeURIComponent(start.toISOString())}&end=${encodeURIComponent(end.toISOString())}`;
  // The view's list request and its JSON read: the floor.
  const floor = async () => (await bareGetAndParse(listUrl, (body) => Array.isArray(body) && body.length > 0)).ms;
  // The first read of the test API's feature loads it, as VS Code's first ask of the view's rows does.
  const firstOpen = async () => {
    const { ms, rows } = await (view === 'dashboards'
      ? rowsOf(() => api.dashboards.view)
      : rowsOf(() => api.annotationsView));
    if (rows < 2) throw new Error(`the view holds ${rows} rows`);
    return ms;
  };
  const after = process.env.AXIOM_BENCH_VIEWS_AFTER === 'container' ? 'container' : 'activation';
  if (after === 'container') {
    // The container's expanded views, as VS Code asks for their rows when it opens.
    await rowsOf(() => api.monitorsView);
    await rowsOf(() => api.starredView);
  }
  let ours: number;
  let base: number;
  // AXIOM_BENCH_VIEWS_PROFILE=<folder>: the first open under the extension host's CPU profiler, one
  // profile a window (<view>-<after>-<pid>.cpuprofile).
  const profile = process.env.AXIOM_BENCH_VIEWS_PROFILE;
  if (profile) {
    await quietHost();
    await profiled(path.join(profile, `${view}-${after}-${process.pid}.cpuprofile`), firstOpen);
    console.log(`AXIOM_BENCH ${JSON.stringify({ ours: 0, base: 1 })}`);
    return;
  }
  if (process.env.AXIOM_BENCH_FLOOR_FIRST === '1') {
    base = await quietHost().then(floor);
    ours = await quietHost().then(firstOpen);
  } else {
    ours = await quietHost().then(firstOpen);
    base = await quietHost().then(floor);
  }
  console.log(`AXIOM_BENCH ${JSON.stringify({ ours, base })}`);
}
