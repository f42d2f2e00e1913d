// The bodies of a starred query's PUT. The API replaces the whole record, so each body is the
// record as the service last sent it, changed in one field: nothing else of it is lost, fields
// this extension does not know included.
import { canonicalJson, isJsonObject, type JsonObject } from '../json';

/** What the API requires where the service left it out (null or absent): the only kind, no
 *  metadata, and an empty owner, which leaves the owner to the service. */
const REQUIRED: readonly [string, () => unknown][] = [
  ['kind', () => 'apl'],
  ['who', () => ''],
  ['metadata', () => ({})],
];

/** The record as a body: as it is, with what the API requires filled in and a null dataset (a
 *  Go nil: no dataset) left out. */
function asBody(record: JsonObject): JsonObject {
  const body: JsonObject = { ...record };
  for (const [key, value] of REQUIRED) if (body[key] === undefined || body[key] === null) body[key] = value();
  if (body.dataset === null) delete body.dataset;
  return body;
}

/** The record with its APL replaced; the rest of its query (time range, options…) kept. */
export function bodyWithApl(record: JsonObject, apl: string): JsonObject {
  const body = asBody(record);
  body.query = { ...(isJsonObject(record.query) ? record.query : {}), apl };
  return body;
}

/** The record renamed. */
export function bodyWithName(record: JsonObject, name: string): JsonObject {
  return { ...asBody(record), name };
}

/**
 * Whether the query (APL, time range, options) is the same in both records: what a save is
 * checked by. A save replaces the APL and keeps the rest of the record as the service has it now,
 * so a change elsewhere to the name or the dataset is kept, and only a change to the query itself
 * is a conflict.
 */
export function sameQuery(a: JsonObject, b: JsonObject): boolean {
  return canonicalJson(a.query) === canonicalJson(b.query);
}
