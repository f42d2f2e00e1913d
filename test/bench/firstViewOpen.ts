// Loaded by the benchmark as the extension-host entry (bench.ts, part "views-open"): the
// extension's part of the first open of the Dashboards or the Annotations view in a window
// (AXIOM_BENCH_VIEW): its feature loaded (the test API loads it when first read, as VS Code's first
// ask of the view's rows does), the list read, its rows and their tree items made, as VS Code asks;
// beside the same GET and its JSON.parse in the same host, the first request of that kind there
// too. From a click, VS Code's own part (showing the view's container, whose other views load too)
// came to 0.3–0.8 s, many times either. A first open happens once a window: the benchmark opens
// several windows, the floor first in every other one (AXIOM_BENCH_FLOOR_FIRST).
// Prints AXIOM_BENCH {"ours": ms, "base": ms}.
import * as vscode from 'vscode';
import type { AxiomExtensionApi } from '../../src/testApi';
import { FAKE_API_TOKEN } from '../support/fakeAxiom';
import { bareGetAndParse } from './bareGet';
import { profiled } from './hostProfile';

type View = 'dashboards' | 'annotations';

/** A list view's rows loaded and their tree items made, as VS Code asks them; the time it took. */
async function rowsOf<E>(list: {
  refresh(): Promise<unknown>;
  getChildren(): E[];
  getTreeItem(row: E): vscode.TreeItem;
}): Promise<number> {
  const started = performance.now();
  await list.refresh();
  const rows = list.getChildren();
  for (const row of rows) list.getTreeItem(row);
  const took = performance.now() - started;
  if (rows.length < 2) throw new Error(`the view holds ${rows.length} rows`);
  return took;
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
  const firstOpen = () => (view === 'dashboards' ? rowsOf(api.dashboards.view) : rowsOf(api.annotationsView));
  let ours: number;
  let base: number;
  // AXIOM_BENCH_VIEWS_PROFILE=<file>: the first open under the extension host's CPU profiler.
  const profile = process.env.AXIOM_BENCH_VIEWS_PROFILE;
  if (profile) {
    await profiled(profile, firstOpen);
    console.log(`AXIOM_BENCH ${JSON.stringify({ ours: 0, base: 1 })}`);
    return;
  }
  if (process.env.AXIOM_BENCH_FLOOR_FIRST === '1') {
    base = await floor();
    ours = await firstOpen();
  } else {
    ours = await firstOpen();
    base = await floor();
  }
  console.log(`AXIOM_BENCH ${JSON.stringify({ ours, base })}`);
}
