// A message of the service's about a result (a warning, a limit reached), and its guard: shared by
// both readers of a result, the results panel's protocol (core/run/resultsProtocol.ts) and a
// notebook file's saved outputs (core/notebook/notebookFile.ts).
import { isCount, isJsonObject } from '../json';

export interface ResultMessage {
  priority: string;
  code: string;
  text: string;
  count: number;
}

/** One of the service's messages about a result, as its readers keep it. */
export function isResultMessage(m: unknown): m is ResultMessage {
  return (
    isJsonObject(m) &&
    typeof m.priority === 'string' &&
    typeof m.code === 'string' &&
    typeof m.text === 'string' &&
    isCount(m.count)
  );
}
