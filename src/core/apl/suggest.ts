// Known names close to a misspelt word, for "did you mean" in the checks' messages.

/** Known names close to a word: the same ignoring case, then by edit distance (at most a third of the word). */
export function suggest(word: string, known: readonly string[], limit = 3): string[] {
  const lower = word.toLowerCase();
  const scored = known
    .map((name) => {
      const candidate = name.toLowerCase();
      if (candidate === lower) return { name, score: 0 };
      const distance = editDistance(lower, candidate);
      return { name, score: distance <= Math.max(1, Math.floor(word.length / 3)) ? distance : Infinity };
    })
    .filter((s) => s.score !== Infinity)
    .sort((a, b) => a.score - b.score || a.name.length - b.name.length || a.name.localeCompare(b.name));
  return scored.slice(0, limit).map((s) => s.name);
}

/** Levenshtein distance, with a swap of two neighbours counted as one edit. */
function editDistance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 3) return Math.abs(a.length - b.length);
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) rows.push([i, ...new Array<number>(b.length).fill(0)]);
  for (let j = 0; j <= b.length; j++) rows[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      rows[i][j] = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        rows[i][j] = Math.min(rows[i][j], rows[i - 2][j - 2] + 1);
    }
  }
  return rows[a.length][b.length];
}
