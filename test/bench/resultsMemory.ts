// Loaded by the benchmark as the extension-host entry: the extension host's memory before and
// after opening and closing 20 results of 100,000 rows × 12 columns (each in a panel of its own,
// from 20 documents), and the most it held while they were open. The answer is served by the fake
// service from one Buffer (outside the heap), so that what grows is what the extension keeps.
// Prints one line, AXIOM_BENCH {"before": …, "peak": …, "after": …, "kept": n, "results": n}.
import v8 from 'node:v8';
import vm from 'node:vm';
import * as vscode from 'vscode';
import type { AxiomExtensionApi } from '../../src/testApi';
import { FAKE_API_TOKEN, FakeAxiom } from '../support/fakeAxiom';
import { hugeTabular } from '../support/tabularFixtures';

const RESULTS = Number(process.env.AXIOM_BENCH_MEMORY_RESULTS ?? 20);
const ROWS = 100_000;

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

interface Memory {
  heapUsed: number;
  rss: number;
}
/** The memory in use after a full collection (twice: the first may leave weak references). */
async function memory(): Promise<Memory> {
  await new Promise((r) => setTimeout(r, 200));
  gc();
  gc();
  const { heapUsed, rss } = process.memoryUsage();
  return { heapUsed, rss };
}

export async function run(): Promise<void> {
  const extension = vscode.extensions.getExtension<AxiomExtensionApi>('axiom-apl-community.axiom-apl');
  if (!extension) throw new Error('the extension is not loaded');
  const body = Buffer.from(JSON.stringify(hugeTabular(ROWS, 12)));
  const fake = new FakeAxiom();
  fake.aplAnswer = (request) => ({ body: String(request.apl).includes('tiny') ? { tables: [], status: {} } : body });
  await fake.start();
  try {
    const { run } = await extension.activate();
    await vscode.workspace.getConfiguration('axiom').update('url', fake.url, vscode.ConfigurationTarget.Global);
    await (await extension.activate()).own.setToken({ token: FAKE_API_TOKEN });
    const runIn = async (text: string) => {
      const document = await vscode.workspace.openTextDocument({ content: text, language: 'axiom-apl' });
      await vscode.window.showTextDocument(document, vscode.ViewColumn.One);
      await vscode.commands.executeCommand('axiom.runQuery');
    };
    // Everything a run loads (the client, the runner, a panel) is loaded before the first figure.
    await runIn("['tiny'] | take 1");
    for (const panel of [...run.panels]) panel.dispose();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const before = await memory();

    let peak = before;
    for (let i = 0; i < RESULTS; i++) {
      await runIn(`['big'] | take ${ROWS} // ${i}`);
      const now = await memory();
      if (now.heapUsed > peak.heapUsed) peak = now;
    }
    const kept = run.panels.filter((p) => p.result).length;
    const results = run.panels.length;
    for (const panel of [...run.panels]) panel.dispose();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const after = await memory();
    console.log(`AXIOM_BENCH ${JSON.stringify({ before, peak, after, kept, results })}`);
  } finally {
    await fake.stop();
  }
}
