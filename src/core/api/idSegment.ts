// An id (a monitor's, a dashboard's uid, an annotation's, a starred query's, a chart's, a dataset's
// name) placed in a request's path: always exactly one segment of it, so that no id can name the
// collection or another route. Every endpoint that places an id in a path goes through here.
import { AxiomError } from './errors';
import { phrase } from '../phrase';

/** Half of a surrogate pair without its other half: no URL can carry it. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * `id` as one path segment: encodeURIComponent's escapes for every character that could end or
 * split the segment. An empty id, `.`, `..` and text with a lone surrogate are refused before any
 * request: URL parsers (the WHATWG one the transport uses) resolve `.` and `..` to the segment
 * above whether escaped as `%2E` or not, so no spelling of them stays a segment.
 */
export function idSegment(id: string): string {
  if (id === '' || id === '.' || id === '..' || LONE_SURROGATE.test(id))
    throw new AxiomError('badRequest', phrase('“{0}” cannot be an id in a request to Axiom.', id));
  return encodeURIComponent(id);
}
