import * as vscode from 'vscode';
import { escapeMarkdown } from '../core/markdown';
import { load } from '../platform/lazy';
import { untrustedMarkdown } from '../platform/markdown';
import { referenceMarkdown } from './docs';
import type { AplSchema } from './schema';
import { localize } from '../platform/l10n';

/** How long a field hover waits for the dataset's fields when they are not at hand yet. */
const FIELDS_WAIT_MS = 300;

/**
 * Hover on a tabular operator, a function or an operator word: its syntax, a sentence, the link to
 * its page. On a field of the query's dataset: its type, unit and description from the service.
 */
export class AplHover implements vscode.HoverProvider {
  constructor(private readonly schema: AplSchema) {}

  async provideHover(
    document: vscode.TextDocument,
    position: vscode.Position,
    token: vscode.CancellationToken,
  ): Promise<vscode.Hover | undefined> {
    const apl = load('apl');
    const text = document.getText();
    const offset = document.offsetAt(position);
    const range = (start: number, end: number) =>
      new vscode.Range(document.positionAt(start), document.positionAt(end));
    const target = apl.hoverTarget(text, offset);
    if (target) return new vscode.Hover(referenceMarkdown(target), range(target.start, target.end));
    const at = apl.fieldAt(text, offset);
    if (!at) return undefined;
    const field = (await this.schema.fields(at.dataset, FIELDS_WAIT_MS, token))?.find((f) => f.name === at.name);
    if (!field) return undefined;
    const kind = [field.type, field.unit].filter(Boolean).join(' · ');
    // Names, types and descriptions come from the service: escaped, shown as typed.
    const lines = [
      `**${escapeMarkdown(at.name)}**${kind ? `: ${escapeMarkdown(kind)}` : ''} — ${escapeMarkdown(localize('a field of {0}', at.dataset))}`,
    ];
    if (field.description) lines.push(escapeMarkdown(field.description));
    return new vscode.Hover(untrustedMarkdown(lines.join('\n\n')), range(at.start, at.end));
  }
}

/** The signature of the function being called, with the argument under the cursor. */
export class AplSignatureHelp implements vscode.SignatureHelpProvider {
  provideSignatureHelp(document: vscode.TextDocument, position: vscode.Position): vscode.SignatureHelp | undefined {
    const found = load('apl').signatureAt(document.getText(), document.offsetAt(position));
    if (!found) return undefined;
    const { fn, activeParameter } = found;
    return signatureHelp(fn, referenceMarkdown({ kind: 'function', fn }), activeParameter);
  }
}

/** One signature (APL's or MPL's), each parameter found in it after the name, and the active one. */
export function signatureHelp(
  fn: { name: string; signature: string; parameters: readonly string[] },
  documentation: vscode.MarkdownString,
  activeParameter: number,
): vscode.SignatureHelp {
  const signature = new vscode.SignatureInformation(fn.signature, documentation);
  let from = fn.name.length;
  signature.parameters = fn.parameters.map((p) => {
    const start = fn.signature.indexOf(p, from);
    from = start + p.length;
    return new vscode.ParameterInformation([start, start + p.length]);
  });
  const help = new vscode.SignatureHelp();
  help.signatures = [signature];
  help.activeSignature = 0;
  help.activeParameter = activeParameter;
  return help;
}
