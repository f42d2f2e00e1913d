// The one door between the extension's words and VS Code's localisation (vscode.l10n.t takes the
// English text itself as its key): an English template written on the VS Code side and what fills
// it (localize); a phrase the core made, secrets masked (say); a table of the core's words,
// translated once (translated). Nothing else calls vscode.l10n (a lint rule).
import * as vscode from 'vscode';
import { maskSecrets } from '../core/api/secrets';
import { render, translateWords, type Phrase } from '../core/phrase';

/** An English template of the extension's own in the display language, its holes ({0}, {1}, …)
 *  filled with `args`: `localize('Results: {0}', name)`. */
export function localize(template: string, ...args: (string | number | boolean)[]): string {
  return vscode.l10n.t(template, ...args);
}

/** A phrase from the core in the display language, secrets masked: what a person may read. A
 *  string is text the core already made, shown as it is. */
export function say(text: Phrase | string): string {
  return maskSecrets(render(text, (template, filled) => localize(template, ...filled)));
}

/** A core vocabulary table in the display language; templates keep their holes for the core to fill. */
export function translated<T extends Record<string, string>>(words: T): T {
  return translateWords(words, (template) => {
    // Each hole is given itself as its text, so the translation keeps it for the core to fill.
    const count = Math.max(-1, ...(template.match(/\{\d+\}/g) ?? []).map((hole) => Number(hole.slice(1, -1)))) + 1;
    return localize(template, ...Array.from({ length: count }, (_, i) => `{${i}}`));
  });
}
