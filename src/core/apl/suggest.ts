// Known names close to a misspelt word, for "did you mean" in the checks' messages. A file of
// generated queries may misspell the same name on every line: for a frozen list of known names (the
// reference's, made once) the answer for each word is kept; and only the names whose length is
// close enough to score are compared, each with a distance that stops once it is too far.
import { aplWork } from './aplWork';

interface KnownNames {
  lower: string[];
  answers: Map<string, readonly string[]>;
}

/** The lowercase names and the answers so far, per frozen list of known names (one that cannot change). */
const KNOWN = new WeakMap<readonly string[], KnownNames>();
/** Answers kept per list at most (a long session types many words). */
const MOST_ANSWERS = 2000;

/** Known names close to a word: the same ignoring case, then by edit distance (at most a third of the word). */
export function suggest(word: string, known: readonly string[], limit = 3): string[] {
  let names = KNOWN.get(known);
  if (!names) {
    names = { lower: known.map((name) => name.toLowerCase()), answers: new Map() };
    if (Object.isFrozen(known)) KNOWN.set(known, names);
  }
  const key = `${limit}:${word}`;
  const answered = names.answers.get(key);
  if (answered) return [...answered];
  const lower = word.toLowerCase();
  const most = Math.max(1, Math.floor(word.length / 3));
  const scored: { name: string; score: number }[] = [];
  for (let i = 0; i < known.length; i++) {
    const candidate = names.lower[i];
    // A name whose length is further than `most` from the word's is further than `most` in edits.
    if (Math.abs(candidate.length - lower.length) > most) continue;
    const score = candidate === lower ? 0 : editDistance(lower, candidate, most);
    if (score <= most) scored.push({ name: known[i], score });
  }
  scored.sort((a, b) => a.score - b.score || a.name.length - b.name.length || a.name.localeCompare(b.name));
  const answer = scored.slice(0, limit).map((s) => s.name);
  if (names.answers.size >= MOST_ANSWERS) names.answers.clear();
  names.answers.set(key, answer);
  return [...answer];
}

/** Levenshtein distance, with a swap of two neighbours counted as one edit; a difference of length
 *  over 3 is taken as the distance, and past `most` any number over it is returned. */
function editDistance(a: string, b: string, most: number): number {
  if (Math.abs(a.length - b.length) > 3) return Math.abs(a.length - b.length);
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) rows.push([i, ...new Array<number>(b.length).fill(0)]);
  for (let j = 0; j <= b.length; j++) rows[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    let least = rows[i][0];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      rows[i][j] = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        rows[i][j] = Math.min(rows[i][j], rows[i - 2][j - 2] + 1);
      least = Math.min(least, rows[i][j]);
    }
    aplWork.suggestionCells += b.length;
    // Every cell of two rows in a row past `most`: no later cell comes back under it.
    if (least > most && i > 1 && Math.min(...rows[i - 1]) > most) return most + 1;
  }
  return rows[a.length][b.length];
}
