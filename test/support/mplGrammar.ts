// The MPL TextMate grammar (syntaxes/axiom-mpl.tmLanguage.json) through vscode-textmate with
// oniguruma, as VS Code tokenizes: for the grammar's unit test and its bench row.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

type Textmate = typeof import('vscode-textmate');
export type Grammar = import('vscode-textmate').IGrammar;

/** A grammar file of the project at `root`, loaded by a registry of its own. */
export async function loadProjectGrammar(
  root: string,
  file: string,
): Promise<{ textmate: Textmate; grammar: Grammar }> {
  const require = createRequire(path.join(root, 'package.json'));
  const textmate = require('vscode-textmate') as Textmate;
  const oniguruma = require('vscode-oniguruma') as typeof import('vscode-oniguruma');
  await oniguruma.loadWASM(fs.readFileSync(require.resolve('vscode-oniguruma/release/onig.wasm')).buffer);
  const raw = JSON.parse(fs.readFileSync(path.join(root, file), 'utf8')) as { scopeName: string };
  const registry = new textmate.Registry({
    onigLib: Promise.resolve({
      createOnigScanner: (patterns: string[]) => new oniguruma.OnigScanner(patterns),
      createOnigString: (text: string) => new oniguruma.OnigString(text),
    }),
    loadGrammar: (scope: string) => Promise.resolve(scope === raw.scopeName ? (raw as never) : null),
  });
  const grammar = await registry.loadGrammar(raw.scopeName);
  if (!grammar) throw new Error(`${file} did not load`);
  return { textmate, grammar };
}

/** Each line's tokens, text and scopes, from a fresh state. */
export function tokenizeLines(
  textmate: Textmate,
  grammar: Grammar,
  text: string,
): { line: number; text: string; scopes: string[] }[] {
  const out: { line: number; text: string; scopes: string[] }[] = [];
  let stack = textmate.INITIAL;
  text.split('\n').forEach((line, index) => {
    const result = grammar.tokenizeLine(line, stack);
    stack = result.ruleStack;
    for (const t of result.tokens)
      out.push({ line: index + 1, text: line.slice(t.startIndex, t.endIndex), scopes: t.scopes });
  });
  return out;
}
