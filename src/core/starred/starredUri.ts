// Where a starred query lives as a document: `axiom-starred:/<id>/<name>.apl`. The id says which
// query; the name is what the tab shows.

export const STARRED_SCHEME = 'axiom-starred';

/** A file name for the query's name: no path separators or characters file names refuse. */
export function starredFileName(name: string): string {
  const cleaned = name
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, '-')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 80)
    .trim();
  return `${cleaned || 'starred query'}.apl`;
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
