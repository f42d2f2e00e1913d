// Loaded by the benchmark as the extension-host entry: times opening a starred query as a
// document (the Open command: the query read from the fake service, the document made through the
// extension's file system, the editor shown) beside opening an untitled document with the same
// text, run by run in turns. Prints one line, AXIOM_BENCH {"ours": [ms…], "base": [ms…]}.
import * as vscode from 'vscode';
import type { AxiomExtensionApi } from '../../src/testApi';
import { FAKE_API_TOKEN } from '../support/fakeAxiom';

const RUNS = Number(process.env.AXIOM_BENCH_OPEN_RUNS ?? 30);
const WARMUP = 5;

export async function run(): Promise<void> {
  const extension = vscode.extensions.getExtension<AxiomExtensionApi>('axiom-apl-community.axiom-apl');
  if (!extension) throw new Error('the extension is not loaded');
  const { starredView } = await extension.activate();
  await (await extension.activate()).own.setToken({ token: FAKE_API_TOKEN });
  await starredView.refresh();
  const rows = starredView.currentQueryRows;
  if (rows.length < RUNS + WARMUP) throw new Error(`only ${rows.length} starred queries listed`);
  const ours: number[] = [];
  const base: number[] = [];
  for (let i = 0; i < RUNS + WARMUP; i++) {
    // A query not opened before each time: a document still open would be no new open.
    const row = rows[i];
    const started = performance.now();
    const editor = await vscode.commands.executeCommand<vscode.TextEditor | undefined>('axiom.openStarredQuery', row);
    const oursMs = performance.now() - started;
    if (editor?.document.getText() !== row.query.query.apl)
      throw new Error(`opening ${row.query.id} showed other text`);
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');

    const untitledStarted = performance.now();
    const document = await vscode.workspace.openTextDocument({ content: row.query.query.apl, language: 'axiom-apl' });
    await vscode.window.showTextDocument(document);
    const baseMs = performance.now() - untitledStarted;
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    if (i >= WARMUP) {
      ours.push(oursMs);
      base.push(baseMs);
    }
  }
  console.log(`AXIOM_BENCH ${JSON.stringify({ ours, base })}`);
}
