// Fields close to an unknown one, for the check's "did you mean" and its quick fix: by spelling
// (suggest.ts), and by parts: `duration_ms` names a part of `req_duration_ms`.
import { aplWork } from './aplWork';
import { suggest } from './suggest';

/** The parts of a field's name: its words between `_`, `.`, `-` and spaces, lowercase. */
function nameParts(name: string): string[] {
  return name
    .toLowerCase()
    .split(/[_.\-\s]+/)
    .filter(Boolean);
}

/** Whether `part` follows in `whole` from index `at` on, part by part. */
function runsAt(whole: readonly string[], part: readonly string[], at: number): boolean {
  return part.every((p, i) => whole[at + i] === p);
}

/**
 * Fields close to a word: by spelling first (as suggest), then those whose name holds the word's
 * parts in a row (`duration_ms` → `req_duration_ms`, `status` → `http.status`), the fewest extra
 * parts first; each once, at most `limit`.
 */
export function suggestField(word: string, fields: readonly string[], limit = 3): string[] {
  const spelt = suggest(word, fields, limit);
  const parts = nameParts(word);
  if (!parts.length || spelt.length >= limit) return spelt;
  const byParts: { name: string; extra: number }[] = [];
  for (const field of fields) {
    aplWork.suggestionCells += 1;
    const whole = nameParts(field);
    if (whole.length <= parts.length || spelt.includes(field)) continue;
    for (let at = 0; at + parts.length <= whole.length; at++) {
      if (runsAt(whole, parts, at)) {
        byParts.push({ name: field, extra: whole.length - parts.length });
        break;
      }
    }
  }
  byParts.sort((a, b) => a.extra - b.extra || a.name.length - b.name.length || a.name.localeCompare(b.name));
  return [...spelt, ...byParts.map((b) => b.name)].slice(0, limit);
}
