import * as vscode from 'vscode';
import { maskSecrets } from '../core/api/secrets';
import { render, translateWords, type Phrase } from '../core/phrase';

/** A phrase from the core in the display language, secrets masked: what a person may read. */
export function say(text: Phrase | string): string {
  return maskSecrets(render(text, (template, args) => vscode.l10n.t(template, ...args)));
}

/** A core vocabulary table in the display language; templates keep their holes for the core to fill. */
export function translated<T extends Record<string, string>>(words: T): T {
  return translateWords(words, (template) => {
    // Each hole is given itself as its text, so the translation keeps it for the core to fill.
    const count = Math.max(-1, ...(template.match(/\{\d+\}/g) ?? []).map((hole) => Number(hole.slice(1, -1)))) + 1;
    return vscode.l10n.t(template, ...Array.from({ length: count }, (_, i) => `{${i}}`));
  });
}
