import * as vscode from 'vscode';
import { load } from '../platform/lazy';

/** The setting of the line width formatting breaks at (package.json), in the `axiom` section. */
const LINE_WIDTH_SETTING = 'format.lineWidth';

/**
 * Format Document and Format Selection for Axiom APL, wherever it is edited (files, untitled tabs,
 * notebook cells, monitor and starred-query documents): edits of the whitespace between tokens in
 * the style core/apl/format.ts writes down. An edit in the editor only: nothing is saved or sent.
 */
export class AplFormatting
  implements vscode.DocumentFormattingEditProvider, vscode.DocumentRangeFormattingEditProvider
{
  provideDocumentFormattingEdits(document: vscode.TextDocument, options: vscode.FormattingOptions): vscode.TextEdit[] {
    return this.edits(document, options);
  }

  provideDocumentRangeFormattingEdits(
    document: vscode.TextDocument,
    range: vscode.Range,
    options: vscode.FormattingOptions,
  ): vscode.TextEdit[] {
    return this.edits(document, options, range);
  }

  private edits(
    document: vscode.TextDocument,
    options: vscode.FormattingOptions,
    range?: vscode.Range,
  ): vscode.TextEdit[] {
    const apl = load('apl');
    const width = vscode.workspace
      .getConfiguration('axiom', { uri: document.uri, languageId: document.languageId })
      .get<unknown>(LINE_WIDTH_SETTING);
    const lineWidth =
      typeof width === 'number' && Number.isFinite(width) && width >= 1 ? width : apl.DEFAULT_LINE_WIDTH;
    const tabSize = typeof options.tabSize === 'number' ? options.tabSize : 4;
    const edits = apl.formatEdits(
      document.getText(),
      {
        lineWidth,
        tabSize,
        indent: options.insertSpaces === false ? '\t' : ' '.repeat(tabSize),
        eol: document.eol === vscode.EndOfLine.CRLF ? '\r\n' : '\n',
      },
      range && { start: document.offsetAt(range.start), end: document.offsetAt(range.end) },
    );
    return edits.map(
      (edit) =>
        new vscode.TextEdit(
          new vscode.Range(document.positionAt(edit.start), document.positionAt(edit.end)),
          edit.newText,
        ),
    );
  }
}
