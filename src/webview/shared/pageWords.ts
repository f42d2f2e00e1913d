// A page's words: the JSON its main element carries (data-words, the extension's translation of the
// page's English table) read by the page's own reader, which falls back to English for anything
// missing or odd (core/run/panelWords.ts's parseWordTable), and `say`, which fills a word's holes
// ({0}, {1}…) with the values given. Every page reads its words here; what it shows is set as text.
import { fill } from '../../core/phrase';

/** A table of words: each key a template in the page's language. */
export type WordTable = Readonly<Record<string, string>>;

/** A word of the table, its holes filled with `args` in order. */
export type Say<Key extends string> = (key: Key, ...args: readonly (string | number)[]) => string;

export interface PageWords<Words extends WordTable> {
  /** The checked table: each key of the English table with a word. */
  readonly words: Words;
  readonly say: Say<keyof Words & string>;
}

/** `say` over a checked table (a key it lacks says itself, as the page would rather than fail). */
export function sayFrom<Words extends WordTable>(words: Words): Say<keyof Words & string> {
  return (key, ...args) => fill(words[key] ?? key, args.map(String));
}

/** The page's words from the JSON of its main element (Page.words), read by the page's own reader. */
export function pageWords<Words extends WordTable>(
  json: string | undefined,
  read: (json: string | undefined) => Words,
): PageWords<Words> {
  const words = read(json);
  return { words, say: sayFrom(words) };
}
