import * as vscode from 'vscode';
import { formatMplEdits } from '../core/mpl/format';

/**
 * Format Document for Axiom MPL: edits of the whitespace between tokens in the style
 * core/mpl/format.ts writes down, indented as the editor's options say. An edit in the editor only.
 */
export class MplFormatting implements vscode.DocumentFormattingEditProvider {
  provideDocumentFormattingEdits(document: vscode.TextDocument, options: vscode.FormattingOptions): vscode.TextEdit[] {
    const tabSize = typeof options.tabSize === 'number' ? options.tabSize : 2;
    const edits = formatMplEdits(document.getText(), {
      indent: options.insertSpaces === false ? '\t' : ' '.repeat(tabSize),
      eol: document.eol === vscode.EndOfLine.CRLF ? '\r\n' : '\n',
    });
    return edits.map(
      (edit) =>
        new vscode.TextEdit(
          new vscode.Range(document.positionAt(edit.start), document.positionAt(edit.end)),
          edit.newText,
        ),
    );
  }
}
