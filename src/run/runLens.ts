import * as vscode from 'vscode';
import { queryBlocks } from '../core/apl/queryBlocks';
import { COMMANDS } from '../platform/constants';
import type { RunLensArgs } from './runCommands';
import { localize } from '../platform/l10n';

/** "Run Query" above each query of an Axiom APL document (queries are separated by blank lines).
 *  Not in a notebook's cells: the cell's own run button runs it, its result in the notebook. */
export class RunLens implements vscode.CodeLensProvider {
  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    if (document.uri.scheme === 'vscode-notebook-cell') return [];
    const text = document.getText();
    return queryBlocks(text).map((block) => {
      const args: RunLensArgs = {
        uri: document.uri.toString(),
        start: block.start,
        end: block.end,
        text: text.slice(block.start, block.end),
      };
      const at = document.positionAt(block.start);
      return new vscode.CodeLens(new vscode.Range(at, at), {
        title: `$(play) ${localize('Run Query')}`,
        command: COMMANDS.runQuery,
        arguments: [args],
      });
    });
  }
}
