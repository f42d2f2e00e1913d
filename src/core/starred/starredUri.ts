// Where a starred query lives as a document: `axiom-starred:/<id>/<name>.apl?deployment=<name>`
// (see recordUri.ts): its one part is the APL.
import { safeFileName } from '../fileName';
import { recordLocation, recordPath, type RecordLocation } from '../recordUri';

export const STARRED_SCHEME = 'axiom-starred';
/** The scheme of Axiom's version of a starred query, shown beside the person's in a comparison. */
export const STARRED_REMOTE_SCHEME = 'axiom-starred-remote';

/** The one part of a starred query's document. */
export const STARRED_PART = 'apl';

/** A file name for the query's name: no path separators or characters file names refuse. */
export function starredFileName(name: string): string {
  return safeFileName(name, 'starred query', '.apl');
}

export function starredPath(id: string, name: string): string {
  return recordPath(id, starredFileName(name));
}

/** The query and deployment a URI's path and query part name, or undefined when they name none. */
export function starredLocation(path: string, query: string): RecordLocation | undefined {
  return recordLocation(path, query, () => STARRED_PART);
}
