// Where a record of the service (a starred query, a monitor) lives as a document:
// `<scheme>:/<id>/<file name>?deployment=<name>`. The id says which record; the file name is what
// the tab shows, and its ending says which part of the record the document holds (a monitor's
// query or its settings); the query part says which deployment the document was opened from
// (absent for the settings deployment, whose name is ''), so that a document never reads or saves
// another deployment's record of the same id.

const DEPLOYMENT_PARAM = 'deployment';

/** What a document is about: which record, in which deployment, and which part of it. */
export interface RecordLocation {
  id: string;
  deployment: string;
  part: string;
}

export function recordPath(id: string, fileName: string): string {
  return `/${encodeURIComponent(id)}/${fileName}`;
}

/** The id and file name a path names, or undefined when it names none. */
export function recordPathParts(path: string): { id: string; fileName: string } | undefined {
  const match = /^\/([^/]+)\/([^/]+)$/.exec(path);
  if (!match) return undefined;
  try {
    return { id: decodeURIComponent(match[1]), fileName: match[2] };
  } catch {
    return undefined;
  }
}

/** The query part of a document's URI for a deployment: none for the settings deployment (''). */
export function deploymentUriQuery(deployment: string): string {
  return deployment === '' ? '' : `${DEPLOYMENT_PARAM}=${encodeURIComponent(deployment)}`;
}

/** The deployment a URI's query part names: '' (the settings deployment) when it names none, and
 *  undefined when it cannot be read (a parameter twice, or one not encoded right). */
export function deploymentFromUriQuery(query: string): string | undefined {
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

/** The record, deployment and part a URI's path and query part name; `partOf` reads the part from the file name (undefined: none). */
export function recordLocation(
  path: string,
  query: string,
  partOf: (fileName: string) => string | undefined,
): RecordLocation | undefined {
  const parts = recordPathParts(path);
  const deployment = deploymentFromUriQuery(query);
  const part = parts && partOf(parts.fileName);
  return parts === undefined || deployment === undefined || part === undefined
    ? undefined
    : { id: parts.id, deployment, part };
}

/** One string per record, deployment and part, for maps of what is known about each document. */
export function recordKey({ id, deployment, part }: RecordLocation): string {
  return JSON.stringify([deployment, id, part]);
}
