import * as vscode from 'vscode';
import { loadAplLanguage } from '../platform/heavy';
import { referenceMarkdown } from './docs';

/** Hover on a tabular operator, a function or an operator word: its syntax, a sentence, the link to its page. */
export class AplHover implements vscode.HoverProvider {
  provideHover(document: vscode.TextDocument, position: vscode.Position): vscode.Hover | undefined {
    const target = loadAplLanguage().hoverTarget(document.getText(), document.offsetAt(position));
    if (!target) return undefined;
    return new vscode.Hover(referenceMarkdown(target), new vscode.Range(document.positionAt(target.start), document.positionAt(target.end)));
  }
}

/** The signature of the function being called, with the argument under the cursor. */
export class AplSignatureHelp implements vscode.SignatureHelpProvider {
  static readonly triggers = ['(', ','];

  provideSignatureHelp(document: vscode.TextDocument, position: vscode.Position): vscode.SignatureHelp | undefined {
    const found = loadAplLanguage().signatureAt(document.getText(), document.offsetAt(position));
    if (!found) return undefined;
    const { fn, activeParameter } = found;
    const signature = new vscode.SignatureInformation(fn.signature, referenceMarkdown({ kind: 'function', fn }));
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
}
