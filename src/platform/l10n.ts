// The one way UI words reach VS Code's localisation (vscode.l10n.t takes the English text itself as
// its key): a phrase from the core or a template with what fills it (say), and a table of words
// translated once (translated). Secrets are masked in whatever a person may read.
import * as vscode from 'vscode';
import { maskSecrets } from '../core/api/secrets';
import { phrase, render, translateWords, type Phrase, type PhraseArg } from '../core/phrase';

/**
 * Words a person may read, in the display language, secrets masked: a phrase from the core (text
 * the core made, a string, as it is), or an English template and what fills its holes
 * (`say('Results: {0}', name)`, as vscode.l10n.t takes them).
 */
export function say(text: Phrase | string): string;
export function say(template: string, ...args: [PhraseArg, ...PhraseArg[]]): string;
export function say(text: Phrase | string, ...args: PhraseArg[]): string {
  const said = args.length && typeof text === 'string' ? phrase(text, ...args) : text;
  return maskSecrets(render(said, (template, filled) => vscode.l10n.t(template, ...filled)));
}

/** A core vocabulary table in the display language; templates keep their holes for the core to fill. */
export function translated<T extends Record<string, string>>(words: T): T {
  return translateWords(words, (template) => {
    // Each hole is given itself as its text, so the translation keeps it for the core to fill.
    const count = Math.max(-1, ...(template.match(/\{\d+\}/g) ?? []).map((hole) => Number(hole.slice(1, -1)))) + 1;
    return vscode.l10n.t(template, ...Array.from({ length: count }, (_, i) => `{${i}}`));
  });
}
