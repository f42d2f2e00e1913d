// Loaded by the benchmark as the extension-host entry: completion inside an expression of a query
// whose dataset has 10,000 fields (served by the fake service, started here), asked through
// VS Code's own command as the editor asks it, beside a provider that returns the same items
// prepared once, for a plain-text document with the same text. Each answer crosses to the
// workbench and back on both sides, so the difference is the extension's own work per request.
// Prints one line, AXIOM_BENCH {"ours": [ms…], "base": [ms…], "items": n}.
import * as vscode from 'vscode';
import type { AxiomExtensionApi } from '../../src/testApi';
import { FAKE_API_TOKEN, FakeAxiom } from '../support/fakeAxiom';

const RUNS = Number(process.env.AXIOM_BENCH_COMPLETION_RUNS ?? 30);
const WARMUP = 5;
const FIELDS = 10_000;

/** Field names as event data has them: nested paths, a few types, some with a unit or a description. */
function manyFields(count: number): unknown[] {
  const types = ['string', 'integer', 'float', 'boolean', 'datetime'];
  return Array.from({ length: count }, (_, i) => ({
    name: `${['attributes', 'resource', 'http', 'k8s', 'service'][i % 5]}.${['custom', 'request', 'labels'][i % 3]}.field_${i}`,
    type: types[i % types.length],
    unit: i % 7 === 0 ? 'ms' : '',
    description: i % 4 === 0 ? `Field number ${i}` : '',
    hidden: false,
  }));
}

type Answer = vscode.CompletionList | undefined;

export async function run(): Promise<void> {
  const extension = vscode.extensions.getExtension<AxiomExtensionApi>('axiom-apl-community.axiom-apl');
  if (!extension) throw new Error('the extension is not loaded');
  const fake = new FakeAxiom();
  fake.datasets = ['big'];
  fake.fields = { big: manyFields(FIELDS) };
  await fake.start();
  try {
    await extension.activate();
    await vscode.workspace.getConfiguration('axiom').update('url', fake.url, vscode.ConfigurationTarget.Global);
    await (await extension.activate()).own.setToken({ token: FAKE_API_TOKEN });

    const text = "['big']\n| where ";
    const apl = await vscode.workspace.openTextDocument({ content: text, language: 'axiom-apl' });
    const plain = await vscode.workspace.openTextDocument({ content: text, language: 'plaintext' });
    const position = apl.positionAt(text.length);
    const ask = (document: vscode.TextDocument) =>
      vscode.commands.executeCommand<Answer>('vscode.executeCompletionItemProvider', document.uri, position);

    // The first requests fetch the fields (completion does not wait long for them): ask until they are in.
    let items: vscode.CompletionItem[] = [];
    for (let i = 0; i < 100 && items.length < FIELDS; i++) {
      items = (await ask(apl))?.items ?? [];
      if (items.length < FIELDS) await new Promise((r) => setTimeout(r, 100));
    }
    if (items.length < FIELDS) throw new Error(`only ${items.length} completion items`);

    // The baseline: the same items, made once, handed out as they are.
    const prepared = new vscode.CompletionList(items, false);
    const registration = vscode.languages.registerCompletionItemProvider(
      { language: 'plaintext' },
      { provideCompletionItems: () => prepared },
    );
    const ours: number[] = [];
    const base: number[] = [];
    const timed = async (document: vscode.TextDocument, into: number[] | undefined) => {
      const started = performance.now();
      const answer = await ask(document);
      const elapsed = performance.now() - started;
      if ((answer?.items.length ?? 0) < FIELDS) throw new Error('an answer without the fields');
      into?.push(elapsed);
    };
    for (let i = 0; i < RUNS + WARMUP; i++) {
      const counted = i >= WARMUP;
      if (i % 2) {
        await timed(plain, counted ? base : undefined);
        await timed(apl, counted ? ours : undefined);
      } else {
        await timed(apl, counted ? ours : undefined);
        await timed(plain, counted ? base : undefined);
      }
    }
    registration.dispose();
    console.log(`AXIOM_BENCH ${JSON.stringify({ ours, base, items: items.length })}`);
  } finally {
    await fake.stop();
  }
}
