// Sentences a person reads, made where VS Code is not at hand: an English template with numbered
// holes ({0}, {1}, …) and what fills them. The VS Code side translates the template (vscode.l10n.t
// takes the English text itself as its key) and then fills the holes; tests and the log read the
// English. A hole may hold another phrase, translated in its turn.

export interface Phrase {
  readonly template: string;
  readonly args: readonly PhraseArg[];
}

export type PhraseArg = string | number | Phrase;

export function phrase(template: string, ...args: PhraseArg[]): Phrase {
  return { template, args };
}

/** Puts the holes' texts into a template; a hole with nothing for it stays as it is. */
export function fill(template: string, args: readonly string[]): string {
  return args.length ? template.replace(/\{(\d+)\}/g, (hole, index: string) => args[Number(index)] ?? hole) : template;
}

/** The phrase as text: each template through `translate` (English as it stands, by default). */
export function render(text: Phrase | string, translate: (template: string, args: string[]) => string = fill): string {
  if (typeof text === 'string') return text;
  return translate(
    text.template,
    text.args.map((arg) => (typeof arg === 'object' ? render(arg, translate) : String(arg))),
  );
}

/** A table of words and templates (a view's vocabulary), each entry through `translate`: made
 *  once, so that lists of thousands of rows look nothing up per row. */
export function translateWords<T extends Record<string, string>>(words: T, translate: (template: string) => string): T {
  const out: Record<string, string> = {};
  for (const [key, template] of Object.entries(words)) out[key] = translate(template);
  return out as T;
}

/** The phrase with `change` applied to every text that fills a hole, at any depth (to mask secrets, say). */
export function mapArgs(text: Phrase | string, change: (arg: string) => string): Phrase | string {
  if (typeof text === 'string') return change(text);
  return {
    template: text.template,
    args: text.args.map((arg) => (typeof arg === 'number' ? arg : mapArgs(arg, change))),
  };
}
