// Where a starred query lives as a document: `axiom-starred:/<id>/<name>.apl?deployment=<name>`.
// The id says which query; the name is what the tab shows; the query part says which deployment
// the document was opened from (absent for the settings deployment, whose name is ''), so that a
// document never reads or saves another deployment's query of the same id.
import { safeFileName } from '../fileName';

export const STARRED_SCHEME = 'axiom-starred';
/** The scheme of Axiom's version of a starred query, shown beside the person's in a comparison. */
export const STARRED_REMOTE_SCHEME = 'axiom-starred-remote';

const DEPLOYMENT_PARAM = 'deployment';

/** A file name for the query's name: no path separators or characters file names refuse. */
export function starredFileName(name: string): string {
  return safeFileName(name, 'starred query', '.apl');
}

export function starredPath(id: string, name: string): string {
  return `/${encodeURIComponent(id)}/${starredFileName(name)}`;
}

/** The id a path names, or undefined when it names none. */
export function starredIdFromPath(path: string): string | undefined {
  const segment = /^\/([^/]+)\/[^/]+$/.exec(path)?.[1];
  if (!segment) return undefined;
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/** The query part of a document's URI for a deployment: none for the settings deployment (''). */
export function starredUriQuery(deployment: string): string {
  return deployment === '' ? '' : `${DEPLOYMENT_PARAM}=${encodeURIComponent(deployment)}`;
}

/** The deployment a URI's query part names: '' (the settings deployment) when it names none, and
 *  undefined when it cannot be read (a parameter twice, or one not encoded right). */
export function starredDeploymentFromQuery(query: string): string | undefined {
  const values: string[] = [];
  for (const part of query.split('&')) {
    if (!part) continue;
    const equals = part.indexOf('=');
    const key = equals < 0 ? part : part.slice(0, equals);
    if (key !== DEPLOYMENT_PARAM) continue;
    try {
      values.push(decodeURIComponent(equals < 0 ? '' : part.slice(equals + 1)));
    } catch {
      return undefined;
    }
  }
  if (values.length > 1) return undefined;
  return values[0] ?? '';
}

/** What a starred document is about: which query, in which deployment. */
export interface StarredLocation {
  id: string;
  deployment: string;
}

/** The query and deployment a URI's path and query part name, or undefined when they name none. */
export function starredLocation(path: string, query: string): StarredLocation | undefined {
  const id = starredIdFromPath(path);
  const deployment = starredDeploymentFromQuery(query);
  return id === undefined || deployment === undefined ? undefined : { id, deployment };
}

/** One string per query and deployment, for maps of what is known about each document. */
export function starredKey({ id, deployment }: StarredLocation): string {
  return JSON.stringify([deployment, id]);
}
