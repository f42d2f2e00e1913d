// Loaded by the benchmark as the extension-host entry (bench.ts, part "dashboard-open"): times
// opening a dashboard of 200 charts as a document (Open Dashboard on its row: the dashboard read
// from the fake service, the document made through the extension's file system, the editor shown)
// beside the floor of that work: the same GET, its body read and JSON.parse'd, in the same host.
// The two alternate run by run, each run a dashboard not opened before. Prints one line,
// AXIOM_BENCH {"ours": [ms…], "base": [ms…], "document": [ms…], "untitled": [ms…], "share": [ms…], "shareBase": [ms…], "bytes": n}:
// `document` is ours up to the document made (before the editor is shown); `untitled` is VS Code's own
// share, an untitled JSON document of the same text made and shown; `share` is the extension's own
// part, its file system's read of another dashboard not read before (the GET, its checks, the text),
// beside `shareBase`, the floor taken next to it (in turns first).
import * as vscode from 'vscode';
import type { DashboardResource } from '../../src/core/api/dashboards';
import type { AxiomExtensionApi } from '../../src/testApi';
import { FAKE_API_TOKEN } from '../support/fakeAxiom';
import { bareGetAndParse } from './bareGet';
import { profiled } from './hostProfile';

const RUNS = Number(process.env.AXIOM_BENCH_OPEN_RUNS ?? 30);
const WARMUP = 3;

/** The dashboard's GET and its JSON read: the floor. */
const getAndParse = (url: string) =>
  bareGetAndParse(url, (body) => (body as { dashboard?: { charts?: unknown[] } }).dashboard?.charts?.length === 200);

export async function run(): Promise<void> {
  const extension = vscode.extensions.getExtension<AxiomExtensionApi>('axiom-apl-community.axiom-apl');
  if (!extension) throw new Error('the extension is not loaded');
  const api = await extension.activate();
  await api.own.setToken({ token: FAKE_API_TOKEN });
  const { view } = api.dashboards;
  await view.refresh();
  const rows: readonly DashboardResource[] = view.currentDashboards;
  if (rows.length < 2 * (RUNS + WARMUP)) throw new Error(`only ${rows.length} dashboards listed`);
  const url = vscode.workspace.getConfiguration('axiom').get<string>('url') ?? '';
  const ours: number[] = [];
  const base: number[] = [];
  const document: number[] = [];
  const untitled: number[] = [];
  const share: number[] = [];
  const shareBase: number[] = [];
  const { files } = api.dashboards;
  let deployment: string | undefined;
  let bytes = 0;
  // The document made: the moment its text is there, before the editor draws it.
  let madeAt = 0;
  const made = vscode.workspace.onDidOpenTextDocument((d) => {
    if (d.uri.scheme === 'axiom-dashboard') madeAt = performance.now();
  });
  const runs = async () => {
    for (let i = 0; i < RUNS + WARMUP; i++) {
      const row = rows[i];
      const floor = async () =>
        getAndParse(`${url.replace(/\/$/, '')}/v2/dashboards/uid/${encodeURIComponent(row.uid)}`);
      const open = async () => {
        const started = performance.now();
        const editor = await vscode.commands.executeCommand<vscode.TextEditor | undefined>('axiom.openDashboard', row);
        const took = performance.now() - started;
        if (!editor?.document.getText().includes(`"name": ${JSON.stringify(row.dashboard.name)}`))
          throw new Error(`opening ${row.uid} showed other text`);
        const documentMs = madeAt - started;
        deployment ??= files.locate(editor.document.uri)?.deployment;
        await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
        const text = editor.document.getText();
        const untitledStarted = performance.now();
        await vscode.window.showTextDocument(
          await vscode.workspace.openTextDocument({ content: text, language: 'json' }),
        );
        const untitledMs = performance.now() - untitledStarted;
        await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
        return { took, documentMs, untitledMs };
      };
      /** The extension's part alone: its file system reads a dashboard that nothing has read yet. */
      const readByFiles = async () => {
        const other = rows[RUNS + WARMUP + i];
        if (deployment === undefined) throw new Error('no deployment found from the opened document');
        const started = performance.now();
        const content = await files.readFile(files.uriFor(deployment, other.uid, other.dashboard.name));
        const took = performance.now() - started;
        if (!new TextDecoder().decode(content).includes(JSON.stringify(other.dashboard.name)))
          throw new Error(`reading ${other.uid} gave other text`);
        return took;
      };
      // Alternated, so that drift in the machine hits both alike.
      const [opened, got] =
        i % 2 ? [await open(), await floor()] : await floor().then(async (g) => [await open(), g] as const);
      // The extension's part and a floor of its own, in turns first, each once the host is quiet:
      // right after the open it is still busy with it (the editor closed, its events), and right
      // after one read with that read's, and whichever came first took that (18 reads alone took
      // 1.4–2.6 ms; right after an open, 3.5 ms).
      const settled = <T>(step: () => Promise<T>) => new Promise((resolve) => setTimeout(resolve, 100)).then(step);
      const [shareMs, shareFloor] =
        i % 2
          ? [await settled(readByFiles), (await settled(floor)).ms]
          : await settled(floor).then(async (g) => [await settled(readByFiles), g.ms] as const);
      if (i >= WARMUP) {
        share.push(shareMs);
        shareBase.push(shareFloor);
        ours.push(opened.took);
        document.push(opened.documentMs);
        untitled.push(opened.untitledMs);
        base.push(got.ms);
        bytes = got.bytes;
      }
    }
  };
  // AXIOM_BENCH_OPEN_PROFILE=<file>: the runs under the extension host's CPU profiler.
  const profile = process.env.AXIOM_BENCH_OPEN_PROFILE;
  await (profile ? profiled(profile, runs) : runs());
  made.dispose();
  console.log(`AXIOM_BENCH ${JSON.stringify({ ours, base, document, untitled, share, shareBase, bytes })}`);
}
