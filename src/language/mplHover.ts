import * as vscode from 'vscode';
import { escapeMarkdown, fencedCode } from '../core/markdown';
import { MPL_LANGUAGE_ID } from '../core/mpl/languageId';
import { mplHoverTarget, mplSignatureAt, type MplHoverTarget } from '../core/mpl/lookup';
import { MPL_DOCS } from '../core/mpl/reference';
import { localize } from '../platform/l10n';
import { untrustedMarkdown } from '../platform/markdown';
import { signatureHelp } from './hover';

/** Hover on an operation, a function, a directive or a built-in variable of MPL: its shape, a
 *  sentence of ours, the link to Axiom's MPL reference. */
export class MplHover implements vscode.HoverProvider {
  provideHover(document: vscode.TextDocument, position: vscode.Position): vscode.Hover | undefined {
    const target = mplHoverTarget(document.getText(), document.offsetAt(position));
    if (!target) return undefined;
    return new vscode.Hover(
      mplReferenceMarkdown(target),
      new vscode.Range(document.positionAt(target.start), document.positionAt(target.end)),
    );
  }
}

/** The signature of the MPL function whose parentheses hold the cursor, with the argument under it. */
export class MplSignatureHelp implements vscode.SignatureHelpProvider {
  provideSignatureHelp(document: vscode.TextDocument, position: vscode.Position): vscode.SignatureHelp | undefined {
    const found = mplSignatureAt(document.getText(), document.offsetAt(position));
    if (!found) return undefined;
    return signatureHelp(
      { name: found.fn.name, signature: found.signature, parameters: found.parameters },
      mplReferenceMarkdown({ kind: 'function', fn: found.fn, start: 0, end: 0 }),
      found.activeParameter,
    );
  }
}

/** The documentation of an MPL entry, for hover and completion. */
export function mplReferenceMarkdown(target: MplHoverTarget): vscode.MarkdownString {
  const parts: string[] = [];
  if (target.kind === 'operation')
    parts.push(fencedCode(target.operation.syntax, MPL_LANGUAGE_ID), escapeMarkdown(target.operation.description));
  else if (target.kind === 'function') {
    const { fn } = target;
    parts.push(
      fencedCode(fn.parameters ? `${fn.name}(${fn.parameters.join(', ')})` : fn.name, MPL_LANGUAGE_ID),
      escapeMarkdown(fn.description),
    );
  } else if (target.kind === 'directive')
    parts.push(`\`set ${target.directive.name}\`: ${escapeMarkdown(target.directive.description)}`);
  else parts.push(`\`${target.name}\`: ${escapeMarkdown(target.description)}`);
  parts.push(`[${escapeMarkdown(localize('The MPL reference'))}](${MPL_DOCS})`);
  return untrustedMarkdown(parts.join('\n\n'));
}
