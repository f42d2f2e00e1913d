import * as vscode from 'vscode';
import { NOTEBOOK_WORDS, type OutputWords } from '../core/notebook/notebookOutput';
import { PANEL_WORDS } from '../core/run/panelWords';
import { translated } from '../platform/l10n';

let words: { axiomWords: OutputWords } | undefined;

/** An output's metadata: the renderer's words in the display language (made once). The file
 *  does not keep them: each output gets them when it is made or read. */
let nextId = 1;

/** An output's metadata: an id of its own (the renderer names the output it speaks of with it:
 *  VS Code's own output ids are not in its API) and the renderer's words in the display language
 *  (made once). The file keeps neither: each output gets them when it is made or read. */
export function outputMetadata(): { axiomWords: OutputWords; axiomOutputId: string } {
  words ??= {
    axiomWords: { language: vscode.env.language, panel: translated(PANEL_WORDS), notebook: translated(NOTEBOOK_WORDS) },
  };
  return { ...words, axiomOutputId: `${Date.now().toString(36)}-${nextId++}` };
}

/** The id outputMetadata gave an output. */
export function outputId(output: vscode.NotebookCellOutput): string | undefined {
  const id = (output.metadata as { axiomOutputId?: unknown } | undefined)?.axiomOutputId;
  return typeof id === 'string' ? id : undefined;
}
