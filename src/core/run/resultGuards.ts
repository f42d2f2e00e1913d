// The guards of a result's small values that both of its readers use: the results panel's protocol
// (resultsProtocol.ts) and a notebook file's saved outputs (core/notebook/notebookFile.ts).
import { isJsonObject } from '../json';
import type { ResultMessage } from './resultsProtocol';

/** A whole number, zero or more: a count, an index, a run's id. */
export function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}

/** One of the service's messages about a result (a warning, a limit reached), as its reader keeps it. */
export function isResultMessage(m: unknown): m is ResultMessage {
  return (
    isJsonObject(m) &&
    typeof m.priority === 'string' &&
    typeof m.code === 'string' &&
    typeof m.text === 'string' &&
    isCount(m.count)
  );
}
