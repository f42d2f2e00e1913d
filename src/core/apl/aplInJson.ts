// APL held in the strings of JSON files (a monitor's `aplQuery`, a dashboard chart's `query.apl`):
// where each such string lies in the file's text, and the problems of its APL placed there, at
// the characters of the JSON string that hold them (escapes such as \n or \" counted as written).
// The command-line checker (fileChecks.ts) and the editor's diagnostics (src/language) both read
// JSON files through it. The walk over the text is core/jsonReader.ts's (the one JSON reader).
import { checkApl } from './checks';
import type { Problem } from './problem';

import type { JsonPath } from './aplInJsonFiles';
import { JsonReader, readJsonString } from '../jsonReader';

/** A JSON string that holds APL, as found in the text. */
export interface AplInJson {
  /** The path it was found at (indexes and keys, no `'*'`). */
  path: (string | number)[];
  /** The decoded string: the APL. */
  apl: string;
  /** Its opening quote's offset in the text, and the offset after its closing one. */
  start: number;
  end: number;
  /** The offset in the text of an offset in `apl` (its length: the closing quote). */
  offsetOf(decoded: number): number;
}

/** Every string of the JSON text whose path matches one of `paths`, in the order of the text. A
 *  text that is not JSON is read as far as it is (comments are skipped, as JSONC has them). */
export function aplStringsInJson(text: string, paths: readonly JsonPath[]): AplInJson[] {
  const found: AplInJson[] = [];
  new JsonReader(text, (path, start) => {
    if (!paths.some((pattern) => matches(pattern, path))) return undefined;
    const string = readJsonString(text, start);
    const { rawOffsets } = string;
    found.push({
      path: [...path],
      apl: string.decoded,
      start,
      end: string.end,
      offsetOf: (n) => rawOffsets[Math.max(0, Math.min(n, rawOffsets.length - 1))],
    });
    return string.end;
  }).value([]);
  return found;
}

/** The problems of the APL strings at `paths` (by `check`, the local checks unless told), with
 *  their ranges in the JSON text, in its order. */
export function aplProblemsInJson(
  text: string,
  paths: readonly JsonPath[],
  check: (apl: string) => Problem[] = checkApl,
): Problem[] {
  return aplStringsInJson(text, paths).flatMap((string) =>
    check(string.apl).map((p) => ({ ...p, start: string.offsetOf(p.start), end: string.offsetOf(p.end) })),
  );
}

function matches(pattern: JsonPath, path: readonly (string | number)[]): boolean {
  return pattern.length === path.length && pattern.every((part, i) => part === '*' || part === path[i]);
}
