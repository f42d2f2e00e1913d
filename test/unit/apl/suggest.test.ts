// suggest: the names close to a misspelt word. Its shortcuts (names of a length too far are not
// compared, a distance stops once past the bound, answers kept for a frozen list) change no answer.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { FUNCTION_NAMES, OPERATOR_NAMES } from '../../../src/core/apl/reference';
import { suggest } from '../../../src/core/apl/suggest';

/** The rule as its comment states it, the slow way: every name scored in full. */
function closeNames(word: string, known: readonly string[], limit = 3): string[] {
  const distance = (a: string, b: string): number => {
    if (Math.abs(a.length - b.length) > 3) return Math.abs(a.length - b.length);
    const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => i + j));
    for (let i = 1; i <= a.length; i++)
      for (let j = 1; j <= b.length; j++) {
        d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
        if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
          d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
      }
    return d[a.length][b.length];
  };
  const most = Math.max(1, Math.floor(word.length / 3));
  return known
    .map((name) => ({
      name,
      score: name.toLowerCase() === word.toLowerCase() ? 0 : distance(word.toLowerCase(), name.toLowerCase()),
    }))
    .filter((s) => s.score <= most)
    .sort((a, b) => a.score - b.score || a.name.length - b.name.length || a.name.localeCompare(b.name))
    .slice(0, limit)
    .map((s) => s.name);
}

/** Words near the reference's names: a name with a letter or two changed, dropped, doubled or swapped. */
const nearName = fc
  .tuple(
    fc.constantFrom(...FUNCTION_NAMES, ...OPERATOR_NAMES),
    fc.array(fc.tuple(fc.nat(), fc.constantFrom('a', 'e', '_', 'S', '')), { maxLength: 3 }),
  )
  .map(([name, edits]) =>
    edits.reduce(
      (word, [at, letter]) => word.slice(0, at % (word.length + 1)) + letter + word.slice((at % (word.length + 1)) + 1),
      name,
    ),
  );

describe('suggest', () => {
  it('answers as every name scored in full would, for a frozen list (kept) and for any other list', () => {
    fc.assert(
      fc.property(fc.oneof(nearName, fc.string({ maxLength: 12 })), (word) => {
        const expected = closeNames(word, FUNCTION_NAMES);
        assert.deepEqual(suggest(word, FUNCTION_NAMES), expected);
        assert.deepEqual(suggest(word, FUNCTION_NAMES), expected, 'asked again');
        assert.deepEqual(suggest(word, [...FUNCTION_NAMES]), expected, 'a list that is not frozen');
        assert.deepEqual(suggest(word, OPERATOR_NAMES, 1), closeNames(word, OPERATOR_NAMES, 1));
      }),
      { numRuns: 500 },
    );
  });

  it('an answer taken and changed does not change the next one', () => {
    const first = suggest('strcatt', FUNCTION_NAMES);
    first.push('changed');
    assert.deepEqual(suggest('strcatt', FUNCTION_NAMES), first.slice(0, -1));
  });
});
